/** The catalogue screen as react-router's lazy module expects it. */
export { CatalogPage } from './pages/catalog-page';
