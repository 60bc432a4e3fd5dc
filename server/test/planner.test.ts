/**
 * The planner (issue #24) through `inject`: the calendar range with tasks' due moments, CRUD, the rule
 * scopes (own, location, all), every refusal changing nothing, the 409s with their codes and `force`,
 * shifts refused across locations, parallel overlapping shifts leaving one, an appointment turned into a
 * repair order (once), the realtime `planner` event and the demo data.
 * PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { plannerEventListSchema, plannerEventSchema, plannerMessages, type Location, type PlannerEvent } from '@repo/contracts';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../src/lib/sql';
import { authHeaders, buildTestApp, demoPhones, expectRefused, login, ok } from './helpers';
import { addEmployee, demoLocations } from './location-fixtures';
import { connect, type TestSocket } from './realtime-client';

let app: FastifyInstance;
let base: string;
let owner: string;
let ownerId: string;
let engineer: { token: string; id: string };
let cashier: { token: string; id: string };
let manager: { token: string; id: string };
let loc: Location[];
let clientId: string;
let blockedId: string;
const sockets: TestSocket[] = [];

const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await app.db.execute(query));
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A Moscow wall-clock moment of a far week (no demo data there): day 0 = Monday 2031-03-03. */
const msk = (day: number, hour: number, minute = 0) => new Date(Date.UTC(2031, 2, 3 + day, hour - 3, minute)).toISOString().replace('.000Z', '+00:00');

beforeAll(async () => {
  process.env.TASK_REMINDER_MS = '0';
  app = await buildTestApp();
  delete process.env.TASK_REMINDER_MS;
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/ws`;
  const o = await login(app, demoPhones.owner);
  owner = o.token;
  ownerId = o.profile.id;
  loc = await demoLocations(app, owner);
  const who = async (phone: string) => {
    const { token, profile } = await login(app, phone);
    return { token, id: profile.id };
  };
  engineer = await who(demoPhones.engineer);
  cashier = await who(demoPhones.cashier);
  manager = await who(demoPhones.manager);
  [{ id: clientId }] = await q<{ id: string }>(sql`select id from counterparties where not is_supplier and merged_into_id is null and archived_at is null order by created_at limit 1`);
  [{ id: blockedId }] = await q<{ id: string }>(sql`select id from employees where not active order by phone limit 1`);
});
afterEach(() => {
  for (const s of sockets.splice(0)) s.ws.terminate();
});
afterAll(async () => app?.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown, token = owner, shop: string | null = loc[0]._id) =>
  app.inject({ method, url, headers: authHeaders(token, shop ?? undefined), ...(payload !== undefined ? { payload: payload as object } : {}) });

const create = async (body: Record<string, unknown>, token = owner, shop = loc[0]._id): Promise<PlannerEvent> =>
  plannerEventSchema.parse(ok(await call('POST', '/api/planner/events', { kind: 'appointment', employeeId: engineer.id, ...body }, token, shop), 201));
const events = async (query: string, token = owner, shop: string | null = loc[0]._id) => plannerEventListSchema.parse(ok(await call('GET', `/api/planner/events?${query}`, undefined, token, shop)));
const range = (from: number, to: number) => `from=${encodeURIComponent(msk(from, 0))}&to=${encodeURIComponent(msk(to, 0))}`;
const ids = (list: PlannerEvent[]) => list.map((e) => e.id);

/** Planner events, orders and audit rows: what a refusal must leave as it was. */
async function state() {
  const [row] = await q<{ events: string; orders: string; audit: string; sum: string | null }>(
    sql`select (select count(*) from planner_events) as events, (select count(*) from repair_orders) as orders,
      (select count(*) from audit_log where entity = 'planner') as audit,
      (select md5(string_agg(e::text, ',' order by id)) from planner_events e) as sum`,
  );
  return row;
}

describe('demo data', () => {
  it('has shifts for the next two weeks in every shop and ~20 appointments in the coming week, none overlapping', async () => {
    const [row] = await q<Record<string, string>>(sql`select
        count(*) filter (where kind = 'shift') as shifts,
        count(distinct location_id) filter (where kind = 'shift') as shift_locations,
        count(*) filter (where kind = 'appointment') as appointments,
        count(*) filter (where kind = 'appointment' and client_id is not null and device_model is not null) as with_client,
        min(starts_at) filter (where kind = 'appointment') > now() as future,
        max(starts_at) filter (where kind = 'appointment') < now() + interval '8 days' as week,
        max(starts_at) filter (where kind = 'shift') > now() + interval '12 days' as two_weeks
      from planner_events`);
    expect(Number(row.shifts)).toBeGreaterThan(40);
    expect(Number(row.shift_locations)).toBe(3);
    expect(Number(row.appointments)).toBeGreaterThanOrEqual(15);
    expect(Number(row.appointments)).toBeLessThanOrEqual(25);
    expect(Number(row.with_client)).toBe(Number(row.appointments));
    expect([row.future, row.week, row.two_weeks]).toEqual([true, true, true]);
    const [{ overlaps }] = await q<{ overlaps: string }>(sql`select count(*) as overlaps from planner_events a join planner_events b
      on a.employee_id = b.employee_id and a.kind = b.kind and a.id < b.id and a.starts_at < b.ends_at and b.starts_at < a.ends_at`);
    expect(Number(overlaps)).toBe(0);
    // Each shop's week shows its shifts to the owner.
    for (const l of loc) {
      const week = await events(`from=${encodeURIComponent(new Date().toISOString())}&to=${encodeURIComponent(new Date(Date.now() + 7 * DAY).toISOString())}`, owner, l._id);
      expect(week.some((e) => e.kind === 'shift')).toBe(true);
    }
  });
});

describe('CRUD', () => {
  it('creates, reads, moves, edits and deletes an appointment, each audited', async () => {
    const e = await create({ title: 'Замена экрана', start: msk(0, 11), end: msk(0, 12), clientId, device: { type: 'Смартфон', brand: 'Apple', model: 'iPhone 13' }, comment: 'Позвонит заранее' });
    expect(e).toMatchObject({
      kind: 'appointment',
      title: 'Замена экрана',
      start: new Date(msk(0, 11)).toISOString(),
      end: new Date(msk(0, 12)).toISOString(),
      employeeId: engineer.id,
      employeeName: expect.any(String),
      locationId: loc[0]._id,
      clientId,
      clientName: expect.any(String),
      device: { type: 'Смартфон', brand: 'Apple', model: 'iPhone 13' },
      orderId: null,
      orderNumber: null,
      comment: 'Позвонит заранее',
      editable: true,
    });
    expect(e.clientPhone).toBeTruthy();
    expect(plannerEventSchema.parse(ok(await call('GET', `/api/planner/events/${e.id}`)))).toEqual(e);
    expect(ids(await events(range(0, 7)))).toContain(e.id);

    const moved = plannerEventSchema.parse(ok(await call('PATCH', `/api/planner/events/${e.id}`, { start: msk(2, 15), end: msk(2, 16, 30) })));
    expect(moved).toMatchObject({ start: new Date(msk(2, 15)).toISOString(), end: new Date(msk(2, 16, 30)).toISOString(), title: 'Замена экрана', clientId });
    const edited = plannerEventSchema.parse(ok(await call('PATCH', `/api/planner/events/${e.id}`, { comment: null, title: 'Диагностика', device: null, clientId: null })));
    expect(edited).toMatchObject({ comment: null, title: 'Диагностика', device: null, clientId: null, start: moved.start });

    expect(ok(await call('DELETE', `/api/planner/events/${e.id}`))).toEqual({ ok: true });
    expect((await call('GET', `/api/planner/events/${e.id}`)).statusCode).toBe(404);
    const audit = await q<{ action: string }>(sql`select action from audit_log where entity = 'planner' and entity_id = ${e.id} order by created_at, id`);
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'update', 'delete']);
  });

  it('a shift: titled «Смена» by default; back-to-back shifts and appointments are fine (half-open)', async () => {
    const s1 = await create({ kind: 'shift', start: msk(1, 10), end: msk(1, 14) });
    expect(s1).toMatchObject({ kind: 'shift', title: 'Смена', clientId: null, device: null });
    const s2 = await create({ kind: 'shift', start: msk(1, 14), end: msk(1, 20) }, owner, loc[1]._id);
    expect(s2.locationId).toBe(loc[1]._id);
    await create({ start: msk(1, 10), end: msk(1, 11) });
    await create({ start: msk(1, 11), end: msk(1, 12) });
  });

  it('lists the range: appointments, shifts overlapping it, and tasks due in it (read-only), by kind and employee', async () => {
    const before = await create({ kind: 'shift', start: msk(9, 20), end: msk(10, 2) }); // over the range's start
    const inside = await create({ start: msk(10, 12), end: msk(10, 13), employeeId: manager.id });
    const after = await create({ start: msk(11, 0), end: msk(11, 1) }); // starts at the range's end: out
    const task = ok(await call('POST', '/api/tasks', { title: 'Позвонить поставщику', assigneeId: engineer.id, dueAt: msk(10, 15) }), 201) as { id: string };
    const cancelled = ok(await call('POST', '/api/tasks', { title: 'Отменённая', assigneeId: engineer.id, dueAt: msk(10, 16), status: 'cancelled' }), 201) as { id: string };
    const done = ok(await call('POST', '/api/tasks', { title: 'Выполненная', assigneeId: engineer.id, dueAt: msk(10, 17), status: 'done' }), 201) as { id: string };
    const elsewhere = ok(await call('POST', '/api/tasks', { title: 'Другой магазин', assigneeId: engineer.id, dueAt: msk(10, 17) }, owner, loc[1]._id), 201) as { id: string };
    const list = await events(range(10, 11));
    expect(ids(list)).toEqual(expect.arrayContaining([before.id, inside.id, `task:${task.id}`, `task:${done.id}`]));
    expect(ids(list)).not.toContain(after.id);
    expect(ids(list)).not.toContain(`task:${cancelled.id}`);
    expect(ids(list)).not.toContain(`task:${elsewhere.id}`);
    const t = list.find((e) => e.id === `task:${task.id}`)!;
    expect(t).toMatchObject({ kind: 'task', title: 'Позвонить поставщику', taskId: task.id, employeeId: engineer.id, editable: false, locationId: loc[0]._id });
    expect(new Date(t.end).getTime() - new Date(t.start).getTime()).toBe(30 * 60_000);
    expect(list.map((e) => e.start)).toEqual([...list.map((e) => e.start)].sort());
    // Several locations at once (the owner's); kinds; employee.
    expect(ids(await events(`${range(10, 11)}&locationId=${loc[0]._id},${loc[1]._id}`))).toContain(`task:${elsewhere.id}`);
    expect((await events(`${range(10, 11)}&kinds=task`)).every((e) => e.kind === 'task')).toBe(true);
    expect(ids(await events(`${range(10, 11)}&kinds=shift`))).toEqual([before.id]);
    expect(ids(await events(`${range(10, 11)}&employeeId=${manager.id}`))).toEqual([inside.id]);
    // A task's due moment is changed on the task.
    const res = await call('PATCH', `/api/planner/events/task:${task.id}`, { start: msk(10, 18) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(plannerMessages.taskReadOnly);
    expect((await call('DELETE', `/api/planner/events/task:${task.id}`)).json().message).toBe(plannerMessages.taskReadOnly);
  });

  it('range: from before to, at most 62 days, with offsets; locations of the employee only', async () => {
    expect((await call('GET', `/api/planner/events?${range(3, 3)}`)).statusCode).toBe(400);
    expect((await call('GET', `/api/planner/events?${range(3, 1)}`)).statusCode).toBe(400);
    const wide = await call('GET', `/api/planner/events?${range(0, 63)}`);
    expect(wide.statusCode).toBe(400);
    expect(wide.json().message).toBe(plannerMessages.rangeTooWide);
    expect((await call('GET', `/api/planner/events?${range(0, 62)}`)).statusCode).toBe(200);
    expect((await call('GET', '/api/planner/events?from=2031-03-01T00:00:00&to=2031-03-02T00:00:00')).statusCode).toBe(400);
    expect((await call('GET', '/api/planner/events')).statusCode).toBe(400);
    // The engineer works at the first two shops.
    expect((await call('GET', `/api/planner/events?${range(0, 7)}&locationId=${loc[2]._id}`, undefined, engineer.token)).statusCode).toBe(403);
    expect((await call('GET', `/api/planner/events?${range(0, 7)}&locationId=${loc[1]._id},${loc[2]._id}`, undefined, engineer.token)).statusCode).toBe(403);
    expect((await call('GET', `/api/planner/events?${range(0, 7)}`, undefined, owner, null)).statusCode).toBe(403);
  });

  it('employees: the active employees of a location, for the pickers', async () => {
    for (const l of loc) {
      const list = ok(await call('GET', `/api/planner/employees?locationId=${l._id}`)) as Array<{ id: string }>;
      const expected = await q<{ id: string }>(
        sql`select e.id from employees e where e.active and (e.all_locations or exists (select 1 from employee_locations el where el.employee_id = e.id and el.location_id = ${l._id})) order by e.name, e.id`,
      );
      expect(list.map((e) => e.id)).toEqual(expected.map((e) => e.id));
    }
    expect((await call('GET', `/api/planner/employees?locationId=${loc[2]._id}`, undefined, engineer.token)).statusCode).toBe(403);
    expect((ok(await call('GET', '/api/planner/employees', undefined, engineer.token)) as unknown[]).length).toBeGreaterThan(1);
  });
});

describe('refusals change nothing', () => {
  let appointment: PlannerEvent;
  let shift: PlannerEvent;
  beforeAll(async () => {
    appointment = await create({ start: msk(20, 12), end: msk(20, 13) });
    shift = await create({ kind: 'shift', start: msk(20, 10), end: msk(20, 20) });
  });

  it('an end not after the start, an event longer than 31 days: 400 `end`', async () => {
    const before = await state();
    for (const [start, end, message] of [
      [msk(21, 12), msk(21, 12), plannerMessages.endBeforeStart],
      [msk(21, 12), msk(21, 11), plannerMessages.endBeforeStart],
      [msk(21, 0), msk(52, 0, 1), plannerMessages.tooLong],
    ] as const) {
      const body = await expectRefused(await call('POST', '/api/planner/events', { kind: 'shift', employeeId: engineer.id, start, end }), 400, state, before, message);
      expect(body.errors.end).toBe(message);
    }
    await expectRefused(await call('PATCH', `/api/planner/events/${appointment.id}`, { end: msk(20, 11) }), 400, state, before, plannerMessages.endBeforeStart);
    await expectRefused(await call('PATCH', `/api/planner/events/${appointment.id}`, { start: msk(20, 14) }), 400, state, before, plannerMessages.endBeforeStart);
    // Exactly 31 days is allowed.
    const long = await create({ kind: 'shift', employeeId: manager.id, start: msk(100, 0), end: msk(131, 0) });
    ok(await call('DELETE', `/api/planner/events/${long.id}`));
  });

  it('an employee unknown, blocked or of another location: 400 `employeeId`; an unknown client: 400 `clientId`', async () => {
    const before = await state();
    const post = (body: Record<string, unknown>, shop = loc[0]._id) => call('POST', '/api/planner/events', { kind: 'appointment', employeeId: engineer.id, start: msk(22, 12), end: msk(22, 13), ...body }, owner, shop);
    const cases: Array<[Record<string, unknown>, string, string, string?]> = [
      [{ employeeId: '00000000-0000-4000-8000-000000000000' }, 'employeeId', plannerMessages.employeeNotFound],
      [{ employeeId: blockedId }, 'employeeId', plannerMessages.employeeBlocked],
      [{ employeeId: cashier.id }, 'employeeId', plannerMessages.employeeElsewhere, loc[1]._id],
      [{ clientId: '00000000-0000-4000-8000-000000000001' }, 'clientId', plannerMessages.clientNotFound],
    ];
    for (const [body, field, message, shop] of cases) {
      const json = await expectRefused(await post(body, shop), 400, state, before, message);
      expect(json.errors[field]).toBe(message);
    }
    await expectRefused(await call('PATCH', `/api/planner/events/${appointment.id}`, { employeeId: blockedId }), 400, state, before, plannerMessages.employeeBlocked);
    await expectRefused(await call('PATCH', `/api/planner/events/${appointment.id}`, { clientId: '00000000-0000-4000-8000-000000000001', title: 'Нет' }), 400, state, before, plannerMessages.clientNotFound);
    // A location the signed-in employee does not work in: 403.
    await expectRefused(await call('POST', '/api/planner/events', { kind: 'appointment', employeeId: engineer.id, start: msk(22, 12), end: msk(22, 13), locationId: loc[2]._id }, engineer.token), 403, state, before, plannerMessages.locationForbidden);
    // Bad input: a kind, a moment without an offset, an empty patch.
    await expectRefused(await post({ kind: 'task' }), 400, state, before);
    await expectRefused(await post({ start: '2031-03-25T12:00:00' }), 400, state, before);
    await expectRefused(await call('PATCH', `/api/planner/events/${appointment.id}`, {}), 400, state, before, plannerMessages.nothingToChange);
  });

  it('two shifts of an employee overlapping, in any location: 409 shift_overlap; force does not help', async () => {
    const before = await state();
    for (const [start, end, shop] of [
      [msk(20, 19), msk(20, 22), loc[0]._id],
      [msk(20, 8), msk(20, 10, 1), loc[0]._id],
      [msk(20, 12), msk(20, 13), loc[1]._id],
      [msk(19, 0), msk(21, 0), loc[1]._id],
    ] as const) {
      const body = await expectRefused(await call('POST', '/api/planner/events', { kind: 'shift', employeeId: engineer.id, start, end, force: true }, owner, shop), 409, state, before, plannerMessages.shiftOverlap);
      expect(body.code).toBe('shift_overlap');
    }
    const other = await create({ kind: 'shift', start: msk(21, 10), end: msk(21, 20) });
    const before2 = await state();
    const moved = await expectRefused(await call('PATCH', `/api/planner/events/${other.id}`, { start: msk(20, 18), end: msk(20, 23) }), 409, state, before2);
    expect(moved.code).toBe('shift_overlap');
    // Another employee's shift at the same time is fine; a shift beside an appointment is fine.
    await create({ kind: 'shift', employeeId: manager.id, start: msk(20, 10), end: msk(20, 20) });
    expect(shift.kind).toBe('shift');
  });

  it('an appointment overlapping another of the employee: 409 appointment_overlap, booked with force', async () => {
    const before = await state();
    const body = await expectRefused(await call('POST', '/api/planner/events', { kind: 'appointment', employeeId: engineer.id, start: msk(20, 12, 30), end: msk(20, 13, 30) }), 409, state, before, plannerMessages.appointmentOverlap);
    expect(body.code).toBe('appointment_overlap');
    // At another shop too: one person, one place.
    await expectRefused(await call('POST', '/api/planner/events', { kind: 'appointment', employeeId: engineer.id, start: msk(20, 12), end: msk(20, 13) }, owner, loc[1]._id), 409, state, before);
    const forced = await create({ start: msk(20, 12, 30), end: msk(20, 13, 30), force: true });
    expect(forced.kind).toBe('appointment');
    // Moving onto another one asks again; with force it goes.
    const later = await create({ start: msk(20, 15), end: msk(20, 16) });
    const before2 = await state();
    expect((await expectRefused(await call('PATCH', `/api/planner/events/${later.id}`, { start: msk(20, 12), end: msk(20, 13) }), 409, state, before2)).code).toBe('appointment_overlap');
    expect(ok(await call('PATCH', `/api/planner/events/${later.id}`, { start: msk(20, 12), end: msk(20, 13), force: true })).start).toBe(new Date(msk(20, 12)).toISOString());
    // Editing a forced overlap's comment does not ask again.
    expect(ok(await call('PATCH', `/api/planner/events/${later.id}`, { comment: 'Подтверждено' })).comment).toBe('Подтверждено');
  });

  it('an unknown event: 404', async () => {
    const before = await state();
    const nobody = '00000000-0000-4000-8000-000000000002';
    await expectRefused(await call('GET', `/api/planner/events/${nobody}`), 404, state, before, plannerMessages.notFound);
    await expectRefused(await call('PATCH', `/api/planner/events/${nobody}`, { title: 'Нет' }), 404, state, before, plannerMessages.notFound);
    await expectRefused(await call('DELETE', `/api/planner/events/${nobody}`), 404, state, before, plannerMessages.notFound);
    await expectRefused(await call('GET', '/api/planner/events/not-a-uuid'), 404, state, before);
  });

  it('parallel creation of overlapping shifts of one employee leaves exactly one', async () => {
    const before = await state();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call('POST', '/api/planner/events', { kind: 'shift', employeeId: manager.id, start: msk(30, 9 + (i % 3)), end: msk(30, 18 + (i % 2)) }, owner, loc[i % 3]._id),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(9);
    const [{ n }] = await q<{ n: string }>(sql`select count(*) as n from planner_events where employee_id = ${manager.id} and kind = 'shift' and starts_at >= ${msk(30, 0)} and starts_at < ${msk(31, 0)}`);
    expect(Number(n)).toBe(1);
    expect(Number((await state()).events)).toBe(Number(before.events) + 1);
  });
});

describe('rule scopes', () => {
  let othersAtFirst: PlannerEvent;
  let othersAtSecond: PlannerEvent;
  beforeAll(async () => {
    othersAtFirst = await create({ employeeId: manager.id, start: msk(40, 12), end: msk(40, 13) });
    othersAtSecond = await create({ employeeId: manager.id, start: msk(40, 14), end: msk(40, 15) }, owner, loc[1]._id);
  });

  it('own: the employee’s events and those they created', async () => {
    const e = await addEmployee(app, ['view:planner:own', 'create:planner:own', 'edit:planner:own'], [loc[0]._id, loc[1]._id]);
    const mine = await create({ employeeId: e.id, start: msk(40, 12), end: msk(40, 13) });
    const created = await create({ employeeId: manager.id, start: msk(40, 16), end: msk(40, 17) }, e.token);
    const list = await events(range(40, 41), e.token);
    expect(ids(list).sort()).toEqual([mine.id, created.id].sort());
    expect((await call('GET', `/api/planner/events/${othersAtFirst.id}`, undefined, e.token)).statusCode).toBe(404);
    const before = await state();
    await expectRefused(await call('PATCH', `/api/planner/events/${othersAtFirst.id}`, { title: 'Чужое' }, e.token), 404, state, before);
    expect(ok(await call('PATCH', `/api/planner/events/${mine.id}`, { start: msk(40, 18), end: msk(40, 19) }, e.token)).start).toBe(new Date(msk(40, 18)).toISOString());
    // No delete rule: 403, and nothing changes.
    await expectRefused(await call('DELETE', `/api/planner/events/${mine.id}`, undefined, e.token), 403, state, await state());
  });

  it('location: every event of the current location, editable or not by the edit rule', async () => {
    const e = await addEmployee(app, ['view:planner:location', 'edit:planner:own'], [loc[0]._id, loc[1]._id]);
    const first = await events(range(40, 41), e.token, loc[0]._id);
    expect(ids(first)).toContain(othersAtFirst.id);
    expect(ids(first)).not.toContain(othersAtSecond.id);
    expect(first.find((x) => x.id === othersAtFirst.id)!.editable).toBe(false);
    expect(ids(await events(`${range(40, 41)}&locationId=${loc[1]._id}`, e.token, loc[0]._id))).not.toContain(othersAtSecond.id);
    expect(ids(await events(range(40, 41), e.token, loc[1]._id))).toContain(othersAtSecond.id);
    const before = await state();
    await expectRefused(await call('PATCH', `/api/planner/events/${othersAtFirst.id}`, { title: 'Чужое' }, e.token), 403, state, before);
    await expectRefused(await call('POST', '/api/planner/events', { kind: 'shift', employeeId: e.id, start: msk(41, 10), end: msk(41, 12) }, e.token), 403, state, before);
  });

  it('all: every location of the employee, never another one; the engineer (demo role) sees the shop', async () => {
    const e = await addEmployee(app, ['view:planner:all', 'edit:planner:all'], [loc[0]._id, loc[1]._id]);
    const list = await events(`${range(40, 41)}&locationId=${loc[0]._id},${loc[1]._id}`, e.token);
    expect(ids(list)).toEqual(expect.arrayContaining([othersAtFirst.id, othersAtSecond.id]));
    expect(list.find((x) => x.id === othersAtSecond.id)!.editable).toBe(true);
    const third = await create({ employeeId: manager.id, start: msk(40, 9), end: msk(40, 10) }, owner, loc[2]._id);
    expect((await call('GET', `/api/planner/events/${third.id}`, undefined, e.token)).statusCode).toBe(404);
    expect(ids(await events(range(40, 41), engineer.token))).toContain(othersAtFirst.id);
  });

  it('no rule: 403', async () => {
    expect((await call('GET', `/api/planner/events?${range(40, 41)}`, undefined, cashier.token)).statusCode).toBe(403);
    expect((await call('POST', '/api/planner/events', { kind: 'shift', employeeId: cashier.id, start: msk(41, 10), end: msk(41, 12) }, cashier.token)).statusCode).toBe(403);
  });
});

describe('appointment → repair order', () => {
  const intake = (appointmentId: string, shop = loc[0]._id) =>
    call('POST', '/api/orders', { clientId, device: { type: 'Смартфон', brand: 'Apple', model: 'iPhone 13' }, malfunction: 'Разбит экран', appointmentId }, owner, shop);

  it('links the appointment to the new order; a second order from it is refused and rolled back', async () => {
    const a = await create({ title: 'Замена экрана', start: msk(50, 12), end: msk(50, 13), clientId, device: { type: 'Смартфон', brand: 'Apple', model: 'iPhone 13' } });
    const order = ok(await intake(a.id), 201) as { id: string; number: string };
    const linked = plannerEventSchema.parse(ok(await call('GET', `/api/planner/events/${a.id}`)));
    expect(linked).toMatchObject({ orderId: order.id, orderNumber: order.number });
    expect(ids(await events(range(50, 51))).includes(a.id)).toBe(true);
    const before = await state();
    const again = await expectRefused(await intake(a.id), 409, state, before, plannerMessages.alreadyOrdered);
    expect(again.code).toBe('conflict');
  });

  it('a shift, an unknown id or an appointment of another shop: 400, no order', async () => {
    const shift = await create({ kind: 'shift', start: msk(51, 10), end: msk(51, 20) });
    const other = await create({ start: msk(51, 12), end: msk(51, 13) }, owner, loc[1]._id);
    const before = await state();
    for (const id of [shift.id, other.id, '00000000-0000-4000-8000-000000000003']) {
      const body = await expectRefused(await intake(id), 400, state, before, plannerMessages.notAppointment);
      expect(body.errors.appointmentId).toBe(plannerMessages.notAppointment);
    }
  });
});

/** Messages of a socket until one matches (or the time is up). */
async function waitFor(socket: TestSocket, match: (e: Record<string, unknown>) => boolean, ms = 5000): Promise<Record<string, unknown>> {
  const end = Date.now() + ms;
  for (;;) {
    const left = end - Date.now();
    if (left <= 0) throw new Error('no matching message');
    const items = (await socket.next(left)) as Array<Record<string, unknown>>;
    const hit = items.find(match);
    if (hit) return hit;
  }
}

describe('realtime', () => {
  it('a colleague’s open calendar hears of a new, moved and deleted event at that location', async () => {
    const socket = await connect(base, { cookie: `token=${manager.token}` });
    sockets.push(socket);
    const e = await create({ start: msk(60, 12), end: msk(60, 13) });
    expect(await waitFor(socket, (m) => m.id === e.id && m.type === 'created')).toMatchObject({ entity: 'planner', locationId: loc[0]._id });
    ok(await call('PATCH', `/api/planner/events/${e.id}`, { start: msk(60, 14), end: msk(60, 15) }));
    await waitFor(socket, (m) => m.id === e.id && m.type === 'updated' && m.entity === 'planner');
    ok(await call('DELETE', `/api/planner/events/${e.id}`));
    await waitFor(socket, (m) => m.id === e.id && m.type === 'deleted' && m.entity === 'planner');
    expect(ownerId).toBeTruthy();
  });
});
