import { z } from 'zod';
import { idSchema, pageOf, pageQuerySchema } from './common';
import { moneySchema, optionalSafeText, safeText } from './primitives';

/**
 * The catalogue (issue #8): categories (a two-level tree) and products — goods and services. It is
 * company-wide: every location sells from the same catalogue; only the minimum stock is per warehouse.
 * Money is integer kopecks. See server/docs/catalog.md for the decisions.
 */

export const productKinds = ['good', 'service'] as const;
export type ProductKind = (typeof productKinds)[number];
export const productKindLabels: Record<ProductKind, string> = { good: 'Товар', service: 'Услуга' };

/** Limits shared by the server and the forms. */
export const catalogLimits = {
  categoryNameMax: 100,
  productNameMax: 200,
  skuMax: 64,
  barcodeMax: 64,
  barcodesPerProduct: 20,
  unitMax: 20,
  descriptionMax: 5000,
  warrantyDaysMax: 3650,
  minStockQtyMax: 1_000_000,
  minStockEntries: 200,
  searchMax: 100,
} as const;

export const catalogMessages = {
  categoryNotFound: 'Категория не найдена',
  parentNotFound: 'Родительская категория не найдена',
  parentNotTopLevel: 'Подкатегорию можно создать только внутри категории верхнего уровня',
  parentIsSelf: 'Категория не может быть вложена сама в себя',
  hasSubcategories: 'У категории есть подкатегории: её нельзя сделать подкатегорией',
  productNotFound: 'Товар не найден',
  productArchived: 'Товар в архиве: сначала верните его из архива',
  productAlreadyArchived: 'Товар уже в архиве',
  productNotArchived: 'Товар не в архиве',
  serviceSerialTracked: 'Услуга не может учитываться по серийным номерам',
  serviceMinStock: 'У услуги нет складского остатка: минимальный остаток не задаётся',
  warehouseNotFound: 'Склад не найден',
  duplicateWarehouse: 'Склад указан дважды',
  barcodeFormat: 'Штрихкод: только латинские буквы, цифры и знаки, без пробелов',
  noChanges: 'Нет изменений',
  imageNotFound: 'Фото не найдено',
  tooManyImages: 'У товара уже 8 фото: удалите лишние, чтобы добавить новое',
} as const;

/** «Категория «Дисплеи» уже есть на этом уровне». */
export const categoryExistsMessage = (name: string) => `Категория «${name}» уже есть на этом уровне`;
/** «Артикул IP13-DSP уже занят: «Дисплей iPhone 13»» (an archived owner is named as such). */
export const skuTakenMessage = (sku: string, productName: string, archived = false) =>
  `Артикул ${sku} уже занят: «${productName}»${archived ? ' (в архиве)' : ''}`;
/** «Штрихкод 4601234567893 уже у товара «Чехол …»». */
export const barcodeTakenMessage = (barcode: string, productName: string, archived = false) =>
  `Штрихкод ${barcode} уже у товара «${productName}»${archived ? ' (в архиве)' : ''}`;

/** Russian plural: `plural(3, ['товар', 'товара', 'товаров'])` → «товара». */
export function plural(n: number, [one, few, many]: readonly [string, string, string]): string {
  const mod10 = n % 10;
  const mod100 = n % 100;
  if (mod10 === 1 && mod100 !== 11) return one;
  if (mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14)) return few;
  return many;
}

/**
 * The 409 of a category delete: «Категорию «Запчасти» нельзя удалить: в ней и её подкатегориях 3 товара
 * и 1 услуга. Перенесите их в другую категорию или удалите».
 */
export function categoryNotEmptyMessage(name: string, counts: { goods: number; services: number; inSubcategories: boolean }): string {
  const parts: string[] = [];
  if (counts.goods > 0) parts.push(`${counts.goods} ${plural(counts.goods, ['товар', 'товара', 'товаров'])}`);
  if (counts.services > 0) parts.push(`${counts.services} ${plural(counts.services, ['услуга', 'услуги', 'услуг'])}`);
  const where = counts.inSubcategories ? 'в ней и её подкатегориях' : 'в ней';
  return `Категорию «${name}» нельзя удалить: ${where} ${parts.join(' и ')}. Перенесите их в другую категорию или удалите`;
}

// ---------------------------------------------------------------------------------------------------
// Categories

/** A category; `parentId` null for the top level. Counts are of products not in the archive. */
export const categorySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    parentId: z.string().nullable(),
    /** Products (goods and services) directly in this category. */
    productCount: z.number().int(),
    /** With the products of its sub-categories (equals `productCount` for a sub-category). */
    totalProductCount: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Category' });
export type Category = z.infer<typeof categorySchema>;
/** Top-level categories by name, each followed by its sub-categories by name. */
export const categoryListSchema = z.array(categorySchema);

const categoryName = safeText({
  min: 1,
  max: catalogLimits.categoryNameMax,
  messages: { required: 'Укажите название категории', tooLong: `Название категории: не больше ${catalogLimits.categoryNameMax} символов` },
});
const parentIdSchema = idSchema.nullable();

export const createCategoryRequestSchema = z
  .object({
    name: categoryName,
    /** null or absent: a top-level category; otherwise the id of a top-level category. */
    parentId: parentIdSchema.optional().transform((v) => v ?? null),
  })
  .meta({ id: 'CreateCategory' });
export type CreateCategoryRequest = z.input<typeof createCategoryRequestSchema>;

/** Rename and/or move: `parentId: null` moves a sub-category to the top level. */
export const updateCategoryRequestSchema = z
  .object({ name: categoryName.optional(), parentId: parentIdSchema.optional() })
  .refine((v) => v.name !== undefined || v.parentId !== undefined, { message: catalogMessages.noChanges })
  .meta({ id: 'UpdateCategory' });
export type UpdateCategoryRequest = z.input<typeof updateCategoryRequestSchema>;

// ---------------------------------------------------------------------------------------------------
// Products

/** Printable ASCII without spaces: EAN/UPC digits and Code 128 alike. A scanner in a Russian layout is the client's job (`fromRussianLayout`). */
const barcodePattern = /^[!-~]+$/;

const barcodeSchema = safeText({
  min: 1,
  max: catalogLimits.barcodeMax,
  messages: { required: 'Укажите штрихкод', tooLong: `Штрихкод: не больше ${catalogLimits.barcodeMax} символов` },
}).regex(barcodePattern, catalogMessages.barcodeFormat);

/** Several barcodes; repeats are dropped (the first one stays), order kept. */
const barcodesSchema = z
  .array(barcodeSchema, { error: 'Ожидается список штрихкодов' })
  .max(catalogLimits.barcodesPerProduct, `Не больше ${catalogLimits.barcodesPerProduct} штрихкодов у товара`)
  .transform((list) => [...new Set(list)]);

/**
 * Minimum stock per warehouse: `[{ warehouseId, qty }]`, at most one entry per warehouse. Only goods
 * have it. An entry with `qty: 0` means no minimum (it is not stored).
 */
export const minStockEntrySchema = z.object({
  warehouseId: idSchema,
  qty: z
    .number({ error: 'Количество должно быть числом' })
    .int('Количество — целое число')
    .min(0, 'Количество не может быть отрицательным')
    .max(catalogLimits.minStockQtyMax, `Количество не больше ${catalogLimits.minStockQtyMax}`),
});
export type MinStockEntry = z.infer<typeof minStockEntrySchema>;

const minStockSchema = z
  .array(minStockEntrySchema, { error: 'Ожидается список складов' })
  .max(catalogLimits.minStockEntries, `Не больше ${catalogLimits.minStockEntries} складов`)
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((entry, i) => {
      if (seen.has(entry.warehouseId)) ctx.addIssue({ code: 'custom', path: [i, 'warehouseId'], message: catalogMessages.duplicateWarehouse });
      seen.add(entry.warehouseId);
    });
  });

const productFields = {
  kind: z.enum(productKinds, { error: 'Укажите: товар или услуга' }),
  name: safeText({
    min: 1,
    max: catalogLimits.productNameMax,
    messages: { required: 'Укажите название', tooLong: `Название: не больше ${catalogLimits.productNameMax} символов` },
  }),
  /** Unique (case-insensitively) across the whole catalogue, archive included; null for none. */
  sku: optionalSafeText({ max: catalogLimits.skuMax, messages: { tooLong: `Артикул: не больше ${catalogLimits.skuMax} символов` } }),
  barcodes: barcodesSchema,
  unit: safeText({ min: 1, max: catalogLimits.unitMax, messages: { required: 'Укажите единицу измерения', tooLong: `Единица измерения: не больше ${catalogLimits.unitMax} символов` } }),
  /** Retail price in kopecks. */
  price: moneySchema,
  categoryId: idSchema.nullable(),
  serialTracked: z.boolean({ error: 'Ожидается да или нет' }),
  warrantyDays: z
    .number({ error: 'Гарантия должна быть числом дней' })
    .int('Гарантия — целое число дней')
    .min(0, 'Гарантия не может быть отрицательной')
    .max(catalogLimits.warrantyDaysMax, `Гарантия не больше ${catalogLimits.warrantyDaysMax} дней`),
  minStock: minStockSchema,
  description: optionalSafeText({ max: catalogLimits.descriptionMax, multiline: true, label: 'Описание' }),
};

/** The rules between fields, for a whole product (a create, or a stored product with a change applied). */
export function productRuleErrors(p: { kind: ProductKind; serialTracked: boolean; minStock: ReadonlyArray<{ qty: number }> }): Record<string, string> {
  const errors: Record<string, string> = {};
  if (p.kind === 'service' && p.serialTracked) errors.serialTracked = catalogMessages.serviceSerialTracked;
  if (p.kind === 'service' && p.minStock.some((m) => m.qty > 0)) errors.minStock = catalogMessages.serviceMinStock;
  return errors;
}

export const createProductRequestSchema = z
  .object({
    ...productFields,
    kind: productFields.kind.default('good'),
    barcodes: barcodesSchema.default([]),
    unit: productFields.unit.default('шт'),
    price: moneySchema.default(0),
    categoryId: productFields.categoryId.optional().transform((v) => v ?? null),
    serialTracked: productFields.serialTracked.default(false),
    warrantyDays: productFields.warrantyDays.default(0),
    minStock: minStockSchema.default([]),
  })
  .superRefine((p, ctx) => {
    for (const [path, message] of Object.entries(productRuleErrors(p))) ctx.addIssue({ code: 'custom', path: [path], message });
  })
  .meta({ id: 'CreateProduct' });
export type CreateProductRequest = z.input<typeof createProductRequestSchema>;
export type CreateProductInput = z.output<typeof createProductRequestSchema>;

/**
 * Any subset of the fields; `barcodes` and `minStock` replace the lists (`minStock` only for the
 * warehouses of the locations the employee may work in: other warehouses' minimums are kept).
 */
export const updateProductRequestSchema = z
  .object(productFields)
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: catalogMessages.noChanges })
  .meta({ id: 'UpdateProduct' });
export type UpdateProductRequest = z.input<typeof updateProductRequestSchema>;
export type UpdateProductInput = z.output<typeof updateProductRequestSchema>;

/** A product's photo (JPEG, PNG or WebP up to 5 MB, re-encoded without metadata; a WebP thumbnail). */
export const productImageSchema = z.object({ id: z.string(), width: z.number().int(), height: z.number().int() }).meta({ id: 'ProductImage' });
export type ProductImage = z.infer<typeof productImageSchema>;
export const productImageLimits = { maxPerProduct: 8 };

export const productSchema = z
  .object({
    id: z.string(),
    kind: z.enum(productKinds),
    name: z.string(),
    sku: z.string().nullable(),
    barcodes: z.array(z.string()),
    unit: z.string(),
    price: z.number().int(),
    categoryId: z.string().nullable(),
    serialTracked: z.boolean(),
    warrantyDays: z.number().int(),
    /** Minimums of the warehouses in the locations the employee may work in. */
    minStock: z.array(z.object({ warehouseId: z.string(), qty: z.number().int() })),
    description: z.string().nullable(),
    /** Photos in display order: `GET /api/catalog/images/:id` (and `/thumbnail`), usable as `<img src>`. */
    images: z.array(productImageSchema),
    /** When it was archived (`DELETE`); null for a product in use. */
    archivedAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Product' });
export type Product = z.infer<typeof productSchema>;

const booleanQuery = z.enum(['true', 'false'], { error: 'Ожидается true или false' }).transform((v) => v === 'true');

/**
 * `GET /api/catalog/products`: `search` by name (any case, ё = е), SKU or barcode (also typed in a
 * Russian keyboard layout); `categoryId` of a top-level category includes its sub-categories;
 * `archived=true` lists the archive instead.
 */
export const productListQuerySchema = pageQuerySchema.extend({
  search: safeText({ max: catalogLimits.searchMax, label: 'Поиск' }).optional(),
  categoryId: idSchema.optional(),
  kind: z.enum(productKinds, { error: 'Ожидается good или service' }).optional(),
  archived: booleanQuery.optional(),
});
export type ProductListQuery = z.input<typeof productListQuerySchema>;
export type ProductListFilter = z.output<typeof productListQuerySchema>;
export const productPageSchema = pageOf(productSchema).meta({ id: 'ProductPage' });
export type ProductPage = z.infer<typeof productPageSchema>;

// ---------------------------------------------------------------------------------------------------
// Search helpers (shared so the client highlights what the server matched)

/** How names and SKUs are compared: lower case, `ё` as `е`, spaces collapsed. */
export function normalizeSearchText(value: string): string {
  return value.toLowerCase().replace(/ё/g, 'е').replace(/\s+/g, ' ').trim();
}

const russianLayout = 'йцукенгшщзхъфывапролджэячсмитьбюёЙЦУКЕНГШЩЗХЪФЫВАПРОЛДЖЭЯЧСМИТЬБЮЁ';
const latinLayout = 'qwertyuiop[]asdfghjkl;\'zxcvbnm,.`QWERTYUIOP{}ASDFGHJKL:"ZXCVBNM<>~';

/**
 * What a keyboard in the Russian layout typed for keys meant in the Latin one (a keyboard-wedge
 * scanner or a SKU typed with the wrong layout): «шз13» → «ip13». Only Cyrillic letters are mapped; the
 * rest (digits, `-`, Latin) is the same on both layouts and stays.
 */
export function fromRussianLayout(value: string): string {
  let out = '';
  for (const ch of value) {
    const i = russianLayout.indexOf(ch);
    out += i >= 0 ? latinLayout[i] : ch;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Import from Excel: the client reads the .xlsx and sends its rows; the server previews, then writes.

export const importLimits = { rows: 5000 } as const;

/** One row of a price list as the client read it (money already in kopecks). Everything is checked per row on the server. */
export const importRowSchema = z.object({
  name: z.string().max(1000).optional(),
  sku: z.string().max(1000).optional(),
  barcodes: z.array(z.string().max(1000)).max(50).optional(),
  kind: z.string().max(50).optional(),
  unit: z.string().max(1000).optional(),
  price: z.number().optional(),
  category: z.string().max(1000).optional(),
  subcategory: z.string().max(1000).optional(),
  warrantyDays: z.number().optional(),
  serialTracked: z.boolean().optional(),
  description: z.string().max(10000).optional(),
});
export type ImportRow = z.infer<typeof importRowSchema>;

export const importProductsRequestSchema = z
  .object({
    rows: z.array(importRowSchema).min(1, 'В файле нет строк с товарами').max(importLimits.rows, `Не больше ${importLimits.rows} строк за один импорт`),
    /** true: only the preview, nothing written. */
    dryRun: z.boolean(),
  })
  .meta({ id: 'ImportProducts' });
export type ImportProductsRequest = z.input<typeof importProductsRequestSchema>;

export const importPreviewSchema = z
  .object({
    rows: z.array(
      z.object({
        /** The row's number in the request (1-based, as the file shows it under its header). */
        row: z.number().int(),
        action: z.enum(['create', 'update', 'error']),
        name: z.string(),
        productId: z.string().nullable(),
        errors: z.record(z.string(), z.string()),
      }),
    ),
    created: z.number().int(),
    updated: z.number().int(),
    failed: z.number().int(),
    /** Categories («Категория / Подкатегория») that the import creates. */
    newCategories: z.array(z.string()),
    /** False when it was a preview (or refused because of row errors). */
    written: z.boolean(),
  })
  .meta({ id: 'ImportPreview' });
export type ImportPreview = z.infer<typeof importPreviewSchema>;
