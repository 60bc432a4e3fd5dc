/**
 * Tasks (issue #24) through `inject`: CRUD, list filters, the rule scopes (own, location, all), every
 * refusal changing nothing, the badge counts, the «fallen due» reminder claimed once under a race, the
 * demo data, and the realtime events (a new or reassigned task told to its assignee alone).
 * PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { taskMessages, taskPageSchema, taskSchema, type Location, type Task } from '@repo/contracts';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../src/lib/sql';
import { remindDueTasks } from '../src/modules/tasks/service';
import { authHeaders, buildTestApp, demoPhones, expectRefused, login, ok } from './helpers';
import { addEmployee, demoLocations } from './location-fixtures';
import { connect, type TestSocket } from './realtime-client';

let app: FastifyInstance;
let base: string;
let owner: string;
let engineer: { token: string; id: string };
let cashier: { token: string; id: string };
let manager: { token: string; id: string };
let loc: Location[];
const sockets: TestSocket[] = [];

const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await app.db.execute(query));
const hour = 3_600_000;
const at = (ms: number) => new Date(Date.now() + ms).toISOString();

beforeAll(async () => {
  process.env.TASK_REMINDER_MS = '0'; // the test claims reminders itself
  app = await buildTestApp();
  delete process.env.TASK_REMINDER_MS;
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/ws`;
  owner = (await login(app, demoPhones.owner)).token;
  loc = await demoLocations(app, owner);
  const who = async (phone: string) => {
    const { token, profile } = await login(app, phone);
    return { token, id: profile.id };
  };
  engineer = await who(demoPhones.engineer);
  cashier = await who(demoPhones.cashier);
  manager = await who(demoPhones.manager);
});
afterEach(() => {
  for (const s of sockets.splice(0)) s.ws.terminate();
});
afterAll(async () => app?.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown, token = owner, shop: string | null = loc[0]._id) =>
  app.inject({ method, url, headers: authHeaders(token, shop ?? undefined), ...(payload !== undefined ? { payload: payload as object } : {}) });

const create = async (body: Record<string, unknown>, token = owner, shop = loc[0]._id): Promise<Task> =>
  taskSchema.parse(ok(await call('POST', '/api/tasks', { title: 'Задача', ...body }, token, shop), 201));
const list = async (query: string, token = owner, shop: string | null = loc[0]._id) => taskPageSchema.parse(ok(await call('GET', `/api/tasks?pageSize=200&${query}`, undefined, token, shop)));
const ids = (page: { items: Task[] }) => page.items.map((t) => t.id);

/** Tasks, comments and audit rows: what a refusal must leave as it was. */
async function state() {
  const [row] = await q<{ tasks: string; comments: string; audit: string; sum: string | null }>(
    sql`select (select count(*) from tasks) as tasks, (select count(*) from task_comments) as comments,
      (select count(*) from audit_log where entity = 'task') as audit,
      (select md5(string_agg(t::text, ',' order by id)) from tasks t) as sum`,
  );
  return row;
}

describe('demo data', () => {
  it('has about forty tasks across the shops: overdue, done, linked to orders, clients and sales, with comments', async () => {
    const [row] = await q<Record<string, string>>(sql`select count(*) as total,
        count(distinct location_id) as locations,
        count(distinct assignee_id) as assignees,
        count(*) filter (where status in ('new', 'in_progress') and due_at < now()) as overdue,
        count(*) filter (where status = 'done') as done,
        count(*) filter (where link_kind = 'repair_order') as orders,
        count(*) filter (where link_kind = 'client') as clients,
        count(*) filter (where link_kind = 'sale') as sales,
        count(*) filter (where comment_count > 0) as commented,
        (select count(*) from task_comments) as comments
      from tasks`);
    const n = (k: string) => Number(row[k]);
    expect(n('total')).toBeGreaterThanOrEqual(30);
    expect(n('total')).toBeLessThanOrEqual(50);
    expect(n('locations')).toBe(3);
    expect(n('assignees')).toBeGreaterThan(3);
    for (const k of ['overdue', 'done', 'orders', 'clients', 'sales', 'commented']) expect(n(k)).toBeGreaterThan(0);
    expect(n('comments')).toBeGreaterThan(n('commented') - 1);
    // Link labels resolve (an order number, a client name, a sale number).
    const page = await list('linkKind=repair_order');
    expect(page.items.length).toBeGreaterThan(0);
    for (const t of page.items) expect(t.link?.label).toBeTruthy();
    // The demo's past due moments count as reminded: a fresh start does not ring them all at once.
    const [{ unreminded }] = await q<{ unreminded: string }>(sql`select count(*) as unreminded from tasks where reminded_at is null and due_at <= now() and status in ('new', 'in_progress')`);
    expect(Number(unreminded)).toBe(0);
  });
});

describe('CRUD', () => {
  it('creates, reads, lists, edits and deletes a task, each audited', async () => {
    const [order] = await q<{ id: string; number: string }>(sql`select id, number from repair_orders where location_id = ${loc[0]._id} order by created_at limit 1`);
    const due = '2030-05-01T18:00:00+03:00';
    const task = await create({
      title: '  Перезвонить клиенту по iPhone 13  ',
      description: 'Согласовать цену\nи срок',
      assigneeId: engineer.id,
      dueAt: due,
      priority: 'high',
      link: { kind: 'repair_order', id: order.id },
    });
    expect(task).toMatchObject({
      title: 'Перезвонить клиенту по iPhone 13',
      description: 'Согласовать цену\nи срок',
      assigneeId: engineer.id,
      assigneeName: expect.any(String),
      dueAt: new Date(due).toISOString(),
      priority: 'high',
      status: 'new',
      link: { kind: 'repair_order', id: order.id, label: order.number },
      locationId: loc[0]._id,
      doneAt: null,
      commentCount: 0,
      overdue: false,
    });
    const me = (await login(app, demoPhones.owner)).profile;
    expect(task.authorId).toBe(me.id);
    expect(taskSchema.parse(ok(await call('GET', `/api/tasks/${task.id}`)))).toEqual(task);
    expect(ids(await list(''))).toContain(task.id);

    const edited = taskSchema.parse(ok(await call('PATCH', `/api/tasks/${task.id}`, { status: 'done', title: 'Перезвонить клиенту', link: null })));
    expect(edited).toMatchObject({ status: 'done', title: 'Перезвонить клиенту', link: null, description: 'Согласовать цену\nи срок', dueAt: task.dueAt });
    expect(edited.doneAt).not.toBeNull();
    const reopened = taskSchema.parse(ok(await call('PATCH', `/api/tasks/${task.id}`, { status: 'in_progress' })));
    expect(reopened.doneAt).toBeNull();

    const comment = ok(await call('POST', `/api/tasks/${task.id}/comments`, { text: 'Клиент не берёт трубку' }), 201);
    expect(comment).toMatchObject({ taskId: task.id, text: 'Клиент не берёт трубку', authorId: me.id });
    expect(ok(await call('GET', `/api/tasks/${task.id}/comments`)).items).toEqual([comment]);
    expect(taskSchema.parse(ok(await call('GET', `/api/tasks/${task.id}`))).commentCount).toBe(1);

    expect(ok(await call('DELETE', `/api/tasks/${task.id}`))).toEqual({ ok: true });
    expect((await call('GET', `/api/tasks/${task.id}`)).statusCode).toBe(404);
    const audit = await q<{ action: string }>(sql`select action from audit_log where entity = 'task' and entity_id = ${task.id} order by created_at, id`);
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'update', 'update', 'delete']);
  });

  it('defaults the assignee to the author, the priority to normal; a due moment may be left out', async () => {
    const task = await create({ title: 'Без срока' }, engineer.token);
    expect(task).toMatchObject({ assigneeId: engineer.id, authorId: engineer.id, priority: 'normal', status: 'new', dueAt: null, link: null });
  });

  it('assignees: the active employees of the shop and of every shop, exactly whom a task may be given to', async () => {
    for (const l of loc) {
      const list = ok(await call('GET', '/api/tasks/assignees', undefined, owner, l._id)) as Array<{ id: string; name: string }>;
      const expected = rowsOf<{ id: string }>(
        await app.db.execute(sql`select e.id from employees e where e.active and (e.all_locations or exists (select 1 from employee_locations el where el.employee_id = e.id and el.location_id = ${l._id})) order by e.name`),
      ).map((r) => r.id);
      expect(list.map((e) => e.id)).toEqual(expected);
      expect(list.length).toBeGreaterThan(1);
    }
    // Someone not on the list is refused as an assignee at that shop.
    const [outsider] = rowsOf<{ id: string }>(
      await app.db.execute(sql`select e.id from employees e where e.active and not e.all_locations and not exists (select 1 from employee_locations el where el.employee_id = e.id and el.location_id = ${loc[1]._id}) limit 1`),
    );
    if (outsider) expect((await call('POST', '/api/tasks', { title: 'Чужому', assigneeId: outsider.id }, owner, loc[1]._id)).statusCode).toBe(400);
    expect((await call('GET', '/api/tasks/assignees', undefined, owner, null)).statusCode).toBe(403);
  });

  it('needs the Shop location to create one', async () => {
    const res = await call('POST', '/api/tasks', { title: 'Без магазина' }, owner, null);
    expect(res.statusCode).toBe(403);
  });
});

describe('list filters', () => {
  let mine: Task;
  let overdue: Task;
  let done: Task;
  let clientTask: Task;
  let clientId: string;
  beforeAll(async () => {
    [{ id: clientId }] = await q<{ id: string }>(sql`select id from counterparties where not is_supplier and merged_into_id is null order by created_at limit 1`);
    mine = await create({ title: 'Фильтр: моя задача Жёлтая', assigneeId: manager.id, dueAt: at(5 * hour), priority: 'urgent' });
    overdue = await create({ title: 'Фильтр: просроченная', assigneeId: manager.id, dueAt: at(-2 * hour) });
    done = await create({ title: 'Фильтр: выполненная', assigneeId: engineer.id, dueAt: at(-2 * hour), status: 'done' });
    clientTask = await create({ title: 'Фильтр: клиент', assigneeId: engineer.id, link: { kind: 'client', id: clientId }, priority: 'low' });
  });

  it('mine: assigned to the caller', async () => {
    const page = await list('mine=true', manager.token);
    expect(ids(page)).toEqual(expect.arrayContaining([mine.id, overdue.id]));
    expect(page.items.every((t) => t.assigneeId === manager.id)).toBe(true);
  });

  it('overdue: open and past due, never a done one', async () => {
    const page = await list('overdue=true');
    expect(ids(page)).toContain(overdue.id);
    expect(ids(page)).not.toContain(done.id);
    expect(ids(page)).not.toContain(mine.id);
    expect(page.items.every((t) => t.overdue)).toBe(true);
    expect(ids(await list('overdue=false'))).toContain(done.id);
  });

  it('status: one or a comma list; an unknown one is a 400', async () => {
    expect(ids(await list('status=done'))).toContain(done.id);
    expect(ids(await list('status=done'))).not.toContain(mine.id);
    const both = await list('status=new,done');
    expect(ids(both)).toEqual(expect.arrayContaining([done.id, mine.id]));
    expect(both.items.every((t) => t.status === 'new' || t.status === 'done')).toBe(true);
    const bad = await call('GET', '/api/tasks?status=new,finished');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.status).toBe(taskMessages.statusInvalid);
  });

  it('search: in the title, any case, ё as е', async () => {
    expect(ids(await list('search=' + encodeURIComponent('жЕлтая')))).toEqual([mine.id]);
    expect((await list('search=' + encodeURIComponent('нет такой задачи'))).total).toBe(0);
  });

  it('link: the tasks of a client card; by assignee, author, priority; sorted', async () => {
    expect(ids(await list(`linkKind=client&linkId=${clientId}`))).toContain(clientTask.id);
    expect((await list(`linkKind=client&linkId=${clientId}`)).items.every((t) => t.link?.id === clientId)).toBe(true);
    expect((await list(`assigneeId=${engineer.id}`)).items.every((t) => t.assigneeId === engineer.id)).toBe(true);
    expect((await list(`authorId=${engineer.id}`)).items.every((t) => t.authorId === engineer.id)).toBe(true);
    expect(ids(await list('priority=urgent'))).toContain(mine.id);
    const byPriority = await list('sort=-priority&status=new,in_progress');
    const ranks = byPriority.items.map((t) => ['low', 'normal', 'high', 'urgent'].indexOf(t.priority));
    expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
    const byDue = (await list('sort=dueAt')).items.map((t) => t.dueAt).filter((d): d is string => d !== null);
    expect(byDue).toEqual([...byDue].sort());
    const paged = taskPageSchema.parse(ok(await call('GET', '/api/tasks?pageSize=2&page=1')));
    expect(paged.items).toHaveLength(2);
    const small = taskPageSchema.parse(ok(await call('GET', '/api/tasks?pageSize=2&page=2')));
    expect(small.items).toHaveLength(2);
    expect(small.total).toBe(paged.total);
  });
});

describe('rule scopes', () => {
  let atFirst: Task;
  let atSecond: Task;
  let engineersOwn: Task;
  beforeAll(async () => {
    atFirst = await create({ title: 'Область: первый магазин', assigneeId: manager.id });
    atSecond = await create({ title: 'Область: второй магазин', assigneeId: manager.id }, owner, loc[1]._id);
    engineersOwn = await create({ title: 'Область: поручено инженеру', assigneeId: engineer.id }, owner, loc[1]._id);
  });

  it('own: only what the employee authored or is assigned to', async () => {
    const page = await list('', engineer.token, loc[0]._id);
    expect(ids(page)).toContain(engineersOwn.id);
    expect(ids(page)).not.toContain(atFirst.id);
    expect(page.items.every((t) => t.assigneeId === engineer.id || t.authorId === engineer.id)).toBe(true);
    expect((await call('GET', `/api/tasks/${atFirst.id}`, undefined, engineer.token)).statusCode).toBe(404);
    expect((await call('PATCH', `/api/tasks/${atFirst.id}`, { title: 'Чужое' }, engineer.token)).statusCode).toBe(404);
    // Their own task can be moved on the board; deleting needs delete:task.
    expect(ok(await call('PATCH', `/api/tasks/${engineersOwn.id}`, { status: 'in_progress' }, engineer.token)).status).toBe('in_progress');
    expect((await call('DELETE', `/api/tasks/${engineersOwn.id}`, undefined, engineer.token)).statusCode).toBe(403);
  });

  it('location: the current location’s tasks and one’s own elsewhere', async () => {
    const e = await addEmployee(app, ['view:task:location', 'edit:task:location', 'create:task:own'], [loc[0]._id, loc[1]._id]);
    const own = await create({ title: 'Область: своя во втором', assigneeId: e.id }, owner, loc[1]._id);
    const first = await list('', e.token, loc[0]._id);
    expect(ids(first)).toContain(atFirst.id);
    expect(ids(first)).not.toContain(atSecond.id);
    expect(ids(first)).toContain(own.id);
    expect(first.items.every((t) => t.locationId === loc[0]._id || t.assigneeId === e.id || t.authorId === e.id)).toBe(true);
    expect(ids(await list('', e.token, loc[1]._id))).toContain(atSecond.id);
    expect((await call('GET', `/api/tasks/${atSecond.id}`, undefined, e.token, loc[0]._id)).statusCode).toBe(404);
    expect(ok(await call('PATCH', `/api/tasks/${atFirst.id}`, { priority: 'high' }, e.token, loc[0]._id)).priority).toBe('high');
  });

  it('all: every location of the employee, never another one', async () => {
    const e = await addEmployee(app, ['view:task:all', 'edit:task:own'], [loc[0]._id, loc[1]._id]);
    const page = await list('', e.token, loc[0]._id);
    expect(ids(page)).toEqual(expect.arrayContaining([atFirst.id, atSecond.id]));
    const third = await create({ title: 'Область: третий магазин' }, owner, loc[2]._id);
    expect(ids(await list('', e.token, loc[0]._id))).not.toContain(third.id);
    expect((await call('GET', `/api/tasks/${third.id}`, undefined, e.token)).statusCode).toBe(404);
    // Seeing all is not editing all: edit:task:own refuses someone else's task with 403.
    const before = await state();
    await expectRefused(await call('PATCH', `/api/tasks/${atFirst.id}`, { title: 'Чужое' }, e.token), 403, state, before);
    expect(ids(await list(`locationId=${loc[1]._id}`, e.token))).toContain(atSecond.id);
    expect(ids(await list(`locationId=${loc[1]._id}`, e.token)).includes(atFirst.id)).toBe(false);
  });

  it('no rule: 403', async () => {
    expect((await call('GET', '/api/tasks', undefined, cashier.token)).statusCode).toBe(403);
    expect((await call('POST', '/api/tasks', { title: 'Касса' }, cashier.token)).statusCode).toBe(403);
  });
});

describe('refusals change nothing', () => {
  let task: Task;
  let blockedId: string;
  beforeAll(async () => {
    task = await create({ title: 'Отказы: задача', assigneeId: engineer.id, dueAt: at(3 * hour) });
    [{ id: blockedId }] = await q<{ id: string }>(sql`select id from employees where not active order by phone limit 1`);
  });

  it('a blocked assignee (create and reassign)', async () => {
    const before = await state();
    const body = await expectRefused(await call('POST', '/api/tasks', { title: 'Заблокированному', assigneeId: blockedId }), 400, state, before, taskMessages.assigneeBlocked);
    expect(body.errors.assigneeId).toBe(taskMessages.assigneeBlocked);
    await expectRefused(await call('PATCH', `/api/tasks/${task.id}`, { assigneeId: blockedId, title: 'Не изменится' }), 400, state, before, taskMessages.assigneeBlocked);
  });

  it('an assignee who does not work at the task’s location, or does not exist', async () => {
    const before = await state();
    // The cashier works only at the first shop.
    await expectRefused(await call('POST', '/api/tasks', { title: 'Не в том магазине', assigneeId: cashier.id }, owner, loc[1]._id), 400, state, before, taskMessages.assigneeElsewhere);
    await expectRefused(await call('POST', '/api/tasks', { title: 'Никому', assigneeId: '00000000-0000-4000-8000-000000000000' }), 400, state, before, taskMessages.assigneeNotFound);
  });

  it('an unknown link: no such order, client or sale, or an order of a location the employee cannot see', async () => {
    const before = await state();
    const nobody = '00000000-0000-4000-8000-000000000001';
    await expectRefused(await call('POST', '/api/tasks', { title: 'Связь', link: { kind: 'repair_order', id: nobody } }), 400, state, before, taskMessages.linkOrderNotFound);
    await expectRefused(await call('POST', '/api/tasks', { title: 'Связь', link: { kind: 'client', id: nobody } }), 400, state, before, taskMessages.linkClientNotFound);
    await expectRefused(await call('POST', '/api/tasks', { title: 'Связь', link: { kind: 'sale', id: nobody } }), 400, state, before, taskMessages.linkSaleNotFound);
    await expectRefused(await call('PATCH', `/api/tasks/${task.id}`, { link: { kind: 'sale', id: nobody } }), 400, state, before, taskMessages.linkSaleNotFound);
    const [third] = await q<{ id: string }>(sql`select id from repair_orders where location_id = ${loc[2]._id} limit 1`);
    expect(third).toBeDefined();
    // The engineer works at the first two shops only.
    await expectRefused(await call('POST', '/api/tasks', { title: 'Связь', link: { kind: 'repair_order', id: third.id } }, engineer.token), 400, state, before, taskMessages.linkOrderNotFound);
    await expectRefused(await call('POST', '/api/tasks', { title: 'Связь', link: { kind: 'invoice', id: nobody } }), 400, state, before);
  });

  it('a title empty or too long, a due moment unparsable or without an offset: 400 with field errors', async () => {
    const before = await state();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ title: '   ' }, 'title', taskMessages.titleRequired],
      [{ title: 'я'.repeat(201) }, 'title', taskMessages.titleTooLong],
      [{ title: 'Срок', dueAt: 'завтра' }, 'dueAt', taskMessages.dueInvalid],
      [{ title: 'Срок', dueAt: '2026-02-30T10:00:00+03:00' }, 'dueAt', taskMessages.dueInvalid],
      [{ title: 'Срок', dueAt: '2026-05-01T10:00:00' }, 'dueAt', taskMessages.dueOffsetRequired],
      [{ title: 'Приоритет', priority: 'asap' }, 'priority', taskMessages.priorityInvalid],
    ];
    for (const [body, field, message] of cases) {
      const res = await call('POST', '/api/tasks', body);
      const json = await expectRefused(res, 400, state, before);
      expect(json.errors[field]).toBe(message);
    }
    const patch = await expectRefused(await call('PATCH', `/api/tasks/${task.id}`, { title: '', dueAt: 'never' }), 400, state, before);
    expect(patch.errors).toMatchObject({ title: taskMessages.titleRequired, dueAt: taskMessages.dueInvalid });
    await expectRefused(await call('POST', `/api/tasks/${task.id}/comments`, { text: '  ' }), 400, state, before);
  });

  it('an unknown task: 404', async () => {
    const before = await state();
    const nobody = '00000000-0000-4000-8000-000000000002';
    await expectRefused(await call('GET', `/api/tasks/${nobody}`), 404, state, before, taskMessages.notFound);
    await expectRefused(await call('PATCH', `/api/tasks/${nobody}`, { title: 'Нет' }), 404, state, before, taskMessages.notFound);
    await expectRefused(await call('DELETE', `/api/tasks/${nobody}`), 404, state, before, taskMessages.notFound);
    await expectRefused(await call('POST', `/api/tasks/${nobody}/comments`, { text: 'Нет' }), 404, state, before, taskMessages.notFound);
    await expectRefused(await call('GET', '/api/tasks/not-a-uuid'), 400, state, before);
  });
});

describe('counts', () => {
  it('open = assigned to me and new or in progress; overdue = of those past due', async () => {
    const e = await addEmployee(app, ['view:task:own', 'create:task:own', 'edit:task:own'], [loc[0]._id]);
    expect(ok(await call('GET', '/api/tasks/counts', undefined, e.token))).toEqual({ open: 0, overdue: 0 });
    await create({ title: 'Счёт: открыта', assigneeId: e.id, dueAt: at(hour) });
    const late = await create({ title: 'Счёт: просрочена', assigneeId: e.id, dueAt: at(-hour) });
    await create({ title: 'Счёт: в работе, просрочена', assigneeId: e.id, dueAt: at(-hour), status: 'in_progress' });
    await create({ title: 'Счёт: выполнена', assigneeId: e.id, dueAt: at(-hour), status: 'done' });
    await create({ title: 'Счёт: без срока', assigneeId: e.id });
    await create({ title: 'Счёт: поручено не ему', assigneeId: manager.id, dueAt: at(-hour) }, e.token);
    expect(ok(await call('GET', '/api/tasks/counts', undefined, e.token))).toEqual({ open: 4, overdue: 2 });
    ok(await call('PATCH', `/api/tasks/${late.id}`, { status: 'cancelled' }));
    expect(ok(await call('GET', '/api/tasks/counts', undefined, e.token))).toEqual({ open: 3, overdue: 1 });
    // No rule is needed for one's own counts.
    const none = await addEmployee(app, [], [loc[0]._id]);
    expect(ok(await call('GET', '/api/tasks/counts', undefined, none.token))).toEqual({ open: 0, overdue: 0 });
  });

  it('is read through the assignee index', async () => {
    const plan = await q<Record<string, string>>(sql`explain select count(*) from tasks where assignee_id = ${engineer.id} and status in ('new', 'in_progress')`);
    // On a table this small the planner may still scan; with scans off it must find the index.
    await app.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const forced = rowsOf<Record<string, string>>(await tx.execute(sql`explain select count(*) from tasks where assignee_id = ${engineer.id} and status in ('new', 'in_progress')`));
      // `tasks_assignee_idx`, or the partial «open tasks» one (index-only: it holds just the open rows).
      expect(JSON.stringify(forced)).toMatch(/tasks_assignee(_open_due)?_idx/);
    });
    expect(plan.length).toBeGreaterThan(0);
  });
});

/** Socket of a demo employee, signed in the way the browser does (the `token` cookie). */
async function socketOf(token: string) {
  const socket = await connect(base, { cookie: `token=${token}` });
  sockets.push(socket);
  return socket;
}
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
/** Everything a socket gets within `ms`. */
async function drain(socket: TestSocket, ms = 300): Promise<Array<Record<string, unknown>>> {
  const got: Array<Record<string, unknown>> = [];
  const end = Date.now() + ms;
  for (;;) {
    const left = end - Date.now();
    if (left <= 0) return got;
    try {
      got.push(...((await socket.next(left)) as Array<Record<string, unknown>>));
    } catch {
      return got;
    }
  }
}

describe('realtime', () => {
  it('tells the assignee of a new task at once, wherever they are; colleagues get the list event only', async () => {
    const engineerSocket = await socketOf(engineer.token);
    const managerSocket = await socketOf(manager.token);
    const cashierSocket = await socketOf(cashier.token);
    // Created at the second shop: the engineer works there, the cashier does not.
    const task = await create({ title: 'Живьём: новая задача', assigneeId: engineer.id }, owner, loc[1]._id);
    const notice = await waitFor(engineerSocket, (e) => e.id === task.id && e.notice === 'assigned');
    expect(notice).toEqual({
      type: 'created',
      entity: 'task',
      id: task.id,
      locationId: loc[1]._id,
      employeeId: engineer.id,
      notice: 'assigned',
      text: 'Вам назначена задача: Живьём: новая задача',
      href: `/tasks?task=${task.id}`,
    });
    await waitFor(managerSocket, (e) => e.id === task.id && e.type === 'created' && e.notice === undefined);
    const managerGot = await drain(managerSocket);
    expect(managerGot.some((e) => e.notice !== undefined)).toBe(false);
    expect((await drain(cashierSocket)).some((e) => e.id === task.id)).toBe(false);
  });

  it('tells the new assignee of a reassigned task; a comment and an edit go to the location', async () => {
    const task = await create({ title: 'Живьём: переназначить', assigneeId: manager.id });
    const engineerSocket = await socketOf(engineer.token);
    ok(await call('PATCH', `/api/tasks/${task.id}`, { assigneeId: engineer.id }));
    expect(await waitFor(engineerSocket, (e) => e.id === task.id && e.notice === 'assigned')).toMatchObject({ type: 'updated', employeeId: engineer.id });
    ok(await call('POST', `/api/tasks/${task.id}/comments`, { text: 'Посмотри, пожалуйста' }), 201);
    await waitFor(engineerSocket, (e) => e.id === task.id && e.type === 'updated' && e.notice === undefined);
  });

  it('does not notify an employee of a task they assigned to themselves', async () => {
    const engineerSocket = await socketOf(engineer.token);
    const task = await create({ title: 'Живьём: себе' }, engineer.token);
    // Events arrive in commit order: once a later task's notice is here, every event of the first one is too.
    const marker = await create({ title: 'Живьём: маркер', assigneeId: engineer.id }, owner);
    const got: Array<Record<string, unknown>> = [];
    await waitFor(engineerSocket, (e) => {
      got.push(e);
      return e.id === marker.id && e.notice === 'assigned';
    });
    expect(got.some((e) => e.id === task.id && e.notice === undefined)).toBe(true);
    expect(got.some((e) => e.id === task.id && e.notice !== undefined)).toBe(false);
  });
});

describe('reminders', () => {
  it('claims a task fallen due once, even when two checks race, and tells its assignee', async () => {
    const engineerSocket = await socketOf(engineer.token);
    const task = await create({ title: 'Напоминание: срок прошёл', assigneeId: engineer.id, dueAt: at(-60_000) });
    const future = await create({ title: 'Напоминание: срок впереди', assigneeId: engineer.id, dueAt: at(5 * hour) });
    const done = await create({ title: 'Напоминание: выполнена', assigneeId: engineer.id, dueAt: at(-60_000), status: 'done' });
    const [a, b] = await Promise.all([remindDueTasks(app.db), remindDueTasks(app.db)]);
    const claimed = [...a, ...b].map((r) => r.id);
    expect(claimed.filter((id) => id === task.id)).toHaveLength(1);
    expect(claimed).not.toContain(future.id);
    expect(claimed).not.toContain(done.id);
    expect(new Set(claimed).size).toBe(claimed.length);
    expect(await waitFor(engineerSocket, (e) => e.id === task.id && e.notice === 'due')).toEqual({
      type: 'updated',
      entity: 'task',
      id: task.id,
      locationId: loc[0]._id,
      employeeId: engineer.id,
      notice: 'due',
      text: `Срок задачи: ${task.title}`,
      href: `/tasks?task=${task.id}`,
    });
    expect((await remindDueTasks(app.db)).map((r) => r.id)).not.toContain(task.id);
  });

  it('a changed due moment is reminded again; the same one is not', async () => {
    const task = await create({ title: 'Напоминание: перенос', assigneeId: manager.id, dueAt: at(-60_000) });
    expect((await remindDueTasks(app.db)).map((r) => r.id)).toContain(task.id);
    ok(await call('PATCH', `/api/tasks/${task.id}`, { title: 'Напоминание: перенос срока', dueAt: task.dueAt }));
    expect((await remindDueTasks(app.db)).map((r) => r.id)).not.toContain(task.id);
    ok(await call('PATCH', `/api/tasks/${task.id}`, { dueAt: at(-30_000) }));
    const racing = await Promise.all([remindDueTasks(app.db), remindDueTasks(app.db), remindDueTasks(app.db)]);
    expect(racing.flat().filter((r) => r.id === task.id)).toHaveLength(1);
  });
});

describe('OpenAPI', () => {
  it('documents the task routes with their rules', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, Record<string, { description?: string }>> };
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/tasks/', '/api/tasks/{id}', '/api/tasks/counts', '/api/tasks/{id}/comments']));
    expect(doc.paths['/api/tasks/'].post.description).toContain('create:task');
  });
});
