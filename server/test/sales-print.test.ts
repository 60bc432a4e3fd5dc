/**
 * The sale's printed documents (issue #11 with the templates of #10): the built-in «Товарный чек» renders
 * a posted sale with its number, lines, discount, payments, the total and the amount in words; a credit
 * sale shows the partner's share; a sale the employee may not see answers 404; a print is audited on the
 * sale, a preview is not. PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { renderedTemplateSchema, saleSchema, templateListSchema, templateVariablesFor, type Sale, type Template } from '@repo/contracts';
import { auditLog } from '../src/db/schema';
import { rowsOf } from '../src/lib/sql';
import { rub, words } from '../src/modules/templates/engine';
import { authHeaders, buildTestApp, demoPhones, login } from './helpers';
import { demoLocations } from './location-fixtures';

let app: FastifyInstance;
let owner: string;
let cashier: string;
let arbat: string;
let other: string;
let receipt: Template;
let sale: Sale;

const one = <T>(r: unknown) => rowsOf<T>(r)[0];

async function goodAt(locationId: string) {
  return one<{ product_id: string; warehouse_id: string; price: string; name: string }>(
    await app.db.execute(sql`select b.product_id, b.warehouse_id, p.price::text as price, p.name from stock_balances b
      join warehouses w on w.id = b.warehouse_id join products p on p.id = b.product_id
      where w.location_id = ${locationId} and not p.serial_tracked and p.kind = 'good' and p.price > 0 and b.qty - b.reserved >= 5 order by p.name limit 1`),
  );
}
const cashboxOf = async (locationId: string, kind: 'cash' | 'card') =>
  one<{ id: string }>(await app.db.execute(sql`select id from cashboxes where location_id = ${locationId} and kind = ${kind} order by is_default desc, name limit 1`)).id;

function postSale(body: Record<string, unknown>, token = owner, loc = arbat) {
  return app.inject({ method: 'POST', url: '/api/sales', headers: authHeaders(token, loc), payload: { post: true, ...body } });
}
function render(saleId: string, extra: Record<string, unknown> = {}, token = owner, loc = arbat) {
  return app.inject({ method: 'POST', url: `/api/templates/${receipt.id}/render`, headers: authHeaders(token, loc), payload: { saleId, ...extra } });
}
const html = (res: { statusCode: number; body: string; json: () => unknown }) => {
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  return renderedTemplateSchema.parse(res.json()).html;
};

beforeAll(async () => {
  app = await buildTestApp();
  owner = (await login(app, demoPhones.owner)).token;
  cashier = (await login(app, demoPhones.cashier)).token;
  const locations = await demoLocations(app, owner);
  arbat = locations.find((l) => l.name === 'Сервис+ на Арбате')!._id;
  other = locations.find((l) => l._id !== arbat)!._id;
  const templates = templateListSchema.parse((await app.inject({ method: 'GET', url: '/api/templates', headers: authHeaders(owner, arbat) })).json());
  receipt = templates.find((t) => t.kind === 'sale_receipt' && t.builtIn)!;

  const good = await goodAt(arbat);
  const service = one<{ id: string; price: string }>(await app.db.execute(sql`select id, price::text as price from products where kind = 'service' and price > 0 order by name limit 1`));
  const client = await app.inject({ method: 'POST', url: '/api/clients', headers: authHeaders(owner, arbat), payload: { name: 'Чеков Антон', phones: ['+7 (903) 777-66-55'] } });
  // Two units of a good with 10 % off the line, a service, 100 ₽ off the whole sale; paid by cash and card.
  const gross = Number(good.price) * 2 + Number(service.price);
  const total = gross - Math.round(Number(good.price) * 2 * 0.1) - 10000;
  const res = await postSale({
    clientId: client.json().id,
    warehouseId: good.warehouse_id,
    lines: [
      { productId: good.product_id, qty: 2, discount: { percent: 10 } },
      { productId: service.id, qty: 1 },
    ],
    discount: { amount: 10000 },
    payments: [
      { method: 'cash', cashboxId: await cashboxOf(arbat, 'cash'), amount: total - 50000 },
      { method: 'card', cashboxId: await cashboxOf(arbat, 'card'), amount: 50000 },
    ],
  });
  if (res.statusCode !== 201) throw new Error(`${res.statusCode} ${res.body}`);
  sale = saleSchema.parse(res.json());
  expect(sale.total).toBe(total);
}, 120_000);
afterAll(async () => app?.close());

describe('the sale receipt («Товарный чек»)', () => {
  it('renders a posted sale: number, date, client, lines, payments, the total and the amount in words', async () => {
    const started = Date.now();
    const out = html(await render(sale.id));
    console.log(`sale receipt rendered in ${Date.now() - started} ms`);
    expect(out).toContain(`Товарный чек № ${sale.number}`);
    expect(out).toContain('Покупатель: Чеков Антон');
    for (const line of sale.lines) {
      expect(out).toContain(line.name.replace(/"/g, '&quot;'));
      expect(out).toContain(`${line.qty} × ${rub(line.price)}`);
      expect(out).toContain(rub(line.total));
    }
    expect(out).toContain(rub(sale.total));
    expect(out).toContain(`Сумма прописью: ${words(sale.total)}`);
    expect(out).toMatch(/Наличные<\/td><td class="sum">[^<]+<\/td>/);
    expect(out).toContain(rub(50000));
    expect(out).toContain('Карта');
    // The seller, the discount and the lines' own fields are there for a template that wants them.
    const custom = html(await render(sale.id, { body: '<p>{{ seller.name }}|{{ totals.discount }}|{{ totals.subtotal }}|{{ lines[0].discount }}|{{ location.name }}|{{ sale.at | ru_date }}</p>' }));
    expect(custom).toBe(`<p>${sale.employee!.name}|${sale.discount}|${sale.subtotal}|${sale.lines[0].discount}|${sale.locationName}|${custom.match(/\d{2}\.\d{2}\.\d{4}/)![0]}</p>`);
    // Every variable the editor lists for the receipt has a value.
    const names = templateVariablesFor('sale_receipt').map((v) => v.name).filter((n) => n.includes('.') && !['client.phone', 'location.address', 'location.phone'].includes(n));
    const listed = html(await render(sale.id, { body: `<p>${names.map((n) => `[{{ ${n} }}]`).join('')}</p>` }));
    expect(listed).not.toContain('[]');
  });

  it('a credit sale shows the partner’s share among the payments', async () => {
    const phone = one<{ product_id: string; warehouse_id: string; serial: string; price: string } | undefined>(
      await app.db.execute(sql`select s.product_id, s.warehouse_id, s.serial, p.price::text as price from stock_serials s join products p on p.id = s.product_id
        join warehouses w on w.id = s.warehouse_id join stock_balances b on b.warehouse_id = s.warehouse_id and b.product_id = s.product_id
        where s.status = 'in_stock' and w.location_id = ${arbat} and b.qty - b.reserved >= 1 and p.price >= 1000000 order by p.price limit 1`),
    );
    if (!phone) throw new Error('the demo has no phone in stock at Arbat');
    const offer = one<{ id: string; partner: string; months: number }>(
      await app.db.execute(sql`select o.id, o.partner, t.months from credit_offers o join credit_offer_terms t on t.offer_id = o.id where o.archived_at is null order by o.partner, t.months limit 1`),
    );
    const res = await postSale({
      warehouseId: phone.warehouse_id,
      lines: [{ productId: phone.product_id, qty: 1, serials: [phone.serial] }],
      payments: [{ method: 'cash', cashboxId: await cashboxOf(arbat, 'cash'), amount: 300000 }],
      creditOfferId: offer.id,
      creditMonths: offer.months,
    });
    if (res.statusCode !== 201) throw new Error(`${res.statusCode} ${res.body}`);
    const credit = saleSchema.parse(res.json());
    const out = html(await render(credit.id));
    expect(out).toContain(`Кредит: ${offer.partner}, ${offer.months} мес.`);
    expect(out).toContain(rub(Number(phone.price) - 300000));
    expect(out).toContain(words(Number(phone.price)));
  });

  it('a sale the employee may not see answers 404; an unknown one too', async () => {
    const good = await goodAt(other);
    const elsewhere = await postSale(
      { warehouseId: good.warehouse_id, lines: [{ productId: good.product_id, qty: 1 }], payments: [{ method: 'cash', cashboxId: await cashboxOf(other, 'cash'), amount: Number(good.price) }] },
      owner,
      other,
    );
    if (elsewhere.statusCode !== 201) throw new Error(`${elsewhere.statusCode} ${elsewhere.body}`);
    const id = elsewhere.json().id as string;
    // The cashier works at Arbat only: the other shop's sale is not hers.
    const refused = await render(id, { print: true }, cashier, arbat);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe('Продажа не найдена');
    expect(await app.db.select().from(auditLog).where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'print')))).toHaveLength(0);
    // The owner sees it from that shop.
    expect(html(await render(id, {}, owner, other))).toContain(elsewhere.json().number);
    expect((await render('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('a print is audited on the sale (the cashier prints hers), a preview is not', async () => {
    const prints = () => app.db.select().from(auditLog).where(and(eq(auditLog.entity, 'sale'), eq(auditLog.entityId, sale.id), eq(auditLog.action, 'print')));
    html(await render(sale.id));
    expect(await prints()).toHaveLength(0);
    const printed = html(await render(sale.id, { print: true }, cashier, arbat));
    expect(printed).toContain(sale.number);
    const rows = await prints();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ locationId: arbat, diff: { template: { after: receipt.name } } });
    // The cashier previews nothing (no view:template) and may not print an unsaved body.
    expect((await render(sale.id, {}, cashier, arbat)).statusCode).toBe(403);
    expect((await render(sale.id, { print: true, body: '<p>{{ sale.number }}</p>' }, cashier, arbat)).statusCode).toBe(403);
  });
});
