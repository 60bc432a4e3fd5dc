// The sales' screens as one lazily loaded chunk (the counter, the journal, a sale and a return share most of their code).
export { SalePage } from './pages/sale-page';
export { SalesListPage } from './pages/sales-list-page';
export { SaleCardPage } from './pages/sale-card-page';
export { ReturnPage } from './pages/return-page';
