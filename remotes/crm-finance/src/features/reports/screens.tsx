/** The report screens as react-router's lazy modules expect them. */
export { SalesReportPage } from './pages/sales-report-page';
export { RepairsReportPage } from './pages/repairs-report-page';
export { StockReportPage } from './pages/stock-report-page';
export { CashflowReportPage } from './pages/cashflow-report-page';
export { PayrollReportPage } from './pages/payroll-report-page';
