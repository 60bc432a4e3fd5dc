/**
 * Counterparties (clients and suppliers) through `inject`: the supplier list the stock area picks from,
 * search by any part of a phone in any format, one phone per counterparty, validation and rules.
 */
import type { FastifyInstance } from 'fastify';
import { clientPageSchema, clientSchema } from '@repo/contracts';
import { authHeaders, buildTestApp, demoPhones, login } from './helpers';
import { addEmployee } from './location-fixtures';

let app: FastifyInstance;
let owner: string;

beforeAll(async () => {
  app = await buildTestApp();
  owner = (await login(app, demoPhones.owner)).token;
});
afterAll(async () => app?.close());

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown, token = owner) =>
  app.inject({ method, url: `/api/clients${url}`, headers: authHeaders(token), ...(payload !== undefined ? { payload: payload as object } : {}) });

describe('counterparties', () => {
  it('lists the demo suppliers apart from clients', async () => {
    const suppliers = clientPageSchema.parse((await call('GET', '?isSupplier=true')).json());
    expect(suppliers.total).toBeGreaterThanOrEqual(5);
    expect(suppliers.items.every((c) => c.isSupplier)).toBe(true);
    const clients = clientPageSchema.parse((await call('GET', '?isSupplier=false')).json());
    expect(clients.items.every((c) => !c.isSupplier)).toBe(true);
  });

  it('creates a supplier with a phone in any format, stored as E.164, found by any part of it', async () => {
    const res = await call('POST', '', { kind: 'company', name: 'ООО «Тест Запчасть»', phones: ['8 (916) 555-12-34'], isSupplier: true, inn: '7712345678' });
    expect(res.statusCode).toBe(201);
    const created = clientSchema.parse(res.json());
    expect(created.phones).toEqual(['+79165551234']);
    for (const q of ['916555', '+7 (916) 555', '8 916 555-12-34', '5551234', 'тест запч']) {
      const found = clientPageSchema.parse((await call('GET', `?search=${encodeURIComponent(q)}`)).json());
      expect(found.items.map((c) => c.id)).toContain(created.id);
    }
    const taken = await call('POST', '', { name: 'Другой', phones: ['+79165551234'] });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Телефон +7 (916) 555-12-34 уже у клиента «ООО «Тест Запчасть»»');
    const renamed = await call('PATCH', `/${created.id}`, { name: 'ООО «Тест Запчасть 2»' });
    expect(renamed.json().name).toBe('ООО «Тест Запчасть 2»');
  });

  it('answers bad input with field errors and needs the rules', async () => {
    const bad = await call('POST', '', { name: '', phones: ['123'], email: 'x@', inn: '12', discountPercent: 150 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['discountPercent', 'email', 'inn', 'name', 'phones.0']);
    const nobody = await addEmployee(app, ['view:product:all'], []);
    expect((await call('GET', '', undefined, nobody.token)).statusCode).toBe(403);
  });
});
