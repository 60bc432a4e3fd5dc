import { z } from 'zod';
import { idSchema, pageOf, pageQuerySchema, queryFlag as flag } from './common';
import { dateQuery, moneySchema, optionalSafeText, safeDateTime, safeText, signedMoneySchema } from './primitives';
import { phoneSchema } from './phone';

/**
 * Repair orders (issue #10): intake to issue. An order belongs to a location; its status is one of the
 * company's configurable statuses (each in a group, with the statuses allowed next and a time limit);
 * works and parts are its lines (a part reserves stock when added and is written off when the order is
 * issued); payments are cash operations linked to the order. Server: server/docs/orders.md.
 *
 * Live refresh: every change publishes `repair_order` (id: the order) to its location; settings publish
 * `order_status`. Screens key their queries by those names first.
 */

export const orderStatusGroups = ['new', 'in_progress', 'waiting', 'ready', 'closed', 'cancelled'] as const;
export type OrderStatusGroup = (typeof orderStatusGroups)[number];
export const orderStatusGroupLabels: Record<OrderStatusGroup, string> = {
  new: 'Новые',
  in_progress: 'В работе',
  waiting: 'Ожидание',
  ready: 'Готовы',
  closed: 'Закрытые',
  cancelled: 'Отменённые',
};
/** Groups whose orders are finished: never overdue, not on the working board by default. */
export const finishedOrderGroups: readonly OrderStatusGroup[] = ['closed', 'cancelled'];

export const paymentMethods = ['cash', 'card', 'transfer'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];
export const paymentMethodLabels: Record<PaymentMethod, string> = { cash: 'Наличные', card: 'Карта', transfer: 'Перевод' };

/** «РМ-000123» (ремонт): one counter per location. (A lone «З» reads as the digit 3.) */
export const repairOrderPrefix = 'РМ';

export const orderLimits = {
  statusNameMax: 60,
  deviceFieldMax: 100,
  imeiMax: 20,
  serialMax: 60,
  appearanceMax: 1000,
  kitMax: 1000,
  malfunctionMax: 2000,
  commentMax: 2000,
  workNameMax: 300,
  qtyMax: 10_000,
  warrantyDaysMax: 3650,
  limitHoursMax: 24 * 365,
  searchMax: 100,
} as const;

export const orderMessages = {
  noLocation: 'Не выбран магазин',
  notFound: 'Заказ не найден',
  statusNotFound: 'Статус не найден',
  statusNotAllowed: (from: string, to: string) => `Из статуса «${from}» нельзя перейти в «${to}»`,
  statusSame: 'Заказ уже в этом статусе',
  statusExists: 'Статус с таким названием уже есть',
  statusInUse: 'Статус используется в заказах: его нельзя удалить',
  statusLast: 'Нужен хотя бы один статус в группах «Новые» и «Закрытые»',
  noInitialStatus: 'Нет статуса для новых заказов: добавьте статус в группе «Новые»',
  noClosedStatus: 'Нет статуса для выданных заказов: добавьте статус в группе «Закрытые»',
  clientRequired: 'Выберите клиента или укажите имя и телефон нового',
  clientNotFound: 'Клиент не найден',
  imeiFormat: 'IMEI — 15 цифр',
  imeiChecksum: 'Неверный IMEI: не сходится контрольная цифра',
  employeeNotFound: 'Сотрудник не найден или не работает в этом магазине',
  finished: 'Заказ закрыт: изменить его нельзя',
  notFinished: 'Заказ ещё не выдан',
  lineNotFound: 'Строка не найдена',
  productNotFound: 'Товар не найден',
  productIsService: 'Это услуга: добавьте её в работы',
  warehouseOtherLocation: 'Склад принадлежит другому магазину',
  serialRequired: 'Укажите серийный номер: товар учитывается по серийным номерам',
  serialNotInStock: (serial: string) => `Серийного номера ${serial} нет на этом складе`,
  serialTaken: (serial: string) => `Серийный номер ${serial} уже в другом заказе`,
  serialQty: 'Товар с серийным номером добавляется по одному',
  amountNonZero: 'Сумма не может быть нулевой',
  refundTooMuch: (paid: string) => `Вернуть можно не больше оплаченного: ${paid}`,
  paymentDue: (due: string) => `Заказ не оплачен: осталось ${due}. Примите оплату или выдайте в долг (нужно право выдачи в долг)`,
  overpaid: (over: string) => `Оплачено больше суммы заказа на ${over}: верните переплату`,
  warrantyOfFinished: 'Гарантийный заказ создаётся по выданному заказу',
  warrantyExpired: 'Гарантийный срок по этому заказу истёк',
  emptyComment: 'Напишите комментарий',
  noChanges: 'Нет изменений',
} as const;

// ---------------------------------------------------------------------------------------------------
// IMEI

/** True when the 15 digits pass the Luhn check (the IMEI's last digit). */
export function imeiChecksumOk(digits: string): boolean {
  if (!/^\d{15}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    let d = Number(digits[i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** An IMEI typed with spaces or dashes: 15 digits with a valid check digit, stored as digits. */
export const imeiSchema = z
  .string({ error: orderMessages.imeiFormat })
  .trim()
  .max(orderLimits.imeiMax, orderMessages.imeiFormat)
  .transform((v, ctx) => {
    const digits = v.replace(/[\s-]/g, '');
    if (!/^\d{15}$/.test(digits)) {
      ctx.addIssue({ code: 'custom', message: orderMessages.imeiFormat });
      return z.NEVER;
    }
    if (!imeiChecksumOk(digits)) {
      ctx.addIssue({ code: 'custom', message: orderMessages.imeiChecksum });
      return z.NEVER;
    }
    return digits;
  });

/** A device identifier for search: IMEI digits, or a serial in upper case without spaces. */
export const normalizeDeviceId = (value: string) => value.replace(/[\s-]/g, '').toUpperCase();

// ---------------------------------------------------------------------------------------------------
// Statuses

const colourSchema = z
  .string({ error: 'Цвет: #RRGGBB' })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Цвет: #RRGGBB')
  .transform((v) => v.toLowerCase());

export const orderStatusSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    colour: z.string(),
    group: z.enum(orderStatusGroups),
    /** Hours an order may stay in this status before it is overdue; null: no limit. */
    limitHours: z.number().int().nullable(),
    /** The statuses an order may move to from this one. */
    next: z.array(z.string()),
    position: z.number().int(),
    /** Orders in this status now. */
    orders: z.number().int(),
  })
  .meta({ id: 'OrderStatus' });
export type OrderStatus = z.infer<typeof orderStatusSchema>;
export const orderStatusListSchema = z.array(orderStatusSchema);

const statusFields = {
  name: safeText({ min: 1, max: orderLimits.statusNameMax, messages: { required: 'Укажите название статуса', tooLong: `Не больше ${orderLimits.statusNameMax} символов` } }),
  colour: colourSchema,
  group: z.enum(orderStatusGroups, { error: 'Группа: new, in_progress, waiting, ready, closed или cancelled' }),
  limitHours: z.number({ error: 'Срок — число часов' }).int('Срок — целое число часов').min(1, 'Срок — не меньше часа').max(orderLimits.limitHoursMax, 'Срок — не больше года').nullish(),
  next: z.array(idSchema).max(50, 'Не больше 50 переходов'),
  position: z.number({ error: 'Порядок — число' }).int().min(0).max(10_000).optional(),
};
export const createOrderStatusRequestSchema = z.object({ ...statusFields, next: statusFields.next.default([]) }).meta({ id: 'CreateOrderStatus' });
export type CreateOrderStatusRequest = z.input<typeof createOrderStatusRequestSchema>;
export const updateOrderStatusRequestSchema = z
  .object(statusFields)
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: orderMessages.noChanges })
  .meta({ id: 'UpdateOrderStatus' });
export type UpdateOrderStatusRequest = z.input<typeof updateOrderStatusRequestSchema>;

// ---------------------------------------------------------------------------------------------------
// Orders

const deviceName = (label: string) => safeText({ min: 1, max: orderLimits.deviceFieldMax, label, messages: { required: `Укажите: ${label.toLowerCase()}` } });

export const deviceInputSchema = z.object({
  type: deviceName('Тип устройства'),
  brand: deviceName('Бренд'),
  model: deviceName('Модель'),
  // An empty field is no IMEI; anything typed must be a valid one (the error lands on `device.imei`).
  imei: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), imeiSchema.nullish()),
  serial: optionalSafeText({ max: orderLimits.serialMax, label: 'Серийный номер' }),
  appearance: optionalSafeText({ max: orderLimits.appearanceMax, multiline: true, label: 'Внешний вид' }),
  kit: optionalSafeText({ max: orderLimits.kitMax, multiline: true, label: 'Комплектация' }),
});
export type DeviceInput = z.input<typeof deviceInputSchema>;

export const paymentRequestSchema = z
  .object({
    /** Kopecks; negative = a refund to the client. */
    amount: signedMoneySchema.refine((v) => v !== 0, { message: orderMessages.amountNonZero }),
    cashboxId: idSchema,
    method: z.enum(paymentMethods, { error: 'Способ оплаты: cash, card или transfer' }),
    comment: optionalSafeText({ max: orderLimits.commentMax, label: 'Комментарий' }),
  })
  .meta({ id: 'OrderPaymentRequest' });
export type OrderPaymentRequest = z.input<typeof paymentRequestSchema>;

const newClientSchema = z.object({
  name: safeText({ min: 1, max: 200, messages: { required: 'Укажите имя клиента' } }),
  phone: phoneSchema,
});

const orderFields = {
  malfunction: safeText({ min: 1, max: orderLimits.malfunctionMax, multiline: true, messages: { required: 'Опишите неисправность' } }),
  estimate: moneySchema.nullish(),
  dueAt: safeDateTime().nullish(),
  urgent: z.boolean({ error: 'Ожидается да или нет' }),
  managerId: idSchema.nullish(),
  engineerId: idSchema.nullish(),
};

/** `POST /api/orders`: the intake. A known client by id, or a new one by name and phone. */
export const createOrderRequestSchema = z
  .object({
    clientId: idSchema.nullish(),
    client: newClientSchema.nullish(),
    device: deviceInputSchema,
    ...orderFields,
    urgent: orderFields.urgent.default(false),
    prepayment: paymentRequestSchema.nullish(),
    comment: optionalSafeText({ max: orderLimits.commentMax, multiline: true, label: 'Комментарий' }),
    /** The planner's appointment this intake comes from: linked to the new order in the same transaction. */
    appointmentId: idSchema.nullish(),
  })
  .superRefine((v, ctx) => {
    if (!v.clientId && !v.client) ctx.addIssue({ code: 'custom', path: ['clientId'], message: orderMessages.clientRequired });
    if (v.prepayment && v.prepayment.amount < 0) ctx.addIssue({ code: 'custom', path: ['prepayment', 'amount'], message: 'Предоплата должна быть больше нуля' });
  })
  .meta({ id: 'CreateOrder' });
export type CreateOrderRequest = z.input<typeof createOrderRequestSchema>;
export type CreateOrderInput = z.output<typeof createOrderRequestSchema>;

export const updateOrderRequestSchema = z
  .object({ clientId: idSchema, device: deviceInputSchema.partial(), ...orderFields })
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: orderMessages.noChanges })
  .meta({ id: 'UpdateOrder' });
export type UpdateOrderRequest = z.input<typeof updateOrderRequestSchema>;
export type UpdateOrderInput = z.output<typeof updateOrderRequestSchema>;

export const changeOrderStatusRequestSchema = z
  .object({ statusId: idSchema, comment: optionalSafeText({ max: orderLimits.commentMax, multiline: true, label: 'Комментарий' }) })
  .meta({ id: 'ChangeOrderStatus' });
export type ChangeOrderStatusRequest = z.input<typeof changeOrderStatusRequestSchema>;

const qtySchema = z.number({ error: 'Количество — число' }).int('Количество — целое число').min(1, 'Количество — не меньше 1').max(orderLimits.qtyMax, `Не больше ${orderLimits.qtyMax}`);
const warrantyDays = z.number({ error: 'Гарантия — число дней' }).int('Гарантия — целое число дней').min(0, 'Гарантия не может быть отрицательной').max(orderLimits.warrantyDaysMax, 'Гарантия — не больше 10 лет');

export const addOrderWorkRequestSchema = z
  .object({
    /** A service of the catalogue (its name, price and warranty are the defaults), or none for a typed work. */
    productId: idSchema.nullish(),
    name: safeText({ min: 1, max: orderLimits.workNameMax, messages: { required: 'Укажите работу' } }).optional(),
    price: moneySchema.optional(),
    qty: qtySchema.default(1),
    engineerId: idSchema.nullish(),
    warrantyDays: warrantyDays.optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.productId && !v.name) ctx.addIssue({ code: 'custom', path: ['name'], message: 'Укажите работу' });
  })
  .meta({ id: 'AddOrderWork' });
export type AddOrderWorkRequest = z.input<typeof addOrderWorkRequestSchema>;

export const addOrderPartRequestSchema = z
  .object({
    productId: idSchema,
    warehouseId: idSchema,
    qty: qtySchema.default(1),
    /** Defaults to the product's retail price. */
    price: moneySchema.optional(),
    serial: optionalSafeText({ max: orderLimits.serialMax, label: 'Серийный номер' }),
    warrantyDays: warrantyDays.optional(),
  })
  .meta({ id: 'AddOrderPart' });
export type AddOrderPartRequest = z.input<typeof addOrderPartRequestSchema>;

export const issueOrderRequestSchema = z
  .object({
    payments: z.array(paymentRequestSchema).max(5, 'Не больше 5 оплат').default([]),
    /** The closed status to move to; the first of the group «Закрытые» allowed from the current one by default. */
    statusId: idSchema.nullish(),
    comment: optionalSafeText({ max: orderLimits.commentMax, multiline: true, label: 'Комментарий' }),
  })
  .meta({ id: 'IssueOrder' });
export type IssueOrderRequest = z.input<typeof issueOrderRequestSchema>;

export const orderCommentRequestSchema = z
  .object({
    text: safeText({ min: 1, max: orderLimits.commentMax, multiline: true, messages: { required: orderMessages.emptyComment } }),
    forClient: z.boolean({ error: 'Ожидается да или нет' }).default(false),
  })
  .meta({ id: 'OrderComment' });
export type OrderCommentRequest = z.input<typeof orderCommentRequestSchema>;

export const warrantyRequestSchema = z
  .object({ malfunction: safeText({ min: 1, max: orderLimits.malfunctionMax, multiline: true, messages: { required: 'Опишите неисправность' } }).optional() })
  .meta({ id: 'WarrantyClaim' });

const statusRefSchema = z.object({ id: z.string(), name: z.string(), group: z.enum(orderStatusGroups), colour: z.string() });

export const orderWorkSchema = z
  .object({
    id: z.string(),
    productId: z.string().nullable(),
    name: z.string(),
    price: z.number().int(),
    qty: z.number().int(),
    amount: z.number().int(),
    engineerId: z.string().nullable(),
    engineerName: z.string().nullable(),
    warrantyDays: z.number().int(),
  })
  .meta({ id: 'OrderWork' });
export type OrderWork = z.infer<typeof orderWorkSchema>;

export const orderPartSchema = z
  .object({
    id: z.string(),
    productId: z.string(),
    productName: z.string(),
    sku: z.string().nullable(),
    warehouseId: z.string(),
    warehouseName: z.string(),
    qty: z.number().int(),
    price: z.number().int(),
    amount: z.number().int(),
    serial: z.string().nullable(),
    warrantyDays: z.number().int(),
    /** Reserved until the order is issued, then written off. */
    state: z.enum(['reserved', 'written_off']),
  })
  .meta({ id: 'OrderPart' });
export type OrderPart = z.infer<typeof orderPartSchema>;

export const orderPaymentSchema = z
  .object({
    id: z.string(),
    operationId: z.string(),
    number: z.string(),
    at: z.string(),
    /** Kopecks; negative = refunded. */
    amount: z.number().int(),
    method: z.enum(paymentMethods),
    cashboxId: z.string(),
    cashboxName: z.string(),
    cancelled: z.boolean(),
  })
  .meta({ id: 'OrderPayment' });
export type OrderPayment = z.infer<typeof orderPaymentSchema>;

export const orderClientSchema = z.object({ id: z.string(), name: z.string(), phone: z.string().nullable(), balance: z.number().int() });

export const orderDeviceSchema = z.object({
  type: z.string(),
  brand: z.string(),
  model: z.string(),
  imei: z.string().nullable(),
  serial: z.string().nullable(),
  appearance: z.string().nullable(),
  kit: z.string().nullable(),
});
export type OrderDevice = z.infer<typeof orderDeviceSchema>;

const orderCommon = {
  id: z.string(),
  number: z.string(),
  locationId: z.string(),
  status: statusRefSchema,
  statusChangedAt: z.string(),
  client: orderClientSchema,
  device: orderDeviceSchema,
  malfunction: z.string(),
  estimate: z.number().int().nullable(),
  dueAt: z.string().nullable(),
  urgent: z.boolean(),
  managerId: z.string().nullable(),
  managerName: z.string().nullable(),
  engineerId: z.string().nullable(),
  engineerName: z.string().nullable(),
  /** Works + parts, kopecks. */
  total: z.number().int(),
  /** Payments minus refunds. */
  paid: z.number().int(),
  /** total − paid (negative: overpaid). */
  due: z.number().int(),
  /** Past its status's time limit or its due date, and not finished. */
  overdue: z.boolean(),
  warrantyOfId: z.string().nullable(),
  warrantyOfNumber: z.string().nullable(),
  issuedAt: z.string().nullable(),
  createdAt: z.string(),
};

export const orderListItemSchema = z.object(orderCommon).meta({ id: 'OrderListItem' });
export type OrderListItem = z.infer<typeof orderListItemSchema>;

export const orderSchema = z
  .object({
    ...orderCommon,
    locationName: z.string(),
    works: z.array(orderWorkSchema),
    parts: z.array(orderPartSchema),
    payments: z.array(orderPaymentSchema),
    /** Orders made under warranty from this one. */
    warrantyClaims: z.array(z.object({ id: z.string(), number: z.string(), createdAt: z.string() })),
    /** The last day of the longest warranty of its lines (issued orders), or null. */
    warrantyUntil: z.string().nullable(),
    /** Other orders of the same IMEI or serial, newest first. */
    deviceOrders: z.array(z.object({ id: z.string(), number: z.string(), createdAt: z.string(), status: statusRefSchema, malfunction: z.string() })),
    authorName: z.string().nullable(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Order' });
export type Order = z.infer<typeof orderSchema>;

/** `total` is exact up to 1000 orders; beyond that it is 1000 and `totalExact` is false («более 1000»). */
export const orderPageSchema = pageOf(orderListItemSchema)
  .extend({ totalExact: z.boolean() })
  .meta({ id: 'OrderPage' });
export type OrderPage = z.infer<typeof orderPageSchema>;


/** `GET /api/orders`: filters; `search` by number, client phone or name, IMEI or serial. */
export const orderListQuerySchema = pageQuerySchema.extend({
  status: idSchema.optional(),
  group: z.enum(orderStatusGroups, { error: 'Неизвестная группа статусов' }).optional(),
  engineerId: idSchema.optional(),
  overdue: flag.optional(),
  /** Finished orders (closed, cancelled) are listed only when asked or filtered by their status/group. */
  finished: flag.optional(),
  /** «My orders» first: the caller's orders (engineer or manager) come before the rest. */
  mineFirst: flag.optional(),
  search: optionalSafeText({ max: orderLimits.searchMax, label: 'Поиск' }),
  from: dateQuery,
  to: dateQuery,
});
export type OrderListQuery = z.input<typeof orderListQuerySchema>;

/** `GET /api/orders/board`: the working orders by status group, each column's first orders and total. */
export const orderBoardSchema = z
  .object({
    columns: z.array(z.object({ group: z.enum(orderStatusGroups), total: z.number().int(), items: z.array(orderListItemSchema) })),
  })
  .meta({ id: 'OrderBoard' });
export type OrderBoard = z.infer<typeof orderBoardSchema>;
export const orderBoardQuerySchema = z.object({ engineerId: idSchema.optional(), search: optionalSafeText({ max: orderLimits.searchMax, label: 'Поиск' }) });

export const orderTimelineKinds = ['created', 'status', 'comment', 'payment', 'work_added', 'work_removed', 'part_added', 'part_removed', 'edited', 'issued', 'printed', 'warranty'] as const;
export type OrderTimelineKind = (typeof orderTimelineKinds)[number];

export const orderTimelineItemSchema = z
  .object({
    id: z.string(),
    at: z.string(),
    kind: z.enum(orderTimelineKinds),
    authorName: z.string().nullable(),
    text: z.string().nullable(),
    forClient: z.boolean(),
    fromStatus: statusRefSchema.nullable(),
    toStatus: statusRefSchema.nullable(),
    amount: z.number().int().nullable(),
  })
  .meta({ id: 'OrderTimelineItem' });
export type OrderTimelineItem = z.infer<typeof orderTimelineItemSchema>;
export const orderTimelineSchema = z.object({ items: z.array(orderTimelineItemSchema) }).meta({ id: 'OrderTimeline' });

/** `GET /api/orders/devices`: the device dictionary for the intake (type → brand → model), filtered by what is typed. */
export const deviceDictionaryQuerySchema = z.object({
  type: optionalSafeText({ max: orderLimits.deviceFieldMax, label: 'Тип' }),
  brand: optionalSafeText({ max: orderLimits.deviceFieldMax, label: 'Бренд' }),
  search: optionalSafeText({ max: orderLimits.deviceFieldMax, label: 'Поиск' }),
});
export const deviceDictionarySchema = z.object({ types: z.array(z.string()), brands: z.array(z.string()), models: z.array(z.string()) }).meta({ id: 'DeviceDictionary' });
export type DeviceDictionary = z.infer<typeof deviceDictionarySchema>;

/** `GET /api/devices/history?q=`: everything that happened to an IMEI or serial. */
export const deviceHistoryQuerySchema = z.object({ q: safeText({ min: 3, max: orderLimits.serialMax, messages: { required: 'Укажите IMEI или серийный номер', tooShort: 'Не меньше 3 символов' } }) });
export const deviceHistoryItemSchema = z
  .object({
    at: z.string(),
    kind: z.enum(['repair_order', 'order_part', 'stock']),
    documentType: z.string(),
    documentId: z.string(),
    number: z.string(),
    locationName: z.string().nullable(),
    title: z.string(),
    details: z.string().nullable(),
  })
  .meta({ id: 'DeviceHistoryItem' });
export type DeviceHistoryItem = z.infer<typeof deviceHistoryItemSchema>;
export const deviceHistorySchema = z.object({ items: z.array(deviceHistoryItemSchema) }).meta({ id: 'DeviceHistory' });

export const defaultOrderStatuses: Array<{ name: string; colour: string; group: OrderStatusGroup; limitHours: number | null; next: string[] }> = [
  { name: 'Новый', colour: '#1677ff', group: 'new', limitHours: 2, next: ['Диагностика', 'Отказ'] },
  { name: 'Диагностика', colour: '#722ed1', group: 'in_progress', limitHours: 24, next: ['Согласование', 'В работе', 'Отказ'] },
  { name: 'Согласование', colour: '#fa8c16', group: 'waiting', limitHours: 24, next: ['В работе', 'Ждёт запчасть', 'Отказ'] },
  { name: 'Ждёт запчасть', colour: '#faad14', group: 'waiting', limitHours: 24 * 7, next: ['В работе', 'Отказ'] },
  { name: 'В работе', colour: '#13c2c2', group: 'in_progress', limitHours: 48, next: ['Ждёт запчасть', 'Согласование', 'Готов'] },
  { name: 'Готов', colour: '#52c41a', group: 'ready', limitHours: 24 * 14, next: ['Выдан', 'В работе'] },
  { name: 'Выдан', colour: '#8c8c8c', group: 'closed', limitHours: null, next: [] },
  { name: 'Отказ', colour: '#f5222d', group: 'cancelled', limitHours: null, next: ['Выдан'] },
];

/** `GET /api/orders/parts?search=`: goods with free stock in the current location's warehouses, for adding a part. */
export const partLookupQuerySchema = z.object({ search: optionalSafeText({ max: orderLimits.searchMax, label: 'Поиск' }) });
export const partLookupItemSchema = z
  .object({
    productId: z.string(),
    name: z.string(),
    sku: z.string().nullable(),
    price: z.number().int(),
    warrantyDays: z.number().int(),
    serialTracked: z.boolean(),
    warehouseId: z.string(),
    warehouseName: z.string(),
    /** Quantity minus what is reserved. */
    free: z.number().int(),
    /** Serials in that warehouse not taken by an open order (serial-tracked goods, up to 50). */
    serials: z.array(z.string()),
  })
  .meta({ id: 'PartLookupItem' });
export type PartLookupItem = z.infer<typeof partLookupItemSchema>;
export const partLookupListSchema = z.array(partLookupItemSchema);

/** `GET /api/orders/staff`: the employees of the current location (engineer and manager pickers). */
export const orderStaffSchema = z.array(z.object({ id: z.string(), name: z.string(), position: z.string().nullable() })).meta({ id: 'OrderStaff' });
export type OrderStaff = z.infer<typeof orderStaffSchema>;
