/**
 * Parallel conflicting edits and deletes of one record (issue #7): no 5xx, a consistent final state,
 * and an audit trail and realtime events that tell exactly what happened — one audit row and one
 * event per successful change, each edit starting from the previous one's result (no lost update),
 * and the deleted row equal to the last audited change. Runs on PGlite and, with TEST_DATABASE_URL,
 * on PostgreSQL, where the requests really run on several connections at once.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { AuditDiff, Location } from '@repo/contracts';
import { auditLog, locations } from '../src/db/schema';
import { authHeaders, buildTestApp, demoPhones, login } from './helpers';
import { recordRealtimeEvents, type RecordedEvent } from './realtime-events';

let app: FastifyInstance;
let owner: string;
let ownerId: string;
let events: RecordedEvent[] = [];
let eventsDelivered: () => Promise<void>;
let unlisten: () => Promise<void>;

beforeAll(async () => {
  app = await buildTestApp();
  const session = await login(app, demoPhones.owner);
  owner = session.token;
  ownerId = session.profile.id;
  const recorder = await recordRealtimeEvents(app);
  ({ events, delivered: eventsDelivered, stop: unlisten } = recorder);
});
afterAll(async () => {
  await unlisten?.();
  await app?.close();
});


async function createLocation(name: string): Promise<Location> {
  const res = await app.inject({ method: 'POST', url: '/api/location', headers: authHeaders(owner), payload: { name, address: 'ул. Гонок, д. 1' } });
  expect(res.statusCode).toBe(201);
  return res.json();
}

const patch = (id: string, payload: Record<string, string>) => app.inject({ method: 'PATCH', url: `/api/location/${id}`, headers: authHeaders(owner), payload });
const remove = (id: string) => app.inject({ method: 'DELETE', url: `/api/location/${id}`, headers: authHeaders(owner) });

async function auditOf(id: string) {
  return app.db
    .select({ action: auditLog.action, diff: auditLog.diff, employeeId: auditLog.employeeId, locationId: auditLog.locationId })
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'location'), eq(auditLog.entityId, id)));
}

/**
 * Orders the update rows by their own content: each starts from the value the previous one left
 * (`before` = the current name), beginning at the created name. Fails when an edit started from a
 * value that was not current (a lost update) or when a row is left over.
 */
function chain(createdName: string, updates: Array<{ diff: AuditDiff | null }>): string[] {
  const names = [createdName];
  const rest = [...updates];
  while (rest.length) {
    const current = names[names.length - 1];
    const next = rest.findIndex((u) => u.diff?.name?.before === current);
    if (next < 0) throw new Error(`no audited edit starts from «${current}»: ${JSON.stringify(rest.map((u) => u.diff))}`);
    names.push(String(rest[next].diff!.name!.after));
    rest.splice(next, 1);
  }
  return names;
}

const statusesOf = (responses: LightMyRequestResponse[]) => responses.map((r) => r.statusCode);

describe('parallel conflicting edits of one location', () => {
  it.each([1, 2, 3])('round %i: every edit answers 200, each is audited and announced once, none is lost', async (round) => {
    const created = await createLocation(`Гонка правок ${round}`);
    const n = 12;
    const responses = await Promise.all(
      Array.from({ length: n }, (_, i) => patch(created.id, { name: `Правка ${round}.${i}`, ...(i % 3 === 0 ? { phone: `+7 900 000-00-${10 + i}` } : {}) })),
    );
    expect(statusesOf(responses)).toEqual(Array(n).fill(200));
    await eventsDelivered();

    const rows = await auditOf(created.id);
    const updates = rows.filter((r) => r.action === 'update');
    expect(rows.filter((r) => r.action === 'create')).toHaveLength(1);
    expect(updates).toHaveLength(n);
    for (const row of rows) expect(row).toMatchObject({ employeeId: ownerId, locationId: created.id });
    const names = chain(created.name, updates);
    // Every request's own value was audited exactly once…
    expect([...names.slice(1)].sort()).toEqual(responses.map((r) => (r.json() as Location).name).sort());
    // …and the stored row is the last audited change.
    const [stored] = await app.db.select().from(locations).where(eq(locations.id, created.id));
    expect(stored.name).toBe(names[names.length - 1]);
    const get = await app.inject({ method: 'GET', url: `/api/location/current/${created.id}`, headers: authHeaders(owner) });
    expect(get.json().name).toBe(names[names.length - 1]);
    // Each answer shows its own edit applied on top of whatever came before.
    for (const r of responses) expect(names).toContain((r.json() as Location).name);

    const mine = events.filter((e) => e.entity === 'location' && e.id === created.id);
    expect(mine.filter((e) => e.type === 'created')).toHaveLength(1);
    expect(mine.filter((e) => e.type === 'updated')).toHaveLength(n);
    expect(mine.every((e) => e.locationId === created.id)).toBe(true);
  });
});

describe('parallel conflicting edits and deletes of one location', () => {
  it.each([1, 2, 3])('round %i: no 5xx, one delete wins, and the trail ends with it', async (round) => {
    const created = await createLocation(`Гонка удалений ${round}`);
    const n = 12;
    // Deletes at different places among the edits (0, 4, 8 / 1, 5, 9 / …): each round interleaves differently.
    const isDelete = (i: number) => i % 4 === round % 4;
    const responses = await Promise.all(
      Array.from({ length: n }, (_, i) => (isDelete(i) ? remove(created.id) : patch(created.id, { name: `Удаление ${round}.${i}` }))),
    );
    const statuses = statusesOf(responses);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    const deletes = responses.filter((_, i) => isDelete(i));
    const edits = responses.filter((_, i) => !isDelete(i));
    // Exactly one delete succeeds; the others find nothing. An edit either ran before it or finds nothing.
    expect(deletes.map((r) => r.statusCode).sort()).toEqual([200, ...Array(deletes.length - 1).fill(404)]);
    for (const r of edits) expect([200, 404]).toContain(r.statusCode);
    for (const r of responses.filter((x) => x.statusCode === 404)) expect(r.json()).toEqual({ message: 'Магазин не найден', code: 'not_found' });
    await eventsDelivered();

    const [stored] = await app.db.select().from(locations).where(eq(locations.id, created.id));
    expect(stored).toBeUndefined();
    const rows = await auditOf(created.id);
    const updates = rows.filter((r) => r.action === 'update');
    const deleted = rows.filter((r) => r.action === 'delete');
    expect(rows.filter((r) => r.action === 'create')).toHaveLength(1);
    expect(deleted).toHaveLength(1);
    const succeeded = edits.filter((r) => r.statusCode === 200).map((r) => (r.json() as Location).name);
    expect(updates).toHaveLength(succeeded.length);
    const names = chain(created.name, updates);
    expect(names.slice(1).sort()).toEqual([...succeeded].sort());
    // The deleted row is exactly the state the last audited change left.
    expect(deleted[0].diff?.name?.before).toBe(names[names.length - 1]);

    const mine = events.filter((e) => e.entity === 'location' && e.id === created.id);
    expect(mine.filter((e) => e.type === 'updated')).toHaveLength(succeeded.length);
    expect(mine.filter((e) => e.type === 'deleted')).toHaveLength(1);
    // Nothing is announced after the delete.
    expect(mine[mine.length - 1].type).toBe('deleted');
  });
});
