import { z } from 'zod';
import { plural } from './catalog';
import { idSchema, pageOf, pageQuerySchema } from './common';
import { moneySchema, optionalSafeText, safeDate, safeText } from './primitives';
import { serialsSchema, stockLimits } from './stock';

/**
 * Purchasing (issue #21, `/procurement`, remote stock): purchase orders to suppliers, receiving against
 * them (each part a posted stock receipt linked to the order), the last purchase price per supplier and
 * product, and reorder suggestions from the minimum stock of a warehouse. Quantities are integers, money
 * is integer kopecks. Orders belong to the location of the `Shop` header (their warehouse's location).
 *
 * Rules: `view|create|edit|post|cancel:purchase_order:own|location|all` (own: orders the employee
 * created); receiving also needs `post:stock_document`. Prices and totals are `null` without `see_cost`.
 *
 * Live refresh: every change publishes `purchase_order` (id: the order); receiving also publishes the
 * stock events of the receipt it posts (`stock_document`, `stock_balance`). Server: server/docs/procurement.md.
 */

/** Draft → ordered → partial → received, or cancelled. A partly received order that is closed stays `received` with `closed: true`. */
export const purchaseOrderStatuses = ['draft', 'ordered', 'partial', 'received', 'cancelled'] as const;
export type PurchaseOrderStatus = (typeof purchaseOrderStatuses)[number];
export const purchaseOrderStatusLabels: Record<PurchaseOrderStatus, string> = {
  draft: 'Черновик',
  ordered: 'Заказан',
  partial: 'Частично получен',
  received: 'Получен',
  cancelled: 'Отменён',
};
/** Orders still waiting for goods: what they have not received counts as «expected». */
export const openPurchaseOrderStatuses = ['ordered', 'partial'] as const satisfies readonly PurchaseOrderStatus[];

/** «ЗП-000123», one counter per location. */
export const purchaseOrderPrefix = 'ЗП';

export const procurementLimits = {
  linesPerOrder: stockLimits.linesPerDocument,
  qtyMax: stockLimits.qtyMax,
  commentMax: stockLimits.commentMax,
  searchMax: 100,
} as const;

export const procurementMessages = {
  notFound: 'Заказ поставщику не найден',
  notDraft: 'Изменить можно только черновик заказа',
  deleteNotDraft: 'Удалить можно только черновик заказа',
  emptyOrder: 'Добавьте в заказ хотя бы одну строку',
  supplierRequired: 'Укажите поставщика перед тем, как заказать',
  supplierNotFound: 'Поставщик не найден',
  notSupplier: 'Этот контрагент не отмечен как поставщик',
  supplierArchived: 'Поставщик в архиве',
  warehouseNotFound: 'Склад не найден',
  warehouseOtherLocation: 'Склад принадлежит магазину, в котором вы не работаете',
  warehouseNotHere: 'Склад другого магазина: заказ оформляется на склад текущего магазина',
  otherLocation: 'Заказ оформлен в другом магазине: переключитесь на него',
  productNotFound: 'Товар не найден',
  productIsService: 'Услугу не заказывают у поставщика',
  productArchived: 'Товар в архиве',
  duplicateProduct: 'Товар уже есть в заказе',
  amountTooLarge: 'Сумма строки слишком большая',
  notInOrder: 'Этого товара нет в заказе',
  receiveDraft: 'Черновик нельзя принимать: сначала закажите его',
  receiveCancelled: 'Отменённый заказ нельзя принимать',
  receiveClosed: 'Заказ закрыт: остаток по нему больше не ожидается',
  alreadyOrdered: 'Заказ уже оформлен',
  cannotCancel: 'Отменить можно черновик или заказ, по которому ничего не получено',
  alreadyClosed: 'Заказ уже закрыт или отменён',
  costHidden: 'Нет права менять цену закупки',
  nothingToSuggest: 'Нет товаров для заказа: выберите строки рекомендаций',
  noLocation: 'Не выбран магазин',
} as const;

/**
 * The 409 `over_receipt` text: «Принимается больше, чем ожидается: «Дисплей iPhone 13»: заказано 5,
 * получено 3, принимается 4». One part per line over what is still expected.
 */
export function overReceiptMessage(lines: ReadonlyArray<{ productName: string; ordered: number; received: number; requested: number }>): string {
  const parts = lines.map((l) => `«${l.productName}»: заказано ${l.ordered}, получено ${l.received}, принимается ${l.requested}`);
  return `Принимается больше, чем ожидается: ${parts.join('; ')}. Подтвердите приёмку сверх заказа`;
}

/** «Создано 2 заказа» for the suggestions' one click. */
export const ordersCreatedMessage = (n: number) => `Создан${n === 1 ? '' : 'о'} ${n} ${plural(n, ['черновик заказа', 'черновика заказа', 'черновиков заказов'])}`;

// ---------------------------------------------------------------------------------------------------
// Requests

const qtySchema = z
  .number({ error: 'Количество должно быть числом' })
  .int('Количество — целое число')
  .min(1, 'Количество должно быть больше нуля')
  .max(procurementLimits.qtyMax, `Количество не больше ${procurementLimits.qtyMax}`);

/** A line of an order: `price` per unit in kopecks; absent: the supplier's last price, or 0. */
export const purchaseOrderLineInputSchema = z.object({
  productId: idSchema,
  qty: qtySchema,
  price: moneySchema.optional(),
});
export type PurchaseOrderLineInput = z.input<typeof purchaseOrderLineInputSchema>;

const linesSchema = z
  .array(purchaseOrderLineInputSchema, { error: 'Ожидается список строк' })
  .max(procurementLimits.linesPerOrder, `Не больше ${procurementLimits.linesPerOrder} строк в заказе`);

const comment = optionalSafeText({ max: procurementLimits.commentMax, multiline: true, label: 'Комментарий' });
const expectedAt = safeDate({ invalid: 'Неверная ожидаемая дата' }).nullable().optional();

/** `POST /api/procurement/orders`: a draft. `supplierId` may be null on a draft, never when ordering. */
export const createPurchaseOrderRequestSchema = z
  .object({
    supplierId: idSchema.nullable().optional(),
    warehouseId: idSchema,
    expectedAt,
    comment,
    lines: linesSchema.default([]),
  })
  .meta({ id: 'CreatePurchaseOrder' });
export type CreatePurchaseOrderRequest = z.input<typeof createPurchaseOrderRequestSchema>;
export type CreatePurchaseOrderInput = z.output<typeof createPurchaseOrderRequestSchema>;

/** `PATCH /api/procurement/orders/:id` (drafts only): any subset; `lines` replaces the lines. */
export const updatePurchaseOrderRequestSchema = z
  .object({
    supplierId: idSchema.nullable().optional(),
    warehouseId: idSchema.optional(),
    expectedAt,
    comment,
    lines: linesSchema.optional(),
  })
  .meta({ id: 'UpdatePurchaseOrder' });
export type UpdatePurchaseOrderRequest = z.input<typeof updatePurchaseOrderRequestSchema>;
export type UpdatePurchaseOrderInput = z.output<typeof updatePurchaseOrderRequestSchema>;

/**
 * `POST /api/procurement/orders/:id/receive`: one part, posted as its own stock receipt. `cost` (kopecks
 * per unit, needs `see_cost`) overrides the order's price; `serials` one per unit of a serial-tracked good.
 * More than a line still expects is 409 `over_receipt` unless `allowOver: true`.
 */
export const receivePurchaseOrderRequestSchema = z
  .object({
    lines: z
      .array(
        z.object({
          productId: idSchema,
          qty: qtySchema,
          cost: moneySchema.optional(),
          serials: serialsSchema.optional(),
        }),
        { error: 'Ожидается список строк' },
      )
      .min(1, 'Укажите, что принимается')
      .max(procurementLimits.linesPerOrder, `Не больше ${procurementLimits.linesPerOrder} строк`),
    allowOver: z.boolean({ error: 'Ожидается true или false' }).optional(),
    comment,
  })
  .meta({ id: 'ReceivePurchaseOrder' });
export type ReceivePurchaseOrderRequest = z.input<typeof receivePurchaseOrderRequestSchema>;
export type ReceivePurchaseOrderInput = z.output<typeof receivePurchaseOrderRequestSchema>;

const booleanQuery = z.enum(['true', 'false'], { error: 'Ожидается true или false' }).transform((v) => v === 'true');

/** `GET /api/procurement/orders`: the orders of the current location, newest first. `search`: number, supplier or comment. */
export const purchaseOrderListQuerySchema = pageQuerySchema.extend({
  status: z.enum(purchaseOrderStatuses, { error: 'Неизвестный статус' }).optional(),
  supplierId: idSchema.optional(),
  warehouseId: idSchema.optional(),
  productId: idSchema.optional(),
  search: safeText({ max: procurementLimits.searchMax, label: 'Поиск' }).optional(),
  /** Open orders whose expected date has passed. */
  overdue: booleanQuery.optional(),
});
export type PurchaseOrderListQuery = z.input<typeof purchaseOrderListQuerySchema>;
export type PurchaseOrderListFilter = z.output<typeof purchaseOrderListQuerySchema>;

/** `GET /api/procurement/suggestions?warehouseId=` (absent: the default warehouse of the current location). */
export const suggestionQuerySchema = z.object({ warehouseId: idSchema.optional() });

/**
 * `POST /api/procurement/suggestions/order`: drafts, one per supplier (goods without one go to one draft
 * without a supplier). `productIds`: the chosen suggestions (absent: all); `lines`: the buyer's changes
 * to a suggestion's quantity or supplier.
 */
export const orderSuggestionsRequestSchema = z
  .object({
    warehouseId: idSchema,
    productIds: z.array(idSchema).max(5000, 'Не больше 5000 товаров за раз').optional(),
    lines: z
      .array(z.object({ productId: idSchema, qty: qtySchema.optional(), supplierId: idSchema.nullable().optional() }))
      .max(5000, 'Не больше 5000 товаров за раз')
      .optional(),
  })
  .meta({ id: 'OrderSuggestions' });
export type OrderSuggestionsRequest = z.input<typeof orderSuggestionsRequestSchema>;
export type OrderSuggestionsInput = z.output<typeof orderSuggestionsRequestSchema>;

/** `GET /api/procurement/prices?productId=&supplierId=` (at least one of them). */
export const supplierPriceQuerySchema = z
  .object({ productId: idSchema.optional(), supplierId: idSchema.optional() })
  .refine((q) => q.productId || q.supplierId, { message: 'Укажите товар или поставщика' });

// ---------------------------------------------------------------------------------------------------
// Responses

export const purchaseOrderLineSchema = z.object({
  id: z.string(),
  productId: z.string(),
  productName: z.string(),
  sku: z.string().nullable(),
  unit: z.string(),
  serialTracked: z.boolean(),
  qty: z.number().int(),
  /** Per unit, kopecks; null without `see_cost`. */
  price: z.number().int().nullable(),
  /** qty × price; null without `see_cost`. */
  amount: z.number().int().nullable(),
  /** Received by the order's posted receipts (may exceed `qty` after a confirmed over-receipt). */
  received: z.number().int(),
  /** Still expected: qty − received, never below 0; 0 once the order is closed or cancelled. */
  expected: z.number().int(),
});
export type PurchaseOrderLine = z.infer<typeof purchaseOrderLineSchema>;

export const purchaseOrderReceiptSchema = z.object({
  id: z.string(),
  number: z.string(),
  status: z.enum(['posted', 'cancelled']),
  postedAt: z.string().nullable(),
  totalQty: z.number().int(),
  /** null without `see_cost`. */
  total: z.number().int().nullable(),
  authorName: z.string().nullable(),
});

const orderFields = {
  id: z.string(),
  number: z.string(),
  status: z.enum(purchaseOrderStatuses),
  /** A partly received order closed by hand: the rest is no longer expected. */
  closed: z.boolean(),
  locationId: z.string(),
  supplierId: z.string().nullable(),
  supplierName: z.string().nullable(),
  warehouseId: z.string(),
  warehouseName: z.string(),
  /** `YYYY-MM-DD` or null. */
  expectedAt: z.string().nullable(),
  /** Open (ordered or partly received) and the expected date has passed. */
  overdue: z.boolean(),
  comment: z.string().nullable(),
  /** Σ qty × price, kopecks; null without `see_cost`. */
  total: z.number().int().nullable(),
  totalQty: z.number().int(),
  receivedQty: z.number().int(),
  authorId: z.string().nullable(),
  authorName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  orderedAt: z.string().nullable(),
  orderedByName: z.string().nullable(),
  closedAt: z.string().nullable(),
  closedByName: z.string().nullable(),
};

export const purchaseOrderSchema = z
  .object({ ...orderFields, lines: z.array(purchaseOrderLineSchema), receipts: z.array(purchaseOrderReceiptSchema) })
  .meta({ id: 'PurchaseOrder' });
export type PurchaseOrder = z.infer<typeof purchaseOrderSchema>;

export const purchaseOrderSummarySchema = z.object({ ...orderFields, lineCount: z.number().int() }).meta({ id: 'PurchaseOrderSummary' });
export type PurchaseOrderSummary = z.infer<typeof purchaseOrderSummarySchema>;
export const purchaseOrderPageSchema = pageOf(purchaseOrderSummarySchema).meta({ id: 'PurchaseOrderPage' });
export type PurchaseOrderPage = z.infer<typeof purchaseOrderPageSchema>;

/** `POST /:id/receive`: the order after the part, and the receipt that was posted. */
export const receivePurchaseOrderResponseSchema = z
  .object({ order: purchaseOrderSchema, receipt: z.object({ id: z.string(), number: z.string() }) })
  .meta({ id: 'ReceivePurchaseOrderResult' });
export type ReceivePurchaseOrderResponse = z.infer<typeof receivePurchaseOrderResponseSchema>;

export const suggestionSchema = z.object({
  productId: z.string(),
  productName: z.string(),
  sku: z.string().nullable(),
  unit: z.string(),
  warehouseId: z.string(),
  minStock: z.number().int(),
  onHand: z.number().int(),
  /** Still expected on open orders for this warehouse. */
  expected: z.number().int(),
  /** minStock − onHand − expected. */
  qty: z.number().int(),
  /** The supplier of the last purchase price of the product (null: never bought from a supplier). */
  supplierId: z.string().nullable(),
  supplierName: z.string().nullable(),
  /** That last price, kopecks; null without `see_cost` or never bought. */
  price: z.number().int().nullable(),
});
export type Suggestion = z.infer<typeof suggestionSchema>;
export const suggestionListSchema = z.array(suggestionSchema).meta({ id: 'SuggestionList' });

export const orderSuggestionsResponseSchema = z
  .object({ orders: z.array(z.object({ id: z.string(), number: z.string(), supplierId: z.string().nullable() })) })
  .meta({ id: 'OrderSuggestionsResult' });
export type OrderSuggestionsResponse = z.infer<typeof orderSuggestionsResponseSchema>;

/** The last purchase price of a product from a supplier (kept on every posted receipt with a supplier). */
export const supplierPriceSchema = z.object({
  productId: z.string(),
  productName: z.string(),
  supplierId: z.string(),
  supplierName: z.string(),
  /** Kopecks per unit; null without `see_cost`. */
  price: z.number().int().nullable(),
  /** When it was paid: the receipt's posting time. */
  at: z.string(),
  /** The receipt it comes from. */
  documentId: z.string().nullable(),
  documentNumber: z.string().nullable(),
});
export type SupplierPrice = z.infer<typeof supplierPriceSchema>;
export const supplierPriceListSchema = z.array(supplierPriceSchema).meta({ id: 'SupplierPriceList' });
