/** The finance screens as react-router's lazy modules expect them. */
export { FinancePage } from './pages/finance-page';
