/** The planner's screen as react-router's lazy modules expect it. */
export { PlannerPage } from './pages/planner-page';
