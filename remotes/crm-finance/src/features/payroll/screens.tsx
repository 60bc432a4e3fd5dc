/** The pay screens as react-router's lazy modules expect them. */
export { PayrollPage } from './pages/payroll-page';
