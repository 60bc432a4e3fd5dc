import { z } from 'zod';
import { commaList, idSchema, pageOf, pageQuerySchema, queryFlag as flag } from './common';
import { phoneSchema } from './phone';
import { moneySchema, optionalSafeText, safeDate, safeText } from './primitives';

/**
 * The online shop (issue #25, remote shop-content): what the site shows (catalogue items, devices with
 * repair prices, slides, storefront categories), the requests it brings in, the shop's settings, and the
 * public storefront API (`/api/public/*`, no staff login). Server: server/docs/shop.md.
 *
 * Rules `view|create|edit|delete:shop_content:own|location|all`. Content is company-wide: any scope of a
 * rule is enough for it. Requests belong to a location (or to none, when the site did not choose one):
 * «location» = the current location's requests and those without one; «all» (and «own», which has no
 * meaning for a request) = those of every location the employee works in, and those without one.
 *
 * Live: a content change publishes its record's entity (`shop_catalog_item`, `shop_device_type`, `shop_brand`,
 * `shop_model`, `shop_slide`, `shop_category`, `shop_settings`, `shop_image`; no location); a new request, or a change of one,
 * publishes `shop_request` to its location (to every location when it has none), with a notice text for a
 * new one («Новая заявка с сайта: …»). The menu badge counts the new requests (`GET /api/shop/requests/counts`).
 *
 * The public API never returns cost, stock quantities, staff data, internal notes (`comment`), or an
 * unpublished item, even by its id (404). Its answers carry `ETag` and `Cache-Control: public, max-age=60`
 * (a changed item is seen within 60 s) and answer 304 to a matching `If-None-Match`; CORS lets only the
 * settings' `allowedOrigins` call it from a browser.
 */

// ---------------------------------------------------------------------------------------------------
// Limits and messages

export const shopLimits = {
  titleMax: 200,
  /** Sanitised HTML of a catalogue item's description. */
  descriptionMax: 20_000,
  nameMax: 100,
  serviceMax: 150,
  pricesMax: 100,
  /** The longest repair: 30 days. */
  minutesMax: 43_200,
  slideTextMax: 500,
  buttonTextMax: 40,
  linkMax: 500,
  slugMax: 100,
  imagesMax: 10,
  siteNameMax: 100,
  originsMax: 20,
  originMax: 200,
  problemMax: 1000,
  commentMax: 2000,
  rejectReasonMax: 500,
  itemsMax: 50,
  qtyMax: 99,
  searchMax: 100,
  /** The public catalogue's largest page. */
  publicPageSizeMax: 48,
  /** Seconds a public answer may be cached (Cache-Control max-age). */
  cacheSeconds: 60,
  /** Public requests per address per window (429 beyond). */
  requestRateMax: 5,
  requestRateWindowMinutes: 10,
  /** A form sent sooner than this after it was opened is spam. */
  minFillSeconds: 3,
  /** The same phone and kind within this window is merged into the first request. */
  mergeMinutes: 10,
} as const;

export const shopMessages = {
  itemNotFound: 'Товар витрины не найден',
  productNotFound: 'Товар не найден',
  productAlreadyListed: 'Этот товар уже есть в каталоге сайта',
  archivedProduct: 'Товар в архиве: его нельзя опубликовать на сайте',
  titleRequired: 'Укажите название',
  titleTooLong: `Название: не больше ${shopLimits.titleMax} символов`,
  descriptionTooLong: `Описание: не больше ${shopLimits.descriptionMax} символов`,
  nameRequired: 'Укажите название',
  nameTooLong: `Название: не больше ${shopLimits.nameMax} символов`,
  nameTaken: 'Такое название уже есть',
  imageNotFound: 'Изображение не найдено',
  tooManyImages: `Не больше ${shopLimits.imagesMax} изображений`,
  typeNotFound: 'Тип устройства не найден',
  brandNotFound: 'Бренд не найден',
  modelNotFound: 'Модель не найдена',
  typeHasModels: 'У этого типа есть модели: сначала удалите или перенесите их',
  brandHasModels: 'У этого бренда есть модели: сначала удалите или перенесите их',
  serviceRequired: 'Укажите услугу',
  serviceTooLong: `Услуга: не больше ${shopLimits.serviceMax} символов`,
  serviceRepeated: 'Эта услуга уже есть в прайсе модели',
  tooManyPrices: `Не больше ${shopLimits.pricesMax} строк прайса`,
  minutesInvalid: `Длительность: целое число минут от 0 до ${shopLimits.minutesMax}`,
  slideNotFound: 'Слайд не найден',
  slideDates: 'Дата окончания показа раньше даты начала',
  linkInvalid: 'Ссылка: путь сайта (/repair) или адрес http(s)://…',
  categoryNotFound: 'Категория витрины не найдена',
  catalogCategoryNotFound: 'Категория каталога не найдена',
  slugInvalid: 'Адрес (slug): латинские буквы, цифры и дефисы, например smartfony',
  slugTaken: 'Такой адрес (slug) уже занят',
  reorderForeign: 'В новом порядке есть записи другого списка',
  reorderRepeated: 'В новом порядке запись повторяется',
  reorderEmpty: 'Передайте записи в новом порядке',
  requestNotFound: 'Заявка не найдена',
  statusInvalid: 'Неизвестный статус заявки',
  kindInvalid: 'Неизвестный вид заявки',
  transitionRefused: 'Заявку нельзя перевести в этот статус',
  rejectReasonRequired: 'Укажите причину отказа',
  rejectReasonTooLong: `Причина: не больше ${shopLimits.rejectReasonMax} символов`,
  alreadyConverted: 'Заявка уже оформлена',
  toOrderKind: 'В заказ на ремонт оформляются заявки на ремонт и обратные звонки',
  toSaleKind: 'В продажу оформляются заказы товаров и обратные звонки',
  noItems: 'В заявке нет товаров',
  locationNotTaking: 'Этот магазин не принимает заявки с сайта',
  locationRequired: 'Выберите магазин, в котором оформить',
  originInvalid: 'Адрес сайта: схема и домен, например https://shop.example.ru',
  tooManyOrigins: `Не больше ${shopLimits.originsMax} адресов`,
  siteNameRequired: 'Укажите название сайта',
  timezoneInvalid: 'Неизвестный часовой пояс',
  // The public request form.
  clientNameRequired: 'Укажите имя',
  clientNameTooLong: `Имя: не больше ${shopLimits.nameMax} символов`,
  problemRequired: 'Опишите неисправность',
  problemTooLong: `Описание: не больше ${shopLimits.problemMax} символов`,
  itemsRequired: 'Добавьте товары в заказ',
  tooManyItems: `Не больше ${shopLimits.itemsMax} товаров в заказе`,
  qtyInvalid: `Количество: от 1 до ${shopLimits.qtyMax}`,
  itemUnavailable: 'Товар недоступен для заказа',
  requestsClosed: 'Приём заявок с сайта временно закрыт. Позвоните нам',
  rateLimited: `Слишком много заявок с вашего адреса. Попробуйте снова через ${shopLimits.requestRateWindowMinutes} минут`,
  startedAtInvalid: 'Неверное время открытия формы',
} as const;

// ---------------------------------------------------------------------------------------------------
// Shared pieces

/**
 * Latin slug of a Russian name (ГОСТ 7.79-2000 Б, simplified): «Смартфоны и планшеты» → `smartfony-i-planshety`.
 * The server makes a generated slug unique by appending `-2`, `-3`…; a slug typed by staff that is taken is a 409.
 */
const translit: Record<string, string> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'e', ж: 'zh', з: 'z', и: 'i', й: 'j', к: 'k', л: 'l', м: 'm', н: 'n', о: 'o', п: 'p',
  р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'h', ц: 'c', ч: 'ch', ш: 'sh', щ: 'shch', ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya',
};
export function slugify(name: string): string {
  const latin = [...name.toLowerCase()].map((c) => translit[c] ?? c).join('');
  return latin
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, shopLimits.slugMax)
    .replace(/-+$/g, '');
}
export const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const slugSchema = z.string({ error: shopMessages.slugInvalid }).trim().max(shopLimits.slugMax, shopMessages.slugInvalid).regex(slugPattern, shopMessages.slugInvalid);

/** An image of the shop's content (`POST /api/shop/images`, multipart file `image`), served publicly. */
export const shopImageSchema = z
  .object({
    id: z.string(),
    /** `/api/public/images/:id`: the re-encoded original. */
    url: z.string(),
    /** `/api/public/images/:id/thumbnail`: WebP, at most 320 px. */
    thumbnailUrl: z.string(),
    width: z.number().int(),
    height: z.number().int(),
  })
  .meta({ id: 'ShopImage' });
export type ShopImage = z.infer<typeof shopImageSchema>;

/** `POST …/reorder`: ids of one list in their new order. Ids of another list (or unknown ones) are a 400 and change nothing. */
export const reorderRequestSchema = z
  .object({
    ids: z
      .array(idSchema, { error: shopMessages.reorderEmpty })
      .min(1, shopMessages.reorderEmpty)
      .max(1000, shopMessages.reorderForeign)
      .refine((ids) => new Set(ids).size === ids.length, { message: shopMessages.reorderRepeated }),
  })
  .meta({ id: 'ShopReorder' });
export type ReorderRequest = z.input<typeof reorderRequestSchema>;

const nameSchema = safeText({ min: 1, max: shopLimits.nameMax, messages: { required: shopMessages.nameRequired, tooLong: shopMessages.nameTooLong } });
const imageIdSchema = idSchema.nullish().transform((v) => v ?? null);

/** A link of a slide: a path of the site (`/repair`) or an http(s) address; nothing else (no `javascript:`). */
export const shopLinkSchema = z
  .string()
  .trim()
  .max(shopLimits.linkMax, shopMessages.linkInvalid)
  .refine((v) => v === '' || /^\/(?!\/)[^\s]*$/.test(v) || /^https?:\/\/[^\s/?#]+[^\s]*$/i.test(v), { message: shopMessages.linkInvalid })
  .transform((v) => (v === '' ? null : v));

// ---------------------------------------------------------------------------------------------------
// Catalogue items (`/catalog`)

export const shopCatalogItemSchema = z
  .object({
    id: z.string(),
    productId: z.string(),
    productName: z.string(),
    sku: z.string().nullable(),
    categoryId: z.string().nullable(),
    categoryName: z.string().nullable(),
    title: z.string(),
    /** Sanitised HTML (the server keeps p, br, b/strong, i/em, u, ul/ol/li, h3/h4, a[href http(s)]). */
    description: z.string(),
    images: z.array(shopImageSchema),
    /** What the site charges: `priceOverride`, or else the product's retail price (kopecks; null when neither is set). */
    price: z.number().int().nullable(),
    priceOverride: z.number().int().nullable(),
    retailPrice: z.number().int().nullable(),
    published: z.boolean(),
    position: z.number().int(),
    /** The product is archived: the item is not served and cannot be published. */
    archived: z.boolean(),
    /** Some stock in any warehouse («в наличии» on the site, else «под заказ»). */
    inStock: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'ShopCatalogItem' });
export type ShopCatalogItem = z.infer<typeof shopCatalogItemSchema>;
export const shopCatalogPageSchema = pageOf(shopCatalogItemSchema).meta({ id: 'ShopCatalogPage' });
export type ShopCatalogPage = z.infer<typeof shopCatalogPageSchema>;

export const shopCatalogQuerySchema = pageQuerySchema.extend({
  /** In the title, the product's name or SKU. */
  search: optionalSafeText({ max: shopLimits.searchMax, label: 'Поиск' }),
  published: flag.optional(),
  /** A catalogue (product) category. */
  categoryId: idSchema.optional(),
});
export type ShopCatalogQuery = z.input<typeof shopCatalogQuerySchema>;

const titleSchema = safeText({ min: 1, max: shopLimits.titleMax, messages: { required: shopMessages.titleRequired, tooLong: shopMessages.titleTooLong } });
/** HTML typed in the editor; the server sanitises it (anything outside the allow-list is dropped, not refused). */
const descriptionSchema = z.string({ error: 'Ожидается строка' }).max(shopLimits.descriptionMax, shopMessages.descriptionTooLong);
const imageIdsSchema = z.array(idSchema).max(shopLimits.imagesMax, shopMessages.tooManyImages);

/** Title defaults to the product's name; images default to copies of the product's photos; price null = the retail price. */
export const createShopCatalogItemSchema = z
  .object({
    productId: idSchema,
    title: titleSchema.optional(),
    description: descriptionSchema.optional(),
    imageIds: imageIdsSchema.optional(),
    price: moneySchema.nullish().transform((v) => v ?? null),
    published: z.boolean().default(false),
  })
  .meta({ id: 'CreateShopCatalogItem' });
export type CreateShopCatalogItemRequest = z.input<typeof createShopCatalogItemSchema>;

/** Only the fields sent change; `price: null` goes back to the retail price. */
export const updateShopCatalogItemSchema = z
  .object({
    title: titleSchema.optional(),
    description: descriptionSchema.optional(),
    imageIds: imageIdsSchema.optional(),
    price: moneySchema.nullable().optional(),
    published: z.boolean().optional(),
  })
  .meta({ id: 'UpdateShopCatalogItem' });
export type UpdateShopCatalogItemRequest = z.input<typeof updateShopCatalogItemSchema>;

// ---------------------------------------------------------------------------------------------------
// Devices (`/devices`): types → brands → models, each model with a repair price list

export const shopDeviceTypeSchema = z
  .object({ id: z.string(), name: z.string(), image: shopImageSchema.nullable(), position: z.number().int(), published: z.boolean(), modelCount: z.number().int() })
  .meta({ id: 'ShopDeviceType' });
export type ShopDeviceType = z.infer<typeof shopDeviceTypeSchema>;

/** Brands are one list for every type; a type's brands are those with models of that type. */
export const shopBrandSchema = z
  .object({ id: z.string(), name: z.string(), image: shopImageSchema.nullable(), position: z.number().int(), published: z.boolean(), modelCount: z.number().int() })
  .meta({ id: 'ShopBrand' });
export type ShopBrand = z.infer<typeof shopBrandSchema>;

export const shopModelSchema = z
  .object({
    id: z.string(),
    typeId: z.string(),
    typeName: z.string(),
    brandId: z.string(),
    brandName: z.string(),
    name: z.string(),
    image: shopImageSchema.nullable(),
    /** Within the models of the same type and brand. */
    position: z.number().int(),
    published: z.boolean(),
    priceCount: z.number().int(),
    /** The lowest price of the list above zero (kopecks), for «от …»: a free service (diagnostics) is not it. */
    minPrice: z.number().int().nullable(),
  })
  .meta({ id: 'ShopModel' });
export type ShopModel = z.infer<typeof shopModelSchema>;

export const shopDeviceListSchema = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item) });
export const shopDeviceTypeListSchema = shopDeviceListSchema(shopDeviceTypeSchema).meta({ id: 'ShopDeviceTypeList' });
export const shopBrandListSchema = shopDeviceListSchema(shopBrandSchema).meta({ id: 'ShopBrandList' });
export const shopModelListSchema = shopDeviceListSchema(shopModelSchema).meta({ id: 'ShopModelList' });

export const createShopDeviceTypeSchema = z.object({ name: nameSchema, imageId: imageIdSchema, published: z.boolean().default(true) }).meta({ id: 'CreateShopDeviceType' });
export const updateShopDeviceTypeSchema = z.object({ name: nameSchema.optional(), imageId: idSchema.nullable().optional(), published: z.boolean().optional() }).meta({ id: 'UpdateShopDeviceType' });
export const createShopBrandSchema = createShopDeviceTypeSchema.meta({ id: 'CreateShopBrand' });
export const updateShopBrandSchema = updateShopDeviceTypeSchema.meta({ id: 'UpdateShopBrand' });
export type CreateShopDeviceTypeRequest = z.input<typeof createShopDeviceTypeSchema>;
export type UpdateShopDeviceTypeRequest = z.input<typeof updateShopDeviceTypeSchema>;

export const shopBrandQuerySchema = z.object({ typeId: idSchema.optional() });
export const shopModelQuerySchema = z.object({
  typeId: idSchema.optional(),
  brandId: idSchema.optional(),
  search: optionalSafeText({ max: shopLimits.searchMax, label: 'Поиск' }),
});
export type ShopModelQuery = z.input<typeof shopModelQuerySchema>;

export const createShopModelSchema = z
  .object({ typeId: idSchema, brandId: idSchema, name: nameSchema, imageId: imageIdSchema, published: z.boolean().default(true) })
  .meta({ id: 'CreateShopModel' });
export const updateShopModelSchema = z
  .object({ typeId: idSchema.optional(), brandId: idSchema.optional(), name: nameSchema.optional(), imageId: idSchema.nullable().optional(), published: z.boolean().optional() })
  .meta({ id: 'UpdateShopModel' });
export type CreateShopModelRequest = z.input<typeof createShopModelSchema>;
export type UpdateShopModelRequest = z.input<typeof updateShopModelSchema>;

export const shopModelPriceSchema = z
  .object({
    service: z.string(),
    /** Kopecks: the exact price, or the lowest one when `priceFrom` («от 1 500 ₽»). */
    price: z.number().int(),
    priceFrom: z.boolean(),
    /** How long the repair takes, in minutes (null: not said). */
    minutes: z.number().int().nullable(),
  })
  .meta({ id: 'ShopModelPrice' });
export type ShopModelPrice = z.infer<typeof shopModelPriceSchema>;
export const shopModelPriceListSchema = z.array(shopModelPriceSchema).meta({ id: 'ShopModelPriceList' });

/** `PUT /api/shop/models/:id/prices`: the whole list in display order (a list body, like PUT numbering). */
export const putShopModelPricesSchema = z
  .array(
    z.object({
      service: safeText({ min: 1, max: shopLimits.serviceMax, messages: { required: shopMessages.serviceRequired, tooLong: shopMessages.serviceTooLong } }),
      price: moneySchema,
      priceFrom: z.boolean().default(false),
      minutes: z.number({ error: shopMessages.minutesInvalid }).int(shopMessages.minutesInvalid).min(0, shopMessages.minutesInvalid).max(shopLimits.minutesMax, shopMessages.minutesInvalid).nullish().transform((v) => v ?? null),
    }),
    { error: 'Ожидается список строк прайса' },
  )
  .max(shopLimits.pricesMax, shopMessages.tooManyPrices)
  .superRefine((rows, ctx) => {
    const seen = new Set<string>();
    rows.forEach((r, i) => {
      const key = r.service.toLowerCase();
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [i, 'service'], message: shopMessages.serviceRepeated });
      seen.add(key);
    });
  })
  .meta({ id: 'PutShopModelPrices' });
export type PutShopModelPricesRequest = z.input<typeof putShopModelPricesSchema>;

// ---------------------------------------------------------------------------------------------------
// Requests from the site (`/request`, `/request/:id`)

export const shopRequestKinds = ['callback', 'repair', 'order'] as const;
export type ShopRequestKind = (typeof shopRequestKinds)[number];
export const shopRequestKindLabels: Record<ShopRequestKind, string> = { callback: 'Обратный звонок', repair: 'Ремонт', order: 'Заказ товаров' };

export const shopRequestStatuses = ['new', 'in_work', 'done', 'rejected'] as const;
export type ShopRequestStatus = (typeof shopRequestStatuses)[number];
export const shopRequestStatusLabels: Record<ShopRequestStatus, string> = { new: 'Новая', in_work: 'В работе', done: 'Выполнена', rejected: 'Отклонена' };
/** Where a request may go from each status (anything else is a 409). Rejected needs a reason; done and rejected can be reopened. */
export const shopRequestTransitions: Record<ShopRequestStatus, readonly ShopRequestStatus[]> = {
  new: ['in_work', 'done', 'rejected'],
  in_work: ['done', 'rejected'],
  done: ['in_work'],
  rejected: ['in_work'],
};

export const shopRequestItemSchema = z.object({
  catalogItemId: z.string(),
  productId: z.string(),
  /** As the site showed it when the request came (a snapshot). */
  title: z.string(),
  price: z.number().int().nullable(),
  qty: z.number().int(),
});
export type ShopRequestItem = z.infer<typeof shopRequestItemSchema>;

export const shopRequestSchema = z
  .object({
    id: z.string(),
    /** «З-000123». */
    number: z.string(),
    kind: z.enum(shopRequestKinds),
    status: z.enum(shopRequestStatuses),
    name: z.string(),
    /** +7XXXXXXXXXX. */
    phone: z.string(),
    modelId: z.string().nullable(),
    /** «Смартфон Apple iPhone 13», as it was when the request came. */
    modelName: z.string().nullable(),
    problem: z.string().nullable(),
    items: z.array(shopRequestItemSchema),
    /** Sum of the items (kopecks; 0 for other kinds). */
    total: z.number().int(),
    locationId: z.string().nullable(),
    locationName: z.string().nullable(),
    rejectReason: z.string().nullable(),
    /** Staff's internal note: never on the public API. */
    comment: z.string().nullable(),
    orderId: z.string().nullable(),
    orderNumber: z.string().nullable(),
    saleId: z.string().nullable(),
    saleNumber: z.string().nullable(),
    /** How many times the same phone sent the same kind within the merge window after this one came. */
    repeats: z.number().int(),
    lastRepeatAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'ShopRequest' });
export type ShopRequest = z.infer<typeof shopRequestSchema>;
export const shopRequestPageSchema = pageOf(shopRequestSchema).meta({ id: 'ShopRequestPage' });
export type ShopRequestPage = z.infer<typeof shopRequestPageSchema>;


/** Newest first. */
export const shopRequestQuerySchema = pageQuerySchema.extend({
  /** One status or a comma list (`new,in_work`). */
  status: commaList(shopRequestStatuses, shopMessages.statusInvalid).optional(),
  kind: commaList(shopRequestKinds, shopMessages.kindInvalid).optional(),
  /** In the number, name or phone. */
  search: optionalSafeText({ max: shopLimits.searchMax, label: 'Поиск' }),
  locationId: idSchema.optional(),
});
export type ShopRequestQuery = z.input<typeof shopRequestQuerySchema>;

/** Only the fields sent change. `rejected` needs `rejectReason` (400 on that field). */
export const updateShopRequestSchema = z
  .object({
    status: z.enum(shopRequestStatuses, { error: shopMessages.statusInvalid }).optional(),
    // `.optional()` outside: an absent field stays undefined (unchanged); '' or null clears it.
    rejectReason: optionalSafeText({ max: shopLimits.rejectReasonMax, multiline: true, messages: { tooLong: shopMessages.rejectReasonTooLong } }).optional(),
    comment: optionalSafeText({ max: shopLimits.commentMax, multiline: true, label: 'Комментарий' }).optional(),
    /** Hand the request to a location that takes requests. */
    locationId: idSchema.optional(),
  })
  .meta({ id: 'UpdateShopRequest' });
export type UpdateShopRequestRequest = z.input<typeof updateShopRequestSchema>;

/**
 * `POST /api/shop/requests/:id/to-order` (repair, callback) and `/to-sale` (order, callback): the client is
 * found by phone or created, the order's device comes from the model, the sale is a draft with the
 * request's items. The request is then linked and goes to «in_work». `locationId` is needed only when the
 * request has none (default: the current location).
 */
export const convertShopRequestSchema = z.object({ locationId: idSchema.optional() }).meta({ id: 'ConvertShopRequest' });
export type ConvertShopRequestRequest = z.input<typeof convertShopRequestSchema>;
export const shopRequestToOrderSchema = z.object({ orderId: z.string() }).meta({ id: 'ShopRequestToOrder' });
export const shopRequestToSaleSchema = z.object({ saleId: z.string() }).meta({ id: 'ShopRequestToSale' });

/** `GET /api/shop/requests/counts`: new requests the employee sees (the menu badge). */
export const shopRequestCountsSchema = z.object({ new: z.number().int() }).meta({ id: 'ShopRequestCounts' });
export type ShopRequestCounts = z.infer<typeof shopRequestCountsSchema>;

// ---------------------------------------------------------------------------------------------------
// Slides (`/constructorMainSlider`) and storefront categories (`/constructorGeneralCategory`)

export const shopSlideSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    text: z.string().nullable(),
    buttonText: z.string().nullable(),
    link: z.string().nullable(),
    imageId: z.string().nullable(),
    image: shopImageSchema.nullable(),
    /** Inclusive days (`YYYY-MM-DD`) in the settings' time zone; null = no bound. */
    activeFrom: z.string().nullable(),
    activeTo: z.string().nullable(),
    position: z.number().int(),
    published: z.boolean(),
    /** Published and today within its dates: shown on the site now. */
    active: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'ShopSlide' });
export type ShopSlide = z.infer<typeof shopSlideSchema>;
export const shopSlideListSchema = z.object({ items: z.array(shopSlideSchema) }).meta({ id: 'ShopSlideList' });

const slideFields = {
  title: titleSchema,
  text: optionalSafeText({ max: shopLimits.slideTextMax, multiline: true, label: 'Текст' }),
  buttonText: optionalSafeText({ max: shopLimits.buttonTextMax, label: 'Текст кнопки' }),
  link: shopLinkSchema.nullish().transform((v) => v ?? null),
  imageId: imageIdSchema,
  activeFrom: safeDate().nullish().transform((v) => v ?? null),
  activeTo: safeDate().nullish().transform((v) => v ?? null),
  published: z.boolean().default(true),
};
const datesInOrder = (v: { activeFrom?: string | null; activeTo?: string | null }) => !v.activeFrom || !v.activeTo || v.activeFrom <= v.activeTo;
export const createShopSlideSchema = z
  .object(slideFields)
  .refine(datesInOrder, { path: ['activeTo'], message: shopMessages.slideDates })
  .meta({ id: 'CreateShopSlide' });
export type CreateShopSlideRequest = z.input<typeof createShopSlideSchema>;
/** Only the fields sent change; the server checks the dates against the stored ones too (400 `activeTo`). */
export const updateShopSlideSchema = z
  .object({
    title: titleSchema.optional(),
    text: slideFields.text,
    buttonText: slideFields.buttonText,
    link: shopLinkSchema.nullable().optional(),
    imageId: idSchema.nullable().optional(),
    activeFrom: safeDate().nullable().optional(),
    activeTo: safeDate().nullable().optional(),
    published: z.boolean().optional(),
  })
  .refine(datesInOrder, { path: ['activeTo'], message: shopMessages.slideDates })
  .meta({ id: 'UpdateShopSlide' });
export type UpdateShopSlideRequest = z.input<typeof updateShopSlideSchema>;

export const shopCategorySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    slug: z.string(),
    imageId: z.string().nullable(),
    image: shopImageSchema.nullable(),
    position: z.number().int(),
    published: z.boolean(),
    catalogCategoryIds: z.array(z.string()),
    catalogCategories: z.array(z.object({ id: z.string(), name: z.string() })),
    /** Published catalogue items it shows now. */
    itemCount: z.number().int(),
  })
  .meta({ id: 'ShopCategory' });
export type ShopCategory = z.infer<typeof shopCategorySchema>;
export const shopCategoryListSchema = z.object({ items: z.array(shopCategorySchema) }).meta({ id: 'ShopCategoryList' });

export const createShopCategorySchema = z
  .object({
    name: nameSchema,
    /** Default: `slugify(name)`, made unique. */
    slug: slugSchema.optional(),
    imageId: imageIdSchema,
    published: z.boolean().default(true),
    catalogCategoryIds: z.array(idSchema).max(200).default([]),
  })
  .meta({ id: 'CreateShopCategory' });
export type CreateShopCategoryRequest = z.input<typeof createShopCategorySchema>;
export const updateShopCategorySchema = z
  .object({
    name: nameSchema.optional(),
    slug: slugSchema.optional(),
    imageId: idSchema.nullable().optional(),
    published: z.boolean().optional(),
    catalogCategoryIds: z.array(idSchema).max(200).optional(),
  })
  .meta({ id: 'UpdateShopCategory' });
export type UpdateShopCategoryRequest = z.input<typeof updateShopCategorySchema>;

// ---------------------------------------------------------------------------------------------------
// Settings (`GET|PUT /api/shop/settings`)

/** `https://shop.example.ru` or `http://localhost:3000`: scheme, host and port, no path. */
export const originSchema = z
  .string()
  .trim()
  .max(shopLimits.originMax, shopMessages.originInvalid)
  .regex(/^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/i, shopMessages.originInvalid)
  .transform((v) => v.toLowerCase());

export const shopSettingsSchema = z
  .object({
    siteName: z.string(),
    phone: z.string().nullable(),
    /** Locations that take requests (and that the site's forms offer). */
    requestLocationIds: z.array(z.string()),
    /** Browser origins allowed to call `/api/public/*` (CORS). */
    allowedOrigins: z.array(z.string()),
    requestsOpen: z.boolean(),
    /** IANA zone of the site's days (slides' dates). */
    timezone: z.string(),
    updatedAt: z.string().nullable(),
  })
  .meta({ id: 'ShopSettings' });
export type ShopSettings = z.infer<typeof shopSettingsSchema>;

export const putShopSettingsSchema = z
  .object({
    siteName: safeText({ min: 1, max: shopLimits.siteNameMax, messages: { required: shopMessages.siteNameRequired } }),
    phone: phoneSchema.nullish().transform((v) => v ?? null),
    requestLocationIds: z.array(idSchema).max(200),
    allowedOrigins: z.array(originSchema).max(shopLimits.originsMax, shopMessages.tooManyOrigins),
    requestsOpen: z.boolean(),
    timezone: z.string().max(64).refine((tz) => {
      try {
        new Intl.DateTimeFormat('ru-RU', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, shopMessages.timezoneInvalid),
  })
  .meta({ id: 'PutShopSettings' });
export type PutShopSettingsRequest = z.input<typeof putShopSettingsSchema>;

// ---------------------------------------------------------------------------------------------------
// The public storefront API (`/api/public/*`, no Authorization)

export const publicImageSchema = z.object({ url: z.string(), thumbnailUrl: z.string(), width: z.number().int(), height: z.number().int() });

export const publicCatalogItemSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    images: z.array(publicImageSchema),
    price: z.number().int().nullable(),
    /** «в наличии» when true, «под заказ» when false: never a quantity. */
    inStock: z.boolean(),
    /** Slugs of the storefront categories it appears in. */
    categories: z.array(z.string()),
  })
  .meta({ id: 'PublicCatalogItem' });
export type PublicCatalogItem = z.infer<typeof publicCatalogItemSchema>;
export const publicCatalogPageSchema = z.object({ items: z.array(publicCatalogItemSchema), total: z.number().int() }).meta({ id: 'PublicCatalogPage' });
export type PublicCatalogPage = z.infer<typeof publicCatalogPageSchema>;

export const publicCatalogQuerySchema = z.object({
  /** A storefront category's slug (unknown: an empty page). */
  category: z.string().trim().max(shopLimits.slugMax).optional(),
  search: optionalSafeText({ max: shopLimits.searchMax, label: 'Поиск' }),
  page: pageQuerySchema.shape.page,
  pageSize: z.coerce.number({ error: 'Ожидается число' }).int().min(1).max(shopLimits.publicPageSizeMax, `Не больше ${shopLimits.publicPageSizeMax} товаров на странице`).default(24),
});
export type PublicCatalogQuery = z.input<typeof publicCatalogQuerySchema>;

export const publicCategorySchema = z.object({ id: z.string(), name: z.string(), slug: z.string(), image: publicImageSchema.nullable() }).meta({ id: 'PublicCategory' });
export const publicCategoryListSchema = z.object({ items: z.array(publicCategorySchema) }).meta({ id: 'PublicCategoryList' });

export const publicSlideSchema = z
  .object({ id: z.string(), title: z.string(), text: z.string().nullable(), buttonText: z.string().nullable(), link: z.string().nullable(), image: publicImageSchema.nullable() })
  .meta({ id: 'PublicSlide' });
export const publicSlideListSchema = z.object({ items: z.array(publicSlideSchema) }).meta({ id: 'PublicSlideList' });

/** `GET /api/public/devices`: the published tree (a type's brands are those with published models of it). */
export const publicDeviceTreeSchema = z
  .object({
    types: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        image: publicImageSchema.nullable(),
        brands: z.array(
          z.object({
            id: z.string(),
            name: z.string(),
            image: publicImageSchema.nullable(),
            models: z.array(z.object({ id: z.string(), name: z.string(), image: publicImageSchema.nullable(), minPrice: z.number().int().nullable() })),
          }),
        ),
      }),
    ),
  })
  .meta({ id: 'PublicDeviceTree' });
export type PublicDeviceTree = z.infer<typeof publicDeviceTreeSchema>;

export const publicModelPricesSchema = z
  .object({
    model: z.object({ id: z.string(), name: z.string(), typeName: z.string(), brandName: z.string(), image: publicImageSchema.nullable() }),
    prices: z.array(shopModelPriceSchema),
  })
  .meta({ id: 'PublicModelPrices' });
export type PublicModelPrices = z.infer<typeof publicModelPricesSchema>;

/** `GET /api/public/info`: what the site's header and forms need. */
export const publicShopInfoSchema = z
  .object({
    siteName: z.string(),
    phone: z.string().nullable(),
    requestsOpen: z.boolean(),
    locations: z.array(z.object({ id: z.string(), name: z.string(), address: z.string().nullable() })),
  })
  .meta({ id: 'PublicShopInfo' });
export type PublicShopInfo = z.infer<typeof publicShopInfoSchema>;

/**
 * `POST /api/public/requests` → 201 `{ number }`. `website` is the honeypot (hidden in the form; must stay
 * empty) and `startedAt` the moment the form was opened (epoch ms or ISO); a filled honeypot or a form sent
 * sooner than `minFillSeconds` is spam: answered like success with a made-up number, stored hidden, never
 * shown to staff. More than `requestRateMax` requests from one address in the window: 429. The same phone
 * and kind within `mergeMinutes` is merged into the first request (its number is answered).
 */
export const publicRequestSchema = z
  .object({
    kind: z.enum(shopRequestKinds, { error: shopMessages.kindInvalid }),
    name: safeText({ min: 1, max: shopLimits.nameMax, messages: { required: shopMessages.clientNameRequired, tooLong: shopMessages.clientNameTooLong } }),
    phone: phoneSchema,
    modelId: idSchema.nullish().transform((v) => v ?? null),
    problem: optionalSafeText({ max: shopLimits.problemMax, multiline: true, messages: { tooLong: shopMessages.problemTooLong } }),
    items: z
      .array(z.object({ id: idSchema, qty: z.number({ error: shopMessages.qtyInvalid }).int(shopMessages.qtyInvalid).min(1, shopMessages.qtyInvalid).max(shopLimits.qtyMax, shopMessages.qtyInvalid) }))
      .max(shopLimits.itemsMax, shopMessages.tooManyItems)
      .nullish()
      .transform((v) => v ?? []),
    locationId: idSchema.nullish().transform((v) => v ?? null),
    /** The honeypot: any value (a string of up to 200 characters) is accepted and marks spam. */
    website: z.string().max(200).nullish().transform((v) => v ?? ''),
    startedAt: z.union([z.number().int().min(0), z.string().max(40)], { error: shopMessages.startedAtInvalid }),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'repair' && !v.problem) ctx.addIssue({ code: 'custom', path: ['problem'], message: shopMessages.problemRequired });
    if (v.kind === 'order' && v.items.length === 0) ctx.addIssue({ code: 'custom', path: ['items'], message: shopMessages.itemsRequired });
  })
  .meta({ id: 'PublicRequest' });
export type PublicRequestInput = z.input<typeof publicRequestSchema>;
export const publicRequestCreatedSchema = z.object({ number: z.string() }).meta({ id: 'PublicRequestCreated' });
