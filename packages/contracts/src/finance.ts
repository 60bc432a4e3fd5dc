import { z } from 'zod';
import { idSchema, pageOf, pageQuerySchema } from './common';
import { dateQuery, moneySchema, optionalSafeText, safeText } from './primitives';

/**
 * Money (issue #9): cashboxes, income / expense categories, cash operations, the cash ledger and cash
 * shifts. Amounts are integer kopecks. Operations are never edited: they are cancelled (a reversal) and
 * can be copied into a new form. Server: server/docs/finance.md.
 *
 * Live refresh: every change publishes a realtime event to its location(s): `cash_operation` (an
 * operation posted or cancelled), `cash_balance` (money moved; id: the operation), `cash_shift` (a
 * shift opened or closed), `cashbox` and `finance_category` (settings). Screens key their queries by
 * those entity names first.
 */

export const cashboxKinds = ['cash', 'bank', 'card'] as const;
export type CashboxKind = (typeof cashboxKinds)[number];
export const cashboxKindLabels: Record<CashboxKind, string> = { cash: 'Наличные', bank: 'Расчётный счёт', card: 'Эквайринг' };

export const financeCategoryKinds = ['income', 'expense'] as const;
export type FinanceCategoryKind = (typeof financeCategoryKinds)[number];
export const financeCategoryKindLabels: Record<FinanceCategoryKind, string> = { income: 'Приход', expense: 'Расход' };

export const cashOperationKinds = ['income', 'expense', 'transfer'] as const;
export type CashOperationKind = (typeof cashOperationKinds)[number];
export const cashOperationKindLabels: Record<CashOperationKind, string> = { income: 'Приход', expense: 'Расход', transfer: 'Перемещение' };
/** Number prefixes, one counter per location and kind: «ПКО-000042». Shifts: «СМ-000001». */
export const cashOperationPrefixes: Record<CashOperationKind, string> = { income: 'ПКО', expense: 'РКО', transfer: 'ПМ' };
export const cashShiftPrefix = 'СМ';

export const cashOperationStatuses = ['posted', 'cancelled'] as const;
export type CashOperationStatus = (typeof cashOperationStatuses)[number];
export const cashOperationStatusLabels: Record<CashOperationStatus, string> = { posted: 'Проведена', cancelled: 'Отменена' };

export const cashShiftStatuses = ['open', 'closed'] as const;
export type CashShiftStatus = (typeof cashShiftStatuses)[number];

/** Codes of the categories the system itself posts to (they cannot be archived or moved). */
export const systemFinanceCategories = {
  shift_surplus: { kind: 'income', name: 'Излишек по смене' },
  shift_shortage: { kind: 'expense', name: 'Недостача по смене' },
  order_payment: { kind: 'income', name: 'Оплата заказа' },
  order_refund: { kind: 'expense', name: 'Возврат по заказу' },
  sale_payment: { kind: 'income', name: 'Оплата продажи' },
  sale_refund: { kind: 'expense', name: 'Возврат покупателю' },
  /** Payouts of pay (issue #22); an existing top-level «Зарплата» expense category is adopted (migration). */
  salary: { kind: 'expense', name: 'Зарплата' },
} as const;
export type SystemFinanceCategoryCode = keyof typeof systemFinanceCategories;

export const financeLimits = {
  commentMax: 1000,
  cashboxNameMax: 100,
  categoryNameMax: 100,
  documentTypeMax: 50,
  documentNumberMax: 50,
  idempotencyKeyMax: 200,
} as const;

export const financeMessages = {
  noLocation: 'Не выбран магазин',
  cashboxNotFound: 'Касса не найдена',
  cashboxOtherLocation: 'Касса принадлежит другому магазину',
  cashboxExists: 'Касса с таким названием в этом магазине уже есть',
  sameCashbox: 'Кассы отправления и назначения совпадают',
  toCashboxRequired: 'Выберите кассу назначения',
  toCashboxOtherLocation: 'Перемещение в кассу другого магазина доступно только с правом на все магазины',
  categoryRequired: 'Выберите статью',
  categoryNotFound: 'Статья не найдена',
  categoryWrongKind: 'Статья другого типа: выберите статью',
  categoryArchived: 'Статья в архиве',
  categoryForTransfer: 'У перемещения между кассами нет статьи',
  categoryExists: 'Статья с таким названием здесь уже есть',
  categoryParentCycle: 'Статью нельзя вложить в саму себя или в её подстатью',
  categorySystem: 'Системную статью нельзя перенести или убрать в архив',
  clientNotFound: 'Клиент не найден',
  clientForTransfer: 'У перемещения между кассами нет клиента',
  amountPositive: 'Сумма должна быть больше нуля',
  operationNotFound: 'Операция не найдена',
  alreadyCancelled: 'Операция уже отменена',
  closedShift: 'Операция относится к закрытой смене: отменить её можно только с правом изменения закрытого периода',
  cancelOwnOnly: 'Отменить можно только свою операцию',
  shiftNotFound: 'Смена не найдена',
  shiftCashOnly: 'Смену можно открыть только для кассы наличных',
  shiftClosed: 'Смена уже закрыта',
  allLocationsForbidden: 'Нет права просматривать финансы всех магазинов',
  idempotencyKeyReused: 'Ключ идемпотентности уже использован для другого запроса',
  idempotencyKeyInvalid: `Заголовок Idempotency-Key: от 1 до ${financeLimits.idempotencyKeyMax} видимых символов`,
  operationsReadOnly: 'Операции не редактируются: отмените операцию и создайте новую (можно копией)',
} as const;

/** «1 234,50 ₽» (ordinary spaces between the thousands). */
export function formatRoubles(kopecks: number): string {
  const sign = kopecks < 0 ? '−' : '';
  const abs = Math.abs(Math.trunc(kopecks));
  const roubles = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return `${sign}${roubles},${String(abs % 100).padStart(2, '0')} ₽`;
}

/** The 409 `insufficient_funds` text: «В кассе «Наличные» недостаточно денег: доступно 1 234,50 ₽». */
export const insufficientFundsMessage = (cashboxName: string, available: number) => `В кассе «${cashboxName}» недостаточно денег: доступно ${formatRoubles(available)}`;
/** «Смена уже открыта: СМ-000003 (касса «Основная касса»)». */
export const shiftAlreadyOpenMessage = (number: string, cashboxName: string) => `Смена уже открыта: ${number} (касса «${cashboxName}»)`;
/** «Нельзя отменить ПКО-000012: …» (a reversal would take a cashbox below zero). */
export const cancelFundsMessage = (number: string, cashboxName: string, available: number) => `Нельзя отменить ${number}: ${insufficientFundsMessage(cashboxName, available)}`;

/** `locationId` of a list: one location the employee may work in, or `all` (needs the `…:finance:all` scope). */
const locationFilter = z.union([z.literal('all'), idSchema], { error: 'Ожидается идентификатор магазина или all' }).optional();

// ---------------------------------------------------------------------------------------------------
// Cashboxes

export const cashboxSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    kind: z.enum(cashboxKinds),
    locationId: z.string(),
    locationName: z.string(),
    isDefault: z.boolean(),
    /** Kopecks, from the balance table (O(1)). */
    balance: z.number().int(),
    /** The open shift of a cash cashbox, if any. */
    openShift: z.object({ id: z.string(), number: z.string(), openedAt: z.string() }).nullable(),
  })
  .meta({ id: 'Cashbox' });
export type Cashbox = z.infer<typeof cashboxSchema>;
export const cashboxListSchema = z.array(cashboxSchema);
export const cashboxListQuerySchema = z.object({ locationId: locationFilter });

const cashboxName = safeText({
  min: 1,
  max: financeLimits.cashboxNameMax,
  messages: { required: 'Укажите название кассы', tooLong: `Название кассы: не больше ${financeLimits.cashboxNameMax} символов` },
});
const cashboxKind = z.enum(cashboxKinds, { error: 'Тип кассы: cash, bank или card' });

export const createCashboxRequestSchema = z
  .object({ name: cashboxName, kind: cashboxKind.default('cash'), locationId: idSchema.optional(), isDefault: z.boolean().optional() })
  .meta({ id: 'CreateCashbox' });
export type CreateCashboxRequest = z.input<typeof createCashboxRequestSchema>;
export const updateCashboxRequestSchema = z
  .object({ name: cashboxName.optional(), kind: cashboxKind.optional(), isDefault: z.literal(true, { error: 'Кассу можно только сделать основной' }).optional() })
  .refine((v) => v.name !== undefined || v.kind !== undefined || v.isDefault !== undefined, { message: 'Нет изменений' })
  .meta({ id: 'UpdateCashbox' });
export type UpdateCashboxRequest = z.input<typeof updateCashboxRequestSchema>;

// ---------------------------------------------------------------------------------------------------
// Categories

export const financeCategorySchema = z
  .object({
    id: z.string(),
    kind: z.enum(financeCategoryKinds),
    name: z.string(),
    parentId: z.string().nullable(),
    /** Set on the system categories (`shift_surplus`, `shift_shortage`). */
    code: z.string().nullable(),
    position: z.number().int(),
    archived: z.boolean(),
  })
  .meta({ id: 'FinanceCategory' });
export type FinanceCategory = z.infer<typeof financeCategorySchema>;
export const financeCategoryListSchema = z.array(financeCategorySchema);
export const financeCategoryListQuerySchema = z.object({
  kind: z.enum(financeCategoryKinds, { error: 'Тип статьи: income или expense' }).optional(),
  includeArchived: z.enum(['true', 'false'], { error: 'Ожидается true или false' }).optional(),
});

const categoryName = safeText({
  min: 1,
  max: financeLimits.categoryNameMax,
  messages: { required: 'Укажите название статьи', tooLong: `Название статьи: не больше ${financeLimits.categoryNameMax} символов` },
});
export const createFinanceCategoryRequestSchema = z
  .object({ name: categoryName, kind: z.enum(financeCategoryKinds, { error: 'Тип статьи: income или expense' }), parentId: idSchema.nullish() })
  .meta({ id: 'CreateFinanceCategory' });
export type CreateFinanceCategoryRequest = z.input<typeof createFinanceCategoryRequestSchema>;
export const updateFinanceCategoryRequestSchema = z
  .object({ name: categoryName.optional(), parentId: idSchema.nullish(), archived: z.boolean({ error: 'Ожидается true или false' }).optional() })
  .refine((v) => v.name !== undefined || v.parentId !== undefined || v.archived !== undefined, { message: 'Нет изменений' })
  .meta({ id: 'UpdateFinanceCategory' });
export type UpdateFinanceCategoryRequest = z.input<typeof updateFinanceCategoryRequestSchema>;

// ---------------------------------------------------------------------------------------------------
// Operations

const amountSchema = moneySchema.refine((v) => v > 0, { message: financeMessages.amountPositive });
const comment = optionalSafeText({ max: financeLimits.commentMax, multiline: true, label: 'Комментарий' });

/**
 * `POST /api/finance/operations`: income and expense need `categoryId` of their kind; a transfer needs
 * `toCashboxId` and has no category and no client. The document link is optional.
 */
export const createCashOperationRequestSchema = z
  .object({
    kind: z.enum(cashOperationKinds, { error: 'Тип операции: income, expense или transfer' }),
    cashboxId: idSchema,
    toCashboxId: idSchema.nullish(),
    amount: amountSchema,
    categoryId: idSchema.nullish(),
    clientId: idSchema.nullish(),
    comment,
    documentType: optionalSafeText({ max: financeLimits.documentTypeMax, label: 'Тип документа' }),
    documentId: idSchema.nullish(),
    documentNumber: optionalSafeText({ max: financeLimits.documentNumberMax, label: 'Номер документа' }),
    /** The operation this one was copied from (`POST …/:id/copy`). */
    copiedFromId: idSchema.nullish(),
  })
  .meta({ id: 'CreateCashOperation' });
export type CreateCashOperationRequest = z.input<typeof createCashOperationRequestSchema>;
export type CreateCashOperationInput = z.output<typeof createCashOperationRequestSchema>;

export const cashOperationSchema = z
  .object({
    id: z.string(),
    number: z.string(),
    kind: z.enum(cashOperationKinds),
    status: z.enum(cashOperationStatuses),
    locationId: z.string(),
    cashboxId: z.string(),
    cashboxName: z.string(),
    toCashboxId: z.string().nullable(),
    toCashboxName: z.string().nullable(),
    toLocationId: z.string().nullable(),
    amount: z.number().int(),
    categoryId: z.string().nullable(),
    categoryName: z.string().nullable(),
    clientId: z.string().nullable(),
    clientName: z.string().nullable(),
    comment: z.string().nullable(),
    documentType: z.string().nullable(),
    documentId: z.string().nullable(),
    documentNumber: z.string().nullable(),
    shiftId: z.string().nullable(),
    toShiftId: z.string().nullable(),
    copiedFromId: z.string().nullable(),
    authorId: z.string().nullable(),
    authorName: z.string().nullable(),
    at: z.string(),
    cancelledAt: z.string().nullable(),
    cancelledById: z.string().nullable(),
  })
  .meta({ id: 'CashOperation' });
export type CashOperation = z.infer<typeof cashOperationSchema>;
export const cashOperationPageSchema = pageOf(cashOperationSchema)
  .extend({
    /** The total is counted up to 10 000 operations: false when there are more (show «10 000+», narrow with filters). */
    totalExact: z.boolean(),
  })
  .meta({ id: 'CashOperationPage' });
export type CashOperationPage = z.infer<typeof cashOperationPageSchema>;

export const cashOperationListQuerySchema = pageQuerySchema.extend({
  locationId: locationFilter,
  kind: z.enum(cashOperationKinds, { error: 'Тип операции: income, expense или transfer' }).optional(),
  status: z.enum(cashOperationStatuses, { error: 'Статус: posted или cancelled' }).optional(),
  cashboxId: idSchema.optional(),
  categoryId: idSchema.optional(),
  clientId: idSchema.optional(),
  shiftId: idSchema.optional(),
  from: dateQuery,
  to: dateQuery,
  search: optionalSafeText({ max: 50, label: 'Поиск' }),
});
export type CashOperationListQuery = z.input<typeof cashOperationListQuerySchema>;
export type CashOperationListFilter = z.output<typeof cashOperationListQuerySchema>;

/** `POST /api/finance/operations/:id/copy`: the fields of a new operation form (nothing is posted). */
export const cashOperationDraftSchema = z
  .object({
    kind: z.enum(cashOperationKinds),
    cashboxId: z.string(),
    toCashboxId: z.string().nullable(),
    amount: z.number().int(),
    categoryId: z.string().nullable(),
    clientId: z.string().nullable(),
    comment: z.string().nullable(),
    documentType: z.string().nullable(),
    documentId: z.string().nullable(),
    documentNumber: z.string().nullable(),
    copiedFromId: z.string(),
  })
  .meta({ id: 'CashOperationDraft' });
export type CashOperationDraft = z.infer<typeof cashOperationDraftSchema>;

// ---------------------------------------------------------------------------------------------------
// Ledger

export const cashLedgerQuerySchema = pageQuerySchema.extend({
  locationId: locationFilter,
  cashboxId: idSchema.optional(),
  categoryId: idSchema.optional(),
  clientId: idSchema.optional(),
  from: dateQuery,
  to: dateQuery,
});
export type CashLedgerQuery = z.input<typeof cashLedgerQuerySchema>;
export type CashLedgerFilter = z.output<typeof cashLedgerQuerySchema>;

export const cashLedgerRowSchema = z
  .object({
    seq: z.number().int(),
    at: z.string(),
    operationId: z.string(),
    number: z.string(),
    kind: z.enum(cashOperationKinds),
    status: z.enum(cashOperationStatuses),
    /** The cashbox's location (a transfer's incoming row is the destination's). */
    locationId: z.string(),
    cashboxId: z.string(),
    cashboxName: z.string(),
    /** Signed kopecks: + into the cashbox, − out of it. */
    amount: z.number().int(),
    /** The cashbox's balance right after this row. */
    balanceAfter: z.number().int(),
    /** A reversal row of a cancelled operation. */
    cancellation: z.boolean(),
    categoryId: z.string().nullable(),
    categoryName: z.string().nullable(),
    clientId: z.string().nullable(),
    clientName: z.string().nullable(),
    comment: z.string().nullable(),
  })
  .meta({ id: 'CashLedgerRow' });
export type CashLedgerRow = z.infer<typeof cashLedgerRowSchema>;
export const cashLedgerPageSchema = pageOf(cashLedgerRowSchema)
  .extend({
    /** Money in and out over the filter, with red storno: a reversal row reduces the side of the row it reverses (a cancelled operation nets to zero on both). */
    totalIn: z.number().int(),
    totalOut: z.number().int(),
  })
  .meta({ id: 'CashLedgerPage' });
export type CashLedgerPage = z.infer<typeof cashLedgerPageSchema>;

// ---------------------------------------------------------------------------------------------------
// Shifts

export const cashShiftFiguresSchema = z.object({
  float: z.number().int(),
  income: z.number().int(),
  expense: z.number().int(),
  transfersIn: z.number().int(),
  transfersOut: z.number().int(),
  operations: z.number().int(),
  /** The cashbox balance now: what should be in the drawer. */
  balance: z.number().int(),
});
export type CashShiftFigures = z.infer<typeof cashShiftFiguresSchema>;

export const cashShiftSchema = z
  .object({
    id: z.string(),
    number: z.string(),
    status: z.enum(cashShiftStatuses),
    locationId: z.string(),
    cashboxId: z.string(),
    cashboxName: z.string(),
    float: z.number().int(),
    openedAt: z.string(),
    openedById: z.string().nullable(),
    openedByName: z.string().nullable(),
    closedAt: z.string().nullable(),
    closedById: z.string().nullable(),
    closedByName: z.string().nullable(),
    expected: z.number().int().nullable(),
    counted: z.number().int().nullable(),
    /** counted − expected: < 0 a shortage, > 0 a surplus. */
    difference: z.number().int().nullable(),
    differenceOperationId: z.string().nullable(),
    /** Live figures of an open shift (null for a closed one in lists). */
    figures: cashShiftFiguresSchema.nullable(),
  })
  .meta({ id: 'CashShift' });
export type CashShift = z.infer<typeof cashShiftSchema>;
export const cashShiftPageSchema = pageOf(cashShiftSchema)
  .extend({ open: z.array(cashShiftSchema) })
  .meta({ id: 'CashShiftPage' });
export type CashShiftPage = z.infer<typeof cashShiftPageSchema>;

export const cashShiftListQuerySchema = pageQuerySchema.extend({
  locationId: locationFilter,
  cashboxId: idSchema.optional(),
  status: z.enum(cashShiftStatuses, { error: 'Статус: open или closed' }).optional(),
});
export type CashShiftListFilter = z.output<typeof cashShiftListQuerySchema>;

export const openCashShiftRequestSchema = z.object({ cashboxId: idSchema, float: moneySchema, comment }).meta({ id: 'OpenCashShift' });
export type OpenCashShiftRequest = z.input<typeof openCashShiftRequestSchema>;
export const closeCashShiftRequestSchema = z.object({ counted: moneySchema, comment }).meta({ id: 'CloseCashShift' });
export type CloseCashShiftRequest = z.input<typeof closeCashShiftRequestSchema>;
