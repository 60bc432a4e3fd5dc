/** The counter's product lookup (`GET /api/sales/lookup`): a scanned barcode or serial, the Russian layout, names; goods of the warehouse and services. */
import type { FastifyInstance } from 'fastify';
import { saleLookupItemSchema } from '@repo/contracts';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { rowsOf } from '../src/lib/sql';
import { authHeaders, buildTestApp, demoPhones, login } from './helpers';
import { demoLocations } from './location-fixtures';

let app: FastifyInstance;
let cashier: string;
let arbat: string;
let warehouse: string;

beforeAll(async () => {
  app = await buildTestApp();
  const owner = (await login(app, demoPhones.owner)).token;
  cashier = (await login(app, demoPhones.cashier)).token;
  arbat = (await demoLocations(app, owner)).find((l) => l.name === 'Сервис+ на Арбате')!._id;
  // The warehouse of the shop that holds serial-tracked goods.
  warehouse = rowsOf<{ id: string }>(
    await app.db.execute(sql`select w.id from warehouses w join stock_serials s on s.warehouse_id = w.id where w.location_id = ${arbat} and s.status = 'in_stock' group by w.id order by count(*) desc limit 1`),
  )[0].id;
});
afterAll(async () => app?.close());

const find = async (search: string, wh = warehouse) => {
  const res = await app.inject({ method: 'GET', url: `/api/sales/lookup?warehouseId=${wh}&search=${encodeURIComponent(search)}`, headers: authHeaders(cashier, arbat) });
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  return z.array(saleLookupItemSchema).parse(res.json());
};

it('a scanned barcode finds its product at once, with the free units of the warehouse', async () => {
  const [b] = rowsOf<{ barcode: string; product_id: string }>(
    await app.db.execute(sql`select pb.barcode, pb.product_id from product_barcodes pb join stock_balances s on s.product_id = pb.product_id and s.warehouse_id = ${warehouse} where s.qty > 0 limit 1`),
  );
  const items = await find(b.barcode);
  expect(items[0]).toMatchObject({ productId: b.product_id, match: 'barcode', isService: false });
  expect(items[0].free).toBeGreaterThan(0);
});

it('a scanned serial finds the item with its serial; a SKU typed with the Russian layout on is found', async () => {
  const [s] = rowsOf<{ serial: string; product_id: string }>(await app.db.execute(sql`select serial, product_id from stock_serials where warehouse_id = ${warehouse} and status = 'in_stock' limit 1`));
  const items = await find(s.serial);
  expect(items[0]).toMatchObject({ productId: s.product_id, match: 'serial', serial: s.serial, serialTracked: true });
  const [p] = rowsOf<{ sku: string; id: string }>(
    await app.db.execute(sql`select p.sku, p.id from products p join stock_balances b on b.product_id = p.id and b.warehouse_id = ${warehouse}
      where b.qty - b.reserved > 0 and p.sku ~ '[A-Za-z]' and p.sku !~ '[^A-Za-z0-9-]' limit 1`),
  );
  const latin = 'qwertyuiopasdfghjklzxcvbnm';
  const russian = 'йцукенгшщзфывапролдячсмить';
  const ru = p.sku.replace(/[A-Za-z]/g, (c) => {
    const r = russian[latin.indexOf(c.toLowerCase())];
    return c === c.toUpperCase() ? r.toUpperCase() : r;
  });
  expect(ru).not.toBe(p.sku);
  expect((await find(ru)).map((i) => i.productId)).toContain(p.id);
});

it('by name: goods in stock and services; another shop’s warehouse is refused', async () => {
  const all = await find('');
  expect(all.filter((i) => !i.isService).every((i) => (i.free ?? 0) > 0)).toBe(true);
  const [service] = rowsOf<{ name: string }>(await app.db.execute(sql`select name from products where kind = 'service' and archived_at is null limit 1`));
  expect((await find(service.name))[0]).toMatchObject({ isService: true, free: null });
  const word = all.find((i) => !i.isService)!.name.split(' ')[0];
  expect((await find(word.toLowerCase())).length).toBeGreaterThan(0);
  const [other] = rowsOf<{ id: string }>(await app.db.execute(sql`select id from warehouses where location_id <> ${arbat} limit 1`));
  const res = await app.inject({ method: 'GET', url: `/api/sales/lookup?warehouseId=${other.id}`, headers: authHeaders(cashier, arbat) });
  expect(res.statusCode).toBe(400);
});

it('the cashier sees the warehouses of her shop to sell from', async () => {
  const res = await app.inject({ method: 'GET', url: '/api/sales/warehouses', headers: authHeaders(cashier, arbat) });
  expect(res.statusCode).toBe(200);
  const list = res.json() as Array<{ id: string; locationId: string }>;
  expect(list.length).toBeGreaterThan(0);
  expect(list.every((w) => w.locationId === arbat)).toBe(true);
});
