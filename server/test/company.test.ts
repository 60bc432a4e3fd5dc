/**
 * Company details and document numbering (issue #22) through `inject`: the demo requisites (valid check
 * digits), a wrong INN / OGRN / account refused on its field with nothing changed, the printed forms'
 * `company.*` variables; numbering: a prefix change applies to the next document, `next` at or below a
 * used number is refused, per-location ↔ company-wide switches never repeat a number, and a parallel
 * burst of documents after a switch gets distinct numbers. PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import type { FastifyInstance } from 'fastify';
import { companyMessages, companySettingsViewSchema, isValidAccount, isValidCorrAccount, isValidInn, isValidOgrn, numberingListSchema, numberingMessages, type Location } from '@repo/contracts';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../src/lib/sql';
import { demoCompanyDetails } from '../src/modules/company/seed';
import { authHeaders, buildTestApp, demoPhones, login, ok } from './helpers';
import { addEmployee, demoLocations } from './location-fixtures';

let app: FastifyInstance;
let owner: string;
let loc: Location[];
let wh: string[];
let product: string;

const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await app.db.execute(query));

beforeAll(async () => {
  app = await buildTestApp();
  owner = (await login(app, demoPhones.owner)).token;
  loc = await demoLocations(app, owner);
  wh = [];
  for (const l of loc) wh.push((await q<{ id: string }>(sql`select id from warehouses where location_id = ${l._id} and is_default`))[0].id);
  [{ id: product }] = await q<{ id: string }>(sql`select id from products where kind = 'good' and not serial_tracked and archived_at is null order by name limit 1`);
});
afterAll(async () => app?.close());

const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown, token = owner, at = 0) =>
  app.inject({ method, url, headers: authHeaders(token, loc[at]._id), ...(payload !== undefined ? { payload: payload as object } : {}) });

/** A draft sale at a shop: the cheapest numbered document. */
const draft = async (at: number): Promise<string> => ok(await call('POST', '/api/sales', { warehouseId: wh[at], lines: [{ productId: product, qty: 1 }], payments: [] }, owner, at), 201).number;

describe('company details', () => {
  it('the demo requisites are filled in with valid check digits', async () => {
    const c = companySettingsViewSchema.parse(ok(await call('GET', '/api/settings/company')));
    expect(c).toMatchObject({ legalName: demoCompanyDetails.legalName, inn: demoCompanyDetails.inn, bank: { bik: demoCompanyDetails.bik } });
    expect(isValidInn(c.inn!)).toBe(true);
    expect(isValidOgrn(c.ogrn!)).toBe(true);
    expect(isValidAccount(c.bank.account!, c.bank.bik!)).toBe(true);
    expect(isValidCorrAccount(c.bank.corrAccount!, c.bank.bik!)).toBe(true);
  });

  it('refuses a wrong INN, OGRN or account on its field and changes nothing', async () => {
    const before = ok(await call('GET', '/api/settings/company'));
    const body = { ...before, bank: { ...before.bank } };
    const flip = (v: string) => v.slice(0, -1) + String((Number(v.at(-1)) + 1) % 10);
    for (const [patch, field, message] of [
      [{ inn: flip(before.inn) }, 'inn', companyMessages.inn],
      [{ ogrn: flip(before.ogrn) }, 'ogrn', companyMessages.ogrn],
      [{ bank: { ...before.bank, account: flip(before.bank.account) } }, 'bank.account', companyMessages.account],
      [{ bank: { ...before.bank, corrAccount: flip(before.bank.corrAccount) } }, 'bank.corrAccount', companyMessages.corrAccount],
    ] as const) {
      const res = await call('PUT', '/api/settings/company', { ...body, ...patch });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[field]).toBe(message);
    }
    expect(ok(await call('GET', '/api/settings/company'))).toEqual(before);
    // A cashier may not change them.
    const cashier = (await login(app, demoPhones.cashier)).token;
    expect((await call('PUT', '/api/settings/company', body, cashier)).statusCode).toBe(403);
  });

  it('saves valid details (a 12-digit INN of a sole trader, OGRNIP), audited, and printed forms read them', async () => {
    const before = ok(await call('GET', '/api/settings/company'));
    const saved = ok(await call('PUT', '/api/settings/company', { ...before, legalName: 'ИП Смирнов А. П.', inn: '500100732259', kpp: null, ogrn: '304500116000157' }));
    expect(saved).toMatchObject({ legalName: 'ИП Смирнов А. П.', inn: '500100732259', kpp: null, ogrn: '304500116000157' });
    const [audit] = await q<{ n: number }>(sql`select count(*)::int as n from audit_log where entity = 'settings' and entity_id = 'company'`);
    expect(audit.n).toBeGreaterThan(0);
    const [tpl] = await q<{ id: string }>(sql`select id from document_templates where built_in_key is not null and kind = 'sale_receipt' limit 1`);
    const sale = ok(await call('POST', '/api/sales', { warehouseId: wh[0], lines: [{ productId: product, qty: 1 }], payments: [] }), 201);
    const html = ok(await call('POST', `/api/templates/${tpl.id}/render`, { saleId: sale.id })).html as string;
    expect(html).toContain('ИНН 500100732259');
  });
});

describe('numbering', () => {
  const put = (items: unknown[]) => call('PUT', '/api/settings/numbering', items);
  const saleRow = async () => numberingListSchema.parse(ok(await call('GET', '/api/settings/numbering'))).find((n) => n.kind === 'sale')!;
  const numOf = (n: string) => Number(n.split('-').at(-1));

  it('a prefix change applies to the next document', async () => {
    const first = await draft(0);
    expect(first).toMatch(/^ПД-\d{6}$/);
    ok(await put([{ kind: 'sale', prefix: 'ПРД', perLocation: true }]));
    const next = await draft(0);
    expect(next).toBe(`ПРД-${String(numOf(first) + 1).padStart(6, '0')}`);
    expect((await saleRow()).prefix).toBe('ПРД');
  });

  it('refuses `next` at or below a number already given (400 on the item) and changes nothing', async () => {
    const row = await saleRow();
    const used = Math.max(...row.locations.map((l) => l.next)) - 1;
    const res = await put([{ kind: 'receipt', prefix: 'ОП', perLocation: true }, { kind: 'sale', prefix: 'X', perLocation: true, next: used }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors['1.next']).toBe(numberingMessages.used(used));
    expect(await saleRow()).toEqual(row);
    // Above it: every location continues from there.
    ok(await put([{ kind: 'sale', prefix: 'ПРД', perLocation: true, next: used + 100 }]));
    expect(numOf(await draft(1))).toBe(used + 100);
    expect(numOf(await draft(0))).toBe(used + 100);
  });

  it('per location → company-wide → per location never repeats a number; a parallel burst gets distinct numbers', async () => {
    const before = await saleRow();
    const highest = Math.max(...before.locations.map((l) => l.next)) - 1;
    ok(await put([{ kind: 'sale', prefix: 'ПРД', perLocation: false }]));
    expect((await saleRow())).toMatchObject({ perLocation: false, next: highest + 1 });
    const burst = await Promise.all(Array.from({ length: 12 }, (_, i) => draft(i % 3)));
    const nums = burst.map(numOf).sort((a, b) => a - b);
    expect(new Set(nums).size).toBe(12);
    expect(nums[0]).toBe(highest + 1);
    expect(nums[11]).toBe(highest + 12);
    // Back to per location: every location starts above the company counter.
    ok(await put([{ kind: 'sale', prefix: 'ПРД', perLocation: true }]));
    for (const at of [0, 1, 2]) expect(numOf(await draft(at))).toBe(highest + 13);
    // Within a location no number repeats.
    const dup = await q(sql`select location_id, number from sales group by 1, 2 having count(*) > 1`);
    expect(dup).toEqual([]);
  });

  it('needs edit:settings', async () => {
    const viewer = await addEmployee(app, ['view:settings:all'], [loc[0]._id]);
    expect((await call('GET', '/api/settings/numbering', undefined, viewer.token)).statusCode).toBe(200);
    expect((await call('PUT', '/api/settings/numbering', [], viewer.token)).statusCode).toBe(403);
  });
});
