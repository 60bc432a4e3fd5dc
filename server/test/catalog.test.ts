/**
 * The catalogue API (issue #8, first slice): categories (a two-level tree with counts) and products
 * (goods and services) through `inject`, on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import sharp from 'sharp';
import {
  catalogMessages,
  categoryListSchema,
  categorySchema,
  fromRussianLayout,
  productImageLimits,
  productPageSchema,
  productSchema,
  type Category,
  type Location,
  type Product,
} from '@repo/contracts';
import { auditLog, categories, productBarcodes, productImages, products, warehouses } from '../src/db/schema';
import { catalogDemoSeeder, demoCatalog, ean13 } from '../src/modules/catalog/seed';
import { authHeaders, buildTestApp, demoPhones, login } from './helpers';
import { recordRealtimeEvents, type RecordedEvent } from './realtime-events';
import { addEmployee, demoLocations, makeImage, multipart } from './location-fixtures';

type Role = keyof typeof demoPhones;
let app: FastifyInstance;
const tokens = {} as Record<Role, string>;
let loc: Location[];
/** The default warehouse of each demo location, in the locations' order. */
let wh: string[];
let events: RecordedEvent[] = [];
let eventsDelivered: () => Promise<void>;
let unlisten: () => Promise<void>;

beforeAll(async () => {
  app = await buildTestApp();
  for (const role of Object.keys(demoPhones) as Role[]) tokens[role] = (await login(app, demoPhones[role])).token;
  loc = await demoLocations(app, tokens.owner);
  wh = [];
  for (const l of loc) {
    const [row] = await app.db.select({ id: warehouses.id }).from(warehouses).where(and(eq(warehouses.locationId, l.id), eq(warehouses.isDefault, true)));
    wh.push(row.id);
  }
  const recorder = await recordRealtimeEvents(app);
  ({ events, delivered: eventsDelivered, stop: unlisten } = recorder);
});
afterAll(async () => {
  await unlisten?.();
  await app?.close();
});


const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, token = tokens.owner) =>
  app.inject({ method, url: `/api/catalog${url}`, headers: authHeaders(token), ...(payload !== undefined ? { payload: payload as object } : {}) });

async function createCategory(name: string, parentId: string | null = null): Promise<Category> {
  const res = await call('POST', '/categories', { name, parentId });
  expect(res.statusCode).toBe(201);
  return categorySchema.parse(res.json());
}

let skuNo = 0;
async function createProduct(fields: Record<string, unknown> = {}, token = tokens.owner): Promise<Product> {
  skuNo += 1;
  const res = await call('POST', '/products', { name: `Тестовый товар ${skuNo}`, sku: `T-${skuNo}`, ...fields }, token);
  if (res.statusCode !== 201) throw new Error(`create product: ${res.statusCode} ${res.body}`);
  return productSchema.parse(res.json());
}

async function listCategories(token = tokens.owner): Promise<Category[]> {
  const res = await call('GET', '/categories', undefined, token);
  expect(res.statusCode).toBe(200);
  return categoryListSchema.parse(res.json());
}

async function search(query: string) {
  const res = await call('GET', `/products?${query}`);
  expect(res.statusCode).toBe(200);
  return productPageSchema.parse(res.json());
}

const auditRows = (entity: 'category' | 'product', id: string) =>
  app.db
    .select({ action: auditLog.action, diff: auditLog.diff, locationId: auditLog.locationId, employeeId: auditLog.employeeId })
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, id)))
    .orderBy(auditLog.createdAt);

/** Rows that a refused request must leave as they were. */
async function catalogState() {
  const n = async (table: PgTable) => Number((await app.db.select({ n: count() }).from(table))[0].n);
  const rows = await app.db.select().from(products).orderBy(products.id);
  return { categories: await n(categories), products: await n(products), barcodes: await n(productBarcodes), audit: await n(auditLog), rows: JSON.stringify(rows) };
}

const expectError = (res: LightMyRequestResponse, status: number, expected: Record<string, unknown>) => {
  expect({ status: res.statusCode, body: res.json() }).toEqual({ status, body: expect.objectContaining(expected) });
};

describe('demo catalogue', () => {
  it('has photos on the first goods of each sub-category, served as images', async () => {
    const photos = await app.db.select({ id: productImages.id }).from(productImages);
    expect(photos.length).toBeGreaterThanOrEqual(12);
    const thumb = await app.inject({ method: 'GET', url: `/api/catalog/images/${photos[0].id}/thumbnail`, headers: authHeaders(tokens.owner) });
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(320);
  });

  it('is a two-level tree of a repair chain with counts, every top-level category followed by its sub-categories', async () => {
    const list = await listCategories(tokens.cashier);
    const tops = list.filter((c) => c.parentId === null);
    expect(tops.map((c) => c.name)).toEqual(['Аксессуары', 'Запчасти', 'Услуги', 'Устройства']);
    const parts = tops.find((c) => c.name === 'Запчасти')!;
    const subs = list.filter((c) => c.parentId === parts.id);
    expect(subs.map((c) => c.name)).toEqual(['Аккумуляторы', 'Динамики и микрофоны', 'Дисплеи', 'Камеры', 'Корпусные детали', 'Шлейфы и разъёмы']);
    expect(list.indexOf(subs[0])).toBe(list.indexOf(parts) + 1);
    expect(parts.productCount).toBe(0);
    expect(parts.totalProductCount).toBe(subs.reduce((n, s) => n + s.productCount, 0));
    expect(list).toHaveLength(16);
    expect(list.every((c) => c.parentId === null || tops.some((t) => t.id === c.parentId))).toBe(true);
  });

  it('has about 300 goods and services with SKUs, valid EAN-13 barcodes, prices in kopecks, serial-tracked phones', async () => {
    const expected = demoCatalog.flatMap((c) => c.children.flatMap((s) => s.products)).length;
    expect(expected).toBeGreaterThanOrEqual(280);
    const first = await search('pageSize=200');
    expect(first.total).toBe(expected);
    const items = [...first.items, ...(await search('pageSize=200&page=2')).items];
    expect(items).toHaveLength(expected);
    const goods = items.filter((p) => p.kind === 'good');
    const services = items.filter((p) => p.kind === 'service');
    expect(services.map((s) => s.name)).toEqual(expect.arrayContaining(['Замена дисплея', 'Диагностика']));
    expect(services.every((s) => s.barcodes.length === 0 && !s.serialTracked && s.minStock.length === 0)).toBe(true);
    for (const p of goods) {
      expect(p.barcodes.length).toBeGreaterThan(0);
      for (const code of p.barcodes) expect(ean13(code.slice(0, 12))).toBe(code);
    }
    expect(items.every((p) => p.sku && Number.isInteger(p.price) && p.price > 0)).toBe(true);
    expect(goods.filter((p) => p.serialTracked).map((p) => p.name)).toEqual(expect.arrayContaining([expect.stringMatching(/^Смартфон Apple iPhone 13/)]));
  });

  it('gives some goods a minimum stock in every demo location’s default warehouse', async () => {
    const [battery] = (await search('search=BAT-IP13')).items;
    expect(battery.minStock.map((m) => m.warehouseId).sort()).toEqual([...wh].sort());
  });
});

describe('demo seeder', () => {
  it('never touches a catalogue that is already in use (a second run adds nothing)', async () => {
    const before = await catalogState();
    await app.db.transaction((tx) => catalogDemoSeeder.run(tx, { config: app.config }));
    expect(await catalogState()).toEqual(before);
  });
});

describe('rules', () => {
  it('lets the engineer and the cashier read the catalogue but change nothing (403 naming the right)', async () => {
    const before = await catalogState();
    const [some] = (await search('pageSize=1')).items;
    const [cat] = await listCategories();
    for (const role of ['engineer', 'cashier'] as const) {
      expect((await call('GET', '/products', undefined, tokens[role])).statusCode).toBe(200);
      expect((await call('GET', `/products/${some.id}`, undefined, tokens[role])).statusCode).toBe(200);
      expectError(await call('POST', '/categories', { name: 'Нельзя' }, tokens[role]), 403, { code: 'forbidden', message: 'Нет права: создание — категории' });
      expectError(await call('PATCH', `/categories/${cat.id}`, { name: 'Нельзя' }, tokens[role]), 403, { message: 'Нет права: изменение — категории' });
      expectError(await call('DELETE', `/categories/${cat.id}`, undefined, tokens[role]), 403, { message: 'Нет права: удаление — категории' });
      expectError(await call('POST', '/products', { name: 'Нельзя' }, tokens[role]), 403, { message: 'Нет права: создание — товары и услуги' });
      expectError(await call('PATCH', `/products/${some.id}`, { price: 1 }, tokens[role]), 403, { message: 'Нет права: изменение — товары и услуги' });
      expectError(await call('DELETE', `/products/${some.id}`, undefined, tokens[role]), 403, { message: 'Нет права: удаление — товары и услуги' });
      expectError(await call('POST', `/products/${some.id}/restore`, undefined, tokens[role]), 403, { message: 'Нет права: удаление — товары и услуги' });
    }
    expect(await catalogState()).toEqual(before);
  });

  it('lets the manager change the catalogue, and nobody read it without a token or the view right', async () => {
    const cat = await call('POST', '/categories', { name: 'Категория управляющей' }, tokens.manager);
    expect(cat.statusCode).toBe(201);
    expect((await call('DELETE', `/categories/${cat.json().id}`, undefined, tokens.manager)).statusCode).toBe(200);
    const anonymous = await app.inject({ method: 'GET', url: '/api/catalog/products' });
    expectError(anonymous, 403, { code: 'unauthenticated' });
    const clerk = await addEmployee(app, ['view:location:all'], [loc[0].id]);
    expectError(await call('GET', '/categories', undefined, clerk.token), 403, { message: 'Нет права: просмотр — категории' });
    expectError(await call('GET', '/products', undefined, clerk.token), 403, { message: 'Нет права: просмотр — товары и услуги' });
  });

  it('needs no Shop header: the catalogue is company-wide', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/catalog/categories', headers: { authorization: `Bearer ${tokens.cashier}` } });
    expect(res.statusCode).toBe(200);
  });
});

describe('categories', () => {
  it('creates, renames and moves within two levels, audited and announced to every tab', async () => {
    const phones = await createCategory('Телефоны Т');
    const tablets = await createCategory('Планшеты Т');
    const screens = await createCategory('Экраны Т', phones.id);
    expect(screens).toMatchObject({ name: 'Экраны Т', parentId: phones.id, productCount: 0, totalProductCount: 0 });

    const renamed = await call('PATCH', `/categories/${screens.id}`, { name: 'Дисплеи Т' });
    expect(renamed.statusCode).toBe(200);
    const moved = await call('PATCH', `/categories/${screens.id}`, { parentId: tablets.id });
    expect(moved.json()).toMatchObject({ id: screens.id, name: 'Дисплеи Т', parentId: tablets.id });
    const toTop = await call('PATCH', `/categories/${screens.id}`, { parentId: null });
    expect(toTop.json()).toMatchObject({ parentId: null });

    expect((await auditRows('category', screens.id)).map((r) => [r.action, r.diff, r.locationId])).toEqual([
      ['create', { name: { after: 'Экраны Т' }, parentId: { after: phones.id } }, null],
      ['update', { name: { before: 'Экраны Т', after: 'Дисплеи Т' } }, null],
      ['update', { parentId: { before: phones.id, after: tablets.id } }, null],
      ['update', { parentId: { before: tablets.id, after: null } }, null],
    ]);
    await eventsDelivered();
    expect(events.filter((e) => e.id === screens.id)).toEqual([
      { type: 'created', entity: 'category', id: screens.id, locationId: null },
      { type: 'updated', entity: 'category', id: screens.id, locationId: null },
      { type: 'updated', entity: 'category', id: screens.id, locationId: null },
      { type: 'updated', entity: 'category', id: screens.id, locationId: null },
    ]);
  });

  it('keeps the tree two levels deep and names at one level unique; refused changes change nothing', async () => {
    const top = await createCategory('Верхняя Т');
    const sub = await createCategory('Нижняя Т', top.id);
    const other = await createCategory('Другая Т');
    const before = await catalogState();
    expectError(await call('POST', '/categories', { name: 'Третий уровень', parentId: sub.id }), 400, {
      code: 'validation',
      errors: { parentId: 'Подкатегорию можно создать только внутри категории верхнего уровня' },
    });
    expectError(await call('PATCH', `/categories/${other.id}`, { parentId: sub.id }), 400, {
      errors: { parentId: 'Подкатегорию можно создать только внутри категории верхнего уровня' },
    });
    expectError(await call('PATCH', `/categories/${top.id}`, { parentId: other.id }), 400, {
      errors: { parentId: 'У категории есть подкатегории: её нельзя сделать подкатегорией' },
    });
    expectError(await call('PATCH', `/categories/${other.id}`, { parentId: other.id }), 400, { errors: { parentId: 'Категория не может быть вложена сама в себя' } });
    expectError(await call('POST', '/categories', { name: 'Сирота', parentId: '00000000-0000-4000-8000-000000000000' }), 400, {
      errors: { parentId: 'Родительская категория не найдена' },
    });
    expectError(await call('POST', '/categories', { name: '  верхняя т ' }), 409, { code: 'conflict', message: 'Категория «верхняя т» уже есть на этом уровне' });
    expectError(await call('PATCH', `/categories/${other.id}`, { name: 'ВЕРХНЯЯ Т' }), 409, { code: 'conflict' });
    expectError(await call('PATCH', '/categories/00000000-0000-4000-8000-000000000000', { name: 'Нет такой' }), 404, { message: 'Категория не найдена' });
    expect(await catalogState()).toEqual(before);
    // The same name under another parent is fine.
    expect((await call('POST', '/categories', { name: 'Нижняя Т', parentId: other.id })).statusCode).toBe(201);
  });

  it('refuses to delete a category with products, naming how many (also in its sub-categories)', async () => {
    const top = await createCategory('Удаляемая Т');
    const sub = await createCategory('Подкатегория Т', top.id);
    await createProduct({ categoryId: sub.id });
    await createProduct({ categoryId: sub.id });
    await createProduct({ categoryId: sub.id, kind: 'service' });
    const before = await catalogState();
    expectError(await call('DELETE', `/categories/${top.id}`), 409, {
      code: 'conflict',
      message: 'Категорию «Удаляемая Т» нельзя удалить: в ней и её подкатегориях 2 товара и 1 услуга. Перенесите их в другую категорию или удалите',
    });
    expectError(await call('DELETE', `/categories/${sub.id}`), 409, {
      message: 'Категорию «Подкатегория Т» нельзя удалить: в ней 2 товара и 1 услуга. Перенесите их в другую категорию или удалите',
    });
    expect(await catalogState()).toEqual(before);
    const tree = await listCategories();
    expect(tree.find((c) => c.id === top.id)).toMatchObject({ productCount: 0, totalProductCount: 3 });
    expect(tree.find((c) => c.id === sub.id)).toMatchObject({ productCount: 3, totalProductCount: 3 });
  });

  it('deletes an empty category with its empty sub-categories; archived products only lose the category', async () => {
    const top = await createCategory('Пустая Т');
    const sub = await createCategory('Пустая подкатегория Т', top.id);
    const archived = await createProduct({ categoryId: sub.id });
    expect((await call('DELETE', `/products/${archived.id}`)).statusCode).toBe(200);
    const res = await call('DELETE', `/categories/${top.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await app.db.select().from(categories).where(inArray(categories.id, [top.id, sub.id]))).toEqual([]);
    expect((await call('GET', `/products/${archived.id}`)).json()).toMatchObject({ categoryId: null, archivedAt: expect.any(String) });
    expect((await auditRows('category', sub.id)).map((r) => r.action)).toEqual(['create', 'delete']);
    expect((await auditRows('category', top.id)).map((r) => r.action)).toEqual(['create', 'delete']);
    expectError(await call('DELETE', `/categories/${top.id}`), 404, { code: 'not_found', message: 'Категория не найдена' });
  });
});

describe('products', () => {
  it('creates a good with defaults and answers it as GET does; audited and announced without a location', async () => {
    const [display] = (await listCategories()).filter((c) => c.name === 'Дисплеи');
    const created = await createProduct({ name: 'Дисплей Honor 50', sku: 'DSP-HON50', barcodes: ['4600000000017'], price: 590_050, categoryId: display.id, warrantyDays: 90 });
    expect(created).toMatchObject({
      kind: 'good',
      name: 'Дисплей Honor 50',
      sku: 'DSP-HON50',
      barcodes: ['4600000000017'],
      unit: 'шт',
      price: 590_050,
      categoryId: display.id,
      serialTracked: false,
      warrantyDays: 90,
      minStock: [],
      description: null,
      archivedAt: null,
    });
    expect((await call('GET', `/products/${created.id}`)).json()).toEqual(created);
    const [row] = await auditRows('product', created.id);
    expect(row).toMatchObject({ action: 'create', locationId: null, diff: expect.objectContaining({ name: { after: 'Дисплей Honor 50' }, barcodes: { after: ['4600000000017'] } }) });
    await eventsDelivered();
    expect(events.filter((e) => e.id === created.id)).toEqual([{ type: 'created', entity: 'product', id: created.id, locationId: null }]);
  });

  it('keeps SKUs unique in any case (409 naming the product), barcodes unique across products; a refusal changes nothing', async () => {
    const first = await createProduct({ name: 'Кабель Т первый', sku: 'CBL-UNIQ-1', barcodes: ['UNIQ-0001', 'UNIQ-0002'] });
    const before = await catalogState();
    expectError(await call('POST', '/products', { name: 'Кабель Т второй', sku: 'cbl-uniq-1' }), 409, {
      code: 'conflict',
      message: 'Артикул cbl-uniq-1 уже занят: «Кабель Т первый»',
    });
    expectError(await call('POST', '/products', { name: 'Кабель Т второй', sku: 'CBL-UNIQ-2', barcodes: ['NEW-1', 'UNIQ-0002'] }), 409, {
      message: 'Штрихкод UNIQ-0002 уже у товара «Кабель Т первый»',
    });
    const second = await createProduct({ name: 'Кабель Т второй', sku: 'CBL-UNIQ-3' });
    expectError(await call('PATCH', `/products/${second.id}`, { barcodes: ['UNIQ-0001'] }), 409, { message: 'Штрихкод UNIQ-0001 уже у товара «Кабель Т первый»' });
    expectError(await call('PATCH', `/products/${second.id}`, { sku: 'Cbl-Uniq-1' }), 409, { message: 'Артикул Cbl-Uniq-1 уже занят: «Кабель Т первый»' });
    // Keeping its own codes, or repeating one in the list, is no conflict.
    const same = await call('PATCH', `/products/${first.id}`, { sku: 'cbl-uniq-1', barcodes: ['UNIQ-0002', 'UNIQ-0001', 'UNIQ-0002'] });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ sku: 'cbl-uniq-1', barcodes: ['UNIQ-0002', 'UNIQ-0001'] });
    const after = await catalogState();
    expect(after.barcodes).toBe(before.barcodes);
    expect(after.products).toBe(before.products + 1);
  });

  it('gives parallel claims of one SKU exactly one success and no 5xx', async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => call('POST', '/products', { name: `Гонка ${i}`, sku: 'RACE-SKU', barcodes: ['RACE-BARCODE'] })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    const ids = results.filter((r) => r.statusCode === 201).map((r) => r.json().id);
    // The losers queued behind the winner and name it, rather than hitting the unique index blind.
    const winner = results.find((r) => r.statusCode === 201)!.json().name;
    for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json().message).toBe(`Артикул RACE-SKU уже занят: «${winner}»`);
    expect(await app.db.select({ productId: productBarcodes.productId }).from(productBarcodes).where(eq(productBarcodes.barcode, 'RACE-BARCODE'))).toEqual([{ productId: ids[0] }]);
  });

  it('updates fields, audits the diff only, and announces the change', async () => {
    const p = await createProduct({ name: 'Чехол Т', price: 1000, description: 'Первая строка' });
    const res = await call('PATCH', `/products/${p.id}`, { price: 1500, description: 'Первая строка\r\nВторая строка', unit: 'упак.' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ price: 1500, description: 'Первая строка\nВторая строка', unit: 'упак.', name: 'Чехол Т' });
    const rows = await auditRows('product', p.id);
    expect(rows[1]).toMatchObject({
      action: 'update',
      locationId: null,
      diff: { price: { before: 1000, after: 1500 }, description: { before: 'Первая строка', after: 'Первая строка\nВторая строка' }, unit: { before: 'шт', after: 'упак.' } },
    });
    // The same values again: no change, no audit row.
    expect((await call('PATCH', `/products/${p.id}`, { price: 1500 })).statusCode).toBe(200);
    expect(await auditRows('product', p.id)).toHaveLength(2);
    await eventsDelivered();
    expect(events.filter((e) => e.id === p.id).map((e) => e.type)).toEqual(['created', 'updated']);
  });

  it('refuses bad input with 400 in Russian and changes nothing', async () => {
    const p = await createProduct({ name: 'Нетронутый Т' });
    const before = await catalogState();
    const cases: Array<[string, unknown, Record<string, string>]> = [
      ['POST', { name: 'ab\u0000cd' }, { name: 'Недопустимые символы' }],
      ['POST', { name: '   ' }, { name: 'Укажите название' }],
      ['POST', { name: 'x'.repeat(201) }, { name: 'Название: не больше 200 символов' }],
      ['POST', { name: 'Т', price: 10.5 }, { price: 'Сумма указывается в копейках, целым числом' }],
      ['POST', { name: 'Т', price: -1 }, { price: 'Сумма не может быть отрицательной' }],
      ['POST', { name: 'Т', price: 1e15 }, { price: 'Сумма не больше 1 000 000 000 ₽' }],
      ['POST', { name: 'Т', price: '100' }, { price: 'Сумма должна быть числом' }],
      ['POST', { name: 'Т', kind: 'gift' }, { kind: 'Укажите: товар или услуга' }],
      ['POST', { name: 'Т', barcodes: ['46 01'] }, { 'barcodes.0': 'Штрихкод: только латинские буквы, цифры и знаки, без пробелов' }],
      ['POST', { name: 'Т', barcodes: 'x' }, { barcodes: 'Ожидается список штрихкодов' }],
      ['POST', { name: 'Т', warrantyDays: 99999 }, { warrantyDays: 'Гарантия не больше 3650 дней' }],
      ['POST', { name: 'Т', categoryId: 'not-a-uuid' }, { categoryId: 'Неверный идентификатор' }],
      ['POST', { name: 'Т', categoryId: '00000000-0000-4000-8000-000000000000' }, { categoryId: 'Категория не найдена' }],
      ['POST', { name: 'Услуга Т', kind: 'service', serialTracked: true }, { serialTracked: 'Услуга не может учитываться по серийным номерам' }],
      ['POST', { name: 'Т', minStock: [{ warehouseId: wh[0], qty: 1 }, { warehouseId: wh[0], qty: 2 }] }, { 'minStock.1.warehouseId': 'Склад указан дважды' }],
      ['POST', { name: 'Т', minStock: [{ warehouseId: wh[0], qty: -1 }] }, { 'minStock.0.qty': 'Количество не может быть отрицательным' }],
      ['POST', { name: 'Т', sku: 'a\u202eb' }, { sku: 'Недопустимые символы' }],
      ['PATCH', {}, { _: 'Нет изменений' }],
      ['PATCH', { name: null }, { name: 'Укажите название' }],
      ['PATCH', { kind: 'service', serialTracked: true }, { serialTracked: 'Услуга не может учитываться по серийным номерам' }],
    ];
    for (const [method, body, errors] of cases) {
      const res = await call(method as 'POST', method === 'POST' ? '/products' : `/products/${p.id}`, body);
      expect({ body, status: res.statusCode, json: res.json() }).toEqual({ body, status: 400, json: expect.objectContaining({ code: 'validation', errors: expect.objectContaining(errors) }) });
    }
    expectError(await call('GET', '/products/not-a-uuid'), 400, { errors: { id: 'Неверный идентификатор' } });
    expectError(await call('GET', '/products?page=0'), 400, { errors: { page: 'Номер страницы начинается с 1' } });
    expectError(await call('GET', '/products?kind=gift'), 400, { errors: { kind: 'Ожидается good или service' } });
    expectError(await call('GET', '/products?archived=yes'), 400, { errors: { archived: 'Ожидается true или false' } });
    expectError(await call('GET', '/products/00000000-0000-4000-8000-000000000000'), 404, { message: 'Товар не найден' });
    expect(await catalogState()).toEqual(before);
  });

  it('refuses to make a serial-tracked good a service, or give a service a minimum stock', async () => {
    const phone = await createProduct({ name: 'Телефон Т', serialTracked: true });
    expectError(await call('PATCH', `/products/${phone.id}`, { kind: 'service' }), 400, { errors: { serialTracked: 'Услуга не может учитываться по серийным номерам' } });
    const service = await createProduct({ name: 'Услуга Т', kind: 'service' });
    expectError(await call('PATCH', `/products/${service.id}`, { minStock: [{ warehouseId: wh[0], qty: 2 }] }), 400, {
      errors: { minStock: 'У услуги нет складского остатка: минимальный остаток не задаётся' },
    });
  });

  it('archives on DELETE: hidden from lists, readable by id, listed with archived=true, restorable; its SKU stays taken', async () => {
    const p = await createProduct({ name: 'Архивный Т', sku: 'ARCH-1', barcodes: ['ARCH-CODE'] });
    const res = await call('DELETE', `/products/${p.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await search('search=ARCH-1')).items).toEqual([]);
    expect((await search('search=ARCH-1&archived=true')).items.map((i) => i.id)).toEqual([p.id]);
    expect((await call('GET', `/products/${p.id}`)).json()).toMatchObject({ id: p.id, archivedAt: expect.any(String) });
    expectError(await call('DELETE', `/products/${p.id}`), 409, { message: 'Товар уже в архиве' });
    expectError(await call('PATCH', `/products/${p.id}`, { price: 5 }), 409, { message: 'Товар в архиве: сначала верните его из архива' });
    expectError(await call('POST', '/products', { name: 'Новый Т', sku: 'arch-1' }), 409, { message: 'Артикул arch-1 уже занят: «Архивный Т» (в архиве)' });
    expectError(await call('POST', '/products', { name: 'Новый Т', barcodes: ['ARCH-CODE'] }), 409, { message: 'Штрихкод ARCH-CODE уже у товара «Архивный Т» (в архиве)' });
    const restored = await call('POST', `/products/${p.id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ id: p.id, archivedAt: null });
    expectError(await call('POST', `/products/${p.id}/restore`), 409, { message: 'Товар не в архиве' });
    expect((await auditRows('product', p.id)).map((r) => r.action)).toEqual(['create', 'delete', 'update']);
    await eventsDelivered();
    expect(events.filter((e) => e.id === p.id).map((e) => e.type)).toEqual(['created', 'deleted', 'updated']);
  });
});

describe('search and paging', () => {
  it('finds by name in any case, Russian too, with ё as е', async () => {
    const upper = await search(`search=${encodeURIComponent('ДИСПЛЕЙ IPHONE 13 (OLED)')}`);
    expect(upper.items.map((p) => p.name)).toEqual(['Дисплей iPhone 13 (OLED)']);
    const yo = await search(`search=${encodeURIComponent('чехол силиконовый iphone 13, черный')}`);
    expect(yo.items.map((p) => p.name)).toEqual(['Чехол силиконовый iPhone 13, чёрный']);
    // «стёкла» typed with ё finds «стекла» written without it.
    expect((await search(`search=${encodeURIComponent('СТЁКЛА')}`)).items.map((p) => p.name)).toEqual(['Замена заднего стекла', 'Наклейка защитного стекла']);
  });

  it('finds by SKU (part, any case, typed in the Russian layout) and by barcode, exact matches first', async () => {
    expect((await search('search=bat-ip13')).items.map((p) => p.sku)).toEqual(['BAT-IP13', 'BAT-IP13P']);
    expect(fromRussianLayout('ифе-шз13')).toBe('bat-ip13');
    expect((await search(`search=${encodeURIComponent('ифе-шз13')}`)).items.map((p) => p.sku)).toEqual(['BAT-IP13', 'BAT-IP13P']);
    const [cable] = (await search('search=CBL-C-LTG')).items;
    for (const code of cable.barcodes) expect((await search(`search=${code}`)).items.map((p) => p.id)).toEqual([cable.id]);
    // «DSP-IP1» is part of several SKUs; a product whose SKU is exactly the text comes first.
    const exact = await createProduct({ name: 'Ааа первый по алфавиту', sku: 'DSP-IP1' });
    const found = await search('search=dsp-ip1');
    expect(found.items[0].id).toBe(exact.id);
    expect(found.total).toBeGreaterThan(1);
  });

  it('matches LIKE wildcards literally', async () => {
    expect((await search('search=%25')).total).toBe(0);
    expect((await search('search=_')).total).toBe(0);
    const pct = await createProduct({ name: 'Скидка 100% на плёнку' });
    expect((await search('search=100%25')).items.map((p) => p.id)).toEqual([pct.id]);
  });

  it('filters by category (a top-level one includes its sub-categories) and kind', async () => {
    const tree = await listCategories();
    const parts = tree.find((c) => c.name === 'Запчасти')!;
    const batteries = tree.find((c) => c.name === 'Аккумуляторы')!;
    const inParts = await search(`categoryId=${parts.id}&pageSize=200`);
    expect(inParts.total).toBe(parts.totalProductCount);
    const inBatteries = await search(`categoryId=${batteries.id.toUpperCase()}&pageSize=200`);
    expect(inBatteries.total).toBe(batteries.productCount);
    expect(inBatteries.items.every((p) => p.categoryId === batteries.id)).toBe(true);
    const services = await search('kind=service&pageSize=200');
    expect(services.items.every((p) => p.kind === 'service')).toBe(true);
    expect(services.total).toBeGreaterThanOrEqual(9);
  });

  it('pages without gaps or repeats, sorted by name', async () => {
    const all = await search('pageSize=200');
    const seen: string[] = [];
    for (let page = 1; page <= Math.ceil(all.total / 7); page++) {
      const res = await search(`page=${page}&pageSize=7`);
      expect(res).toMatchObject({ total: all.total, page, pageSize: 7 });
      seen.push(...res.items.map((p) => p.id));
    }
    expect(seen).toHaveLength(all.total);
    expect(new Set(seen).size).toBe(all.total);
    expect(seen.slice(0, all.items.length)).toEqual(all.items.map((p) => p.id));
    expect((await search(`page=${Math.ceil(all.total / 7) + 1}&pageSize=7`)).items).toEqual([]);
  });
});

describe('minimum stock per warehouse', () => {
  it('shows and replaces only the minimums of the employee’s own locations', async () => {
    const p = await createProduct({ name: 'Аккумулятор Т', minStock: [{ warehouseId: wh[0], qty: 2 }, { warehouseId: wh[1], qty: 3 }, { warehouseId: wh[2], qty: 0 }] });
    expect(p.minStock).toEqual(expect.arrayContaining([{ warehouseId: wh[0], qty: 2 }, { warehouseId: wh[1], qty: 3 }]));
    expect(p.minStock).toHaveLength(2);
    // The cashier works in the first location only.
    expect((await call('GET', `/products/${p.id}`, undefined, tokens.cashier)).json().minStock).toEqual([{ warehouseId: wh[0], qty: 2 }]);

    const storekeeper = await addEmployee(app, ['view:product:all', 'edit:product:all'], [loc[0].id]);
    const before = await catalogState();
    expectError(await call('PATCH', `/products/${p.id}`, { minStock: [{ warehouseId: wh[1], qty: 9 }] }, storekeeper.token), 400, {
      errors: { 'minStock.0.warehouseId': 'Склад не найден' },
    });
    expect(await catalogState()).toEqual(before);
    const cleared = await call('PATCH', `/products/${p.id}`, { minStock: [] }, storekeeper.token);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().minStock).toEqual([]);
    // The second location's minimum is still there for the owner.
    expect((await call('GET', `/products/${p.id}`)).json().minStock).toEqual([{ warehouseId: wh[1], qty: 3 }]);
    const [, update] = await auditRows('product', p.id);
    expect(update.diff).toEqual({
      minStock: {
        before: [
          { warehouseId: wh[0], qty: 2 },
          { warehouseId: wh[1], qty: 3 },
        ].sort((a, b) => (a.warehouseId < b.warehouseId ? -1 : 1)),
        after: [{ warehouseId: wh[1], qty: 3 }],
      },
    });
  });
});

describe('photos', () => {
  const upload = (productId: string, data: Buffer, token = tokens.owner, extra: Array<[string, string]> = []) => {
    const body = multipart(extra, [{ name: 'image', filename: 'photo.bin', contentType: 'application/octet-stream', data }]);
    return app.inject({ method: 'POST', url: `/api/catalog/products/${productId}/images`, payload: body.payload, headers: { ...authHeaders(token), ...body.headers } });
  };

  it('adds photos re-encoded with thumbnails, serves them to <img src>, removes them, and audits each change', async () => {
    const p = await createProduct({ name: 'Чехол с фото' });
    expect(p.images).toEqual([]);
    const added = await upload(p.id, await makeImage('jpeg', 1200, 900));
    expect(added.statusCode).toBe(201);
    const withPhoto = productSchema.parse(added.json());
    expect(withPhoto.images).toMatchObject([{ width: 1200, height: 900 }]);
    const imageId = withPhoto.images[0].id;
    // The list carries the photos too.
    const listed = (await call('GET', `/products?search=${encodeURIComponent('Чехол с фото')}`)).json().items[0];
    expect(listed.images.map((i: { id: string }) => i.id)).toEqual([imageId]);
    // <img src> sends the token cookie; any signed-in employee sees the catalogue's photos.
    const thumb = await app.inject({ method: 'GET', url: `/api/catalog/images/${imageId}/thumbnail`, headers: { cookie: `token=${tokens.cashier}` } });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    const full = await app.inject({ method: 'GET', url: `/api/catalog/images/${imageId}`, headers: authHeaders(tokens.owner) });
    expect(full.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(full.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 900 });
    expect((await app.inject({ method: 'GET', url: `/api/catalog/images/${imageId}` })).statusCode).toBe(403);

    const removed = await call('DELETE', `/products/${p.id}/images/${imageId}`);
    expect(removed.statusCode).toBe(200);
    expect(productSchema.parse(removed.json()).images).toEqual([]);
    expect((await app.inject({ method: 'GET', url: `/api/catalog/images/${imageId}`, headers: authHeaders(tokens.owner) })).statusCode).toBe(404);
    const audit = await app.db.select().from(auditLog).where(eq(auditLog.entityId, imageId));
    expect(audit.map((a) => a.action).sort()).toEqual(['create', 'delete']);
  });

  it('refuses what is not an image, a field beside the file, the ninth photo and an employee without edit:product, changing nothing', async () => {
    const p = await createProduct({ name: 'Кабель с фото' });
    const notImage = await upload(p.id, Buffer.from('not an image at all'));
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().message).toBe('Допустимы изображения JPEG, PNG или WebP');
    expect((await upload(p.id, await makeImage('png', 20, 20), tokens.owner, [['extra', 'x']])).statusCode).toBe(400);
    expect((await upload(p.id, await makeImage('png', 20, 20), tokens.cashier)).statusCode).toBe(403);
    const png = await makeImage('png', 40, 30);
    for (let i = 0; i < productImageLimits.maxPerProduct; i++) expect((await upload(p.id, png)).statusCode).toBe(201);
    const ninth = await upload(p.id, png);
    expect(ninth.statusCode).toBe(409);
    expect(ninth.json().message).toBe(catalogMessages.tooManyImages);
    const after = productSchema.parse((await call('GET', `/products/${p.id}`)).json());
    expect(after.images).toHaveLength(productImageLimits.maxPerProduct);
  });
});
