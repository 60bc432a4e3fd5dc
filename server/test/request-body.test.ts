/**
 * Request bodies of the wrong shape, on every operation that reads a JSON body (issue #20): walks the
 * OpenAPI document (the route table, so a new route is covered with no edit here) and sends each one
 * no body, `null`, `[]`, `"x"` and a field of the wrong type. Each answer is the error contract with a
 * Russian text in every message (never zod's English defaults), never a 5xx; a body that is not an
 * object is named as such; no body at all is read as `{}`, so an operation whose fields are all
 * optional works without one. PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { messages, saleSchema } from '@repo/contracts';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../src/lib/sql';
import { hashToken, newToken } from '../src/modules/auth/tokens';
import { sessions } from '../src/db/schema';
import { authHeaders, buildTestApp, demoPhones, login } from './helpers';
import { demoLocations } from './location-fixtures';
import { baseRequest, type MutationContext } from './fuzz/mutations';
import { operationsOf, resolve, typeOf, type JsonSchema, type OpenApiDocument, type Operation } from './fuzz/openapi';
import { createRng, hashSeed } from './fuzz/prng';

let app: FastifyInstance;
let doc: OpenApiDocument;
let ops: Operation[];
let arrayOps: Operation[];
let token: string;
let employeeId: string;
let arbat: string;

const cyrillic = /[а-яё]/i;
const one = <T>(r: unknown) => rowsOf<T>(r)[0];

beforeAll(async () => {
  app = await buildTestApp();
  doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  const withBody = operationsOf(doc).filter((o) => o.jsonBody && o.method !== 'GET');
  // Every body is an object but one: the numbering is a list by the public API (issue #22).
  arrayOps = withBody.filter((o) => typeOf(resolve(doc, o.jsonBody ?? undefined)) === 'array');
  ops = withBody.filter((o) => !arrayOps.includes(o));
  const signed = await login(app, demoPhones.owner);
  token = signed.token;
  employeeId = signed.profile.id;
  arbat = (await demoLocations(app, token)).find((l) => l.name === 'Сервис+ на Арбате')!._id;
});
afterAll(async () => app?.close());

/** The owner's session again, when a probe legitimately ended it (sign-out, sign-out everywhere). */
async function keepSignedIn() {
  const res = await app.inject({ method: 'GET', url: '/api/auth/check-token', headers: { authorization: `Bearer ${token}` } });
  if (res.statusCode === 200 && res.json().status === 'valid') return;
  token = newToken();
  await app.db.insert(sessions).values({ employeeId, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3_600_000), userAgent: 'test', ip: null });
}

type Body = { kind: 'none' } | { kind: 'json'; text: string };

/**
 * The operation with its parameters and headers valid-looking, ids unknown (a probe that passes
 * validation finds nothing to change), as the owner in their own shop; `probe` sends it with a body.
 */
function prepare(op: Operation) {
  const rng = createRng(hashSeed(20, op.key));
  const ctx: MutationContext = { doc, rng, own: { location: [], image: [] }, foreignLocation: null, foreignImage: null, image: Buffer.alloc(0) };
  return baseRequest(op, ctx, arbat);
}

async function probe(op: Operation, body: Body) {
  const base = prepare(op);
  const path = op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => encodeURIComponent(base.params[name] ?? ''));
  const query = base.query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
  const headers: Record<string, string> = { ...base.headers, ...authHeaders(token, arbat) };
  const opts: InjectOptions = { method: op.method, url: query ? `${path}?${query}` : path, headers };
  if (body.kind === 'json') {
    headers['content-type'] = 'application/json';
    opts.payload = body.text;
  }
  const res = await app.inject(opts);
  if (res.statusCode < 300) await keepSignedIn();
  let json: { message?: string; code?: string; errors?: Record<string, string> } = {};
  try {
    json = res.json();
  } catch {
    /* judged by the caller */
  }
  return { status: res.statusCode, json, body: res.body };
}

/** Every text of an error answer that has no Russian letter. */
function englishTexts(json: { message?: string; errors?: Record<string, string> }): string[] {
  return [json.message ?? '(no message)', ...Object.values(json.errors ?? {})].filter((t) => !cyrillic.test(t));
}

const bodySchemaOf = (op: Operation) => resolve(doc, op.jsonBody ?? undefined);
const allOptional = (op: Operation) => (bodySchemaOf(op).required ?? []).length === 0;

/** A value of the wrong JSON type for a field. */
function wrongValue(schema: JsonSchema): unknown {
  const s = resolve(doc, schema);
  return typeOf(s) === 'string' || (!typeOf(s) && !s.enum) ? { wrong: true } : 'x';
}

describe('a request body of the wrong shape, on every operation with a JSON body', () => {
  it('the walker finds the operations, every body is an object, and some take only optional fields', () => {
    expect(ops.length).toBeGreaterThan(40);
    expect(ops.filter((o) => typeOf(bodySchemaOf(o)) !== 'object').map((o) => o.key)).toEqual([]);
    expect(ops.filter(allOptional).map((o) => o.key)).toContain('POST /api/sales/{id}/cancel');
  });

  it('the operations whose body is a list (PUT numbering, PUT a model\'s repair prices) refuse anything else with 400 in Russian', async () => {
    expect(arrayOps.map((o) => o.key).sort()).toEqual(['PUT /api/settings/numbering', 'PUT /api/shop/models/{id}/prices']);
    const wrong: string[] = [];
    for (const op of arrayOps) {
      for (const text of ['null', '{}', '"x"', '7', '[1]']) {
        const res = await probe(op, { kind: 'json', text });
        if (res.status !== 400 || res.json.code !== 'validation' || englishTexts(res.json).length) wrong.push(`${op.key} ${text} → ${res.status} ${res.body.slice(0, 200)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it.each([
    ['null', 'null'],
    ['a list', '[]'],
    ['a string', '"x"'],
    ['a number', '7'],
  ])('%s: 400 «Тело запроса должно быть объектом JSON», in the error contract', async (_label, text) => {
    const wrong: string[] = [];
    for (const op of ops) {
      const res = await probe(op, { kind: 'json', text });
      const expected = { message: messages.bodyNotObject, code: 'validation', errors: { _: messages.bodyNotObject } };
      if (res.status !== 400 || JSON.stringify(res.json) !== JSON.stringify(expected)) wrong.push(`${op.key} → ${res.status} ${res.body.slice(0, 200)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('no body: an operation with required fields names them in Russian; one with only optional fields takes it as {}', async () => {
    const wrong: string[] = [];
    for (const op of ops) {
      for (const body of [{ kind: 'none' }, { kind: 'json', text: '' }] as Body[]) {
        const res = await probe(op, body);
        const what = `${op.key} (${body.kind === 'none' ? 'no body' : 'empty JSON'}) → ${res.status} ${res.body.slice(0, 200)}`;
        if (res.status >= 500) wrong.push(what);
        else if (res.status >= 400 && englishTexts(res.json).length) wrong.push(`${what}: not Russian`);
        else if (res.json.message === messages.bodyNotObject || res.json.message === messages.malformedJson) wrong.push(`${what}: the body refused`);
        else if (!allOptional(op)) {
          const required = bodySchemaOf(op).required ?? [];
          if (res.status !== 400 || !required.some((f) => res.json.errors?.[f])) wrong.push(`${what}: required fields not named`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('a field of the wrong type: 400 with the field named in Russian', async () => {
    const wrong: string[] = [];
    for (const op of ops) {
      const schema = bodySchemaOf(op);
      const base = prepare(op);
      const sample = (base.body.kind === 'json' ? base.body.value : {}) as Record<string, unknown>;
      const [field, fieldSchema] = Object.entries(schema.properties ?? {})[0] ?? [];
      if (!field || !fieldSchema) continue;
      const res = await probe(op, { kind: 'json', text: JSON.stringify({ ...sample, [field]: wrongValue(fieldSchema) }) });
      const what = `${op.key} .${field} → ${res.status} ${res.body.slice(0, 200)}`;
      if (res.status !== 400 || res.json.code !== 'validation') wrong.push(what);
      else if (englishTexts(res.json).length) wrong.push(`${what}: not Russian`);
      else if (!Object.keys(res.json.errors ?? {}).some((k) => k === field || k.startsWith(`${field}.`))) wrong.push(`${what}: field not named`);
    }
    expect(wrong).toEqual([]);
  });

  it('POST /api/sales {"lines":"x"} says in Russian what the field should be', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/sales', headers: authHeaders(token, arbat), payload: { lines: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.lines).toBe('Ожидается список, а не строка');
  });
});

describe('an operation whose fields are all optional', () => {
  it('POST /api/sales/:id/cancel works with no body and no content type', async () => {
    const good = one<{ product_id: string; warehouse_id: string; price: string }>(
      await app.db.execute(sql`select b.product_id, b.warehouse_id, p.price::text as price from stock_balances b
        join warehouses w on w.id = b.warehouse_id join products p on p.id = b.product_id
        where w.location_id = ${arbat} and not p.serial_tracked and p.kind = 'good' and p.price > 0 and b.qty - b.reserved >= 2 order by b.qty desc, p.name limit 1`),
    );
    const { id: cash } = one<{ id: string }>(await app.db.execute(sql`select id from cashboxes where location_id = ${arbat} and kind = 'cash' and is_default`));
    const sell = () =>
      app.inject({
        method: 'POST',
        url: '/api/sales',
        headers: authHeaders(token, arbat),
        payload: { warehouseId: good.warehouse_id, lines: [{ productId: good.product_id, qty: 1 }], payments: [{ method: 'cash', cashboxId: cash, amount: Number(good.price) }], post: true },
      });
    const first = await sell();
    expect(first.statusCode).toBe(201);
    const sale = saleSchema.parse(first.json());
    const cancelled = await app.inject({ method: 'POST', url: `/api/sales/${sale.id}/cancel`, headers: authHeaders(token, arbat) });
    expect([cancelled.statusCode, cancelled.json().status]).toEqual([200, 'cancelled']);
    // An empty payload with a JSON content type (what some clients send) is no body too.
    const second = saleSchema.parse((await sell()).json());
    const empty = await app.inject({ method: 'POST', url: `/api/sales/${second.id}/cancel`, headers: { ...authHeaders(token, arbat), 'content-type': 'application/json' }, payload: '' });
    expect([empty.statusCode, empty.json().status]).toEqual([200, 'cancelled']);
    // `null` is a body, and not an object.
    const third = saleSchema.parse((await sell()).json());
    const nul = await app.inject({ method: 'POST', url: `/api/sales/${third.id}/cancel`, headers: { ...authHeaders(token, arbat), 'content-type': 'application/json' }, payload: 'null' });
    expect([nul.statusCode, nul.json()]).toEqual([400, { message: messages.bodyNotObject, code: 'validation', errors: { _: messages.bodyNotObject } }]);
  });
});
