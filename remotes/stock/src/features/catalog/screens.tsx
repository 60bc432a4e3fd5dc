import { CategoriesPage } from './pages/categories-page';

/** The catalogue screens as react-router's lazy modules expect them. */
export { ProductsPage } from './pages/products-page';
export const CategoryTree = () => <CategoriesPage />;
export const SubcategoryList = () => <CategoriesPage subOnly />;
