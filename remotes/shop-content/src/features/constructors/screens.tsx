/** The constructors hub as react-router's lazy modules expect it. */
export { ConstructorsPage } from './pages/constructors-page';
