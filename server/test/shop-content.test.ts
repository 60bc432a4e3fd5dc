/**
 * The online shop's content, staff side (issue #25) through `inject`: the demo content, the rules (a role
 * without `shop_content` gets 403), CRUD of catalogue items, device types, brands, models and their prices,
 * slides, storefront categories, settings and images; every refusal of the issue (400/409, a Russian
 * message, nothing changed); the reorder semantics; audit rows and realtime events; the intake form's
 * device dictionary with the shop's models. PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import {
  shopCatalogItemSchema,
  shopCatalogPageSchema,
  shopCategorySchema,
  shopMessages,
  shopModelSchema,
  shopSlideSchema,
  type Location,
  type ShopCatalogItem,
} from '@repo/contracts';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../src/lib/sql';
import { authHeaders, buildTestApp, demoPhones, expectRefused, login, ok } from './helpers';
import { demoLocations } from './location-fixtures';
import { connect, type TestSocket } from './realtime-client';

let app: FastifyInstance;
let base: string;
let owner: string;
let cashier: string;
let engineer: string;
let loc: Location[];
const sockets: TestSocket[] = [];

const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await app.db.execute(query));

beforeAll(async () => {
  app = await buildTestApp();
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/ws`;
  owner = (await login(app, demoPhones.owner)).token;
  cashier = (await login(app, demoPhones.cashier)).token;
  engineer = (await login(app, demoPhones.engineer)).token;
  loc = await demoLocations(app, owner);
});
afterEach(() => {
  for (const s of sockets.splice(0)) s.ws.terminate();
});
afterAll(async () => app?.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown, token = owner) =>
  app.inject({ method, url, headers: authHeaders(token, loc[0]._id), ...(payload !== undefined ? { payload: payload as object } : {}) });

/** Every shop content table and the shop's audit rows: what a refusal must leave as it was. */
async function state() {
  const [row] = await q<Record<string, string | null>>(
    sql`select (select md5(coalesce(string_agg(t::text, ',' order by id), '')) from shop_catalog_items t) as items,
      (select md5(coalesce(string_agg(t::text, ',' order by id), '')) from shop_device_types t) as types,
      (select md5(coalesce(string_agg(t::text, ',' order by id), '')) from shop_brands t) as brands,
      (select md5(coalesce(string_agg(t::text, ',' order by id), '')) from shop_models t) as models,
      (select md5(coalesce(string_agg(t::text, ',' order by id), '')) from shop_model_prices t) as prices,
      (select md5(coalesce(string_agg(t::text, ',' order by id), '')) from shop_slides t) as slides,
      (select md5(coalesce(string_agg(t::text, ',' order by id), '')) from shop_categories t) as categories,
      (select md5(coalesce(string_agg(t::text, ',' order by shop_category_id, category_id), '')) from shop_category_links t) as links,
      (select md5(coalesce(string_agg(t::text, ','), '')) from shop_settings t) as settings,
      (select count(*)::text from shop_images) as images,
      (select count(*)::text from audit_log where entity like 'shop_%') as audit`,
  );
  return row;
}

/** A good of the catalogue not yet on the site. */
async function unlistedProduct(): Promise<{ id: string; name: string; price: number }> {
  const [p] = await q<{ id: string; name: string; price: string }>(
    sql`select id, name, price from products p where kind = 'good' and archived_at is null and price > 0
      and not exists (select 1 from shop_catalog_items i where i.product_id = p.id) order by sku desc limit 1`,
  );
  return { id: p.id, name: p.name, price: Number(p.price) };
}

const png = (color = '#336699') => sharp({ create: { width: 64, height: 48, channels: 3, background: color } }).png().toBuffer();

function multipart(file: Buffer) {
  const boundary = 'shopboundary123';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(token = owner) {
  const m = multipart(await png());
  return app.inject({ method: 'POST', url: '/api/shop/images', headers: { ...authHeaders(token, loc[0]._id), 'content-type': m.contentType }, payload: m.body });
}

/** Messages of a socket until one matches (or the time is up). */
async function waitFor(socket: TestSocket, match: (e: Record<string, unknown>) => boolean, ms = 5000): Promise<Record<string, unknown>> {
  const end = Date.now() + ms;
  for (;;) {
    const left = end - Date.now();
    if (left <= 0) throw new Error('no matching message');
    const items = (await socket.next(left)) as Array<Record<string, unknown>>;
    const hit = Array.isArray(items) ? items.find(match) : undefined;
    if (hit) return hit;
  }
}

describe('demo content', () => {
  it('has ~60 catalogue items (some with their own price, a few unpublished), 3 types, 40 models with prices, 4 slides, 6 categories and the settings', async () => {
    const page = shopCatalogPageSchema.parse(ok(await call('GET', '/api/shop/catalog?pageSize=200')));
    expect(page.total).toBeGreaterThanOrEqual(55);
    expect(page.total).toBeLessThanOrEqual(65);
    const published = page.items.filter((i) => i.published);
    expect(published.length).toBeGreaterThanOrEqual(50);
    expect(page.items.length - published.length).toBeGreaterThanOrEqual(2);
    expect(page.items.filter((i) => i.priceOverride !== null).length).toBeGreaterThanOrEqual(3);
    expect(page.items.every((i) => i.images.length >= 1)).toBe(true);
    expect(page.items.map((i) => i.position)).toEqual([...page.items.map((i) => i.position)].sort((a, b) => a - b));

    const types = ok(await call('GET', '/api/shop/device-types')).items;
    expect(types.map((t: { name: string }) => t.name)).toEqual(['Смартфон', 'Планшет', 'Ноутбук']);
    const models = ok(await call('GET', '/api/shop/models')).items;
    expect(models.length).toBe(40);
    expect(models.every((m: { priceCount: number }) => m.priceCount >= 5)).toBe(true);
    // Each type's and brand's count is its models' (a brand's within a type when asked by type).
    const countBy = (key: 'typeId' | 'brandId', id: string) => models.filter((m: Record<string, string>) => m[key] === id).length;
    for (const t of types) expect(t.modelCount).toBe(countBy('typeId', t.id));
    expect(types.reduce((s: number, t: { modelCount: number }) => s + t.modelCount, 0)).toBe(40);
    const brands = ok(await call('GET', '/api/shop/brands')).items;
    for (const b of brands) expect(b.modelCount).toBe(countBy('brandId', b.id));
    const phoneBrands = ok(await call('GET', `/api/shop/brands?typeId=${types[0].id}`)).items;
    for (const b of phoneBrands) expect(b.modelCount).toBe(models.filter((m: Record<string, string>) => m.brandId === b.id && m.typeId === types[0].id).length);
    expect(phoneBrands.some((b: { modelCount: number }) => b.modelCount > 0)).toBe(true);
    const prices = ok(await call('GET', `/api/shop/models/${models[0].id}/prices`));
    expect(prices.some((p: { priceFrom: boolean }) => p.priceFrom)).toBe(true);
    expect(prices.some((p: { priceFrom: boolean }) => !p.priceFrom)).toBe(true);

    const slides = ok(await call('GET', '/api/shop/slides')).items;
    expect(slides).toHaveLength(4);
    expect(slides.filter((s: { active: boolean }) => s.active)).toHaveLength(3);
    const categories = ok(await call('GET', '/api/shop/categories')).items;
    expect(categories).toHaveLength(6);
    expect(categories.every((c: { catalogCategoryIds: string[]; itemCount: number }) => c.catalogCategoryIds.length === 1 && c.itemCount > 0)).toBe(true);

    const settings = ok(await call('GET', '/api/shop/settings'));
    expect(settings).toMatchObject({ siteName: 'Сервис+', requestsOpen: true, timezone: 'Europe/Moscow' });
    expect(settings.allowedOrigins).toContain('http://localhost:3000');
    expect([...settings.requestLocationIds].sort()).toEqual(loc.map((l) => l._id).sort());
  });

  it('offers the shop’s models in the intake form’s device dictionary', async () => {
    const dict = ok(await call('GET', `/api/orders/devices?type=${encodeURIComponent('Ноутбук')}&brand=ASUS`));
    expect(dict.models).toEqual(expect.arrayContaining(['VivoBook 15', 'ZenBook 14']));
    const brands = ok(await call('GET', `/api/orders/devices?type=${encodeURIComponent('Ноутбук')}`)).brands;
    expect(brands).toEqual(expect.arrayContaining(['Acer', 'HP', 'Honor']));
  });
});

describe('rules', () => {
  it('a role without shop_content (cashier, engineer) gets 403 on reads and writes, and nothing changes', async () => {
    for (const token of [cashier, engineer]) {
      for (const url of ['/api/shop/catalog', '/api/shop/device-types', '/api/shop/brands', '/api/shop/models', '/api/shop/slides', '/api/shop/categories', '/api/shop/settings']) {
        const res = await call('GET', url, undefined, token);
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toMatch(/контент интернет-магазина/);
      }
      const before = await state();
      await expectRefused(await call('POST', '/api/shop/device-types', { name: 'Консоли' }, token), 403, state, before);
      await expectRefused(await call('POST', '/api/shop/slides', { title: 'Чужой слайд' }, token), 403, state, before);
      await expectRefused(await upload(token), 403, state, before);
    }
  });
});

describe('catalogue items', () => {
  let item: ShopCatalogItem;

  it('creates an item from a product: the product’s name and retail price by default, sanitised description, audited and announced', async () => {
    const socket = await connect(base, { cookie: `token=${owner}` });
    sockets.push(socket);
    const product = await unlistedProduct();
    const res = await call('POST', '/api/shop/catalog', { productId: product.id, description: '<p onclick="x()">Хороший <b>товар</b></p><script>alert(1)</script><a href="javascript:alert(1)">ссылка</a>' });
    item = shopCatalogItemSchema.parse(ok(res, 201));
    expect(item).toMatchObject({ productId: product.id, title: product.name, price: product.price, priceOverride: null, retailPrice: product.price, published: false, archived: false });
    expect(item.description).toContain('<p>Хороший <b>товар</b></p>');
    expect(item.description).not.toMatch(/script|onclick|javascript/);
    const event = await waitFor(socket, (m) => m.id === item.id);
    expect(event).toMatchObject({ type: 'created', entity: 'shop_catalog_item', locationId: null });
    const [audit] = await q<{ n: number }>(sql`select count(*)::int as n from audit_log where entity = 'shop_catalog_item' and entity_id = ${item.id} and action = 'create'`);
    expect(Number(audit.n)).toBe(1);
  });

  it('changes the price, title and publication; price null goes back to the retail price', async () => {
    let after = shopCatalogItemSchema.parse(ok(await call('PATCH', `/api/shop/catalog/${item.id}`, { price: 12_300, title: 'Витринное название', published: true })));
    expect(after).toMatchObject({ price: 12_300, priceOverride: 12_300, title: 'Витринное название', published: true });
    const found = shopCatalogPageSchema.parse(ok(await call('GET', `/api/shop/catalog?search=${encodeURIComponent('витринное')}`)));
    expect(found.items.map((i) => i.id)).toEqual([item.id]);
    after = shopCatalogItemSchema.parse(ok(await call('PATCH', `/api/shop/catalog/${item.id}`, { price: null })));
    expect(after.price).toBe(after.retailPrice);
    item = after;
  });

  it('refuses a product already listed (409), a price below zero (400), an unknown image (400 on the field), and changes nothing', async () => {
    const before = await state();
    await expectRefused(await call('POST', '/api/shop/catalog', { productId: item.productId }), 409, state, before, shopMessages.productAlreadyListed);
    const product = await unlistedProduct();
    const neg = await expectRefused(await call('POST', '/api/shop/catalog', { productId: product.id, price: -100 }), 400, state, before);
    expect(Object.keys(neg.errors)).toContain('price');
    await expectRefused(await call('PATCH', `/api/shop/catalog/${item.id}`, { price: -1 }), 400, state, before);
    const img = await expectRefused(await call('POST', '/api/shop/catalog', { productId: product.id, imageIds: ['00000000-0000-4000-8000-000000000000'] }), 400, state, before, shopMessages.imageNotFound);
    expect(img.errors.imageIds).toBe(shopMessages.imageNotFound);
    await expectRefused(await call('POST', '/api/shop/catalog', { productId: '00000000-0000-4000-8000-000000000000' }), 400, state, before, shopMessages.productNotFound);
  });

  it('refuses publishing an item of an archived product (409), on create and on change, and changes nothing', async () => {
    const product = await unlistedProduct();
    const created = shopCatalogItemSchema.parse(ok(await call('POST', '/api/shop/catalog', { productId: product.id, published: false }), 201));
    ok(await call('DELETE', `/api/catalog/products/${product.id}`));
    const archived = shopCatalogItemSchema.parse(ok(await call('GET', `/api/shop/catalog/${created.id}`)));
    expect(archived.archived).toBe(true);
    const before = await state();
    await expectRefused(await call('PATCH', `/api/shop/catalog/${created.id}`, { published: true }), 409, state, before, shopMessages.archivedProduct);
    const other = await unlistedProduct();
    ok(await call('DELETE', `/api/catalog/products/${other.id}`));
    const before2 = await state();
    await expectRefused(await call('POST', '/api/shop/catalog', { productId: other.id, published: true }), 409, state, before2, shopMessages.archivedProduct);
  });

  it('reorders: the ids take the places they hold now, in the new order; ids of another list or repeated are a 400', async () => {
    const page = shopCatalogPageSchema.parse(ok(await call('GET', '/api/shop/catalog?pageSize=5&page=2')));
    const ids = page.items.map((i) => i.id);
    const places = page.items.map((i) => i.position);
    ok(await call('POST', '/api/shop/catalog/reorder', { ids: [...ids].reverse() }));
    const again = shopCatalogPageSchema.parse(ok(await call('GET', '/api/shop/catalog?pageSize=5&page=2')));
    expect(again.items.map((i) => i.id)).toEqual([...ids].reverse());
    expect(again.items.map((i) => i.position)).toEqual(places);

    const [slide] = ok(await call('GET', '/api/shop/slides')).items;
    const before = await state();
    await expectRefused(await call('POST', '/api/shop/catalog/reorder', { ids: [ids[0], slide.id] }), 400, state, before, shopMessages.reorderForeign);
    await expectRefused(await call('POST', '/api/shop/catalog/reorder', { ids: [ids[0], ids[0]] }), 400, state, before);
    await expectRefused(await call('POST', '/api/shop/catalog/reorder', { ids: [] }), 400, state, before);
  });

  it('deletes an item (404 afterwards)', async () => {
    ok(await call('DELETE', `/api/shop/catalog/${item.id}`));
    const res = await call('GET', `/api/shop/catalog/${item.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(shopMessages.itemNotFound);
  });
});

describe('devices', () => {
  it('types and brands: unique names (409, case-insensitive), deleting one with models is a 409, reorder within the list', async () => {
    const socket = await connect(base, { cookie: `token=${cashier}` });
    sockets.push(socket);
    const type = ok(await call('POST', '/api/shop/device-types', { name: 'Смарт-часы' }), 201);
    expect(type).toMatchObject({ name: 'Смарт-часы', published: true, modelCount: 0, image: null });
    // Company-wide content: every signed-in employee's screens hear of it (no location).
    expect(await waitFor(socket, (m) => m.id === type.id)).toMatchObject({ type: 'created', entity: 'shop_device_type', locationId: null });
    let before = await state();
    await expectRefused(await call('POST', '/api/shop/device-types', { name: 'смарт-ЧАСЫ' }), 409, state, before, shopMessages.nameTaken);
    const types = ok(await call('GET', '/api/shop/device-types')).items as Array<{ id: string; name: string }>;
    const phone = types.find((t) => t.name === 'Смартфон')!;
    await expectRefused(await call('PATCH', `/api/shop/device-types/${type.id}`, { name: 'Смартфон' }), 409, state, before, shopMessages.nameTaken);
    await expectRefused(await call('DELETE', `/api/shop/device-types/${phone.id}`), 409, state, before, shopMessages.typeHasModels);
    const brands = ok(await call('GET', '/api/shop/brands')).items as Array<{ id: string; name: string }>;
    const apple = brands.find((b) => b.name === 'Apple')!;
    await expectRefused(await call('DELETE', `/api/shop/brands/${apple.id}`), 409, state, before, shopMessages.brandHasModels);
    await expectRefused(await call('POST', '/api/shop/brands', { name: 'APPLE' }), 409, state, before, shopMessages.nameTaken);

    // Brands of a type: those with models of it.
    const laptopBrands = ok(await call('GET', `/api/shop/brands?typeId=${types.find((t) => t.name === 'Ноутбук')!.id}`)).items.map((b: { name: string }) => b.name);
    expect(laptopBrands).toEqual(expect.arrayContaining(['ASUS', 'Acer', 'HP']));
    expect(laptopBrands).not.toContain('Samsung');

    const ids = types.map((t) => t.id);
    ok(await call('POST', '/api/shop/device-types/reorder', { ids: [...ids].reverse() }));
    expect(ok(await call('GET', '/api/shop/device-types')).items.map((t: { id: string }) => t.id)).toEqual([...ids].reverse());
    before = await state();
    await expectRefused(await call('POST', '/api/shop/device-types/reorder', { ids: [ids[0], apple.id] }), 400, state, before, shopMessages.reorderForeign);
    ok(await call('DELETE', `/api/shop/device-types/${type.id}`));
  });

  it('models: created at the end of their type and brand, unique there (409), reordered only within one type and brand, prices replaced whole', async () => {
    const types = ok(await call('GET', '/api/shop/device-types')).items as Array<{ id: string; name: string }>;
    const brands = ok(await call('GET', '/api/shop/brands')).items as Array<{ id: string; name: string }>;
    const phone = types.find((t) => t.name === 'Смартфон')!.id;
    const apple = brands.find((b) => b.name === 'Apple')!.id;
    const samsung = brands.find((b) => b.name === 'Samsung')!.id;
    // A colleague's open columns hear of it: the model, and its type's and brand's counts.
    const socket = await connect(base, { cookie: `token=${owner}` });
    sockets.push(socket);
    const model = shopModelSchema.parse(ok(await call('POST', '/api/shop/models', { typeId: phone, brandId: apple, name: 'iPhone 16' }), 201));
    expect(await waitFor(socket, (m) => m.id === model.id)).toMatchObject({ type: 'created', entity: 'shop_model' });
    expect(await waitFor(socket, (m) => m.entity === 'shop_device_type' && m.id === phone)).toMatchObject({ type: 'updated' });
    expect(await waitFor(socket, (m) => m.entity === 'shop_brand' && m.id === apple)).toMatchObject({ type: 'updated' });
    expect(model).toMatchObject({ typeName: 'Смартфон', brandName: 'Apple', priceCount: 0, minPrice: null });
    const list = ok(await call('GET', `/api/shop/models?typeId=${phone}&brandId=${apple}`)).items as Array<{ id: string; position: number }>;
    expect(list.at(-1)!.id).toBe(model.id);
    expect(ok(await call('GET', `/api/shop/models?search=${encodeURIComponent('iphone 16')}`)).items.map((m: { id: string }) => m.id)).toEqual([model.id]);

    let before = await state();
    await expectRefused(await call('POST', '/api/shop/models', { typeId: phone, brandId: apple, name: 'IPHONE 16' }), 409, state, before, shopMessages.nameTaken);
    const bad = await expectRefused(await call('POST', '/api/shop/models', { typeId: phone, brandId: '00000000-0000-4000-8000-000000000000', name: 'X' }), 400, state, before);
    expect(bad.errors.brandId).toBe(shopMessages.brandNotFound);

    const ids = list.map((m) => m.id);
    const places = list.map((m) => m.position);
    ok(await call('POST', '/api/shop/models/reorder', { ids: [...ids].reverse() }));
    const again = ok(await call('GET', `/api/shop/models?typeId=${phone}&brandId=${apple}`)).items as Array<{ id: string; position: number }>;
    expect(again.map((m) => m.id)).toEqual([...ids].reverse());
    expect(again.map((m) => m.position)).toEqual(places);
    const galaxy = (ok(await call('GET', `/api/shop/models?typeId=${phone}&brandId=${samsung}`)).items as Array<{ id: string }>)[0];
    before = await state();
    await expectRefused(await call('POST', '/api/shop/models/reorder', { ids: [ids[0], galaxy.id] }), 400, state, before, shopMessages.reorderForeign);

    const prices = [
      { service: 'Замена дисплея', price: 1_990_000, priceFrom: false, minutes: 60 },
      { service: 'Замена аккумулятора', price: 490_000, priceFrom: true },
    ];
    expect(ok(await call('PUT', `/api/shop/models/${model.id}/prices`, prices))).toEqual([prices[0], { ...prices[1], minutes: null }]);
    expect(shopModelSchema.parse((ok(await call('GET', `/api/shop/models?search=${encodeURIComponent('iphone 16')}`)).items as unknown[])[0])).toMatchObject({ priceCount: 2, minPrice: 490_000 });
    // A free service (diagnostics) is not the model's «от» price.
    ok(await call('PUT', `/api/shop/models/${model.id}/prices`, [{ service: 'Диагностика', price: 0 }, ...prices]));
    expect(shopModelSchema.parse((ok(await call('GET', `/api/shop/models?search=${encodeURIComponent('iphone 16')}`)).items as unknown[])[0])).toMatchObject({ priceCount: 3, minPrice: 490_000 });
    ok(await call('PUT', `/api/shop/models/${model.id}/prices`, prices));
    before = await state();
    const neg = await expectRefused(await call('PUT', `/api/shop/models/${model.id}/prices`, [{ service: 'Замена', price: -5 }]), 400, state, before);
    expect(Object.keys(neg.errors)).toContain('0.price');
    await expectRefused(await call('PUT', `/api/shop/models/${model.id}/prices`, [prices[0], { ...prices[0], service: 'замена дисплея' }]), 400, state, before);
    ok(await call('DELETE', `/api/shop/models/${model.id}`));
    expect((await call('GET', `/api/shop/models/${model.id}/prices`)).statusCode).toBe(404);
  });
});

describe('slides', () => {
  it('refuses an end before the start (400 on activeTo), also when a change sends one date only; reorders', async () => {
    let before = await state();
    const res = await expectRefused(await call('POST', '/api/shop/slides', { title: 'Акция', activeFrom: '2031-05-10', activeTo: '2031-05-01' }), 400, state, before);
    expect(res.errors.activeTo).toBe(shopMessages.slideDates);
    const slide = shopSlideSchema.parse(ok(await call('POST', '/api/shop/slides', { title: 'Акция', link: '/repair', activeFrom: '2031-05-10', activeTo: '2031-05-20' }), 201));
    expect(slide).toMatchObject({ active: false, published: true, link: '/repair' });
    before = await state();
    const one = await expectRefused(await call('PATCH', `/api/shop/slides/${slide.id}`, { activeTo: '2031-05-01' }), 400, state, before, shopMessages.slideDates);
    expect(one.errors.activeTo).toBe(shopMessages.slideDates);
    await expectRefused(await call('PATCH', `/api/shop/slides/${slide.id}`, { activeFrom: '2031-06-01' }), 400, state, before, shopMessages.slideDates);
    expect((await expectRefused(await call('POST', '/api/shop/slides', { title: 'X', link: 'javascript:alert(1)' }), 400, state, before)).errors.link).toBe(shopMessages.linkInvalid);
    const active = shopSlideSchema.parse(ok(await call('PATCH', `/api/shop/slides/${slide.id}`, { activeFrom: null, activeTo: null })));
    expect(active.active).toBe(true);

    const ids = (ok(await call('GET', '/api/shop/slides')).items as Array<{ id: string }>).map((s) => s.id);
    const order = [ids.at(-1)!, ...ids.slice(0, -1)];
    ok(await call('POST', '/api/shop/slides/reorder', { ids: order }));
    expect(ok(await call('GET', '/api/shop/slides')).items.map((s: { id: string }) => s.id)).toEqual(order);
    ok(await call('DELETE', `/api/shop/slides/${slide.id}`));
  });
});

describe('storefront categories', () => {
  it('makes the slug from the Russian name, unique with -2; a slug typed and taken is a 409; unknown catalogue categories are a 400', async () => {
    const [display] = await q<{ id: string }>(sql`select id from categories where name = 'Дисплеи'`);
    const first = shopCategorySchema.parse(ok(await call('POST', '/api/shop/categories', { name: 'Наушники и колонки', catalogCategoryIds: [display.id] }), 201));
    expect(first).toMatchObject({ slug: 'naushniki-i-kolonki', catalogCategoryIds: [display.id], catalogCategories: [{ id: display.id, name: 'Дисплеи' }] });
    expect(first.itemCount).toBeGreaterThan(0);
    const second = shopCategorySchema.parse(ok(await call('POST', '/api/shop/categories', { name: 'Наушники и колонки' }), 201));
    expect(second.slug).toBe('naushniki-i-kolonki-2');

    const before = await state();
    await expectRefused(await call('POST', '/api/shop/categories', { name: 'Другое', slug: 'smartfony' }), 409, state, before, shopMessages.slugTaken);
    await expectRefused(await call('PATCH', `/api/shop/categories/${second.id}`, { slug: 'naushniki-i-kolonki' }), 409, state, before, shopMessages.slugTaken);
    expect((await expectRefused(await call('POST', '/api/shop/categories', { name: 'Другое', slug: 'Не латиница' }), 400, state, before)).errors.slug).toBe(shopMessages.slugInvalid);
    const bad = await expectRefused(await call('POST', '/api/shop/categories', { name: 'Другое', catalogCategoryIds: ['00000000-0000-4000-8000-000000000000'] }), 400, state, before);
    expect(bad.errors.catalogCategoryIds).toBe(shopMessages.catalogCategoryNotFound);

    const renamed = shopCategorySchema.parse(ok(await call('PATCH', `/api/shop/categories/${second.id}`, { name: 'Колонки', catalogCategoryIds: [] })));
    expect(renamed).toMatchObject({ name: 'Колонки', slug: 'naushniki-i-kolonki-2', catalogCategoryIds: [], itemCount: 0 });
    ok(await call('DELETE', `/api/shop/categories/${second.id}`));
    ok(await call('DELETE', `/api/shop/categories/${first.id}`));
  });
});

describe('settings and images', () => {
  it('saves the settings; refuses a bad origin or an unknown location and changes nothing', async () => {
    const current = ok(await call('GET', '/api/shop/settings'));
    const body = { siteName: 'Сервис+ онлайн', phone: '+7 (495) 111-22-33', requestLocationIds: [loc[0]._id], allowedOrigins: ['https://Shop.Example.ru', 'http://localhost:3000'], requestsOpen: false, timezone: 'Asia/Yekaterinburg' };
    const socket = await connect(base, { cookie: `token=${owner}` });
    sockets.push(socket);
    const saved = ok(await call('PUT', '/api/shop/settings', body));
    expect(await waitFor(socket, (m) => m.entity === 'shop_settings')).toMatchObject({ type: 'updated', id: '1', locationId: null });
    expect(saved).toMatchObject({ siteName: 'Сервис+ онлайн', phone: '+74951112233', requestLocationIds: [loc[0]._id], allowedOrigins: ['https://shop.example.ru', 'http://localhost:3000'], requestsOpen: false, timezone: 'Asia/Yekaterinburg' });
    const before = await state();
    expect((await expectRefused(await call('PUT', '/api/shop/settings', { ...body, allowedOrigins: ['shop.example.ru/path'] }), 400, state, before)).errors['allowedOrigins.0']).toBe(shopMessages.originInvalid);
    expect((await expectRefused(await call('PUT', '/api/shop/settings', { ...body, timezone: 'Mars/Olympus' }), 400, state, before)).errors.timezone).toBe(shopMessages.timezoneInvalid);
    await expectRefused(await call('PUT', '/api/shop/settings', { ...body, requestLocationIds: ['00000000-0000-4000-8000-000000000000'] }), 400, state, before);
    ok(await call('PUT', '/api/shop/settings', { ...current, phone: current.phone }));
  });

  it('uploads an image through the pipeline (201 ShopImage), served publicly with its thumbnail; a non-image is a 400', async () => {
    const image = ok(await upload(), 201);
    expect(image).toMatchObject({ url: `/api/public/images/${image.id}`, thumbnailUrl: `/api/public/images/${image.id}/thumbnail`, width: 64, height: 48 });
    const full = await app.inject({ method: 'GET', url: image.url });
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/png');
    const thumb = await app.inject({ method: 'GET', url: image.thumbnailUrl });
    expect(thumb.headers['content-type']).toBe('image/webp');
    const before = await state();
    const m = multipart(Buffer.from('not an image at all'));
    await expectRefused(
      await app.inject({ method: 'POST', url: '/api/shop/images', headers: { ...authHeaders(owner, loc[0]._id), 'content-type': m.contentType }, payload: m.body }),
      400,
      state,
      before,
    );
    // A type with the image.
    const type = ok(await call('POST', '/api/shop/device-types', { name: 'Игровые консоли', imageId: image.id }), 201);
    expect(type.image).toMatchObject({ id: image.id, width: 64 });
    ok(await call('DELETE', `/api/shop/device-types/${type.id}`));
  });
});
