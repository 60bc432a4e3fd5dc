import { inArray, sql } from 'drizzle-orm';
import { locations } from '../../db/schema';
import { demoLocations } from '../../db/seed/demo-data';
import type { Seeder } from '../../lib/module';
import { rowsOf } from '../../lib/sql';
import * as repo from './request-repository';

type Kind = 'callback' | 'repair' | 'order';
type Status = 'new' | 'in_work' | 'done' | 'rejected';

/** A tiny deterministic generator, so the demo looks the same on every database. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

const names = ['Алексей', 'Марина Соколова', 'Игорь', 'Екатерина', 'Дмитрий Орлов', 'Светлана', 'Николай', 'Ольга Белова', 'Артём', 'Юлия', 'Сергей Петрович', 'Анастасия', 'Виктор', 'Ирина', 'Павел'];
const problems = [
  'Разбит экран, сенсор работает частично',
  'Не заряжается, разъём шатается',
  'Быстро садится батарея, за полдня',
  'Не работает основная камера',
  'Уронил в воду, не включается',
  'Не ловит сеть после падения',
  'Треснула задняя крышка',
  'Сильно греется и перезагружается',
];
const callbackTexts = [null, 'Сколько стоит замена экрана? Перезвоните после 18:00', 'Хочу узнать, есть ли в наличии чехлы', null, 'Можно ли записаться на диагностику на выходных?'];
const rejectReasons = ['Клиент передумал, ремонт не нужен', 'Ошибочная заявка: номер не отвечает, дубль вчерашней'];

interface Plan {
  kind: Kind;
  status: Status;
  daysAgo: number;
  /** Linked to a demo repair order (repair) or sale (order) with that client. */
  convert?: boolean;
  /** Index into the demo locations; null = the site did not choose one. */
  loc: number | null;
  repeats?: number;
}

/** ~30 requests over two weeks: the recent ones new, older ones in work or done, two rejected, some converted. */
const plans: Plan[] = [
  { kind: 'repair', status: 'new', daysAgo: 0.05, loc: 0 },
  { kind: 'callback', status: 'new', daysAgo: 0.1, loc: null },
  { kind: 'order', status: 'new', daysAgo: 0.2, loc: 1, repeats: 1 },
  { kind: 'repair', status: 'new', daysAgo: 0.4, loc: 1 },
  { kind: 'callback', status: 'new', daysAgo: 0.7, loc: 0 },
  { kind: 'order', status: 'new', daysAgo: 1.1, loc: null },
  { kind: 'repair', status: 'new', daysAgo: 1.3, loc: null, repeats: 2 },
  { kind: 'repair', status: 'in_work', daysAgo: 1.6, loc: 0, convert: true },
  { kind: 'callback', status: 'in_work', daysAgo: 2, loc: 1 },
  { kind: 'order', status: 'in_work', daysAgo: 2.4, loc: 0, convert: true },
  { kind: 'repair', status: 'in_work', daysAgo: 2.9, loc: 1, convert: true },
  { kind: 'repair', status: 'rejected', daysAgo: 3.2, loc: 0 },
  { kind: 'order', status: 'in_work', daysAgo: 3.6, loc: 1 },
  { kind: 'callback', status: 'done', daysAgo: 4, loc: 0 },
  { kind: 'repair', status: 'done', daysAgo: 4.5, loc: 0, convert: true },
  { kind: 'order', status: 'done', daysAgo: 5, loc: 1, convert: true },
  { kind: 'repair', status: 'done', daysAgo: 5.5, loc: 1, convert: true },
  { kind: 'callback', status: 'rejected', daysAgo: 6, loc: null },
  { kind: 'repair', status: 'done', daysAgo: 6.8, loc: 0, convert: true },
  { kind: 'order', status: 'done', daysAgo: 7.5, loc: 0, convert: true },
  { kind: 'callback', status: 'done', daysAgo: 8, loc: 1 },
  { kind: 'repair', status: 'done', daysAgo: 8.6, loc: 1 },
  { kind: 'order', status: 'done', daysAgo: 9.3, loc: null },
  { kind: 'repair', status: 'done', daysAgo: 10, loc: 0, convert: true },
  { kind: 'callback', status: 'done', daysAgo: 10.8, loc: 0 },
  { kind: 'repair', status: 'in_work', daysAgo: 11.5, loc: 1 },
  { kind: 'order', status: 'done', daysAgo: 12, loc: 1 },
  { kind: 'repair', status: 'done', daysAgo: 12.7, loc: 0, convert: true },
  { kind: 'callback', status: 'done', daysAgo: 13.3, loc: 1 },
  { kind: 'repair', status: 'done', daysAgo: 13.9, loc: null },
];

const DAY = 86_400_000;

/**
 * Demo requests from the site (SEED_DEMO only; after the shop's content seeder, so models and catalogue
 * items exist): every kind and status over the last two weeks, two rejected with reasons, and some
 * converted: linked to a demo repair order or sale, with that document's client as the sender. Skipped
 * when the demo shops are missing or requests exist already.
 */
export const shopRequestsDemoSeeder: Seeder = {
  name: 'shop.requests-demo',
  async run(tx, { config }) {
    if (!config.seedDemo) return;
    const locs = await tx.select({ id: locations.id, name: locations.name }).from(locations).where(inArray(locations.name, demoLocations.map((l) => l.name)));
    if (locs.length < demoLocations.length) return;
    locs.sort((a, b) => demoLocations.findIndex((l) => l.name === a.name) - demoLocations.findIndex((l) => l.name === b.name));
    const [{ n }] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from shop_requests`));
    if (Number(n) > 0) return;

    const models = rowsOf<{ id: string; name: string }>(
      await tx.execute(sql`select m.id, t.name || ' ' || b.name || ' ' || m.name as name from shop_models m join shop_device_types t on t.id = m.type_id join shop_brands b on b.id = m.brand_id
        where m.published and t.published and b.published order by t.position, b.position, m.position, m.id`),
    );
    const items = rowsOf<{ id: string; product_id: string; title: string; price: string | number | null }>(
      await tx.execute(sql`select i.id, i.product_id, i.title, coalesce(i.price_override, p.price) as price from shop_catalog_items i join products p on p.id = i.product_id
        where i.published and p.archived_at is null order by i.position, i.id limit 60`),
    );
    // Documents to link to: repair orders and sales with a client who has a phone, each used once.
    const orders = rowsOf<{ id: string; location_id: string; name: string; phone: string; device: string; malfunction: string; created_at: Date | string }>(
      await tx.execute(sql`select o.id, o.location_id, c.name, (select min(p.phone) from counterparty_phones p where p.counterparty_id = c.id) as phone,
          o.device_type || ' ' || o.device_brand || ' ' || o.device_model as device, o.malfunction, o.created_at
        from repair_orders o join counterparties c on c.id = o.client_id
        where o.created_at > now() - interval '13 days' and exists (select 1 from counterparty_phones p where p.counterparty_id = c.id) and o.location_id in (${locs[0].id}, ${locs[1].id})
        order by o.created_at desc, o.id limit 40`),
    );
    const sales = rowsOf<{ id: string; location_id: string; name: string; phone: string; created_at: Date | string }>(
      await tx.execute(sql`select s.id, s.location_id, c.name, (select min(p.phone) from counterparty_phones p where p.counterparty_id = c.id) as phone, s.created_at
        from sales s join counterparties c on c.id = s.client_id
        where s.status <> 'cancelled' and s.created_at > now() - interval '13 days' and exists (select 1 from counterparty_phones p where p.counterparty_id = c.id) and s.location_id in (${locs[0].id}, ${locs[1].id})
          and exists (select 1 from sale_lines l where l.sale_id = s.id)
          and not exists (select 1 from sale_lines l where l.sale_id = s.id and not exists (select 1 from shop_catalog_items i where i.product_id = l.product_id and i.published))
        order by s.created_at desc, s.id limit 20`),
    );
    const usedOrders = new Set<string>();
    const usedSales = new Set<string>();
    const rnd = random(25);
    const pick = <T>(list: T[]): T => list[Math.floor(rnd() * list.length)];
    const now = Date.now();
    let rejected = 0;
    // Oldest first, so numbers grow with time.
    const ordered = [...plans].sort((a, b) => b.daysAgo - a.daysAgo);
    for (const [i, plan] of ordered.entries()) {
      const locationId = plan.loc === null ? null : locs[plan.loc].id;
      let createdAt = new Date(now - plan.daysAgo * DAY);
      let name = names[i % names.length];
      let phone = `+7916${String(4_000_000 + Math.floor(rnd() * 5_999_999)).padStart(7, '0')}`;
      let modelId: string | null = null;
      let modelName: string | null = null;
      let problem: string | null;
      const chosen: repo.RequestItem[] = [];
      let orderId: string | null = null;
      let saleId: string | null = null;
      let at = locationId;
      if (plan.kind === 'repair') {
        const m = models.length ? pick(models) : null;
        modelId = m?.id ?? null;
        modelName = m?.name ?? null;
        problem = pick(problems);
        const doc = plan.convert ? orders.find((o) => !usedOrders.has(o.id) && (locationId === null || o.location_id === locationId)) : undefined;
        if (doc) {
          usedOrders.add(doc.id);
          orderId = doc.id;
          at = doc.location_id;
          name = doc.name;
          phone = doc.phone;
          problem = doc.malfunction;
          modelId = null;
          modelName = doc.device;
          createdAt = new Date(new Date(doc.created_at).getTime() - (2 + Math.floor(rnd() * 20)) * 3_600_000);
        }
      } else if (plan.kind === 'order') {
        const doc = plan.convert ? sales.find((s) => !usedSales.has(s.id) && (locationId === null || s.location_id === locationId)) : undefined;
        if (doc) {
          usedSales.add(doc.id);
          saleId = doc.id;
          at = doc.location_id;
          name = doc.name;
          phone = doc.phone;
          createdAt = new Date(new Date(doc.created_at).getTime() - (1 + Math.floor(rnd() * 6)) * 3_600_000);
          const lines = rowsOf<{ catalog_item_id: string; product_id: string; title: string; price: string | number; qty: number }>(
            await tx.execute(sql`select distinct on (l.product_id) i.id as catalog_item_id, l.product_id, i.title, l.price, l.qty
              from sale_lines l join shop_catalog_items i on i.product_id = l.product_id where l.sale_id = ${doc.id} order by l.product_id, l.position`),
          );
          chosen.push(...lines.map((r) => ({ catalogItemId: r.catalog_item_id, productId: r.product_id, title: r.title, price: Number(r.price), qty: Number(r.qty) })));
        } else if (items.length) {
          const count = 1 + Math.floor(rnd() * 3);
          for (let k = 0; k < count; k++) {
            const it = pick(items);
            if (chosen.some((c) => c.catalogItemId === it.id)) continue;
            chosen.push({ catalogItemId: it.id, productId: it.product_id, title: it.title, price: it.price === null ? null : Number(it.price), qty: 1 + Math.floor(rnd() * 2) });
          }
        }
        if (!chosen.length) continue; // no catalogue to order from
        problem = rnd() < 0.3 ? 'Можно забрать сегодня вечером?' : null;
      } else {
        problem = callbackTexts[i % callbackTexts.length];
      }
      if (createdAt.getTime() > now) createdAt = new Date(now - 60_000);
      const status = plan.status;
      const updatedAt = status === 'new' ? createdAt : new Date(Math.min(now, createdAt.getTime() + (1 + rnd() * 20) * 3_600_000));
      const repeats = plan.repeats ?? 0;
      const number = await repo.nextNumber(tx);
      await repo.insert(tx, {
        number,
        kind: plan.kind,
        status,
        name,
        phone,
        modelId,
        modelName,
        problem,
        items: chosen,
        total: chosen.reduce((s, c) => s + (c.price ?? 0) * c.qty, 0),
        locationId: at,
        rejectReason: status === 'rejected' ? rejectReasons[rejected++ % rejectReasons.length] : null,
        comment: status === 'done' && rnd() < 0.4 ? 'Клиент доволен, перезвонили вовремя' : status === 'in_work' && rnd() < 0.5 ? 'Связались, ждём клиента в магазине' : null,
        orderId,
        saleId,
        repeats,
        lastRepeatAt: repeats ? new Date(createdAt.getTime() + 4 * 60_000) : null,
        ip: `192.0.2.${1 + (i % 200)}`,
        searchText: repo.searchTextOf(number, name, phone),
        createdAt,
        updatedAt,
      });
    }
  },
};
