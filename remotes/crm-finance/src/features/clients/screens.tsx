/** The clients screens as react-router's lazy modules expect them. */
export { ClientsPage } from './pages/clients-page';
