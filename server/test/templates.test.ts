/**
 * Printed documents (issue #10, `/patterns`) through `inject`: the built-in templates, CRUD with rules
 * (a cashier cannot edit), restore by default, sanitising on save, the Liquid sandbox (escaping, `raw`,
 * prototypes, include/render, the render limit), the filters (`rub`, `words`, dates), price labels with
 * demo products and barcodes, an order's documents with the print recorded in the audit and the order's
 * timeline, a purchase order to its supplier. PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { renderedTemplateSchema, templateKinds, templateListSchema, templateMessages, templateSchema, type Location, type RenderedTemplate, type Template } from '@repo/contracts';
import { auditLog } from '../src/db/schema';
import { rowsOf } from '../src/lib/sql';
import { rub, ruDate, ruDateTime, words } from '../src/modules/templates/engine';
import { sanitizeTemplateBody } from '../src/modules/templates/sanitize';
import { authHeaders, buildTestApp, demoPhones, login } from './helpers';
import { addEmployee, demoLocations } from './location-fixtures';

let app: FastifyInstance;
let owner: string;
let cashier: string;
let engineer: string;
let loc: Location[];
let builtIns: Template[];
let products: Array<{ id: string; name: string; price: number; barcode: string }>;

beforeAll(async () => {
  const started = Date.now();
  app = await buildTestApp();
  console.log(`app with demo data in ${Date.now() - started} ms`);
  owner = (await login(app, demoPhones.owner)).token;
  cashier = (await login(app, demoPhones.cashier)).token;
  engineer = (await login(app, demoPhones.engineer)).token;
  loc = await demoLocations(app, owner);
  builtIns = templateListSchema.parse((await call('GET', '')).json());
  products = rowsOf<{ id: string; name: string; price: string; barcode: string }>(
    await app.db.execute(sql`select p.id, p.name, p.price::text as price, b.barcode from products p join product_barcodes b on b.product_id = p.id
      where p.archived_at is null and b.position = 0 order by p.name limit 3`),
  ).map((p) => ({ ...p, price: Number(p.price) }));
}, 120_000);
afterAll(async () => app?.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
function call(method: Method, url: string, payload?: unknown, token = owner) {
  return app.inject({ method, url: `/api/templates${url}`, headers: authHeaders(token, loc[0].id), ...(payload !== undefined ? { payload: payload as object } : {}) });
}
function ok<T = Template>(res: LightMyRequestResponse, status = 200): T {
  if (res.statusCode !== status) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json() as T;
}
const builtIn = (kind: Template['kind']) => builtIns.find((t) => t.kind === kind && t.builtIn)!;

let seq = 0;
/** A new price-label template with this body (labels need only products, no order). */
async function labelTemplate(body: string): Promise<Template> {
  return templateSchema.parse(ok(await call('POST', '', { name: `Проба ${++seq}`, kind: 'price_label', body }), 201));
}
/** Renders a body for the first demo product: the answer (status, json). */
async function renderBody(body: string) {
  const t = await labelTemplate('<p>{{ products.size }}</p>');
  return call('POST', `/${t.id}/render`, { productIds: [products[0].id], body });
}

describe('built-in templates', () => {
  it('every company starts with the six documents, untouched', () => {
    expect(builtIns.filter((t) => t.builtIn).map((t) => [t.kind, t.name, t.paper]).sort()).toEqual(
      [
        ['order_act', 'Акт выполненных работ', 'a4'],
        ['order_receipt', 'Квитанция о приёме', 'mm80'],
        ['price_label', 'Ценник', 'label58x40'],
        ['sale_receipt', 'Товарный чек', 'mm80'],
        ['warranty_card', 'Гарантийный талон', 'a4'],
        ['purchase_order', 'Заказ поставщику', 'a4'],
      ].sort(),
    );
    expect(builtIns.every((t) => !t.modified)).toBe(true);
    expect(new Set(builtIns.map((t) => t.kind))).toEqual(new Set(templateKinds));
  });

  it('the seeder is idempotent: a second run adds nothing', async () => {
    const { builtInTemplatesSeeder } = await import('../src/modules/templates/seed');
    await app.db.transaction((tx) => builtInTemplatesSeeder.run(tx, { config: app.config }));
    const [{ n }] = rowsOf<{ n: number }>(await app.db.execute(sql`select count(*)::int as n from document_templates where built_in_key is not null`));
    expect(n).toBe(builtIns.filter((t) => t.builtIn).length);
  });

  it('a built-in cannot be deleted; a changed one is restored to its default', async () => {
    const act = builtIn('order_act');
    const refused = await call('DELETE', `/${act.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(templateMessages.builtInDelete);

    const changed = ok(await call('PATCH', `/${act.id}`, { body: '<h1>Акт {{ order.number }}</h1>', paper: 'mm80' }));
    expect(changed).toMatchObject({ modified: true, builtIn: true, paper: 'mm80', body: '<h1>Акт {{ order.number }}</h1>' });
    const restored = ok(await call('PATCH', `/${act.id}`, { restoreDefault: true }));
    expect(restored).toMatchObject({ modified: false, paper: 'a4', body: act.body });
    const [entry] = await app.db.select().from(auditLog).where(and(eq(auditLog.entity, 'template'), eq(auditLog.entityId, act.id), eq(auditLog.action, 'update')));
    expect(entry).toBeDefined();
  });
});

describe('CRUD and rules', () => {
  let created: Template;

  it('creates a template with the kind’s default paper, sanitised', async () => {
    created = templateSchema.parse(ok(await call('POST', '', { name: 'Квитанция короткая', kind: 'order_receipt', body: '<p>Заказ {{ order.number }}</p>' }), 201));
    expect(created).toMatchObject({ paper: 'mm80', builtIn: false, modified: false, body: '<p>Заказ {{ order.number }}</p>' });
    expect(ok(await call('GET', `/${created.id}`)).name).toBe('Квитанция короткая');
    const [entry] = await app.db.select().from(auditLog).where(and(eq(auditLog.entity, 'template'), eq(auditLog.entityId, created.id), eq(auditLog.action, 'create')));
    expect(entry.locationId).toBeNull();
  });

  it('refuses bad input on its fields, never with 5xx', async () => {
    const empty = await call('POST', '', { name: '', kind: 'order_receipt', body: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual(expect.objectContaining({ name: expect.any(String), body: 'Шаблон пуст' }));
    expect((await call('POST', '', { name: 'X', kind: 'invoice', body: 'x' })).json().errors.kind).toBe('Неизвестный вид шаблона');
    const taken = await call('POST', '', { name: 'квитанция КОРОТКАЯ', kind: 'order_act', body: 'x' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors.name).toBe(templateMessages.nameTaken);
    const broken = await call('POST', '', { name: 'Сломанный', kind: 'order_act', body: '{% for w in works %}<p>{{ w.name }}</p>' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().errors.body).toMatch(/^Ошибка в шаблоне: не закрыт тег \{% for w in works %\} \(строка 1, позиция 1\)$/);
    const filter = await call('PATCH', `/${created.id}`, { body: '{{ order.total | money }}' });
    expect(filter.json().errors.body).toBe('Ошибка в шаблоне: неизвестный фильтр «money» (строка 1, позиция 1)');
    expect((await call('PATCH', `/${created.id}`, {})).statusCode).toBe(400);
    // Control characters (NUL cannot be stored) are dropped, not answered with a database error.
    expect(ok(await call('POST', '', { name: 'С нулём', kind: 'price_label', body: '<p>a\u0000b\u0007c</p>' }), 201).body).toBe('<p>abc</p>');
    expect((await call('GET', '/not-a-uuid')).statusCode).toBe(400);
    expect((await call('GET', '/00000000-0000-4000-8000-000000000000')).json().message).toBe(templateMessages.notFound);
    expect((await call('PATCH', `/${created.id}`, { restoreDefault: true })).json().message).toBe(templateMessages.notBuiltIn);
  });

  it('a cashier lists the templates to print, but cannot edit, create, delete or preview them', async () => {
    expect(templateListSchema.parse(ok(await call('GET', '', undefined, cashier))).length).toBeGreaterThanOrEqual(6);
    expect((await call('PATCH', `/${created.id}`, { name: 'Моя' }, cashier)).statusCode).toBe(403);
    expect((await call('POST', '', { name: 'Моя', kind: 'order_act', body: 'x' }, cashier)).statusCode).toBe(403);
    expect((await call('DELETE', `/${created.id}`, undefined, cashier)).statusCode).toBe(403);
    const preview = await call('POST', `/${created.id}/render`, { orderId: '00000000-0000-4000-8000-000000000000' }, cashier);
    expect(preview.statusCode).toBe(403);
    expect(preview.json().message).toBe('Нет права: просмотр — шаблоны документов');
    const nobody = await addEmployee(app, ['view:location:all'], [loc[0].id]);
    expect((await call('GET', '', undefined, nobody.token)).statusCode).toBe(403);
  });

  it('deletes (archives) a template of staff', async () => {
    expect(ok(await call('DELETE', `/${created.id}`))).toEqual({ ok: true });
    expect((await call('GET', `/${created.id}`)).statusCode).toBe(404);
    expect(templateListSchema.parse(ok(await call('GET', ''))).some((t) => t.id === created.id)).toBe(false);
    const [row] = rowsOf<{ archived: boolean }>(await app.db.execute(sql`select archived_at is not null as archived from document_templates where id = ${created.id}`));
    expect(row.archived).toBe(true);
  });
});

describe('sanitising on save', () => {
  it('strips scripts, handlers, javascript: links, frames, forms and external CSS; keeps the document and the Liquid', async () => {
    const t = await labelTemplate(
      [
        '<style>@import url(https://evil.example/x.css); .a { color: red; background: url(https://evil.example/p.png) } td > b { font-weight: bold }</style>',
        '<img src=x onerror=alert(1)><a href="javascript:alert(1)">ссылка</a><script>alert(1)</script>',
        '<iframe src="https://evil.example"></iframe><object data="x"></object><embed src="x"><form action="x"><input name="q"></form>',
        '<link rel="stylesheet" href="https://evil.example/x.css"><meta http-equiv="refresh" content="0"><base href="https://evil.example/">',
        '<table class="grid"><tr><td style="width: 10mm; background: url(javascript:alert(1))">{% if products.size > 0 %}{{ products[0].name | append: "!" }}{% endif %}</td></tr></table>',
      ].join(''),
    );
    expect(t.body).not.toMatch(/<script|onerror|javascript:|<iframe|<object|<embed|<form|<input|<link|<meta|<base|@import|evil\.example/i);
    expect(t.body).toContain('<img src="x" />');
    expect(t.body).toContain('<a>ссылка</a>');
    expect(t.body).toContain('td > b { font-weight: bold }');
    expect(t.body).toContain('{% if products.size > 0 %}{{ products[0].name | append: "!" }}{% endif %}');
    expect(t.body).toContain('<td style="width: 10mm; background: none">');
    expect(sanitizeTemplateBody(t.body)).toBe(t.body);
    const html = ok<RenderedTemplate>(await call('POST', `/${t.id}/render`, { productIds: [products[0].id] })).html;
    expect(html).toContain(`${products[0].name}!`);
  });

  it('a body of forbidden markup only is refused', async () => {
    const res = await call('POST', '', { name: 'Только скрипт', kind: 'order_act', body: '<script>alert(1)</script>' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.body).toMatch(/Шаблон пуст/);
  });
});

describe('the Liquid sandbox', () => {
  const html = async (body: string) => {
    const res = await renderBody(body);
    if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
    return renderedTemplateSchema.parse(res.json()).html;
  };

  it('escapes every output; raw does not undo it', async () => {
    expect(await html('<p>{{ "<script>alert(1)</script>" }}</p>')).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>');
    expect(await html('{% assign x = "<img src=x onerror=alert(1)>" %}<p>{{ x | raw }}</p>')).toBe('<p>&lt;img src=x onerror=alert(1)&gt;</p>');
    expect(await html('{% assign x = "<b>" %}<p>{% echo x | raw %}</p>')).toBe('<p>&lt;b&gt;</p>');
  });

  it('reaches no prototype, constructor or function', async () => {
    expect(await html('<p>[{{ x.constructor }}|{{ __proto__ }}|{{ products["constructor"] }}|{{ products[0].constructor.name }}|{{ products.__proto__ }}|{{ company.constructor }}]</p>')).toBe('<p>[|||||]</p>');
    expect(await html('<p>[{{ products[0]["__proto__"]["constructor"]["constructor"] }}]</p>')).toBe('<p>[]</p>');
  });

  it('has no include, render or layout: refused on save', async () => {
    for (const tag of ["{% include 'x' %}", '{% render "x" %}', "{% layout 'x' %}"]) {
      const res = await call('POST', '', { name: `Вставка ${++seq}`, kind: 'price_label', body: `<p>${tag}</p>` });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.body).toMatch(/^Ошибка в шаблоне: тег \{% (include|render|layout) %\} не поддерживается/);
    }
  });

  it('stops a runaway loop with the render limit: 400 in Russian', async () => {
    const started = Date.now();
    const huge = await renderBody('{% for i in (1..1000) %}{% for j in (1..1000) %}{% for k in (1..1000) %}a{% endfor %}{% endfor %}{% endfor %}');
    expect(huge.statusCode).toBe(400);
    expect(huge.json().errors.body).toBe(templateMessages.render('заполнение заняло больше 1 с — проверьте циклы (строка 1, позиция 49)'));
    expect(Date.now() - started).toBeLessThan(10_000);
    const memory = await renderBody('{% for i in (1..100000000) %}{{ i }}{% endfor %}');
    expect(memory.statusCode).toBe(400);
    expect(memory.json().errors.body).toMatch(/^Шаблон не удалось заполнить: документ получается слишком большим/);
    const doubling = await renderBody('{% assign s = "aaaaaaaaaa" %}{% for i in (1..40) %}{% assign s = s | append: s %}{% endfor %}{{ s | size }}');
    expect(doubling.statusCode).toBe(400);
  });

  it('sanitises the rendered document again (markup assembled by the template)', async () => {
    expect(await html('<p>{% raw %}{{ x }}{% endraw %}</p>')).toBe('<p>{{ x }}</p>');
    const out = await html('<a href="{{ \'javascript:alert(1)\' }}">x</a>');
    expect(out).toBe('<a>x</a>');
  });
});

describe('filters', () => {
  it('rub, words, ru_date, ru_datetime', async () => {
    expect(words(120000)).toBe('Одна тысяча двести рублей 00 копеек');
    expect(words(2101)).toBe('Двадцать один рубль 01 копейка');
    expect(rub(120000)).toBe('1\u00a0200,00\u00a0₽');
    expect(rub(-5)).toBe('-0,05\u00a0₽');
    expect(rub('x')).toBe('');
    expect(ruDate('2026-11-25T11:30:00Z')).toBe('25.11.2026');
    expect(ruDateTime('2026-11-25T11:30:00Z')).toBe('25.11.2026 14:30');
    expect(ruDate('вчера')).toBe('');
    const res = ok<RenderedTemplate>(
      await renderBody('<p>{{ 120000 | rub }}|{{ 120000 | words }}|{{ 2101 | words }}|{{ "2026-11-25T11:30:00Z" | ru_date }}|{{ "2026-11-25T21:30:00Z" | ru_datetime }}</p>'),
    );
    expect(res.html).toBe('<p>1\u00a0200,00\u00a0₽|Одна тысяча двести рублей 00 копеек|Двадцать один рубль 01 копейка|25.11.2026|26.11.2026 00:30</p>');
  });
});

describe('price labels', () => {
  it('renders one label per demo product with its price and barcode; the print is audited per product', async () => {
    const label = builtIn('price_label');
    const started = Date.now();
    const res = ok<RenderedTemplate>(await call('POST', `/${label.id}/render`, { productIds: products.map((p) => p.id), print: true }));
    console.log(`price labels: ${products.length} rendered in ${Date.now() - started} ms, ${res.html.length} chars`);
    expect(res.paper).toBe('label58x40');
    expect(res.css).toContain('size: 58mm 40mm');
    expect(res.html.match(/class="label"/g)).toHaveLength(products.length);
    for (const p of products) {
      expect(res.html).toContain(rub(p.price));
      expect(res.html).toContain(p.name.replace(/"/g, '&quot;'));
    }
    expect(res.html.match(/<svg viewbox="[\d ]+" xmlns="http:\/\/www.w3.org\/2000\/svg">/g)).toHaveLength(products.length);
    expect(res.html).not.toContain('[[markup:');
    const printed = await app.db.select().from(auditLog).where(and(eq(auditLog.entity, 'product'), eq(auditLog.action, 'print')));
    expect(printed.map((r) => r.entityId).sort()).toEqual(products.map((p) => p.id).sort());
  });

  it('asks for products; unknown ones are a field error; a cashier may not print labels', async () => {
    const label = builtIn('price_label');
    const none = await call('POST', `/${label.id}/render`, {});
    expect(none.statusCode).toBe(400);
    expect(none.json().errors.productIds).toBe(templateMessages.subjectRequired('products'));
    expect((await call('POST', `/${label.id}/render`, { productIds: ['00000000-0000-4000-8000-000000000000'] })).json().errors.productIds).toBe(templateMessages.productsNotFound);
    expect((await call('POST', `/${label.id}/render`, { productIds: [products[0].id], print: true }, cashier)).statusCode).toBe(403);
  });

  it('a template cannot forge the barcode mark', async () => {
    const out = ok<RenderedTemplate>(await renderBody('<p>[[markup:0000000000000000:0]]{{ "[[markup:" }}</p>')).html;
    expect(out).toBe('<p>[[markup:0000000000000000:0]][[markup:</p>');
  });
});

describe('sales receipt', () => {
  it('answers 404 «Продажа не найдена» until sales exist, and asks for a sale', async () => {
    const receipt = builtIn('sale_receipt');
    const res = await call('POST', `/${receipt.id}/render`, { saleId: '00000000-0000-4000-8000-000000000000' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Продажа не найдена');
    expect((await call('POST', `/${receipt.id}/render`, {})).json().errors.saleId).toBe(templateMessages.subjectRequired('sale'));
  });
});

describe('order documents', () => {
  let orderId: string;
  let orderNumber: string;

  beforeAll(async () => {
    // An order with a work and a prepayment, through the orders module's own routes.
    const headers = authHeaders(owner, loc[0].id);
    const created = await app.inject({
      method: 'POST',
      url: '/api/orders',
      headers,
      payload: {
        client: { name: 'Олег <b>Печатный</b>', phone: '+7 (903) 555-77-11' },
        device: { type: 'Смартфон', brand: 'Apple', model: 'iPhone 13', imei: '490154203237518', appearance: 'Царапины', kit: 'Без зарядки' },
        malfunction: 'Не включается',
        estimate: 500000,
      },
    });
    if (created.statusCode !== 201) throw new Error(`${created.statusCode} ${created.body}`);
    ({ id: orderId, number: orderNumber } = created.json());
    const work = await app.inject({ method: 'POST', url: `/api/orders/${orderId}/works`, headers, payload: { name: 'Замена контроллера питания', price: 120000, warrantyDays: 90 } });
    if (work.statusCode !== 201) throw new Error(`${work.statusCode} ${work.body}`);
  });

  it('renders the act with the works, totals and total in words; client data escaped', async () => {
    const act = builtIn('order_act');
    const started = Date.now();
    const res = ok<RenderedTemplate>(await call('POST', `/${act.id}/render`, { orderId }));
    console.log(`order act rendered in ${Date.now() - started} ms`);
    expect(res.paper).toBe('a4');
    expect(res.html).toContain(`Акт выполненных работ № ${orderNumber}`);
    expect(res.html).toContain('Замена контроллера питания');
    expect(res.html).toContain('1\u00a0200,00\u00a0₽');
    expect(res.html).toContain('Одна тысяча двести рублей 00 копеек');
    expect(res.html).toContain('Олег &lt;b&gt;Печатный&lt;/b&gt;');
    expect(res.html).not.toContain('<b>Печатный');
  });

  it('renders the receipt and the warranty card', async () => {
    const receipt = ok<RenderedTemplate>(await call('POST', `/${builtIn('order_receipt').id}/render`, { orderId }));
    expect(receipt.html).toContain(`Квитанция № ${orderNumber}`);
    expect(receipt.html).toContain('490154203237518');
    expect(receipt.css).toContain('80mm');
    const card = ok<RenderedTemplate>(await call('POST', `/${builtIn('warranty_card').id}/render`, { orderId }));
    expect(card.html).toContain('90 дн.');
  });

  it('previews an unsaved body with another paper; asks for the order', async () => {
    const act = builtIn('order_act');
    const res = ok<RenderedTemplate>(await call('POST', `/${act.id}/render`, { orderId, body: '<h1>{{ order.number }} {{ totals.total | rub }}</h1>', paper: 'mm58' }));
    expect(res).toMatchObject({ html: `<h1>${orderNumber} 1\u00a0200,00\u00a0₽</h1>`, paper: 'mm58' });
    expect((await call('POST', `/${act.id}/render`, { productIds: [products[0].id] })).json().errors.orderId).toBe(templateMessages.subjectRequired('order'));
    expect((await call('POST', `/${act.id}/render`, { orderId: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    // The stored body is unchanged.
    expect(ok(await call('GET', `/${act.id}`)).body).toBe(act.body);
  });

  it('a print is recorded in the audit and the order’s timeline; a cashier may print, an engineer of another shop may not see it', async () => {
    const receipt = builtIn('order_receipt');
    ok<RenderedTemplate>(await call('POST', `/${receipt.id}/render`, { orderId, print: true }, cashier));
    const prints = await app.db.select().from(auditLog).where(and(eq(auditLog.entity, 'repair_order'), eq(auditLog.entityId, orderId), eq(auditLog.action, 'print')));
    expect(prints).toHaveLength(1);
    const timeline = await app.inject({ method: 'GET', url: `/api/orders/${orderId}/timeline`, headers: authHeaders(owner, loc[0].id) });
    expect(timeline.json().items.some((i: { kind: string; text: string | null }) => i.kind === 'printed' && i.text === receipt.name)).toBe(true);
    // A preview records nothing.
    ok<RenderedTemplate>(await call('POST', `/${receipt.id}/render`, { orderId }));
    expect(await app.db.select().from(auditLog).where(and(eq(auditLog.entityId, orderId), eq(auditLog.action, 'print')))).toHaveLength(1);
    const elsewhere = await app.inject({ method: 'POST', url: `/api/templates/${receipt.id}/render`, headers: authHeaders(engineer, loc[1].id), payload: { orderId, print: true } });
    expect(elsewhere.statusCode).toBe(404);
  });
});

describe('purchase order («Заказ поставщику»)', () => {
  let order: { id: string; number: string };
  let supplier: { id: string; name: string };

  beforeAll(async () => {
    [supplier] = rowsOf<{ id: string; name: string }>(await app.db.execute(sql`select id, name from counterparties where is_supplier order by name limit 1`));
    const [warehouse] = rowsOf<{ id: string }>(await app.db.execute(sql`select id from warehouses where location_id = ${loc[0].id} order by is_default desc limit 1`));
    const created = await app.inject({
      method: 'POST',
      url: '/api/procurement/orders',
      headers: authHeaders(owner, loc[0].id),
      payload: { supplierId: supplier.id, warehouseId: warehouse.id, expectedAt: '2026-12-01', comment: 'Срочно <b>к пятнице</b>', lines: [{ productId: products[0].id, qty: 3, price: 123456 }] },
    });
    order = ok(created, 201);
  });

  it('prints the built-in A4 order: supplier, lines, total in words; the print is audited on the order', async () => {
    const doc = builtIn('purchase_order');
    expect(doc.paper).toBe('a4');
    const printed = renderedTemplateSchema.parse(ok<RenderedTemplate>(await call('POST', `/${doc.id}/render`, { purchaseOrderId: order.id, print: true })));
    expect(printed.html).toContain(`Заказ поставщику № ${order.number}`);
    expect(printed.html).toContain(supplier.name.replace(/"/g, '&quot;'));
    expect(printed.html).toContain(products[0].name.replace(/"/g, '&quot;'));
    expect(printed.html).toContain(rub(370368));
    expect(printed.html).toContain(words(370368));
    expect(printed.html).toContain('01.12.2026');
    expect(printed.html).toContain('Срочно &lt;b&gt;к пятнице&lt;/b&gt;');
    const audit = await app.db.select().from(auditLog).where(and(eq(auditLog.entity, 'purchase_order'), eq(auditLog.entityId, order.id), eq(auditLog.action, 'print')));
    expect(audit).toHaveLength(1);
  });

  it('asks for the purchase order; an unknown one is 404; a cashier (no rules on purchase orders) may not print it', async () => {
    const doc = builtIn('purchase_order');
    const missing = await call('POST', `/${doc.id}/render`, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.purchaseOrderId).toBe(templateMessages.subjectRequired('purchase_order'));
    expect((await call('POST', `/${doc.id}/render`, { purchaseOrderId: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    expect((await call('POST', `/${doc.id}/render`, { purchaseOrderId: order.id, print: true }, cashier)).statusCode).toBe(403);
  });
});
