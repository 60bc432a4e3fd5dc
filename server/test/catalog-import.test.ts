/** Import of goods and services from a price list: preview, per-row errors, one transaction, categories by name. */
import type { FastifyInstance } from 'fastify';
import { count, eq } from 'drizzle-orm';
import { importPreviewSchema } from '@repo/contracts';
import { categories, products } from '../src/db/schema';
import { authHeaders, buildTestApp, demoPhones, login } from './helpers';

let app: FastifyInstance;
let owner: string;
beforeAll(async () => {
  app = await buildTestApp();
  owner = (await login(app, demoPhones.owner)).token;
});
afterAll(async () => app?.close());

const post = (payload: unknown, token = owner) => app.inject({ method: 'POST', url: '/api/catalog/products/import', headers: authHeaders(token), payload: payload as object });
const productCount = async () => Number((await app.db.select({ n: count() }).from(products))[0].n);

describe('POST /api/catalog/products/import', () => {
  const rows = [
    { name: 'Шлейф зарядки iPhone 12', sku: 'IMP-FLEX-12', barcodes: ['4600000000017'], price: 45000, category: 'Запчасти для импорта', subcategory: 'Шлейфы', warrantyDays: 30 },
    { name: 'Замена шлейфа', kind: 'Услуга', price: 150000, category: 'Запчасти для импорта' },
    // An existing demo product by SKU: updated, its price changes.
    { name: 'Дисплей iPhone 13 (OLED)', sku: 'DSP-IP13', price: 1_550_000 },
  ];

  it('previews creates and updates without writing anything', async () => {
    const before = await productCount();
    const res = await post({ rows, dryRun: true });
    expect(res.statusCode).toBe(200);
    const preview = importPreviewSchema.parse(res.json());
    expect(preview.rows.map((r) => r.action)).toEqual(['create', 'create', 'update']);
    expect(preview).toMatchObject({ created: 2, updated: 1, failed: 0, written: false });
    expect(preview.newCategories).toEqual(['Запчасти для импорта', 'Запчасти для импорта / Шлейфы']);
    expect(await productCount()).toBe(before);
  });

  it('shows row errors and writes nothing when any row is wrong, even on confirm', async () => {
    const before = await productCount();
    const bad = [...rows, { name: '', price: -5 }, { name: 'Дубль', sku: 'IMP-FLEX-12', price: 1 }, { name: 'Странный', kind: 'набор', price: 1 }];
    const res = await post({ rows: bad, dryRun: false });
    expect(res.statusCode).toBe(200);
    const preview = importPreviewSchema.parse(res.json());
    expect(preview.written).toBe(false);
    expect(preview.failed).toBe(3);
    expect(Object.keys(preview.rows[3].errors).sort()).toEqual(['name', 'price']);
    expect(preview.rows[4].errors.sku).toBe('Артикул IMP-FLEX-12 уже в строке 1');
    expect(preview.rows[5].errors.kind).toBe('Вид: «Товар» или «Услуга»');
    expect(await productCount()).toBe(before);
  });

  it('writes everything in one go on confirm, creating the categories', async () => {
    const res = await post({ rows, dryRun: false });
    const preview = importPreviewSchema.parse(res.json());
    expect(preview).toMatchObject({ created: 2, updated: 1, written: true });
    const [flex] = await app.db.select().from(products).where(eq(products.skuKey, 'imp-flex-12'));
    const [sub] = await app.db.select().from(categories).where(eq(categories.id, flex.categoryId!));
    expect(sub.name).toBe('Шлейфы');
    const [display] = await app.db.select().from(products).where(eq(products.skuKey, 'dsp-ip13'));
    expect(display.price).toBe(1_550_000);
    // Importing the same file again only updates.
    const again = importPreviewSchema.parse((await post({ rows, dryRun: true })).json());
    expect(again.rows.map((r) => r.action)).toEqual(['update', 'create', 'update']);
  });

  it('is refused without the rule and for an empty file', async () => {
    expect((await post({ rows: [], dryRun: true })).statusCode).toBe(400);
    const cashier = (await login(app, demoPhones.cashier)).token;
    expect((await post({ rows, dryRun: true }, cashier)).statusCode).toBe(403);
  });
});
