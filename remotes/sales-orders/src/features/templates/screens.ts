// The printed documents' screen as react-router's lazy module expects it.
export { TemplatesPage } from './pages/templates-page';
