import { inArray, sql } from 'drizzle-orm';
import { locations, plannerEvents } from '../../db/schema';
import { demoLocations } from '../../db/seed/demo-data';
import type { Seeder } from '../../lib/module';
import { rowsOf } from '../../lib/sql';

const HOUR = 3_600_000;
const MOSCOW = 3 * HOUR;

interface Staff {
  id: string;
  role: string;
  locationIds: string[];
}

const services = ['Замена экрана', 'Замена аккумулятора', 'Диагностика', 'Замена разъёма зарядки', 'Чистка после попадания влаги', 'Замена заднего стекла', 'Замена камеры', 'Прошивка и настройка'];
const devices = [
  { type: 'Смартфон', brand: 'Apple', model: 'iPhone 13' },
  { type: 'Смартфон', brand: 'Apple', model: 'iPhone 11' },
  { type: 'Смартфон', brand: 'Samsung', model: 'Galaxy S21' },
  { type: 'Смартфон', brand: 'Xiaomi', model: 'Redmi Note 10' },
  { type: 'Планшет', brand: 'Apple', model: 'iPad Air 4' },
  { type: 'Ноутбук', brand: 'Apple', model: 'MacBook Air M1' },
  { type: 'Смартфон', brand: 'Huawei', model: 'P40 Lite' },
];
const comments = [null, 'Клиент позвонит за час до визита', 'Уточнить наличие дисплея', null, 'Придёт с чеком о покупке', 'Предварительная цена озвучена по телефону'];

/** Midnight (Moscow) of the day `days` after today, as UTC ms. */
function moscowDay(now: number, days: number): number {
  const local = new Date(now + MOSCOW);
  return Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + days) - MOSCOW;
}

/**
 * Demo calendar (SEED_DEMO only; after the tasks seeder): shifts 10:00–20:00 (Moscow) for the next 14
 * days in every shop, each employee of the shops (not the owner, not those of every shop) every other
 * day, one shop a day for those of several; and ~20 one-hour appointments over the coming 7 days with
 * the demo clients, each with an engineer on shift there, none overlapping. Skipped when the demo shops
 * are not there or events exist already.
 */
export const plannerDemoSeeder: Seeder = {
  name: 'planner.demo',
  async run(tx, { config }) {
    if (!config.seedDemo) return;
    const locs = await tx.select({ id: locations.id, name: locations.name }).from(locations).where(inArray(locations.name, demoLocations.map((l) => l.name)));
    if (locs.length < demoLocations.length) return;
    locs.sort((a, b) => demoLocations.findIndex((l) => l.name === a.name) - demoLocations.findIndex((l) => l.name === b.name));
    const [{ n }] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from planner_events`));
    if (Number(n) > 0) return;
    const staff = rowsOf<{ id: string; role: string; location_ids: string[] | string | null }>(
      await tx.execute(sql`select e.id, r.name as role,
          coalesce((select array_agg(el.location_id::text order by el.location_id) from employee_locations el where el.employee_id = e.id), '{}') as location_ids
        from employees e join roles r on r.id = e.role_id where e.active and not e.all_locations order by e.phone`),
    ).map<Staff>((r) => ({
      id: r.id,
      role: r.role,
      locationIds: (Array.isArray(r.location_ids) ? r.location_ids : String(r.location_ids ?? '').replace(/[{}]/g, '').split(',').filter(Boolean)).filter((id) =>
        locs.some((l) => l.id === id),
      ),
    }));
    const [creator] = rowsOf<{ id: string }>(await tx.execute(sql`select e.id from employees e join roles r on r.id = e.role_id where r.name = 'owner' order by e.phone limit 1`));
    if (!creator || !staff.length) return;
    const now = Date.now();
    const rows: Array<typeof plannerEvents.$inferInsert> = [];
    // Shifts: who works where on day d (one shop a day per employee: shifts never overlap).
    const onShift = new Map<string, Staff[]>(); // `${day}:${locationId}` → staff
    for (let day = 0; day < 14; day++) {
      const midnight = moscowDay(now, day);
      staff.forEach((s, i) => {
        if (!s.locationIds.length || (day + i) % 2 !== 0) return;
        const locationId = s.locationIds[Math.floor(day / 2) % s.locationIds.length];
        rows.push({ kind: 'shift', title: 'Смена', startsAt: new Date(midnight + 10 * HOUR), endsAt: new Date(midnight + 20 * HOUR), employeeId: s.id, locationId, createdBy: creator.id });
        const key = `${day}:${locationId}`;
        onShift.set(key, [...(onShift.get(key) ?? []), s]);
      });
    }
    // Appointments: an hour each, 11:00–18:00, with an engineer (or anyone) on shift at that shop that day.
    const clients = rowsOf<{ id: string }>(
      await tx.execute(sql`select id from counterparties where not is_supplier and merged_into_id is null and archived_at is null order by created_at, id limit 40`),
    );
    const busy = new Set<string>();
    let made = 0;
    for (let k = 0; made < 20 && k < 200; k++) {
      const day = 1 + (k % 7);
      const loc = locs[k % locs.length];
      const here = onShift.get(`${day}:${loc.id}`) ?? [];
      const engineers = here.filter((s) => s.role === 'engineer');
      const who = (engineers.length ? engineers : here)[k % Math.max(1, (engineers.length ? engineers : here).length)];
      if (!who) continue;
      const hour = 11 + ((k * 3) % 8);
      const slot = `${who.id}:${day}:${hour}`;
      if (busy.has(slot)) continue;
      busy.add(slot);
      const start = moscowDay(now, day) + hour * HOUR;
      const device = devices[k % devices.length];
      const client = clients.length ? clients[k % clients.length] : null;
      rows.push({
        kind: 'appointment',
        title: services[k % services.length],
        startsAt: new Date(start),
        endsAt: new Date(start + HOUR),
        employeeId: who.id,
        locationId: loc.id,
        clientId: client?.id ?? null,
        deviceType: device.type,
        deviceBrand: device.brand,
        deviceModel: device.model,
        comment: comments[k % comments.length],
        createdBy: creator.id,
        createdAt: new Date(now - (24 + k) * HOUR),
        updatedAt: new Date(now - (24 + k) * HOUR),
      });
      made += 1;
    }
    if (rows.length) await tx.insert(plannerEvents).values(rows);
  },
};
