/** The reports' screens (expose/area.ts): `/reports` itself is the sales report. */
export const reportPaths = {
  sales: '/reports',
  repairs: '/reports/repairs',
  stock: '/reports/stock',
  cashflow: '/reports/cashflow',
  payroll: '/reports/payroll',
} as const;

/** Links out of a report into the other areas (their routes: sales-orders' and this area's area.ts). */
export const orderUrl = (id: string) => `/orders/${id}`;
