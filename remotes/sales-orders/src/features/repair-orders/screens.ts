// The repair orders' screens as one lazily loaded chunk (the list and the order share most of their code).
export { OrdersPage } from './pages/orders-page';
export { OrderPage } from './pages/order-page';
