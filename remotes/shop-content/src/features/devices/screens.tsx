/** The devices screen as react-router's lazy module expects it. */
export { DevicesPage } from './pages/devices-page';
