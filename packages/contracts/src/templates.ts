import { z } from 'zod';
import { idSchema } from './common';
import { safeText } from './primitives';

/**
 * Printed documents (issue #10, `/patterns`): HTML templates with Liquid variables, rendered on the
 * server for a real order, sale or products, sanitised when saved and before printing. Every print is
 * audited. Server: server/docs/templates.md.
 *
 * Live refresh: changes publish `template`.
 */

export const templateKinds = ['order_receipt', 'order_act', 'warranty_card', 'sale_receipt', 'price_label', 'purchase_order'] as const;
export type TemplateKind = (typeof templateKinds)[number];
export const templateKindLabels: Record<TemplateKind, string> = {
  order_receipt: 'Квитанция о приёме',
  order_act: 'Акт выполненных работ',
  warranty_card: 'Гарантийный талон',
  sale_receipt: 'Товарный чек',
  price_label: 'Ценник',
  purchase_order: 'Заказ поставщику',
};
/** What a template is filled with: a repair order, a sale, products, or a purchase order. */
export type TemplateSubject = 'order' | 'sale' | 'products' | 'purchase_order';
/** What each kind is rendered for. */
export const templateSubjects: Record<TemplateKind, TemplateSubject> = {
  order_receipt: 'order',
  order_act: 'order',
  warranty_card: 'order',
  sale_receipt: 'sale',
  price_label: 'products',
  purchase_order: 'purchase_order',
};

export const paperFormats = ['a4', 'mm80', 'mm58', 'label58x40'] as const;
export type PaperFormat = (typeof paperFormats)[number];
export const paperFormatLabels: Record<PaperFormat, string> = { a4: 'A4', mm80: 'Чековая лента 80 мм', mm58: 'Чековая лента 58 мм', label58x40: 'Этикетка 58×40 мм' };
/** The `@page` rule and body width printed with each format. */
export const paperCss: Record<PaperFormat, string> = {
  a4: '@page { size: A4; margin: 15mm; } body { margin: 0; }',
  mm80: '@page { size: 80mm auto; margin: 0; } body { width: 72mm; margin: 0 4mm; }',
  mm58: '@page { size: 58mm auto; margin: 0; } body { width: 48mm; margin: 0 5mm; }',
  label58x40: '@page { size: 58mm 40mm; margin: 0; } body { width: 58mm; height: 40mm; margin: 0; overflow: hidden; }',
};
/** The paper a new template of a kind starts with. */
export const defaultPaperOf: Record<TemplateKind, PaperFormat> = {
  order_receipt: 'mm80',
  order_act: 'a4',
  warranty_card: 'a4',
  sale_receipt: 'mm80',
  price_label: 'label58x40',
  purchase_order: 'a4',
};

export const templateLimits = { nameMax: 120, bodyMax: 100_000 } as const;

export const templateMessages = {
  notFound: 'Шаблон не найден',
  parse: (detail: string) => `Ошибка в шаблоне: ${detail}`,
  render: (detail: string) => `Шаблон не удалось заполнить: ${detail}`,
  subjectRequired: (subject: TemplateSubject) =>
    ({
      order: 'Выберите заказ для предпросмотра',
      sale: 'Выберите продажу для предпросмотра',
      products: 'Выберите товары для ценников',
      purchase_order: 'Выберите заказ поставщику для предпросмотра',
    })[subject],
  builtInDelete: 'Встроенный шаблон нельзя удалить: его можно восстановить по умолчанию',
  notBuiltIn: 'Восстановить можно только встроенный шаблон',
  nameTaken: 'Шаблон с таким названием уже есть',
  saleNotFound: 'Продажа не найдена',
  productsNotFound: 'Товары не найдены',
} as const;

export const templateSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    kind: z.enum(templateKinds),
    paper: z.enum(paperFormats),
    body: z.string(),
    /** One of the built-in templates (it can be restored to its default, not deleted). */
    builtIn: z.boolean(),
    /** The body differs from the built-in default. */
    modified: z.boolean(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Template' });
export type Template = z.infer<typeof templateSchema>;
export const templateListSchema = z.array(templateSchema);

const body = z
  .string({ error: 'Текст шаблона — строка' })
  .max(templateLimits.bodyMax, `Шаблон: не больше ${templateLimits.bodyMax} символов`)
  .refine((v) => v.trim().length > 0, 'Шаблон пуст');
const name = safeText({ min: 1, max: templateLimits.nameMax, messages: { required: 'Укажите название шаблона' } });

export const createTemplateRequestSchema = z
  .object({ name, kind: z.enum(templateKinds, { error: 'Неизвестный вид шаблона' }), paper: z.enum(paperFormats, { error: 'Неизвестный формат бумаги' }).optional(), body })
  .meta({ id: 'CreateTemplate' });
export type CreateTemplateRequest = z.input<typeof createTemplateRequestSchema>;
export const updateTemplateRequestSchema = z
  .object({ name: name.optional(), paper: z.enum(paperFormats, { error: 'Неизвестный формат бумаги' }).optional(), body: body.optional(), restoreDefault: z.literal(true).optional() })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Нет изменений' })
  .meta({ id: 'UpdateTemplate' });
export type UpdateTemplateRequest = z.input<typeof updateTemplateRequestSchema>;

/**
 * `POST /api/templates/:id/render`: the subject (an order, a sale or products) and, for a preview of
 * unsaved changes, the body to render instead of the stored one. `print: true` records the print in the
 * audit (and the order's timeline).
 */
export const renderTemplateRequestSchema = z
  .object({
    orderId: idSchema.optional(),
    saleId: idSchema.optional(),
    productIds: z.array(idSchema).max(200, 'Не больше 200 ценников за раз').optional(),
    purchaseOrderId: idSchema.optional(),
    body: body.optional(),
    /** The paper to preview with (unsaved); the stored one by default. */
    paper: z.enum(paperFormats, { error: 'Неизвестный формат бумаги' }).optional(),
    print: z.boolean().optional(),
  })
  .meta({ id: 'RenderTemplate' });
export type RenderTemplateRequest = z.input<typeof renderTemplateRequestSchema>;
export const renderedTemplateSchema = z.object({ html: z.string(), paper: z.enum(paperFormats), css: z.string() }).meta({ id: 'RenderedTemplate' });
export type RenderedTemplate = z.infer<typeof renderedTemplateSchema>;

/** The variables a template may use, listed beside the editor. */
export const templateVariables: Array<{ name: string; label: string }> = [
  { name: 'company.name', label: 'Компания' },
  { name: 'company.legal_name', label: 'Юридическое название' },
  { name: 'company.inn', label: 'ИНН' },
  { name: 'company.kpp', label: 'КПП' },
  { name: 'company.ogrn', label: 'ОГРН / ОГРНИП' },
  { name: 'company.address', label: 'Юридический адрес' },
  { name: 'company.phone', label: 'Телефон компании' },
  { name: 'company.email', label: 'E-mail компании' },
  { name: 'company.bank_name', label: 'Банк' },
  { name: 'company.bik', label: 'БИК' },
  { name: 'company.account', label: 'Расчётный счёт' },
  { name: 'company.corr_account', label: 'Корр. счёт' },
  { name: 'location.name', label: 'Магазин' },
  { name: 'location.address', label: 'Адрес магазина' },
  { name: 'location.phone', label: 'Телефон магазина' },
  { name: 'client.name', label: 'Клиент' },
  { name: 'client.phone', label: 'Телефон клиента' },
  { name: 'order.number', label: 'Номер заказа' },
  { name: 'order.created_at', label: 'Дата приёма' },
  { name: 'order.due_at', label: 'Срок' },
  { name: 'order.malfunction', label: 'Неисправность' },
  { name: 'order.estimate', label: 'Ориентировочная стоимость' },
  { name: 'order.status', label: 'Статус' },
  { name: 'order.urgent', label: 'Срочный (да/нет)' },
  { name: 'order.issued_at', label: 'Дата выдачи' },
  { name: 'order.warranty_of', label: 'Гарантия по заказу №' },
  { name: 'order.warranty_until', label: 'Гарантия до' },
  { name: 'device.type', label: 'Тип устройства' },
  { name: 'device.brand', label: 'Бренд' },
  { name: 'device.model', label: 'Модель' },
  { name: 'device.imei', label: 'IMEI' },
  { name: 'device.serial', label: 'Серийный номер' },
  { name: 'device.appearance', label: 'Внешний вид' },
  { name: 'device.kit', label: 'Комплектация' },
  { name: 'works', label: 'Работы (name, qty, price, amount, warranty_days)' },
  { name: 'parts', label: 'Запчасти (name, qty, price, amount, warranty_days, serial)' },
  { name: 'payments', label: 'Оплаты (number, at, amount, method)' },
  { name: 'totals.total', label: 'Итого' },
  { name: 'totals.paid', label: 'Оплачено' },
  { name: 'totals.due', label: 'К оплате' },
  { name: 'totals.works', label: 'Итого работы' },
  { name: 'totals.parts', label: 'Итого запчасти' },
  { name: 'totals.total_words', label: 'Итого прописью' },
  { name: 'manager.name', label: 'Менеджер заказа' },
  { name: 'engineer.name', label: 'Инженер заказа' },
  { name: 'sale.number', label: 'Номер продажи' },
  { name: 'sale.at', label: 'Дата продажи' },
  { name: 'lines', label: 'Строки продажи (name, sku, qty, price, discount, amount, serials)' },
  { name: 'totals.subtotal', label: 'Сумма без скидки' },
  { name: 'totals.discount', label: 'Скидка' },
  { name: 'seller.name', label: 'Продавец' },
  { name: 'employee.name', label: 'Сотрудник' },
  { name: 'now', label: 'Дата печати' },
  { name: 'products', label: 'Товары для ценников (name, sku, price, barcode, barcode_svg)' },
  { name: 'purchase.number', label: 'Номер заказа поставщику' },
  { name: 'purchase.created_at', label: 'Дата заказа' },
  { name: 'purchase.ordered_at', label: 'Дата оформления' },
  { name: 'purchase.expected_at', label: 'Ожидаемая дата поставки' },
  { name: 'purchase.warehouse', label: 'Склад получения' },
  { name: 'purchase.comment', label: 'Комментарий к заказу' },
  { name: 'supplier.name', label: 'Поставщик' },
  { name: 'supplier.inn', label: 'ИНН поставщика' },
  { name: 'supplier.phone', label: 'Телефон поставщика' },
  { name: 'supplier.email', label: 'E-mail поставщика' },
  { name: 'supplier.address', label: 'Адрес поставщика' },
  { name: 'items', label: 'Строки заказа поставщику (name, sku, unit, qty, price, amount)' },
  { name: 'totals.qty', label: 'Всего единиц' },
];

const variableSubjects: Record<string, TemplateSubject[]> = {
  company: ['order', 'sale', 'products', 'purchase_order'],
  location: ['order', 'sale', 'products', 'purchase_order'],
  employee: ['order', 'sale', 'products', 'purchase_order'],
  now: ['order', 'sale', 'products', 'purchase_order'],
  client: ['order', 'sale'],
  totals: ['order', 'sale', 'purchase_order'],
  payments: ['order', 'sale'],
  sale: ['sale'],
  lines: ['sale'],
  seller: ['sale'],
  products: ['products'],
  purchase: ['purchase_order'],
  supplier: ['purchase_order'],
  items: ['purchase_order'],
};

/** The variables a template of this kind sees (order documents: the order's; price labels: `products`…). */
export function templateVariablesFor(kind: TemplateKind): Array<{ name: string; label: string }> {
  const subject = templateSubjects[kind];
  return templateVariables.filter((v) => {
    // Works and parts totals are an order's only; the subtotal and the discount a sale's.
    if (subject !== 'order' && /^totals\.(works|parts)$/.test(v.name)) return false;
    if (subject !== 'sale' && /^totals\.(subtotal|discount)$/.test(v.name)) return false;
    if (subject === 'purchase_order' && /^totals\.(paid|due)$/.test(v.name)) return false;
    if (subject !== 'purchase_order' && v.name === 'totals.qty') return false;
    return (variableSubjects[v.name.split('.')[0]] ?? ['order']).includes(subject);
  });
}

/** Liquid filters of printed documents (server/docs/templates.md), listed beside the editor. */
export const templateFilters: Array<{ name: string; example: string; label: string }> = [
  { name: 'rub', example: '{{ totals.total | rub }}', label: 'Копейки как «1 200,00 ₽»' },
  { name: 'words', example: '{{ totals.total | words }}', label: 'Сумма прописью' },
  { name: 'ru_date', example: '{{ order.created_at | ru_date }}', label: 'Дата «25.11.2026»' },
  { name: 'ru_datetime', example: '{{ order.created_at | ru_datetime }}', label: 'Дата и время «25.11.2026 14:30» (МСК)' },
];
