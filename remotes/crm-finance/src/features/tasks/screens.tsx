/** The tasks screens as react-router's lazy modules expect them (one page, two views). */
export { TasksPage } from './pages/tasks-page';
