import { inArray, sql } from 'drizzle-orm';
import { locations, taskComments, tasks } from '../../db/schema';
import { demoLocations } from '../../db/seed/demo-data';
import type { Seeder } from '../../lib/module';
import { rowsOf } from '../../lib/sql';
import { searchTextOf } from './repository';

type Priority = 'low' | 'normal' | 'high' | 'urgent';
type Status = 'new' | 'in_progress' | 'done' | 'cancelled';

interface Staff {
  id: string;
  role: string;
  allLocations: boolean;
  locationIds: string[];
}

/** A task of the plan: what, linked to what, due how many hours from now (negative: overdue), in what state. */
interface Plan {
  title: (ctx: { device?: string; client?: string; sale?: string }) => string;
  description?: string;
  link?: 'repair_order' | 'client' | 'sale';
  dueHours: number | null;
  priority: Priority;
  status: Status;
  comments?: string[];
}

const plans: Plan[] = [
  { title: (c) => `Перезвонить клиенту по ${c.device}`, link: 'repair_order', dueHours: -20, priority: 'high', status: 'new', description: 'Согласовать замену дисплея и стоимость.' },
  { title: () => 'Забрать дисплей у поставщика', dueHours: 5, priority: 'high', status: 'in_progress', description: 'Склад на Электрозаводской, заказ оплачен. Взять накладную.', comments: ['Поставщик обещал к 15:00', 'Выезжаю'] },
  { title: (c) => `Согласовать с клиентом замену аккумулятора: ${c.device}`, link: 'repair_order', dueHours: 3, priority: 'normal', status: 'new' },
  { title: (c) => `Напомнить о готовности заказа: ${c.client}`, link: 'client', dueHours: -4, priority: 'normal', status: 'new' },
  { title: () => 'Провести инвентаризацию витрины с аксессуарами', dueHours: 48, priority: 'low', status: 'new', description: 'Чехлы, стёкла, кабели. Расхождения — в акт.' },
  { title: (c) => `Проверить гарантийный случай: ${c.device}`, link: 'repair_order', dueHours: -50, priority: 'urgent', status: 'in_progress', comments: ['Клиент жалуется на тот же дефект после ремонта', 'Нужна повторная диагностика'] },
  { title: (c) => `Оформить возврат по продаже ${c.sale}`, link: 'sale', dueHours: 24, priority: 'normal', status: 'new', description: 'Клиент принесёт чек и упаковку.' },
  { title: () => 'Заказать шлейфы зарядки для iPhone 11', dueHours: 30, priority: 'normal', status: 'new' },
  { title: (c) => `Отправить клиенту фото дефекта: ${c.client}`, link: 'client', dueHours: -2, priority: 'high', status: 'new' },
  { title: (c) => `Уточнить наличие запчасти для ${c.device}`, link: 'repair_order', dueHours: -72, priority: 'normal', status: 'done', comments: ['Запчасть есть у второго поставщика, заказали'] },
  { title: () => 'Распечатать новые прайс-листы на ремонт', dueHours: -30, priority: 'low', status: 'done' },
  { title: () => 'Сдать выручку инкассации', dueHours: 6, priority: 'urgent', status: 'new' },
  { title: (c) => `Выдать клиенту устройство после ремонта: ${c.device}`, link: 'repair_order', dueHours: 26, priority: 'normal', status: 'new' },
  { title: (c) => `Подготовить документы для юрлица по продаже ${c.sale}`, link: 'sale', dueHours: -26, priority: 'high', status: 'in_progress', comments: ['Счёт выставлен, ждём оплату'] },
  { title: () => 'Проверить кассовый аппарат: не печатает чеки', dueHours: -1, priority: 'urgent', status: 'done', comments: ['Закончилась лента, заменили'] },
  { title: (c) => `Перезвонить клиенту про трейд-ин: ${c.client}`, link: 'client', dueHours: 20, priority: 'low', status: 'new' },
  { title: () => 'Обновить витрину: новые защитные стёкла', dueHours: null, priority: 'low', status: 'new' },
  { title: (c) => `Заказать оригинальный дисплей для ${c.device}`, link: 'repair_order', dueHours: 8, priority: 'high', status: 'in_progress' },
  { title: () => 'Вернуть поставщику бракованные аккумуляторы', dueHours: -96, priority: 'normal', status: 'cancelled', description: 'Поставщик заменил партию сам.' },
  { title: (c) => `Сверить оплату по продаже ${c.sale}`, link: 'sale', dueHours: -8, priority: 'normal', status: 'done' },
  { title: () => 'Настроить паяльную станцию после обслуживания', dueHours: 52, priority: 'normal', status: 'new' },
  { title: (c) => `Согласовать срок ремонта с клиентом: ${c.device}`, link: 'repair_order', dueHours: -6, priority: 'high', status: 'new', comments: ['Не берёт трубку, написал в мессенджер'] },
  { title: (c) => `Поздравить ${c.client} с днём рождения, предложить скидку`, link: 'client', dueHours: 72, priority: 'low', status: 'new' },
  { title: () => 'Заказать расходники: термопаста, клей B-7000, скотч', dueHours: -12, priority: 'normal', status: 'in_progress' },
  { title: (c) => `Проверить влагозащиту после замены корпуса: ${c.device}`, link: 'repair_order', dueHours: 2, priority: 'normal', status: 'in_progress' },
];

/** A tiny deterministic generator, so the demo looks the same on every database. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

/**
 * Demo tasks (SEED_DEMO only; after the orders, clients and sales seeders): ~40 tasks across the demo
 * shops and staff, some overdue, some done, some linked to repair orders, clients and sales, some with
 * comments. Skipped when the demo shops are not there or tasks exist already.
 */
export const tasksDemoSeeder: Seeder = {
  name: 'tasks.demo',
  async run(tx, { config }) {
    if (!config.seedDemo) return;
    const locs = await tx.select({ id: locations.id, name: locations.name }).from(locations).where(inArray(locations.name, demoLocations.map((l) => l.name)));
    if (locs.length < demoLocations.length) return;
    locs.sort((a, b) => demoLocations.findIndex((l) => l.name === a.name) - demoLocations.findIndex((l) => l.name === b.name));
    const [{ n }] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from tasks`));
    if (Number(n) > 0) return;
    const staff = rowsOf<{ id: string; role: string; all_locations: boolean; location_ids: string[] | string | null }>(
      await tx.execute(sql`select e.id, r.name as role, e.all_locations,
          coalesce((select array_agg(el.location_id::text order by el.location_id) from employee_locations el where el.employee_id = e.id), '{}') as location_ids
        from employees e join roles r on r.id = e.role_id where e.active order by e.phone`),
    ).map<Staff>((r) => ({
      id: r.id,
      role: r.role,
      allLocations: r.all_locations,
      locationIds: Array.isArray(r.location_ids) ? r.location_ids : String(r.location_ids ?? '').replace(/[{}]/g, '').split(',').filter(Boolean),
    }));
    const bosses = staff.filter((s) => s.role === 'owner' || s.role === 'manager');
    if (!staff.length || !bosses.length) return;
    const now = Date.now();
    const rnd = random(24);
    const pick = <T>(items: T[]): T | undefined => items[Math.floor(rnd() * items.length)];
    let made = 0;
    for (let round = 0; round < 2 && made < 40; round++) {
      for (const [li, loc] of locs.entries()) {
        const orders = rowsOf<{ id: string; device: string }>(
          await tx.execute(sql`select id, device_brand || ' ' || device_model as device from repair_orders where location_id = ${loc.id} order by created_at desc, id limit 30`),
        );
        const saleRows = rowsOf<{ id: string; number: string; client_id: string | null }>(
          await tx.execute(sql`select id, number, client_id from sales where location_id = ${loc.id} and status = 'posted' order by created_at desc, id limit 30`),
        );
        const clients = rowsOf<{ id: string; name: string }>(
          await tx.execute(sql`select id, name from counterparties where not is_supplier and merged_into_id is null and archived_at is null order by created_at, id limit 60`),
        );
        const here = staff.filter((s) => s.allLocations || s.locationIds.includes(loc.id));
        const workers = here.filter((s) => s.role !== 'owner');
        for (let i = (li + round) % 3; i < plans.length && made < 40; i += 3) {
          const plan = plans[i];
          const assignee = pick(workers.length ? workers : here);
          const author = rnd() < 0.3 ? assignee : pick(bosses.filter((b) => b.allLocations || b.locationIds.includes(loc.id)));
          if (!assignee || !author) continue;
          let link: { kind: 'repair_order' | 'client' | 'sale'; id: string } | null = null;
          const words: { device?: string; client?: string; sale?: string } = {};
          if (plan.link === 'repair_order') {
            const o = pick(orders);
            if (!o) continue;
            link = { kind: 'repair_order', id: o.id };
            words.device = o.device;
          } else if (plan.link === 'sale') {
            const s = pick(saleRows);
            if (!s) continue;
            link = { kind: 'sale', id: s.id };
            words.sale = s.number;
          } else if (plan.link === 'client') {
            const c = pick(clients);
            if (!c) continue;
            link = { kind: 'client', id: c.id };
            words.client = c.name;
          }
          const title = plan.title(words);
          const hoursAgo = 24 + Math.floor(rnd() * 72) + (plan.dueHours !== null && plan.dueHours < 0 ? -plan.dueHours : 0);
          const createdAt = new Date(now - hoursAgo * 3_600_000);
          const dueAt = plan.dueHours === null ? null : new Date(Math.round((now + plan.dueHours * 3_600_000) / 900_000) * 900_000);
          const finished = plan.status === 'done' || plan.status === 'cancelled';
          const updatedAt = finished && dueAt ? new Date(Math.min(now, dueAt.getTime())) : createdAt;
          const [row] = await tx
            .insert(tasks)
            .values({
              locationId: loc.id,
              title,
              description: plan.description ?? null,
              searchText: searchTextOf(title, plan.description ?? null),
              assigneeId: assignee.id,
              authorId: author.id,
              dueAt,
              priority: plan.priority,
              status: plan.status,
              linkKind: link?.kind ?? null,
              linkId: link?.id ?? null,
              // The demo's past due moments were «reminded» then: a fresh start does not ring them all at once.
              remindedAt: dueAt && dueAt.getTime() <= now ? dueAt : null,
              doneAt: plan.status === 'done' ? updatedAt : null,
              commentCount: plan.comments?.length ?? 0,
              createdAt,
              updatedAt,
            })
            .returning({ id: tasks.id });
          if (plan.comments?.length) {
            await tx.insert(taskComments).values(
              plan.comments.map((text, k) => ({
                taskId: row.id,
                authorId: k % 2 === 0 ? assignee.id : author.id,
                text,
                createdAt: new Date(createdAt.getTime() + (k + 1) * 3_600_000),
              })),
            );
          }
          made += 1;
        }
      }
    }
  },
};
