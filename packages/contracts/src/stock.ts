import { z } from 'zod';
import { catalogLimits, plural } from './catalog';
import { idSchema, pageOf, pageQuerySchema } from './common';
import { dateQuery, moneySchema, optionalSafeText, safeText } from './primitives';

/**
 * Stock (issue #8): warehouses, stock documents and the ledger. Quantities are integers, money is
 * integer kopecks. Documents belong to the location of the `Shop` header (a transfer to another
 * location is also visible to, and received at, the destination).
 *
 * Live refresh: every change publishes a realtime event with entity `stock_document` (a document was
 * created, changed, posted, sent, received, cancelled or deleted) and, when goods moved, one with
 * entity `stock_balance` (id: the document). Screens key their queries by those entity names first
 * (`['stock_document', …]` for documents, `['stock_balance', …]` for balances, movements, summaries
 * and serials), so a colleague's open lists refresh without a reload. Server: server/docs/stock.md.
 *
 * Cost and value fields are `null` for an employee without the `see_cost` right.
 */

export const stockDocumentTypes = ['receipt', 'write_off', 'transfer', 'stocktake', 'supplier_return'] as const;
export type StockDocumentType = (typeof stockDocumentTypes)[number];

/** The API path segment of each type: `/api/stock/receipts` etc. */
export const stockDocumentPaths: Record<StockDocumentType, string> = {
  receipt: 'receipts',
  write_off: 'write-offs',
  transfer: 'transfers',
  stocktake: 'stocktakes',
  supplier_return: 'supplier-returns',
};

export const stockDocumentTypeLabels: Record<StockDocumentType, string> = {
  receipt: 'Оприходование',
  write_off: 'Списание',
  transfer: 'Перемещение',
  stocktake: 'Инвентаризация',
  supplier_return: 'Возврат поставщику',
};

/**
 * What a stock ledger row names as its source: a stock document, or a repair order (parts issued) or a
 * sale that moves goods. The product card links each to its screen.
 */
export const ledgerDocumentTypes = [...stockDocumentTypes, 'repair_order', 'sale'] as const;
export type LedgerDocumentType = (typeof ledgerDocumentTypes)[number];
export const ledgerDocumentTypeLabels: Record<LedgerDocumentType, string> = { ...stockDocumentTypeLabels, repair_order: 'Заказ на ремонт', sale: 'Продажа' };

/** Number prefixes, one counter per location and type: «ПР-000123». */
export const stockDocumentPrefixes: Record<StockDocumentType, string> = {
  receipt: 'ПР',
  write_off: 'СП',
  transfer: 'ПМ',
  stocktake: 'ИН',
  supplier_return: 'ВП',
};

/** Draft → posted → cancelled; a transfer: draft → in_transit → received, or cancelled. */
export const stockDocumentStatuses = ['draft', 'posted', 'in_transit', 'received', 'cancelled'] as const;
export type StockDocumentStatus = (typeof stockDocumentStatuses)[number];
export const stockDocumentStatusLabels: Record<StockDocumentStatus, string> = {
  draft: 'Черновик',
  posted: 'Проведён',
  in_transit: 'В пути',
  received: 'Принят',
  cancelled: 'Отменён',
};

export const stockLimits = {
  linesPerDocument: 500,
  qtyMax: 1_000_000,
  serialMax: 64,
  commentMax: 1000,
  reasonMax: 200,
  warehouseNameMax: 100,
} as const;

export const stockMessages = {
  warehouseNotFound: 'Склад не найден',
  warehouseOtherLocation: 'Склад принадлежит другому магазину',
  sameWarehouse: 'Склады отправления и назначения совпадают',
  warehouseExists: 'Склад с таким названием в этом магазине уже есть',
  documentNotFound: 'Документ не найден',
  notDraft: 'Документ уже не черновик: его можно только отменить или скопировать',
  notPosted: 'Отменить можно только проведённый документ',
  notInTransit: 'Принять можно только перемещение в пути',
  alreadyCancelled: 'Документ уже отменён',
  emptyDocument: 'Добавьте в документ хотя бы одну строку',
  productNotFound: 'Товар не найден',
  productIsService: 'Услуга не хранится на складе',
  productArchived: 'Товар в архиве',
  duplicateProduct: 'Товар уже есть в документе',
  serialsRequired: 'Укажите серийные номера: по одному на каждую единицу',
  serialsForUntracked: 'Товар не учитывается по серийным номерам',
  serialDuplicate: 'Серийный номер указан дважды',
  serialFormat: 'Серийный номер: латинские буквы, цифры и знаки, без пробелов',
  supplierNotFound: 'Поставщик не найден',
  receiptRequired: 'Укажите оприходование, по которому возвращается товар',
  receiptNotFound: 'Оприходование не найдено или не проведено',
  reasonRequired: 'Укажите причину списания',
  receivedTooMuch: 'Принято больше, чем отправлено',
  stocktakeLineUnknown: 'Товара нет в листе инвентаризации',
  noLocation: 'Не выбран магазин',
} as const;

/** «Серийный номер ABC уже на складе «Основной»» and friends. */
export const serialInStockMessage = (serial: string, warehouseName: string) => `Серийный номер ${serial} уже на складе «${warehouseName}»`;
export const serialNotInWarehouseMessage = (serial: string, warehouseName: string) => `Серийного номера ${serial} нет на складе «${warehouseName}»`;

/**
 * The 409 `insufficient_stock` text: «Недостаточно товара: «Дисплей iPhone 13» на складе «Основной»:
 * нужно 5, есть 2; «Кабель USB-C» …».
 */
export function insufficientStockMessage(lines: ReadonlyArray<{ productName: string; warehouseName: string; requested: number; available: number }>): string {
  const parts = lines.map((l) => `«${l.productName}» на складе «${l.warehouseName}»: нужно ${l.requested}, есть ${l.available}`);
  return `Недостаточно товара: ${parts.join('; ')}`;
}

/** «Нельзя отменить ПР-000012: от него зависит СП-000040 (товар «…», склад «…»)». */
export function cancelBlockedMessage(number: string, dependent: { number: string; productName: string; warehouseName: string }): string {
  return `Нельзя отменить ${number}: от него зависит ${dependent.number} (товар «${dependent.productName}», склад «${dependent.warehouseName}»). Сначала отмените зависящий документ`;
}

/** «Вернуть можно не больше 3 шт.: столько осталось от оприходования ПР-000012». */
export function returnLimitMessage(productName: string, receiptNumber: string, available: number): string {
  return `«${productName}»: вернуть можно не больше ${available} ${plural(available, ['единицы', 'единиц', 'единиц'])} — столько осталось от ${receiptNumber}`;
}

// ---------------------------------------------------------------------------------------------------
// Warehouses

export const warehouseSchema = z
  .object({ id: z.string(), name: z.string(), locationId: z.string(), locationName: z.string(), isDefault: z.boolean() })
  .meta({ id: 'Warehouse' });
export type Warehouse = z.infer<typeof warehouseSchema>;
export const warehouseListSchema = z.array(warehouseSchema);

const warehouseName = safeText({
  min: 1,
  max: stockLimits.warehouseNameMax,
  messages: { required: 'Укажите название склада', tooLong: `Название склада: не больше ${stockLimits.warehouseNameMax} символов` },
});

export const warehouseListQuerySchema = z.object({
  /** A location the employee may work in; absent: every location they may work in. */
  locationId: idSchema.optional(),
});
export const createWarehouseRequestSchema = z.object({ name: warehouseName, locationId: idSchema }).meta({ id: 'CreateWarehouse' });
export type CreateWarehouseRequest = z.input<typeof createWarehouseRequestSchema>;
export const updateWarehouseRequestSchema = z
  .object({ name: warehouseName.optional(), isDefault: z.literal(true, { error: 'Склад можно только сделать основным' }).optional() })
  .refine((v) => v.name !== undefined || v.isDefault !== undefined, { message: 'Нет изменений' })
  .meta({ id: 'UpdateWarehouse' });
export type UpdateWarehouseRequest = z.input<typeof updateWarehouseRequestSchema>;

// ---------------------------------------------------------------------------------------------------
// Documents

const qtySchema = z
  .number({ error: 'Количество должно быть числом' })
  .int('Количество — целое число')
  .min(1, 'Количество должно быть больше нуля')
  .max(stockLimits.qtyMax, `Количество не больше ${stockLimits.qtyMax}`);

const countedSchema = z
  .number({ error: 'Количество должно быть числом' })
  .int('Количество — целое число')
  .min(0, 'Количество не может быть отрицательным')
  .max(stockLimits.qtyMax, `Количество не больше ${stockLimits.qtyMax}`);

const serialSchema = safeText({
  min: 1,
  max: stockLimits.serialMax,
  messages: { required: 'Укажите серийный номер', tooLong: `Серийный номер: не больше ${stockLimits.serialMax} символов` },
}).regex(/^[!-~]+$/, stockMessages.serialFormat);

/** Serial numbers of a line (also receiving against a purchase order, procurement.ts). */
export const serialsSchema = z.array(serialSchema, { error: 'Ожидается список серийных номеров' }).max(stockLimits.qtyMax);

/** A line as sent: `cost` (kopecks per unit) on receipts and stocktake surpluses of never-received goods. */
export const stockLineInputSchema = z.object({
  productId: idSchema,
  qty: qtySchema,
  cost: moneySchema.optional(),
  serials: serialsSchema.optional(),
});
export type StockLineInput = z.input<typeof stockLineInputSchema>;

const linesSchema = z
  .array(stockLineInputSchema, { error: 'Ожидается список строк' })
  .max(stockLimits.linesPerDocument, `Не больше ${stockLimits.linesPerDocument} строк в документе`);

const comment = optionalSafeText({ max: stockLimits.commentMax, multiline: true, label: 'Комментарий' });
const reason = optionalSafeText({ max: stockLimits.reasonMax, label: 'Причина' });

/**
 * `POST /api/stock/<type>`: a draft. Which fields apply depends on the type: receipts `warehouseId`,
 * `supplierId`, lines with `cost` (and `serials` for serial-tracked goods); write-offs `warehouseId`,
 * `reason`, lines (with `serials`); transfers `fromWarehouseId` + `toWarehouseId`, lines; supplier
 * returns `receiptId` (warehouse and supplier come from it), lines; stocktakes `warehouseId` and
 * `productIds` or `categoryId` (nothing: the whole warehouse), then `PATCH { lines: [{ productId, counted }] }`.
 */
export const createStockDocumentRequestSchema = z
  .object({
    warehouseId: idSchema.optional(),
    fromWarehouseId: idSchema.optional(),
    toWarehouseId: idSchema.optional(),
    supplierId: idSchema.nullable().optional(),
    receiptId: idSchema.optional(),
    reason,
    comment,
    lines: linesSchema.default([]),
    productIds: z.array(idSchema).max(stockLimits.linesPerDocument).optional(),
    categoryId: idSchema.optional(),
  })
  .meta({ id: 'CreateStockDocument' });
export type CreateStockDocumentRequest = z.input<typeof createStockDocumentRequestSchema>;
export type CreateStockDocumentInput = z.output<typeof createStockDocumentRequestSchema>;

/** A stocktake's counted line: `serials` counted (a serial counts once), `cost` for a surplus of a never-received product. */
export const stocktakeCountSchema = z.object({
  productId: idSchema,
  counted: countedSchema,
  serials: serialsSchema.optional(),
  cost: moneySchema.optional(),
});

/** `PATCH /api/stock/<type>/:id` (drafts only): any subset; `lines` replaces the lines (stocktakes: the counts of the named products). */
export const updateStockDocumentRequestSchema = z
  .object({
    warehouseId: idSchema.optional(),
    fromWarehouseId: idSchema.optional(),
    toWarehouseId: idSchema.optional(),
    supplierId: idSchema.nullable().optional(),
    reason,
    comment,
    lines: z.array(z.union([stockLineInputSchema, stocktakeCountSchema])).max(stockLimits.linesPerDocument).optional(),
  })
  .meta({ id: 'UpdateStockDocument' });
export type UpdateStockDocumentRequest = z.input<typeof updateStockDocumentRequestSchema>;
export type UpdateStockDocumentInput = z.output<typeof updateStockDocumentRequestSchema>;

/** `POST /api/stock/transfers/:id/receive`: the received quantities (absent: everything as sent). */
export const receiveTransferRequestSchema = z
  .object({ lines: z.array(z.object({ productId: idSchema, qty: countedSchema })).max(stockLimits.linesPerDocument).optional() })
  .meta({ id: 'ReceiveTransfer' });
export type ReceiveTransferRequest = z.input<typeof receiveTransferRequestSchema>;

export const stockDocumentLineSchema = z.object({
  id: z.string(),
  productId: z.string(),
  productName: z.string(),
  sku: z.string().nullable(),
  unit: z.string(),
  serialTracked: z.boolean(),
  qty: z.number().int(),
  /** Unit cost typed on a receipt (or a surplus); null without `see_cost`. */
  cost: z.number().int().nullable(),
  /** The value the line moved when posted (kopecks, positive); the planned `qty × cost` of a receipt draft; null without `see_cost`. */
  value: z.number().int().nullable(),
  serials: z.array(z.string()),
  /** Stocktake: the balance at posting (null before), the count, and the difference. */
  expected: z.number().int().nullable(),
  counted: z.number().int().nullable(),
  /** Transfer: quantity received (null until received). */
  received: z.number().int().nullable(),
});
export type StockDocumentLine = z.infer<typeof stockDocumentLineSchema>;

export const stockDocumentSchema = z
  .object({
    id: z.string(),
    type: z.enum(stockDocumentTypes),
    number: z.string(),
    status: z.enum(stockDocumentStatuses),
    locationId: z.string(),
    warehouseId: z.string(),
    warehouseName: z.string(),
    /** Transfers: the source is `warehouseId` (= `fromWarehouseId`), the destination `toWarehouseId`. */
    fromWarehouseId: z.string().nullable(),
    toWarehouseId: z.string().nullable(),
    toWarehouseName: z.string().nullable(),
    toLocationId: z.string().nullable(),
    supplierId: z.string().nullable(),
    supplierName: z.string().nullable(),
    receiptId: z.string().nullable(),
    receiptNumber: z.string().nullable(),
    /** A receipt made by receiving against a purchase order (procurement.ts): the order. */
    purchaseOrderId: z.string().nullable(),
    purchaseOrderNumber: z.string().nullable(),
    categoryId: z.string().nullable(),
    reason: z.string().nullable(),
    comment: z.string().nullable(),
    lines: z.array(stockDocumentLineSchema),
    /** Sum of line values (kopecks); stocktakes: surplus value − shortage value; null without `see_cost`. */
    total: z.number().int().nullable(),
    /** Stocktakes after posting: the value of the surplus and of the shortage. */
    surplusValue: z.number().int().nullable(),
    shortageValue: z.number().int().nullable(),
    totalQty: z.number().int(),
    authorId: z.string().nullable(),
    authorName: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    postedAt: z.string().nullable(),
    receivedAt: z.string().nullable(),
    cancelledAt: z.string().nullable(),
    /** Copied from this document (`POST /:id/copy`). */
    copiedFromId: z.string().nullable(),
  })
  .meta({ id: 'StockDocument' });
export type StockDocument = z.infer<typeof stockDocumentSchema>;

export const stockDocumentSummarySchema = stockDocumentSchema.omit({ lines: true }).extend({ lineCount: z.number().int() }).meta({ id: 'StockDocumentSummary' });
export type StockDocumentSummary = z.infer<typeof stockDocumentSummarySchema>;

/** `GET /api/stock/<type>`: the documents of the current location (transfers: also those coming to it). */
export const stockDocumentListQuerySchema = pageQuerySchema.extend({
  status: z.enum(stockDocumentStatuses, { error: 'Неизвестный статус' }).optional(),
  warehouseId: idSchema.optional(),
  supplierId: idSchema.optional(),
  productId: idSchema.optional(),
  /** By number: «12», «ПР-000012». */
  search: safeText({ max: 50, label: 'Поиск' }).optional(),
  dateFrom: dateQuery,
  dateTo: dateQuery,
});
export type StockDocumentListQuery = z.input<typeof stockDocumentListQuerySchema>;
export type StockDocumentListFilter = z.output<typeof stockDocumentListQuerySchema>;
export const stockDocumentPageSchema = pageOf(stockDocumentSummarySchema).meta({ id: 'StockDocumentPage' });
export type StockDocumentPage = z.infer<typeof stockDocumentPageSchema>;

// ---------------------------------------------------------------------------------------------------
// Balances, summary, movements, serials

const booleanQuery = z.enum(['true', 'false'], { error: 'Ожидается true или false' }).transform((v) => v === 'true');

/**
 * `GET /api/stock/balances`: rows of warehouse × product with stock (or a minimum). Default: the
 * warehouses of the current location; `allLocations=true`: every location the employee may work in.
 * `zero=true` adds goods with nothing in stock; `belowMin=true` keeps rows under their minimum;
 * `inTransit=true` keeps goods with units in transit to or from these warehouses.
 */
export const balanceListQuerySchema = pageQuerySchema.extend({
  warehouseId: idSchema.optional(),
  productId: idSchema.optional(),
  categoryId: idSchema.optional(),
  search: safeText({ max: catalogLimits.searchMax, label: 'Поиск' }).optional(),
  belowMin: booleanQuery.optional(),
  zero: booleanQuery.optional(),
  inTransit: booleanQuery.optional(),
  allLocations: booleanQuery.optional(),
});
export type BalanceListQuery = z.input<typeof balanceListQuerySchema>;
export type BalanceListFilter = z.output<typeof balanceListQuerySchema>;

export const balanceRowSchema = z.object({
  productId: z.string(),
  warehouseId: z.string(),
  warehouseName: z.string(),
  locationId: z.string(),
  productName: z.string(),
  sku: z.string().nullable(),
  unit: z.string(),
  categoryId: z.string().nullable(),
  price: z.number().int(),
  qty: z.number().int(),
  reserved: z.number().int(),
  /** Units on their way to this warehouse (transfers sent, not yet received). */
  inTransit: z.number().int(),
  minStock: z.number().int(),
  /** The company average cost, kopecks (null without `see_cost`). */
  cost: z.number().int().nullable(),
  /** This warehouse's share of the company value (largest remainder), kopecks. */
  value: z.number().int().nullable(),
});
export type BalanceRow = z.infer<typeof balanceRowSchema>;
export const balancePageSchema = z
  .object({
    items: z.array(balanceRowSchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    /** Value of every row the filter matches (all pages), null without `see_cost`. */
    totalValue: z.number().int().nullable(),
    totalQty: z.number().int(),
  })
  .meta({ id: 'BalancePage' });
export type BalancePage = z.infer<typeof balancePageSchema>;

/** `GET /api/stock/products/:id/summary`: company-wide (every location, goods in transit included). */
export const productStockSummarySchema = z
  .object({
    productId: z.string(),
    qty: z.number().int(),
    reserved: z.number().int(),
    inTransit: z.number().int(),
    value: z.number().int().nullable(),
    cost: z.number().int().nullable(),
    warehouses: z.array(
      z.object({ warehouseId: z.string(), warehouseName: z.string(), locationId: z.string(), locationName: z.string(), qty: z.number().int(), reserved: z.number().int(), value: z.number().int().nullable() }),
    ),
  })
  .meta({ id: 'ProductStockSummary' });
export type ProductStockSummary = z.infer<typeof productStockSummarySchema>;

/** `GET /api/stock/products/summaries?ids=a,b,c`: company stock and average cost of up to 200 products (the catalogue list's columns). */
export const productSummariesQuerySchema = z.object({
  ids: z
    .string({ error: 'Укажите товары' })
    .transform((v) => [...new Set(v.split(',').map((s) => s.trim()).filter(Boolean))])
    .pipe(z.array(idSchema).min(1, 'Укажите товары').max(200, 'Не больше 200 товаров за раз')),
});
export const productSummaryListSchema = z
  .object({
    items: z.array(
      z.object({
        productId: z.string(),
        qty: z.number().int(),
        inTransit: z.number().int(),
        /** The company average cost, kopecks; null without `see_cost`. */
        cost: z.number().int().nullable(),
      }),
    ),
  })
  .meta({ id: 'ProductSummaryList' });
export type ProductSummaryList = z.infer<typeof productSummaryListSchema>;

export const movementListQuerySchema = pageQuerySchema.extend({
  productId: idSchema.optional(),
  warehouseId: idSchema.optional(),
  documentId: idSchema.optional(),
});
export type MovementListQuery = z.input<typeof movementListQuerySchema>;

/** One ledger row; `warehouseId` null for goods in transit. Newest first. */
export const movementSchema = z.object({
  id: z.string(),
  at: z.string(),
  documentType: z.enum(ledgerDocumentTypes),
  documentId: z.string(),
  number: z.string(),
  /** A cancellation's reversing rows carry `cancellation: true`. */
  cancellation: z.boolean(),
  warehouseId: z.string().nullable(),
  warehouseName: z.string().nullable(),
  /** The warehouse's location (a product's history spans every shop; numbers repeat across shops). */
  locationName: z.string().nullable(),
  productId: z.string(),
  productName: z.string(),
  qty: z.number().int(),
  value: z.number().int().nullable(),
});
export type Movement = z.infer<typeof movementSchema>;
export const movementPageSchema = pageOf(movementSchema).meta({ id: 'MovementPage' });
export type MovementPage = z.infer<typeof movementPageSchema>;

export const serialStatuses = ['in_stock', 'in_transit', 'gone'] as const;
export type SerialStatus = (typeof serialStatuses)[number];
export const serialStatusLabels: Record<SerialStatus, string> = { in_stock: 'На складе', in_transit: 'В пути', gone: 'Выбыл' };

export const serialListQuerySchema = pageQuerySchema.extend({
  search: safeText({ max: stockLimits.serialMax, label: 'Поиск' }).optional(),
  productId: idSchema.optional(),
  warehouseId: idSchema.optional(),
});
export const serialInfoSchema = z.object({
  serial: z.string(),
  productId: z.string(),
  productName: z.string(),
  status: z.enum(serialStatuses),
  warehouseId: z.string().nullable(),
  warehouseName: z.string().nullable(),
  /** The last document that moved it. */
  documentId: z.string().nullable(),
  documentType: z.enum(stockDocumentTypes).nullable(),
  number: z.string().nullable(),
  updatedAt: z.string(),
});
export type SerialInfo = z.infer<typeof serialInfoSchema>;
export const serialPageSchema = pageOf(serialInfoSchema).meta({ id: 'SerialPage' });
export type SerialPage = z.infer<typeof serialPageSchema>;

