import { z } from 'zod';
import { idSchema } from './common';
import { salaryRuleKinds } from './people';
import { moneySchema, safeDate, safeText } from './primitives';

/**
 * Pay (issue #22): accruals (monthly base by calendar days + commission + bonuses − penalties), payouts
 * and the pay statement of a period (`/profileworker/payroll`, remote crm-finance; the employee's own
 * accruals in the profile). Money is integer kopecks; dates are Moscow calendar days `YYYY-MM-DD`.
 *
 * Commission is a ledger (`payroll_commissions`): written in the transaction that issues a repair order
 * (works → the work's engineer, else the order's; parts margin → the order's engineer) or posts a sale
 * (sales and sales margin → the seller), with the percent of the employee's scheme at that moment, rounded
 * half up to the kopeck per document and rule. A sale return, a cancelled sale or a re-opened order writes
 * the opposite rows dated when it happens, so the period it falls in loses them.
 *
 * A statement row: `opening` (owed at the start of the period) + `total` (accrued in it) − `paid` (paid
 * out in it) = `due` (owed at its end); over the whole history `due` = everything accrued − everything
 * paid. A payout above what is owed now needs `confirm: true` (409 `payout_exceeds_due` otherwise).
 *
 * Rules: `view:payroll` (own: oneself; location: employees of the current location; all: everyone) for
 * statements (one's own accruals need no rule), `create:payroll` for bonuses, penalties and payouts
 * (payouts also `create:finance` and a cashbox of a location the employee paying may work in),
 * `delete:payroll` to remove a bonus or penalty, `export:payroll` for Excel.
 * Live: changes publish `payroll` (id: the employee). Server: server/docs/payroll.md.
 */

export const payrollDocumentTypes = ['repair_order', 'sale', 'sale_return'] as const;
export type PayrollDocumentType = (typeof payrollDocumentTypes)[number];

export const accrualLineSchema = z.object({
  kind: z.enum(salaryRuleKinds),
  documentType: z.enum(payrollDocumentTypes),
  documentId: z.string(),
  number: z.string(),
  /** When the document was issued or posted (or the return/cancellation happened). */
  at: z.string(),
  /** What the percent was taken of (works, parts margin, sales or margin), kopecks; negative for a take-back. */
  basis: z.number().int(),
  percent: z.number(),
  amount: z.number().int(),
  /** A take-back: a return, a cancelled sale or a re-opened order. */
  reversal: z.boolean(),
});
export type AccrualLine = z.infer<typeof accrualLineSchema>;

export const adjustmentKinds = ['bonus', 'penalty'] as const;
export type AdjustmentKind = (typeof adjustmentKinds)[number];
export const adjustmentKindLabels: Record<AdjustmentKind, string> = { bonus: 'Премия', penalty: 'Штраф' };

export const adjustmentSchema = z
  .object({
    id: z.string(),
    employeeId: z.string(),
    kind: z.enum(adjustmentKinds),
    amount: z.number().int(),
    date: z.string(),
    comment: z.string(),
    authorId: z.string().nullable(),
    authorName: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'PayrollAdjustment' });
export type Adjustment = z.infer<typeof adjustmentSchema>;

export const payoutSchema = z
  .object({
    id: z.string(),
    employeeId: z.string(),
    amount: z.number().int(),
    cashboxId: z.string(),
    cashboxName: z.string(),
    operationId: z.string(),
    operationNumber: z.string(),
    /** Moscow day of the payout. */
    date: z.string(),
    comment: z.string().nullable(),
    authorName: z.string().nullable(),
    /** The cash operation was cancelled in finance: the payout no longer counts. */
    cancelled: z.boolean(),
  })
  .meta({ id: 'PayrollPayout' });
export type Payout = z.infer<typeof payoutSchema>;

export const accrualSchema = z
  .object({
    employeeId: z.string(),
    name: z.string(),
    position: z.string().nullable(),
    active: z.boolean(),
    /** The monthly base by calendar days of the period the employee worked (from hiring, until blocking). */
    base: z.number().int(),
    commission: z.number().int(),
    bonuses: z.number().int(),
    penalties: z.number().int(),
    /** base + commission + bonuses − penalties. */
    total: z.number().int(),
    paid: z.number().int(),
    /** Owed at the start of the period (everything accrued before it − everything paid before it). */
    opening: z.number().int(),
    /** Owed at the end of the period: opening + total − paid. */
    due: z.number().int(),
    lines: z.array(accrualLineSchema),
    adjustments: z.array(adjustmentSchema),
    payouts: z.array(payoutSchema),
  })
  .meta({ id: 'Accrual' });
export type Accrual = z.infer<typeof accrualSchema>;
export const accrualListSchema = z.array(accrualSchema).meta({ id: 'AccrualList' });

export const accrualsQuerySchema = z
  .object({
    from: safeDate(),
    to: safeDate(),
    employeeId: idSchema.optional(),
    /** `false`: the totals without the document lines (the statement of every employee; the lines of one on demand). */
    lines: z.enum(['true', 'false'], { error: 'Ожидается true или false' }).optional().transform((v) => v !== 'false'),
  })
  .refine((q) => q.from <= q.to, { path: ['to'], message: 'Конец периода раньше начала' });
export type AccrualsQuery = z.input<typeof accrualsQuerySchema>;

export const createAdjustmentRequestSchema = z
  .object({
    employeeId: idSchema,
    kind: z.enum(adjustmentKinds, { error: 'Выберите: премия или штраф' }),
    amount: moneySchema.refine((v) => v > 0, 'Сумма должна быть больше нуля'),
    date: safeDate(),
    comment: safeText({ min: 1, max: 500, messages: { required: 'Укажите комментарий', tooLong: 'Комментарий слишком длинный' } }),
  })
  .meta({ id: 'CreatePayrollAdjustment' });
export type CreateAdjustmentRequest = z.input<typeof createAdjustmentRequestSchema>;

export const createPayoutRequestSchema = z
  .object({
    employeeId: idSchema,
    amount: moneySchema.refine((v) => v > 0, 'Сумма должна быть больше нуля'),
    cashboxId: idSchema,
    comment: safeText({ max: 500, messages: { tooLong: 'Комментарий слишком длинный' } })
      .nullish()
      .transform((v) => (v ? v : null)),
    /** Pay more than is owed now (an advance): the balance goes below zero. */
    confirm: z.boolean().optional(),
  })
  .meta({ id: 'CreatePayrollPayout' });
export type CreatePayoutRequest = z.input<typeof createPayoutRequestSchema>;
export const payoutResponseSchema = payoutSchema.meta({ id: 'PayrollPayoutCreated' });

export const payrollMessages = {
  employeeNotFound: 'Сотрудник не найден',
  adjustmentNotFound: 'Премия или штраф не найдены',
  cashboxNotFound: 'Касса не найдена',
  foreignCashbox: 'Касса магазина, в котором вы не работаете',
  exceedsDue: (due: string, amount: string) => `Выплата ${amount} больше долга перед сотрудником (${due}). Подтвердите выплату аванса`,
  periodTooLong: 'Период не длиннее 366 дней',
} as const;

/** «Зарплата: Иванов Дмитрий Сергеевич» — the comment of a payout's cash operation. */
export const payoutComment = (name: string, comment?: string | null) => `Зарплата: ${name}${comment ? `. ${comment}` : ''}`;
