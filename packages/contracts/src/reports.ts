import { z } from 'zod';
import { idSchema, pageQuerySchema } from './common';
import { safeDate } from './primitives';

/**
 * Reports (issue #23, remote crm-finance, server/docs/reports.md). Every report reads a period of the
 * company's days (`from`..`to`, both included, Moscow calendar days as everywhere else), the current
 * location or all the employee may see (`allLocations`), and answers JSON or, with `format=xlsx`, the
 * Excel file of exactly the same rows. Money is integer kopecks. Cost, gross profit and margin are
 * `null` without `see_cost`. Without `view:report` every report is 403.
 */

export const reportMessages = {
  fromAfterTo: 'Начало периода позже конца',
  rangeTooLong: 'Период отчёта не может быть длиннее пяти лет',
  unknownBy: 'Неизвестная группировка отчёта',
  unknownGroupBy: 'Группировка по периодам: день, неделя или месяц',
  unknownFormat: 'Формат выгрузки: json или xlsx',
  allLocationsForbidden: 'Отчёт по всем магазинам вам недоступен',
  slowDays: 'Без продаж: 30, 60 или 90 дней',
  warehouseForbidden: 'Склад другого магазина',
} as const;

/** The longest period a report takes: five years (1827 days with the leap days). */
export const reportMaxDays = 5 * 365 + 2;

const booleanQuery = z.enum(['true', 'false'], { error: 'Ожидается true или false' }).transform((v) => v === 'true');
const formatQuery = z.enum(['json', 'xlsx'], { error: reportMessages.unknownFormat }).default('json');

function dayNumber(d: string): number {
  return Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10))) / 86_400_000;
}

/** The shared period, location and format of a report's query. */
const periodFields = {
  from: safeDate(),
  to: safeDate(),
  allLocations: booleanQuery.optional(),
  format: formatQuery,
};

type Period = { from: string; to: string };
function checkPeriod<T extends Period>(q: T, ctx: z.RefinementCtx) {
  if (q.from > q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: reportMessages.fromAfterTo });
  else if (dayNumber(q.to) - dayNumber(q.from) + 1 > reportMaxDays) ctx.addIssue({ code: 'custom', path: ['to'], message: reportMessages.rangeTooLong });
}

/** The previous period of the same length: the same number of days just before `from`. */
export function previousPeriod(p: Period): Period {
  const days = dayNumber(p.to) - dayNumber(p.from) + 1;
  const iso = (n: number) => new Date(n * 86_400_000).toISOString().slice(0, 10);
  return { from: iso(dayNumber(p.from) - days), to: iso(dayNumber(p.from) - 1) };
}

// ---------------------------------------------------------------------------------------------------
// Sales and gross profit

export const reportGroupBys = ['day', 'week', 'month'] as const;
export type ReportGroupBy = (typeof reportGroupBys)[number];
export const salesReportBys = ['none', 'location', 'employee', 'category'] as const;
export type SalesReportBy = (typeof salesReportBys)[number];

export const salesReportQuerySchema = z
  .object({
    ...periodFields,
    groupBy: z.enum(reportGroupBys, { error: reportMessages.unknownGroupBy }).default('day'),
    by: z.enum(salesReportBys, { error: reportMessages.unknownBy }).default('none'),
  })
  .superRefine(checkPeriod);
export type SalesReportQuery = z.input<typeof salesReportQuerySchema>;

const nullableMoney = z.number().int().nullable();

export const salesReportRowSchema = z.object({
  /** The first day of the row's period (`YYYY-MM-DD`): the day, the ISO week's Monday, the month's 1st. */
  period: z.string(),
  /** The cut's id (location, employee, category), `none` without a cut, `-` for «no employee / no category». */
  key: z.string(),
  label: z.string(),
  /** Posted sales minus customer returns, kopecks. */
  revenue: z.number().int(),
  /** The stock ledger's cost of those sales minus the cost the returns brought back; null without `see_cost`. */
  cost: nullableMoney,
  grossProfit: nullableMoney,
  /** Gross profit ÷ revenue, percent with two decimals; null without `see_cost` or with no revenue. */
  margin: z.number().nullable(),
  /** Posted sales (checks); by category, the sales with a line of that category. */
  count: z.number().int(),
  /** Revenue ÷ count, kopecks rounded half up; 0 without sales. */
  avgCheck: z.number().int(),
  /** Customer returns (money back), kopecks: already taken off `revenue`. */
  returns: z.number().int(),
});
export type SalesReportRow = z.infer<typeof salesReportRowSchema>;

export const salesReportTotalsSchema = z.object({
  revenue: z.number().int(),
  cost: nullableMoney,
  grossProfit: nullableMoney,
  margin: z.number().nullable(),
  count: z.number().int(),
  avgCheck: z.number().int(),
  returns: z.number().int(),
});
export type SalesReportTotals = z.infer<typeof salesReportTotalsSchema>;

const previousOf = <T extends z.ZodType>(totals: T) => z.object({ from: z.string(), to: z.string(), totals });

export const salesReportSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    rows: z.array(salesReportRowSchema),
    totals: salesReportTotalsSchema,
    previous: previousOf(salesReportTotalsSchema),
  })
  .meta({ id: 'SalesReport' });
export type SalesReport = z.infer<typeof salesReportSchema>;

// ---------------------------------------------------------------------------------------------------
// Repairs

export const repairsReportBys = ['status', 'engineer'] as const;
export type RepairsReportBy = (typeof repairsReportBys)[number];

export const repairsReportQuerySchema = z
  .object({ ...periodFields, by: z.enum(repairsReportBys, { error: reportMessages.unknownBy }).default('status') })
  .superRefine(checkPeriod);
export type RepairsReportQuery = z.input<typeof repairsReportQuerySchema>;

export const repairsReportRowSchema = z.object({
  /** Status id or engineer id (`-`: no engineer). */
  key: z.string(),
  label: z.string(),
  /** The status's colour (by status), for the chart. */
  colour: z.string().nullable(),
  /** Orders accepted in the period (by their current status / their engineer). */
  count: z.number().int(),
  /** Orders issued in the period. */
  issued: z.number().int(),
  /** Mean hours from intake to the first «ready» status, over the orders issued in the period that passed one; null when none. */
  avgHoursToReady: z.number().nullable(),
  /** Mean hours from intake to issue, over the orders issued in the period; null when none. */
  avgHoursToIssue: z.number().nullable(),
  /** The works of the orders issued in the period, kopecks. */
  worksRevenue: z.number().int(),
  /** Parts' price − their cost in the stock ledger, kopecks; null without `see_cost`. */
  partsMargin: nullableMoney,
});
export type RepairsReportRow = z.infer<typeof repairsReportRowSchema>;

export const repairsReportTotalsSchema = repairsReportRowSchema.omit({ key: true, label: true, colour: true }).extend({
  /** Working orders overdue now (not a period figure). */
  overdue: z.number().int(),
});
export type RepairsReportTotals = z.infer<typeof repairsReportTotalsSchema>;

export const overdueOrderSchema = z.object({
  id: idSchema,
  number: z.string(),
  locationId: idSchema,
  statusName: z.string(),
  statusColour: z.string(),
  engineerName: z.string().nullable(),
  clientName: z.string(),
  device: z.string(),
  overdueAt: z.string(),
  /** Whole hours past `overdueAt` now. */
  hoursOverdue: z.number().int(),
});
export type OverdueOrder = z.infer<typeof overdueOrderSchema>;

export const repairsReportSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    rows: z.array(repairsReportRowSchema),
    totals: repairsReportTotalsSchema,
    previous: previousOf(repairsReportTotalsSchema.omit({ overdue: true })),
    /** The most overdue working orders (up to 100), most overdue first. */
    overdue: z.array(overdueOrderSchema),
  })
  .meta({ id: 'RepairsReport' });
export type RepairsReport = z.infer<typeof repairsReportSchema>;

// ---------------------------------------------------------------------------------------------------
// Stock value and slow movers

export const slowDaysOptions = [30, 60, 90] as const;
export const stockReportSorts = ['value', 'qty', 'name', 'daysWithoutSale'] as const;

export const stockReportQuerySchema = pageQuerySchema
  .extend({
    /** The day whose end the stock is valued at; today when absent. */
    at: safeDate().optional(),
    warehouseId: idSchema.optional(),
    categoryId: idSchema.optional(),
    /** Only goods in stock with no sale (nor use in a repair) for at least this many days. */
    slowDays: z.coerce
      .number({ error: reportMessages.slowDays })
      .refine((v) => (slowDaysOptions as readonly number[]).includes(v), reportMessages.slowDays)
      .optional(),
    search: z.string().max(100, 'Слишком длинный запрос').optional(),
    sort: z.enum(stockReportSorts, { error: 'Неизвестная сортировка' }).default('value'),
    allLocations: booleanQuery.optional(),
    format: formatQuery,
  });
export type StockReportQuery = z.input<typeof stockReportQuerySchema>;

export const stockReportRowSchema = z.object({
  productId: idSchema,
  name: z.string(),
  sku: z.string().nullable(),
  categoryName: z.string().nullable(),
  qty: z.number().int(),
  /** At cost (the company average split by quantity, as the balances page), kopecks; null without `see_cost`. */
  value: nullableMoney,
  /** The last sale or use in a repair order up to `at`; null when never. */
  lastSaleAt: z.string().nullable(),
  /** Whole days from `lastSaleAt` to `at`; null when never sold. */
  daysWithoutSale: z.number().int().nullable(),
});
export type StockReportRow = z.infer<typeof stockReportRowSchema>;

export const stockReportSliceSchema = z.object({ key: z.string(), label: z.string(), qty: z.number().int(), value: nullableMoney });
export type StockReportSlice = z.infer<typeof stockReportSliceSchema>;

export const stockReportSchema = z
  .object({
    at: z.string(),
    /** Σ of every row matching the filters (not only the page), kopecks; null without `see_cost`. */
    value: nullableMoney,
    qty: z.number().int(),
    rows: z.array(stockReportRowSchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    byWarehouse: z.array(stockReportSliceSchema),
    byCategory: z.array(stockReportSliceSchema),
    /** The same filters a month before `at`. */
    previous: z.object({ at: z.string(), value: nullableMoney, qty: z.number().int() }),
  })
  .meta({ id: 'StockReport' });
export type StockReport = z.infer<typeof stockReportSchema>;

// ---------------------------------------------------------------------------------------------------
// Cash flow

export const cashflowReportBys = ['category', 'cashbox'] as const;
export type CashflowReportBy = (typeof cashflowReportBys)[number];

export const cashflowReportQuerySchema = z
  .object({ ...periodFields, by: z.enum(cashflowReportBys, { error: reportMessages.unknownBy }).default('category') })
  .superRefine(checkPeriod);
export type CashflowReportQuery = z.input<typeof cashflowReportQuerySchema>;

export const cashflowReportRowSchema = z.object({
  /** Category id (`-`: none, `transfer`: between cashboxes) or cashbox id. */
  key: z.string(),
  label: z.string(),
  income: z.number().int(),
  expense: z.number().int(),
  /** income − expense. */
  net: z.number().int(),
});
export type CashflowReportRow = z.infer<typeof cashflowReportRowSchema>;

export const cashflowTotalsSchema = z.object({ income: z.number().int(), expense: z.number().int(), net: z.number().int() });

export const cashflowReportSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    /** The cashboxes' balance at the start of `from`, kopecks. */
    opening: z.number().int(),
    /** At the end of `to`: opening + net. */
    closing: z.number().int(),
    rows: z.array(cashflowReportRowSchema),
    totals: cashflowTotalsSchema,
    previous: previousOf(cashflowTotalsSchema).extend({ opening: z.number().int(), closing: z.number().int() }),
  })
  .meta({ id: 'CashflowReport' });
export type CashflowReport = z.infer<typeof cashflowReportSchema>;

// ---------------------------------------------------------------------------------------------------
// Pay

export const payrollReportQuerySchema = z.object({ ...periodFields }).superRefine(checkPeriod);
export type PayrollReportQuery = z.input<typeof payrollReportQuerySchema>;

export const payrollReportRowSchema = z.object({
  employeeId: idSchema,
  name: z.string(),
  /** Base + commission + bonuses − penalties of the period, kopecks. */
  accrued: z.number().int(),
  /** Paid out in the period. */
  paid: z.number().int(),
  /** Owed at the end of the period: owed at its start + accrued − paid. */
  due: z.number().int(),
});
export type PayrollReportRow = z.infer<typeof payrollReportRowSchema>;

export const payrollReportTotalsSchema = z.object({ accrued: z.number().int(), paid: z.number().int(), due: z.number().int() });

export const payrollReportSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    rows: z.array(payrollReportRowSchema),
    totals: payrollReportTotalsSchema,
    previous: previousOf(payrollReportTotalsSchema),
  })
  .meta({ id: 'PayrollReport' });
export type PayrollReport = z.infer<typeof payrollReportSchema>;
