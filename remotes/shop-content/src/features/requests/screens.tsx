/** The requests screen as react-router's lazy modules expect it (`/request/:id?`: the list, the open request in a drawer). */
export { RequestsPage } from './pages/requests-page';
