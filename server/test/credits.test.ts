/**
 * Partners' instalment and credit offers (issue #11) through `inject`: the demo offers, CRUD with the
 * rules (a cashier sees and calculates, cannot create or edit; an engineer sees nothing), field errors in
 * Russian, archive and restore, the audit rows and realtime events, and the calculator to the kopeck
 * (annuity, 0 %, flat fee, the last payment settling the rounding, amount and months refused on their
 * fields, an archived offer refused). PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { and, eq } from 'drizzle-orm';
import {
  calculateCredit,
  creditCalculationSchema,
  creditMessages,
  creditOfferListSchema,
  creditOfferSchema,
  formatKopecks,
  missingRuleMessage,
  type CreditCalculationResult,
  type CreditOffer,
} from '@repo/contracts';
import { auditLog, creditOffers, roles } from '../src/db/schema';
import { cashierCreditRule, cashierCreditRuleSeeder, creditsDemoSeeder } from '../src/modules/credits/seed';
import { authHeaders, buildTestApp, demoPhones, login } from './helpers';
import { recordRealtimeEvents } from './realtime-events';

let app: FastifyInstance;
let owner: string;
let manager: string;
let cashier: string;
let engineer: string;
let demo: CreditOffer[];

beforeAll(async () => {
  app = await buildTestApp();
  [owner, manager, cashier, engineer] = await Promise.all([demoPhones.owner, demoPhones.manager, demoPhones.cashier, demoPhones.engineer].map(async (p) => (await login(app, p)).token));
  demo = creditOfferListSchema.parse(ok(await call('GET', '/offers')));
}, 120_000);
afterAll(async () => app?.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
function call(method: Method, url: string, payload?: unknown, token = owner) {
  return app.inject({ method, url: `/api/credits${url}`, headers: authHeaders(token), ...(payload !== undefined ? { payload: payload as object } : {}) });
}
function ok<T = CreditOffer>(res: LightMyRequestResponse, status = 200): T {
  if (res.statusCode !== status) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json() as T;
}
function fieldErrors(res: LightMyRequestResponse, status = 400): Record<string, string> {
  if (res.statusCode !== status) throw new Error(`expected ${status}, got ${res.statusCode} ${res.body}`);
  const body = res.json();
  expect(body.code).toBe(status === 409 ? 'conflict' : 'validation');
  return body.errors;
}
const rub = (roubles: number) => Math.round(roubles * 100);
const calc = async (offerId: string, amount: number, months: number, token = owner) => creditCalculationSchema.parse(ok<CreditCalculationResult>(await call('POST', '/calculate', { offerId, amount, months }, token)));
const auditOf = (id: string, action: 'create' | 'update') =>
  app.db.select().from(auditLog).where(and(eq(auditLog.entity, 'credit_offer'), eq(auditLog.entityId, id), eq(auditLog.action, action)));

let seq = 0;
async function newOffer(terms: Array<{ months: number; ratePercent?: number; feePercent?: number }>, min = rub(1_000), max = rub(1_000_000)): Promise<CreditOffer> {
  return creditOfferSchema.parse(ok(await call('POST', '/offers', { partner: 'Проба Банк', name: `Предложение ${++seq}`, minAmount: min, maxAmount: max, terms }), 201));
}

describe('demo offers', () => {
  it('the demo company starts with three partners’ offers', () => {
    expect(demo.map((o) => [o.partner, o.name, o.minAmount, o.maxAmount, o.terms])).toEqual([
      ['ОТП Банк', 'Рассрочка 0-0-6', rub(3_000), rub(150_000), [{ months: 6, feePercent: 4.5 }]],
      [
        'Тинькофф',
        'Кредит на технику',
        rub(5_000),
        rub(500_000),
        [
          { months: 6, ratePercent: 19.9 },
          { months: 12, ratePercent: 19.9 },
          { months: 24, ratePercent: 19.9 },
        ],
      ],
      ['Хоум Кредит', 'Рассрочка 10', rub(3_000), rub(200_000), [{ months: 10, feePercent: 7 }]],
    ]);
    expect(demo.every((o) => !o.archived)).toBe(true);
  });

  it('the demo seeder adds nothing to a company that has offers', async () => {
    await app.db.transaction((tx) => creditsDemoSeeder.run(tx, { config: app.config }));
    expect(await app.db.select({ id: creditOffers.id }).from(creditOffers)).toHaveLength(3);
  });

  it('the built-in cashier role may see the offers; an older company’s cashier gets the rule once', async () => {
    const cashierRules = async () => (await app.db.select({ rules: roles.rules }).from(roles).where(eq(roles.name, 'cashier')))[0].rules;
    expect(await cashierRules()).toContain(cashierCreditRule);
    // A company seeded before the offers: the rule is missing until the seeder runs.
    await app.db.update(roles).set({ rules: (await cashierRules()).filter((r) => r !== cashierCreditRule) }).where(eq(roles.name, 'cashier'));
    for (let i = 0; i < 2; i++) await app.db.transaction((tx) => cashierCreditRuleSeeder.run(tx, { config: app.config }));
    expect((await cashierRules()).filter((r) => r === cashierCreditRule)).toHaveLength(1);
  });
});

describe('CRUD', () => {
  let created: CreditOffer;

  it('creates an offer company-wide, audited and announced to every tab', async () => {
    const recorder = await recordRealtimeEvents(app);
    try {
      created = creditOfferSchema.parse(
        ok(
          await call('POST', '/offers', {
            partner: '  Совкомбанк ',
            name: 'Халва 12',
            minAmount: rub(2_000),
            maxAmount: rub(300_000),
            terms: [
              { months: 12, feePercent: 9.9 },
              { months: 3, feePercent: 2.5, ratePercent: null },
            ],
          }),
          201,
        ),
      );
      await recorder.delivered();
      expect(recorder.events).toContainEqual({ type: 'created', entity: 'credit_offer', id: created.id, locationId: null });
    } finally {
      await recorder.stop();
    }
    expect(created).toMatchObject({
      partner: 'Совкомбанк',
      name: 'Халва 12',
      minAmount: rub(2_000),
      maxAmount: rub(300_000),
      terms: [
        { months: 3, feePercent: 2.5 },
        { months: 12, feePercent: 9.9 },
      ],
      archived: false,
    });
    expect(ok(await call('GET', `/offers/${created.id}`))).toEqual(created);
    const [entry] = await auditOf(created.id, 'create');
    expect(entry.locationId).toBeNull();
    expect(entry.diff).toMatchObject({ partner: { after: 'Совкомбанк' }, terms: { after: created.terms } });
  });

  it('edits fields and replaces the terms, the audit keeps the diff', async () => {
    const edited = ok(await call('PATCH', `/offers/${created.id}`, { name: 'Халва', terms: [{ months: 6, ratePercent: 15.55 }] }));
    expect(edited).toMatchObject({ name: 'Халва', partner: 'Совкомбанк', terms: [{ months: 6, ratePercent: 15.55 }] });
    expect(edited.terms[0]).not.toHaveProperty('feePercent');
    const [entry] = await auditOf(created.id, 'update');
    expect(entry.diff).toEqual({
      name: { before: 'Халва 12', after: 'Халва' },
      terms: { before: created.terms, after: [{ months: 6, ratePercent: 15.55 }] },
    });
  });

  it('a manager creates and edits offers too', async () => {
    const offer = ok(await call('POST', '/offers', { partner: 'МТС Банк', name: 'Кредит', minAmount: 0, maxAmount: 0, terms: [{ months: 1, ratePercent: 0 }] }, manager), 201);
    expect(ok(await call('PATCH', `/offers/${offer.id}`, { maxAmount: rub(10_000) }, manager)).maxAmount).toBe(rub(10_000));
  });

  it('archives instead of deleting, and restores', async () => {
    const archived = ok(await call('PATCH', `/offers/${created.id}`, { archived: true }));
    expect(archived.archived).toBe(true);
    expect(ok<CreditOffer[]>(await call('GET', '/offers')).map((o) => o.id)).not.toContain(created.id);
    expect(ok<CreditOffer[]>(await call('GET', '/offers?archived=true')).map((o) => o.id)).toEqual([created.id]);
    expect(ok(await call('GET', `/offers/${created.id}`)).archived).toBe(true);
    const audit = await auditOf(created.id, 'update');
    expect(audit.map((a) => a.diff)).toContainEqual({ archived: { before: false, after: true } });

    const refused = await calc(created.id, rub(10_000), 6).catch((e: Error) => e.message);
    expect(refused).toContain('404');
    const res = await call('POST', '/calculate', { offerId: created.id, amount: rub(10_000), months: 6 });
    expect(res.json()).toEqual({ code: 'not_found', message: creditMessages.archived });

    expect(ok(await call('PATCH', `/offers/${created.id}`, { archived: false })).archived).toBe(false);
    expect((await calc(created.id, rub(10_000), 6)).monthly).toBeGreaterThan(0);
  });

  it('partner and name are unique among offers in use (409 on name), an archived one frees them', async () => {
    const same = { partner: 'совкомбанк', name: 'ХАЛВА', minAmount: 0, maxAmount: rub(1_000), terms: [{ months: 3, feePercent: 0 }] };
    expect(fieldErrors(await call('POST', '/offers', same), 409)).toEqual({ name: creditMessages.nameTaken });
    ok(await call('PATCH', `/offers/${created.id}`, { archived: true }));
    const twin = ok(await call('POST', '/offers', same), 201);
    // Restoring the first one would make two: refused.
    expect(fieldErrors(await call('PATCH', `/offers/${created.id}`, { archived: false }), 409)).toEqual({ name: creditMessages.nameTaken });
    expect(fieldErrors(await call('PATCH', `/offers/${demo[0].id}`, { partner: 'Совкомбанк', name: 'Халва' }), 409)).toEqual({ name: creditMessages.nameTaken });
    ok(await call('PATCH', `/offers/${twin.id}`, { archived: true }));
  });

  it('404 for an offer that does not exist, 400 for an id that is not one', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await call('GET', `/offers/${missing}`)).json()).toEqual({ code: 'not_found', message: creditMessages.notFound });
    expect((await call('PATCH', `/offers/${missing}`, { name: 'X' })).statusCode).toBe(404);
    expect((await call('POST', '/calculate', { offerId: missing, amount: 100, months: 6 })).json()).toEqual({ code: 'not_found', message: creditMessages.notFound });
    expect(fieldErrors(await call('GET', '/offers/123'))).toHaveProperty('id');
  });
});

describe('validation', () => {
  const valid = { partner: 'Альфа-Банк', name: 'Рассрочка', minAmount: rub(3_000), maxAmount: rub(100_000), terms: [{ months: 6, feePercent: 3 }] };

  it('puts each error on its field, in Russian', async () => {
    expect(fieldErrors(await call('POST', '/offers', { ...valid, minAmount: rub(5_000), maxAmount: rub(3_000) }))).toEqual({ maxAmount: creditMessages.maxBelowMin });
    expect(fieldErrors(await call('POST', '/offers', { ...valid, terms: [{ months: 6 }] }))).toEqual({ 'terms.0.ratePercent': creditMessages.rateOrFee });
    expect(fieldErrors(await call('POST', '/offers', { ...valid, terms: [{ months: 6, feePercent: 3 }, { months: 12, ratePercent: 1, feePercent: 2 }] }))).toEqual({
      'terms.1.ratePercent': creditMessages.rateAndFee,
      'terms.1.feePercent': creditMessages.rateAndFee,
    });
    expect(fieldErrors(await call('POST', '/offers', { ...valid, terms: [{ months: 6, feePercent: 3 }, { months: 6, ratePercent: 10 }] }))).toEqual({ 'terms.1.months': creditMessages.monthsDuplicate(6) });
    expect(fieldErrors(await call('POST', '/offers', { ...valid, terms: [{ months: 0, feePercent: 3 }] }))).toEqual({ 'terms.0.months': creditMessages.monthsRange });
    expect(fieldErrors(await call('POST', '/offers', { ...valid, terms: [{ months: 6, ratePercent: 12.345 }] }))).toEqual({ 'terms.0.ratePercent': creditMessages.percentDecimals('Ставка') });
    expect(fieldErrors(await call('POST', '/offers', { ...valid, terms: [{ months: 6, feePercent: 101 }] }))).toEqual({ 'terms.0.feePercent': creditMessages.percentRange('Комиссия') });
    expect(fieldErrors(await call('POST', '/offers', { ...valid, terms: [] }))).toEqual({ terms: creditMessages.termsRequired });
    expect(fieldErrors(await call('POST', '/offers', { ...valid, terms: Array.from({ length: 25 }, (_, i) => ({ months: i + 1, feePercent: 1 })) }))).toEqual({ terms: creditMessages.termsTooMany });
    const texts = fieldErrors(await call('POST', '/offers', { ...valid, partner: '', name: 'a'.repeat(121) }));
    expect(texts).toEqual({ partner: creditMessages.partnerRequired, name: 'Название: не больше 120 символов' });
    expect(fieldErrors(await call('POST', '/offers', { ...valid, partner: 'Банк\u0000' }))).toEqual({ partner: 'Недопустимые символы' });
    expect(fieldErrors(await call('POST', '/offers', { ...valid, minAmount: 1.5, maxAmount: -1 }))).toEqual({ minAmount: 'Сумма указывается в копейках, целым числом', maxAmount: 'Сумма не может быть отрицательной' });
  });

  it('an edit checks the amounts against the stored ones', async () => {
    const offer = demo[1]; // 5 000 – 500 000 ₽
    expect(fieldErrors(await call('PATCH', `/offers/${offer.id}`, { maxAmount: rub(4_000) }))).toEqual({ maxAmount: creditMessages.maxBelowMin });
    expect(fieldErrors(await call('PATCH', `/offers/${offer.id}`, { minAmount: rub(600_000) }))).toEqual({ minAmount: creditMessages.minAboveMax });
    expect(fieldErrors(await call('PATCH', `/offers/${offer.id}`, {}))).toEqual({ _: creditMessages.noChanges });
    expect(fieldErrors(await call('PATCH', `/offers/${offer.id}`, { archived: 'да' }))).toEqual({ archived: creditMessages.archivedFlag });
    expect(ok(await call('GET', `/offers/${offer.id}`))).toEqual(offer);
  });

  it('never answers bad input with a 5xx', async () => {
    const bodies: unknown[] = [
      null,
      [],
      'строка',
      { ...valid, terms: 'все' },
      { ...valid, terms: [null] },
      { ...valid, terms: [{ months: '6', feePercent: '3' }] },
      { ...valid, minAmount: 1e30, maxAmount: Number.MAX_SAFE_INTEGER },
      { ...valid, terms: [{ months: 6, ratePercent: 1e308 }] },
    ];
    for (const body of bodies) {
      const res = await app.inject({ method: 'POST', url: '/api/credits/offers', headers: { ...authHeaders(owner), 'content-type': 'application/json' }, payload: JSON.stringify(body) });
      expect(res.statusCode).toBe(400);
    }
    for (const body of [{}, { offerId: demo[0].id, amount: -1, months: 6 }, { offerId: demo[0].id, amount: rub(10_000), months: 6.5 }, { offerId: demo[0].id, amount: '100', months: 6 }]) {
      expect((await call('POST', '/calculate', body)).statusCode).toBe(400);
    }
    expect((await call('GET', '/offers?archived=maybe')).statusCode).toBe(400);
  });
});

describe('rules', () => {
  it('a cashier lists and calculates, but cannot create or edit (403)', async () => {
    expect(ok<CreditOffer[]>(await call('GET', '/offers', undefined, cashier)).map((o) => o.id)).toEqual(expect.arrayContaining(demo.map((o) => o.id)));
    expect(ok(await call('GET', `/offers/${demo[0].id}`, undefined, cashier)).id).toBe(demo[0].id);
    expect((await calc(demo[0].id, rub(30_000), 6, cashier)).total).toBe(rub(31_350));
    const create = await call('POST', '/offers', { partner: 'Банк', name: 'Кредит', minAmount: 0, maxAmount: 100, terms: [{ months: 3, ratePercent: 10 }] }, cashier);
    expect(create.statusCode).toBe(403);
    expect(create.json()).toEqual({ code: 'forbidden', message: missingRuleMessage('create:credit_offer') });
    const edit = await call('PATCH', `/offers/${demo[0].id}`, { archived: true }, cashier);
    expect(edit.statusCode).toBe(403);
    expect(edit.json().message).toBe(missingRuleMessage('edit:credit_offer'));
  });

  it('an engineer has no rule on offers', async () => {
    expect((await call('GET', '/offers', undefined, engineer)).statusCode).toBe(403);
    expect((await call('POST', '/calculate', { offerId: demo[0].id, amount: rub(10_000), months: 6 }, engineer)).json().message).toBe(missingRuleMessage('view:credit_offer'));
  });

  it('nobody signed in: 403 unauthenticated', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/credits/offers' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('unauthenticated');
  });
});

describe('calculator', () => {
  const tinkoff = () => demo.find((o) => o.partner === 'Тинькофф')!;
  const otp = () => demo.find((o) => o.partner === 'ОТП Банк')!;
  const home = () => demo.find((o) => o.partner === 'Хоум Кредит')!;

  it('100 000 ₽ at 12 % for 12 months: 8 884,88 ₽ a month, the last payment settles the rounding', async () => {
    const offer = await newOffer([{ months: 12, ratePercent: 12 }]);
    const c = await calc(offer.id, rub(100_000), 12);
    expect(c).toEqual({ offerId: offer.id, amount: rub(100_000), months: 12, ratePercent: 12, monthly: 888_488, lastPayment: 888_485, total: 10_661_853, overpayment: 661_853 });
    expect(c.total).toBe(c.monthly * 11 + c.lastPayment);
  });

  it('0 %: the amount in equal parts, the last taking the remainder, no overpayment', async () => {
    const offer = await newOffer([{ months: 7, ratePercent: 0 }], 0);
    expect(await calc(offer.id, 10_000, 7)).toMatchObject({ monthly: 1_429, lastPayment: 1_426, total: 10_000, overpayment: 0 });
    expect(await calc(offer.id, rub(100_000), 7)).toMatchObject({ monthly: 1_428_571, lastPayment: 1_428_574, total: rub(100_000), overpayment: 0 });
  });

  it('Тинькофф 19,9 %: the annuity for each of its terms, as the screens compute it', async () => {
    for (const months of [6, 12, 24]) {
      const c = await calc(tinkoff().id, rub(100_000), months);
      const r = 19.9 / 100 / 12;
      expect(c.monthly).toBe(Math.floor((rub(100_000) * r) / (1 - (1 + r) ** -months) + 0.5));
      expect(c).toEqual({ offerId: tinkoff().id, amount: rub(100_000), months, ratePercent: 19.9, ...calculateCredit({ months, ratePercent: 19.9 }, rub(100_000)) });
      expect(c.total).toBe(c.monthly * (months - 1) + c.lastPayment);
      expect(c.overpayment).toBe(c.total - rub(100_000));
    }
    expect((await calc(tinkoff().id, rub(100_000), 24)).monthly).toBe(508_470);
  });

  it('fee terms: the amount with the partner’s fee in equal parts', async () => {
    // ОТП 0-0-6, 4,5 %: 50 000 ₽ → 52 250 ₽, 8 708,33 ₽ a month and 8 708,35 ₽ last.
    expect(await calc(otp().id, rub(50_000), 6)).toEqual({ offerId: otp().id, amount: rub(50_000), months: 6, feePercent: 4.5, monthly: 870_833, lastPayment: 870_835, total: rub(52_250), overpayment: rub(2_250) });
    // Хоум Кредит, 7 % for 10 months on 12 345,67 ₽: fee 864,1969 → 864,20 ₽; 13 209,87 ₽ → 1 320,99 ₽ a month, 1 320,96 ₽ last.
    expect(await calc(home().id, 1_234_567, 10)).toMatchObject({ monthly: 132_099, lastPayment: 132_096, total: 1_320_987, overpayment: 86_420 });
  });

  it('refuses an amount outside the offer on `amount`, naming the range in roubles', async () => {
    const message = `Сумма должна быть от ${formatKopecks(rub(5_000))} до ${formatKopecks(rub(500_000))}`;
    expect(message.replace(/\u00a0/g, ' ')).toBe('Сумма должна быть от 5 000,00 ₽ до 500 000,00 ₽');
    for (const amount of [rub(4_999.99), rub(500_000) + 1, 0]) {
      const res = await call('POST', '/calculate', { offerId: tinkoff().id, amount, months: 12 });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'validation', message, errors: { amount: message } });
    }
    // The bounds themselves are accepted.
    expect((await calc(tinkoff().id, rub(5_000), 12)).amount).toBe(rub(5_000));
    expect((await calc(tinkoff().id, rub(500_000), 12)).amount).toBe(rub(500_000));
  });

  it('refuses months the offer does not have on `months`', async () => {
    const res = await call('POST', '/calculate', { offerId: tinkoff().id, amount: rub(10_000), months: 18 });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ months: creditMessages.monthsNotOffered(18, [6, 12, 24]) });
    expect(res.json().errors.months).toBe('Срок 18 мес. не предусмотрен: доступно 6, 12, 24 мес.');
  });

  it('calculating changes nothing and is not audited', async () => {
    const before = (await app.db.select({ id: auditLog.id }).from(auditLog)).length;
    await calc(otp().id, rub(10_000), 6);
    expect((await app.db.select({ id: auditLog.id }).from(auditLog)).length).toBe(before);
  });
});

describe('API documentation', () => {
  it('documents every credits route with its rule', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, { description?: string; 'x-rule'?: string }>> };
    const rules = Object.fromEntries(
      Object.entries(doc.paths)
        .filter(([path]) => path.startsWith('/api/credits'))
        .flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => [`${method.toUpperCase()} ${path}`, op['x-rule']])),
    );
    expect(rules).toEqual({
      'GET /api/credits/offers': 'view:credit_offer',
      'POST /api/credits/offers': 'create:credit_offer',
      'GET /api/credits/offers/{id}': 'view:credit_offer',
      'PATCH /api/credits/offers/{id}': 'edit:credit_offer',
      'POST /api/credits/calculate': 'view:credit_offer',
    });
  });
});
