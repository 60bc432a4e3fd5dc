/** The storefront categories' screen as react-router's lazy module expects it. */
export { CategoriesPage } from './pages/categories-page';
