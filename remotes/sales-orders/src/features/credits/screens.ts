// The credit offers' screen as react-router's lazy module expects it.
export { CreditsPage } from './pages/credits-page';
