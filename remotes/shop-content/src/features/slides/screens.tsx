/** The main slider's screen as react-router's lazy module expects it. */
export { SlidesPage } from './pages/slides-page';
