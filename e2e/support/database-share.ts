/**
 * CI runs the suite twice, once per database (`.ci/run`). Running every spec on both cost ~20 minutes, and the
 * database-dependent behaviour is covered on both by the server's API tests (which stay whole on each). So each
 * spec runs on one database, and a smoke set (tests tagged `@smoke`: sign-in, a sale, an intake, a receipt, a
 * cash shift, the realtime link) runs on both (docs/decisions.md, «CI shape»).
 *
 * `E2E_SHARE=pglite` runs the PGlite share plus the smoke tests of the other share, `E2E_SHARE=postgres` the
 * PostgreSQL share plus the other smoke tests; unset (a developer's `pnpm test`), everything runs.
 * A spec not listed here belongs to the PGlite share.
 */
export const postgresSpecs = [
  'sales.spec.ts',
  'orders.spec.ts',
  'stock.spec.ts',
  'finance.spec.ts',
  'clients.spec.ts',
  'warehouses.spec.ts',
  'product-card.spec.ts',
  'catalog-import.spec.ts',
  'audit.spec.ts',
  'procurement.spec.ts',
  'payroll.spec.ts',
  'reports.spec.ts',
  'tasks.spec.ts',
  'planner.spec.ts',
  'shop.spec.ts',
];

export type Share = 'pglite' | 'postgres' | 'all';

export function shareFromEnv(value: string | undefined): Share {
  if (value === undefined || value === '' || value === 'all') return 'all';
  if (value === 'pglite' || value === 'postgres') return value;
  throw new Error(`E2E_SHARE: ожидается pglite, postgres или all, получено «${value}»`);
}

/** Playwright projects for a share: its own specs in full, the smoke tests of the others. */
export function shareProjects(share: Share) {
  if (share === 'all') return [{ name: 'all' }];
  const pg = postgresSpecs.map((f) => `**/${f}`);
  return share === 'postgres'
    ? [
        { name: 'postgres share', testMatch: pg },
        { name: 'smoke (pglite share)', testIgnore: pg, grep: /@smoke/ },
      ]
    : [
        { name: 'pglite share', testIgnore: pg },
        { name: 'smoke (postgres share)', testMatch: pg, grep: /@smoke/ },
      ];
}
