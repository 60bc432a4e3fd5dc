import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import type { Location } from '@repo/contracts';
import { auditLog, cashOperations, cashShifts, cashboxes, locationImages, locations, purchaseOrders, repairOrders, sales, stockDocuments, warehouses } from '../src/db/schema';
import { registerLocationReference } from '../src/modules/location/references';
import { authHeaders, buildTestApp, demoPhones, login } from './helpers';
import { demoLocations, makeImage, uploadImage } from './location-fixtures';

let app: FastifyInstance;
let owner: string;
let loc: Location[];

beforeAll(async () => {
  app = await buildTestApp();
  owner = (await login(app, demoPhones.owner)).token;
  loc = await demoLocations(app, owner);
});
afterAll(() => app.close());

const remove = (id: string, token = owner) => app.inject({ method: 'DELETE', url: `/api/location/${id}`, headers: authHeaders(token) });
const create = async (name: string): Promise<Location> => {
  const res = await app.inject({ method: 'POST', url: '/api/location', headers: authHeaders(owner), payload: { name } });
  expect(res.statusCode).toBe(201);
  return res.json();
};
const exists = async (id: string) => (await app.db.select().from(locations).where(eq(locations.id, id))).length === 1;

describe('DELETE /api/location/:id', () => {
  it('answers 409 naming the employees assigned to the location, and keeps it', async () => {
    const res = await remove(loc[0]._id);
    expect(res.statusCode).toBe(409);
    // The engineer and the cashier work in the first location.
    expect(res.json().code).toBe('conflict');
    expect(res.json().message).toMatch(/^Магазин нельзя удалить: к нему привязаны сотрудники \(4\); у него есть кассы \(\d+\); у него есть складские документы \(\d+\); у него есть заказы поставщикам \(\d+\); у него есть кассовые операции \(\d+\); у него есть кассовые смены \(\d+\); у него есть заказы на ремонт \(\d+\); у него есть продажи \(\d+\)$/);
    expect(await exists(loc[0]._id)).toBe(true);
    expect(await app.db.select().from(warehouses).where(eq(warehouses.locationId, loc[0]._id))).toHaveLength(1);
  });

  it('names every kind of reference it knows, with counts', async () => {
    await app.db.insert(warehouses).values({ locationId: loc[1]._id, name: 'Склад запчастей' });
    await app.db.insert(cashboxes).values([
      { locationId: loc[1]._id, name: 'Терминал', kind: 'card' },
      { locationId: loc[1]._id, name: 'Расчётный счёт', kind: 'bank' },
    ]);
    const res = await remove(loc[1]._id);
    expect(res.statusCode).toBe(409);
    // The demo stock of the shop (its documents and the transfers coming to it) is a reference too.
    const [{ n }] = await app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(stockDocuments)
      .where(sql`${stockDocuments.locationId} = ${loc[1]._id} or ${stockDocuments.toLocationId} = ${loc[1]._id}`);
    expect(n).toBeGreaterThan(0);
    // And its purchase orders (the demo's).
    const [{ purchases }] = await app.db.select({ purchases: sql<number>`count(*)::int` }).from(purchaseOrders).where(sql`${purchaseOrders.locationId} = ${loc[1]._id}`);
    expect(purchases).toBeGreaterThan(0);
    // So are its cash operations (and the cash collections coming to it) and cash shifts (the demo finance).
    const [{ ops }] = await app.db
      .select({ ops: sql<number>`count(*)::int` })
      .from(cashOperations)
      .where(sql`${cashOperations.locationId} = ${loc[1]._id} or ${cashOperations.toLocationId} = ${loc[1]._id}`);
    const [{ shifts }] = await app.db.select({ shifts: sql<number>`count(*)::int` }).from(cashShifts).where(sql`${cashShifts.locationId} = ${loc[1]._id}`);
    expect(ops).toBeGreaterThan(0);
    // Its cashboxes besides the default one: the demo «Эквайринг» and the two added here.
    const [{ boxes }] = await app.db.select({ boxes: sql<number>`count(*)::int` }).from(cashboxes).where(sql`${cashboxes.locationId} = ${loc[1]._id} and not ${cashboxes.isDefault}`);
    expect(boxes).toBe(3);
    // And its repair orders (the demo's).
    const [{ orders }] = await app.db.select({ orders: sql<number>`count(*)::int` }).from(repairOrders).where(sql`${repairOrders.locationId} = ${loc[1]._id}`);
    expect(orders).toBeGreaterThan(0);
    // And its sales (the demo counter's).
    const [{ sold }] = await app.db.select({ sold: sql<number>`count(*)::int` }).from(sales).where(sql`${sales.locationId} = ${loc[1]._id}`);
    expect(sold).toBeGreaterThan(0);
    expect(res.json().message).toBe(
      `Магазин нельзя удалить: к нему привязаны сотрудники (4); у него есть склады (1); у него есть кассы (${boxes}); у него есть складские документы (${n}); у него есть заказы поставщикам (${purchases}); у него есть кассовые операции (${ops}); у него есть кассовые смены (${shifts}); у него есть заказы на ремонт (${orders}); у него есть продажи (${sold})`,
    );
  });

  it('deletes a location that is only someone’s current location, with its defaults and images, audited', async () => {
    // A shop of its own: the demo shops all have stock documents now.
    loc[2] = await create('Точка на закрытие');
    const manager = (await login(app, demoPhones.manager)).token;
    expect((await app.inject({ method: 'GET', url: `/api/location/current/${loc[2]._id}`, headers: authHeaders(manager) })).statusCode).toBe(200);
    expect((await uploadImage(app, owner, loc[2]._id, await makeImage('png', 40, 30))).statusCode).toBe(201);

    const res = await remove(loc[2]._id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await exists(loc[2]._id)).toBe(false);
    expect(await app.db.select().from(warehouses).where(eq(warehouses.locationId, loc[2]._id))).toEqual([]);
    expect(await app.db.select().from(cashboxes).where(eq(cashboxes.locationId, loc[2]._id))).toEqual([]);
    expect(await app.db.select().from(locationImages).where(eq(locationImages.locationId, loc[2]._id))).toEqual([]);
    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: authHeaders(manager) });
    expect(me.json().location?.id).not.toBe(loc[2]._id);
    const [entry] = await app.db.select().from(auditLog).where(and(eq(auditLog.entityId, loc[2]._id), eq(auditLog.action, 'delete')));
    expect(entry).toMatchObject({ entity: 'location', locationId: loc[2]._id });
    expect(entry.diff).toMatchObject({ name: { before: loc[2].name } });
    expect((await remove(loc[2]._id)).statusCode).toBe(404);
  });

  it('deletes a fresh location', async () => {
    const fresh = await create('Новая точка');
    expect((await remove(fresh._id)).json()).toEqual({ ok: true });
    const list = await app.inject({ method: 'GET', url: '/api/location', headers: authHeaders(owner) });
    expect(list.json().map((l: Location) => l._id)).not.toContain(fresh._id);
  });

  it('refuses through the foreign key anything it has no count for, naming the table, and rolls back', async () => {
    const fresh = await create('Точка с документами');
    const [wh] = await app.db.select().from(warehouses).where(eq(warehouses.locationId, fresh._id));
    // A table the location module does not know, referring to the default warehouse (as stock documents will).
    await app.db.execute(sql`create table test_documents (id serial primary key, warehouse_id uuid not null references warehouses(id))`);
    await app.db.execute(sql`insert into test_documents (warehouse_id) values (${wh.id})`);

    const res = await remove(fresh._id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'conflict', message: 'Магазин нельзя удалить: на него ссылаются другие данные («test_documents»)' });
    expect(await exists(fresh._id)).toBe(true);
    expect(await app.db.select().from(warehouses).where(eq(warehouses.id, wh.id))).toHaveLength(1);
    expect(await app.db.select().from(auditLog).where(and(eq(auditLog.entityId, fresh._id), eq(auditLog.action, 'delete')))).toEqual([]);

    registerLocationReference('test_documents', 'по нему есть документы');
    expect((await remove(fresh._id)).json().message).toBe('Магазин нельзя удалить: по нему есть документы');
    await app.db.execute(sql`drop table test_documents`);
    expect((await remove(fresh._id)).statusCode).toBe(200);
  });

  it('refuses the manager (no delete right) and an unknown id', async () => {
    const manager = (await login(app, demoPhones.manager)).token;
    const res = await remove(loc[1]._id, manager);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'forbidden', message: 'Нет права: удаление — магазины' });
    const unknown = await remove('00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'not_found', message: 'Магазин не найден' });
  });
});
