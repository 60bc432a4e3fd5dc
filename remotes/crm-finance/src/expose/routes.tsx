import { defineAreaRoutes, type AreaRoute } from '@repo/shared-core';
import type { ComponentType } from 'react';
import { areaMeta } from './area';

type AreaScreenLoader = () => Promise<{ Component: ComponentType }>;

/**
 * The only public surface of the remote: one route per screen of `area.ts` (paths from the site
 * root, `handle` = the route's metadata), each screen loaded on first visit from its feature.
 */
const finance = (name: keyof typeof import('../features/finance/screens')) => () =>
  import('../features/finance/screens').then((m) => ({ Component: m[name] as ComponentType }));

const clients = (name: keyof typeof import('../features/clients/screens')) => () =>
  import('../features/clients/screens').then((m) => ({ Component: m[name] as ComponentType }));

const employees = (name: keyof typeof import('../features/employees/screens')) => () =>
  import('../features/employees/screens').then((m) => ({ Component: m[name] as ComponentType }));
const reports = (name: keyof typeof import('../features/reports/screens')) => () =>
  import('../features/reports/screens').then((m) => ({ Component: m[name] as ComponentType }));
const tasks = () => import('../features/tasks/screens').then((m) => ({ Component: m.TasksPage as ComponentType }));
const planner = () => import('../features/planner/screens').then((m) => ({ Component: m.PlannerPage as ComponentType }));
const payroll = () => import('../features/payroll/screens').then((m) => ({ Component: m.PayrollPage as ComponentType }));

/** Every route of `area.ts` and its screen (the routes test loads each one). */
const built: Record<string, AreaScreenLoader> = {
  '/clients': clients('ClientsPage'),
  '/finance': finance('FinancePage'),
  '/reports': reports('SalesReportPage'),
  '/reports/repairs': reports('RepairsReportPage'),
  '/reports/stock': reports('StockReportPage'),
  '/reports/cashflow': reports('CashflowReportPage'),
  '/reports/payroll': reports('PayrollReportPage'),
  '/tasks': tasks,
  '/tasks/board': tasks,
  '/planner': planner,
  '/profileworker': employees('EmployeesPage'),
  '/profileworker/payroll': payroll,
  '/profileworker/:id': employees('EmployeePage'),
};

export const routes: AreaRoute[] = defineAreaRoutes(
  areaMeta,
  Object.fromEntries(
    areaMeta.routes.map((r) => [r.path, built[r.path]]),
  ),
);
