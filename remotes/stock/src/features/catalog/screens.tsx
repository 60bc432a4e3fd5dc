import { CategoriesPage } from './pages/categories-page';

/** The category screens as react-router's lazy modules expect them (the products list is a chunk of its own). */
export const CategoryTree = () => <CategoriesPage />;
export const SubcategoryList = () => <CategoriesPage subOnly />;
