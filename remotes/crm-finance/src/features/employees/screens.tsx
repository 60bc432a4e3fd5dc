/** The employees screens as react-router's lazy modules expect them. */
export { EmployeesPage } from './pages/employees-page';
export { EmployeePage } from './pages/employee-page';
