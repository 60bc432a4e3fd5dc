/**
 * The public storefront API's reads (issue #25) through `inject`, without a token: only published content
 * (an unpublished or archived item is a 404 even by its id), no cost, quantity or staff field (the JSON keys
 * asserted), `inStock` from the stock balances, active slides only, the category filter through the linked
 * catalogue categories (and those under them), ETag / Cache-Control / 304, CORS for the settings' origins
 * only (preflight included) and `Cross-Origin-Resource-Policy: cross-origin`. PGlite, and PostgreSQL with
 * TEST_DATABASE_URL.
 */
import type { FastifyInstance } from 'fastify';
import { publicCatalogPageSchema, publicDeviceTreeSchema, shopMessages, type Location, type PublicCatalogItem } from '@repo/contracts';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../src/lib/sql';
import { authHeaders, buildTestApp, demoPhones, login, ok } from './helpers';
import { demoLocations } from './location-fixtures';

let app: FastifyInstance;
let owner: string;
let loc: Location[];

const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await app.db.execute(query));

beforeAll(async () => {
  app = await buildTestApp();
  owner = (await login(app, demoPhones.owner)).token;
  loc = await demoLocations(app, owner);
});
afterAll(async () => app?.close());

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
const staff = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  app.inject({ method, url, headers: authHeaders(owner, loc[0]._id), ...(payload !== undefined ? { payload: payload as object } : {}) });

const itemKeys = ['categories', 'description', 'id', 'images', 'inStock', 'price', 'title'];
const forbiddenKey = /cost|qty|quantit|reserved|stock(?!$)|comment|employee|author|productId|sku|published|position|archived|priceOverride|retailPrice/i;

/** Every key anywhere in a JSON value. */
function keysOf(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => keysOf(v, out));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.add(k);
      keysOf(v, out);
    }
  }
  return out;
}

async function allPublished(): Promise<PublicCatalogItem[]> {
  const items: PublicCatalogItem[] = [];
  for (let page = 1; ; page += 1) {
    const body = publicCatalogPageSchema.parse(ok(await get(`/api/public/catalog?page=${page}&pageSize=48`)));
    items.push(...body.items);
    if (items.length >= body.total || !body.items.length) return items;
  }
}

describe('catalogue', () => {
  it('serves published items of products not archived, in order, with exactly the public fields', async () => {
    const res = await get('/api/public/catalog?pageSize=48');
    expect(res.statusCode).toBe(200);
    const body = publicCatalogPageSchema.parse(res.json());
    const [{ n }] = await q<{ n: number }>(sql`select count(*)::int as n from shop_catalog_items i join products p on p.id = i.product_id where i.published and p.archived_at is null`);
    expect(body.total).toBe(Number(n));
    expect(body.items.length).toBe(Math.min(48, Number(n)));
    for (const item of body.items) expect(Object.keys(item).sort()).toEqual(itemKeys);
    expect([...keysOf(res.json())].filter((k) => forbiddenKey.test(k))).toEqual([]);
    expect(Object.keys(body.items[0].images[0]).sort()).toEqual(['height', 'thumbnailUrl', 'url', 'width']);

    // In stock = any stock of the product in any warehouse.
    const stock = await q<{ id: string; in_stock: boolean }>(
      sql`select i.id, exists (select 1 from stock_balances b where b.product_id = i.product_id and b.qty > 0) as in_stock from shop_catalog_items i`,
    );
    const expected = new Map(stock.map((r) => [r.id, Boolean(r.in_stock)]));
    expect(body.items.map((i) => i.inStock)).toEqual(body.items.map((i) => expected.get(i.id)));
    expect(body.items.some((i) => i.inStock)).toBe(true);
  });

  it('never serves an unpublished item, even by id; archived and unknown look the same (404 «Товар не найден»)', async () => {
    const page = ok(await staff('GET', '/api/shop/catalog?published=false&pageSize=200'));
    expect(page.items.length).toBeGreaterThan(0);
    const hidden = page.items[0].id;
    const all = await allPublished();
    expect(all.some((i) => i.id === hidden)).toBe(false);
    for (const id of [hidden, '00000000-0000-4000-8000-000000000000']) {
      const res = await get(`/api/public/catalog/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(shopMessages.productNotFound);
    }
    // A published item whose product is archived is gone as well.
    const shown = all[0];
    const one = await get(`/api/public/catalog/${shown.id}`);
    expect(one.statusCode).toBe(200);
    expect(Object.keys(one.json()).sort()).toEqual(itemKeys);
    const { productId } = ok(await staff('GET', `/api/shop/catalog/${shown.id}`));
    ok(await staff('DELETE', `/api/catalog/products/${productId}`));
    const gone = await get(`/api/public/catalog/${shown.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(shopMessages.productNotFound);
    expect((await allPublished()).length).toBe(all.length - 1);
    // Unpublishing takes an item off too.
    const next = all[1];
    ok(await staff('PATCH', `/api/shop/catalog/${next.id}`, { published: false }));
    expect((await get(`/api/public/catalog/${next.id}`)).statusCode).toBe(404);
    ok(await staff('PATCH', `/api/shop/catalog/${next.id}`, { published: true }));
    expect((await get(`/api/public/catalog/${next.id}`)).statusCode).toBe(200);
  });

  it('filters by storefront category through its linked catalogue categories (and those under them); an unknown slug is an empty page', async () => {
    const cats = ok(await staff('GET', '/api/shop/categories')).items as Array<{ slug: string; itemCount: number; catalogCategoryIds: string[] }>;
    const displays = cats.find((c) => c.slug === 'displei')!;
    const body = publicCatalogPageSchema.parse(ok(await get('/api/public/catalog?category=displei&pageSize=48')));
    expect(body.total).toBe(displays.itemCount);
    expect(body.total).toBeGreaterThan(0);
    expect(body.items.every((i) => i.categories.includes('displei'))).toBe(true);
    const [{ n }] = await q<{ n: number }>(
      sql`select count(*)::int as n from shop_catalog_items i join products p on p.id = i.product_id where i.published and p.archived_at is null and p.category_id = ${displays.catalogCategoryIds[0]}`,
    );
    expect(body.total).toBe(Number(n));
    expect(ok(await get('/api/public/catalog?category=net-takoj'))).toEqual({ items: [], total: 0 });

    // A storefront category linked to a parent catalogue category shows its sub-categories' items.
    const [parts] = await q<{ id: string }>(sql`select id from categories where name = 'Запчасти' and parent_id is null`);
    ok(await staff('POST', '/api/shop/categories', { name: 'Все запчасти', slug: 'zapchasti', catalogCategoryIds: [parts.id] }), 201);
    const all = publicCatalogPageSchema.parse(ok(await get('/api/public/catalog?category=zapchasti&pageSize=48')));
    const batteries = publicCatalogPageSchema.parse(ok(await get('/api/public/catalog?category=akkumulyatory&pageSize=48')));
    expect(all.total).toBeGreaterThanOrEqual(body.total + batteries.total);
    expect(all.items.every((i) => i.categories.includes('zapchasti'))).toBe(true);
    // An unpublished storefront category filters nothing in and is not listed.
    const created = (ok(await staff('GET', '/api/shop/categories')).items as Array<{ id: string; slug: string }>).find((c) => c.slug === 'zapchasti')!;
    ok(await staff('PATCH', `/api/shop/categories/${created.id}`, { published: false }));
    expect(ok(await get('/api/public/catalog?category=zapchasti'))).toEqual({ items: [], total: 0 });
    const listed = ok(await get('/api/public/categories')).items as Array<{ slug: string }>;
    expect(listed.map((c) => c.slug)).toEqual(['smartfony', 'displei', 'akkumulyatory', 'chehly', 'zashchitnye-stekla', 'zaryadki-i-kabeli']);
    expect(Object.keys(ok(await get('/api/public/categories')).items[0]).sort()).toEqual(['id', 'image', 'name', 'slug']);
  });

  it('searches the title, the product name and the SKU', async () => {
    const body = publicCatalogPageSchema.parse(ok(await get(`/api/public/catalog?search=${encodeURIComponent('АККУМУЛЯТОР')}`)));
    expect(body.total).toBeGreaterThan(0);
    expect(body.items.every((i) => /аккумулятор/i.test(i.title))).toBe(true);
  });
});

describe('caching and CORS', () => {
  it('answers ETag and Cache-Control, 304 to a matching If-None-Match, and a new tag after a change', async () => {
    const first = await get('/api/public/catalog?page=1&pageSize=10');
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=60');
    const again = await get('/api/public/catalog?page=1&pageSize=10', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect((await get('/api/public/catalog?page=1&pageSize=10', { 'if-none-match': 'W/"other"' })).statusCode).toBe(200);

    const { id } = publicCatalogPageSchema.parse(first.json()).items[0];
    ok(await staff('PATCH', `/api/shop/catalog/${id}`, { title: 'Новое название на витрине' }));
    const changed = await get('/api/public/catalog?page=1&pageSize=10', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json().items[0].title).toBe('Новое название на витрине');
    // Errors are not cached.
    const missing = await get('/api/public/catalog/00000000-0000-4000-8000-000000000000');
    expect(missing.headers.etag).toBeUndefined();
  });

  it('lets only the settings’ origins call it from a browser (answers and preflight); others get no CORS header', async () => {
    const allowed = await get('/api/public/slides', { origin: 'http://localhost:3000' });
    expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    expect(String(allowed.headers.vary)).toMatch(/Origin/);
    const foreign = await get('/api/public/slides', { origin: 'https://evil.example.com' });
    expect(foreign.statusCode).toBe(200);
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();

    const preflight = await app.inject({ method: 'OPTIONS', url: '/api/public/requests', headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' } });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    expect(String(preflight.headers['access-control-allow-methods'])).toMatch(/POST/);
    expect(String(preflight.headers['access-control-allow-headers'])).toMatch(/Content-Type/i);
    const refused = await app.inject({ method: 'OPTIONS', url: '/api/public/catalog', headers: { origin: 'https://evil.example.com', 'access-control-request-method': 'GET' } });
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    expect(refused.headers['access-control-allow-methods']).toBeUndefined();

    // A new origin saved in the settings is allowed at once (in this process).
    const settings = ok(await staff('GET', '/api/shop/settings'));
    ok(await staff('PUT', '/api/shop/settings', { ...settings, allowedOrigins: [...settings.allowedOrigins, 'https://shop.example.ru'] }));
    expect((await get('/api/public/info', { origin: 'https://shop.example.ru' })).headers['access-control-allow-origin']).toBe('https://shop.example.ru');
    ok(await staff('PUT', '/api/shop/settings', settings));
    expect((await get('/api/public/info', { origin: 'https://shop.example.ru' })).headers['access-control-allow-origin']).toBeUndefined();
  });

  it('says Cross-Origin-Resource-Policy: cross-origin on the public API (images included) and keeps same-origin elsewhere', async () => {
    const res = await get('/api/public/catalog?pageSize=1');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const image = publicCatalogPageSchema.parse(res.json()).items[0].images[0];
    const bytes = await get(image.url);
    expect(bytes.statusCode).toBe(200);
    expect(bytes.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(bytes.headers['cache-control']).toMatch(/public/);
    expect((await get('/api/health')).headers['cross-origin-resource-policy']).toBe('same-origin');
    // Only the shop's images: a product photo's id is not served here.
    const [photo] = await q<{ id: string }>(sql`select id from product_images limit 1`);
    expect((await get(`/api/public/images/${photo.id}`)).statusCode).toBe(404);
  });
});

describe('slides, devices, info', () => {
  it('shows published slides active today in the settings’ time zone, in their order', async () => {
    const shown = ok(await get('/api/public/slides')).items as Array<{ id: string; title: string }>;
    expect(shown).toHaveLength(3);
    expect(Object.keys(shown[0]).sort()).toEqual(['buttonText', 'id', 'image', 'link', 'text', 'title']);
    const all = ok(await staff('GET', '/api/shop/slides')).items as Array<{ id: string; active: boolean }>;
    expect(shown.map((s) => s.id)).toEqual(all.filter((s) => s.active).map((s) => s.id));
    const past = ok(await staff('POST', '/api/shop/slides', { title: 'Прошедшая акция', activeFrom: '2020-01-01', activeTo: '2020-01-31' }), 201);
    const hidden = ok(await staff('POST', '/api/shop/slides', { title: 'Черновик', published: false }), 201);
    const now = ok(await staff('POST', '/api/shop/slides', { title: 'Сейчас' }), 201);
    const ids = (ok(await get('/api/public/slides')).items as Array<{ id: string }>).map((s) => s.id);
    expect(ids).toEqual([...shown.map((s) => s.id), now.id]);
    expect(ids).not.toContain(past.id);
    expect(ids).not.toContain(hidden.id);
    ok(await staff('POST', '/api/shop/slides/reorder', { ids: [now.id, shown[0].id] }));
    // They take the places the two held: the new slide first, the old first one last.
    expect((ok(await get('/api/public/slides')).items as Array<{ id: string }>).map((s) => s.id)).toEqual([now.id, shown[1].id, shown[2].id, shown[0].id]);
  });

  it('serves the published device tree and a published model’s prices; an unpublished model is a 404', async () => {
    const tree = publicDeviceTreeSchema.parse(ok(await get('/api/public/devices')));
    expect(tree.types.map((t) => t.name)).toEqual(['Смартфон', 'Планшет', 'Ноутбук']);
    const models = tree.types.flatMap((t) => t.brands.flatMap((b) => b.models));
    expect(models).toHaveLength(40);
    expect(models.every((m) => m.minPrice !== null)).toBe(true);
    const model = tree.types[0].brands[0].models[0];
    const prices = ok(await get(`/api/public/models/${model.id}/prices`));
    expect(prices.model).toMatchObject({ id: model.id, typeName: 'Смартфон', brandName: tree.types[0].brands[0].name });
    expect(prices.prices.length).toBeGreaterThan(3);
    expect(Object.keys(prices.prices[0]).sort()).toEqual(['minutes', 'price', 'priceFrom', 'service']);

    ok(await staff('PATCH', `/api/shop/models/${model.id}`, { published: false }));
    const after = publicDeviceTreeSchema.parse(ok(await get('/api/public/devices')));
    expect(after.types.flatMap((t) => t.brands.flatMap((b) => b.models)).map((m) => m.id)).not.toContain(model.id);
    const res = await get(`/api/public/models/${model.id}/prices`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(shopMessages.modelNotFound);
    // An unpublished type hides its whole branch.
    ok(await staff('PATCH', `/api/shop/device-types/${tree.types[2].id}`, { published: false }));
    expect(publicDeviceTreeSchema.parse(ok(await get('/api/public/devices'))).types.map((t) => t.name)).toEqual(['Смартфон', 'Планшет']);
  });

  it('tells the site its name, phone, whether requests are open and the locations that take them (no staff data)', async () => {
    const res = await get('/api/public/info');
    const body = ok(res);
    expect(body).toMatchObject({ siteName: 'Сервис+', phone: '+74951203456', requestsOpen: true });
    expect(body.locations.map((l: { id: string }) => l.id).sort()).toEqual(loc.map((l) => l._id).sort());
    expect(Object.keys(body.locations[0]).sort()).toEqual(['address', 'id', 'name']);
  });
});
