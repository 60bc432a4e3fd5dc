import type { Operation, OpenApiDocument, IdPool, JsonSchema } from './openapi';
import { idFor, isUuidSchema, resolve, sampleValue, typeOf } from './openapi';
import type { Rng } from './prng';

export type AuthKind = 'valid' | 'none' | 'revoked' | 'garbage' | 'malformed';

export type Body =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  /** Bytes sent as they are, for bodies JSON.stringify cannot make (malformed, deeply nested, multipart). */
  | { kind: 'raw'; payload: string | Buffer; contentType: string | null; fields?: Record<string, string> };

/** One request of the suite: what the operation's base request became after one mutation. */
export interface FuzzRequest {
  op: Operation;
  /** What was changed, e.g. `body.name = NUL`; the report prints it. */
  label: string;
  /** Priority cases are always sent; the rest are sampled. */
  priority: boolean;
  params: Record<string, string>;
  /** Used as the URL path instead of filling `params` in (raw traversal strings). */
  rawPath?: string;
  query: Array<[string, string]>;
  /** Extra headers, the `Shop` header among them (authorization comes from `auth`). */
  headers: Record<string, string>;
  body: Body;
  auth: AuthKind;
}

export interface MutationContext {
  doc: OpenApiDocument;
  rng: Rng;
  /** Ids the employee may use. */
  own: IdPool;
  /** A location the employee may not use (null for roles that may use every location). */
  foreignLocation: string | null;
  /** An image of such a location. */
  foreignImage: string | null;
  /** A small real image for well-formed uploads. */
  image: Buffer;
}

const MB = 1_000_000;
const sql = [
  "' OR '1'='1",
  "'; DROP TABLE employees; --",
  '1) OR 1=1 --',
  "x' UNION SELECT password_hash, phone FROM employees --",
  '$1',
  '\\x27; select pg_sleep(0); --',
];
const traversal = ['../../../../etc/passwd', '..\\..\\..\\windows\\win.ini', '%2e%2e%2f%2e%2e%2fetc%2fpasswd', '/etc/passwd\u0000.png', '....//....//etc/passwd'];
const dates = ['0000-01-01', '9999-12-31', '-000001-01-01T00:00:00Z', '+275760-09-13T00:00:00.000Z', '10000-01-01', '2024-02-30', '1970-01-01T00:00:00+99:99'];
const invalidIds = ['not-a-uuid', '00000000-0000-0000-0000-00000000000g', '12345', '00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff'];

export type Place = 'body' | 'query' | 'path';

/**
 * Strings every text field gets: size, bytes PostgreSQL refuses, control and odd Unicode, SQL and
 * paths. `[label, value, priority]`: priority values go to every field, the others are sampled. A
 * URL carries 8 KB rather than 1 MB: a real server refuses a longer request line before any route.
 */
function hostileStrings(rng: Rng, place: Place): Array<[string, string, boolean]> {
  const inUrl = place !== 'body';
  return [
    inUrl ? ['8 KB string', 'я'.repeat(4096) + 'z'.repeat(4096), true] : ['1 MB string', 'а'.repeat(MB / 2) + 'a'.repeat(MB / 2), true],
    ['NUL', 'ab\u0000cd', true],
    ['control characters', 'x\u0001\u0008\u001b[31m\u007f\u009f', false],
    ['only spaces', '   ', false],
    ['empty', '', false],
    ['RTL override and emoji', '\u202eabc\ud83d\ude00', false],
    ['lone surrogate', 'a\ud800b', false],
    ['BOM and zero-width', '\ufeff\u200b\u200d', false],
    ['long digits', '9'.repeat(400), false],
    ...sql.map((s, i): [string, string, boolean] => [`SQL ${i}`, s, i === 0 && inUrl]),
    ...traversal.map((s, i): [string, string, boolean] => [`path traversal ${i}`, s, i === 0 && place === 'path']),
    ...dates.map((s): [string, string, boolean] => [`date ${s}`, s, false]),
    ['random word', rng.word(12), false],
  ];
}

/** Values of the wrong JSON type for a schema. */
function wrongTypes(schema: JsonSchema): Array<[string, unknown]> {
  const t = typeOf(schema);
  const all: Array<[string, unknown]> = [
    ['number', 42],
    ['negative number', -1],
    ['huge number', 1e308],
    ['fraction', 0.5],
    ['boolean', true],
    ['null', null],
    ['array', ['x']],
    ['object', { x: 1 }],
    ['string', 'text'],
  ];
  return all.filter(([name]) => {
    if (t === 'string') return name !== 'string';
    if (t === 'integer' || t === 'number') return !['number', 'negative number'].includes(name) || t === 'integer';
    if (t === 'boolean') return name !== 'boolean';
    if (t === 'array') return name !== 'array';
    if (t === 'object') return name !== 'object';
    return true;
  });
}

/** Ids: malformed, unknown, upper case of an own one, a foreign location's and a foreign image's. */
function idValues(ctx: MutationContext, name: string): Array<[string, string, boolean]> {
  const own = idFor(name, ctx.own, ctx.rng);
  const out: Array<[string, string, boolean]> = [
    ...invalidIds.map((s, i): [string, string, boolean] => [`invalid id ${s}`, s, i === 0]),
    ['unknown uuid', ctx.rng.uuid(), false],
    ['own id in upper case', own.toUpperCase(), true],
    ['own id with spaces', ` ${own} `, false],
    ['own id', own, false],
  ];
  if (ctx.foreignLocation) out.push(['foreign location id', ctx.foreignLocation, true], ['foreign location id in upper case', ctx.foreignLocation.toUpperCase(), false]);
  if (ctx.foreignImage) out.push(['foreign image id', ctx.foreignImage, true]);
  return out;
}

/** The base request: every parameter and body field valid-looking, own `Shop`, a valid token. */
export function baseRequest(op: Operation, ctx: MutationContext, shop: string | null): FuzzRequest {
  const params: Record<string, string> = {};
  for (const p of op.pathParams) params[p.name] = String(sampleValue(ctx.doc, p.schema, p.name, ctx.own, ctx.rng));
  const query: Array<[string, string]> = [];
  for (const p of op.query) {
    if (p.required || ctx.rng.int(3) === 0) query.push([p.name, String(sampleValue(ctx.doc, p.schema, p.name, ctx.own, ctx.rng))]);
  }
  const headers: Record<string, string> = {};
  if (shop) headers.shop = shop;
  for (const h of op.headers) {
    if (h.name.toLowerCase() !== 'shop' && h.required) headers[h.name.toLowerCase()] = String(sampleValue(ctx.doc, h.schema, h.name, ctx.own, ctx.rng));
  }
  let body: Body = { kind: 'none' };
  if (op.jsonBody) body = { kind: 'json', value: sampleValue(ctx.doc, op.jsonBody, 'body', ctx.own, ctx.rng) };
  else if (op.consumes.includes('multipart/form-data')) body = multipartBody(ctx, { locationId: idFor('locationId', ctx.own, ctx.rng) });
  return { op, label: 'base request', priority: true, params, query, headers, body, auth: 'valid' };
}

const clone = (r: FuzzRequest, label: string, priority: boolean, change: (c: FuzzRequest) => void): FuzzRequest => {
  const c: FuzzRequest = {
    ...r,
    label,
    priority,
    params: { ...r.params },
    query: r.query.map(([k, v]): [string, string] => [k, v]),
    headers: { ...r.headers },
    body: r.body.kind === 'json' ? { kind: 'json', value: structuredClone(r.body.value) } : r.body,
  };
  change(c);
  return c;
};

/**
 * A multipart form of text fields and one small real image. The form's field names are not in the
 * document (the route reads the stream itself), so a location upload's `locationId` is assumed.
 */
export function multipartBody(ctx: MutationContext, fields: Record<string, string>, opts: { boundary?: string; cut?: boolean; noBoundary?: boolean } = {}): Body {
  const boundary = opts.boundary ?? `----fuzz${ctx.rng.word(16)}`;
  const parts = [
    ...Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)),
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="image"; filename="a.png"\r\ncontent-type: image/png\r\n\r\n`),
    ctx.image,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ];
  let payload = Buffer.concat(parts);
  if (opts.cut) payload = payload.subarray(0, Math.floor(payload.length / 2));
  return { kind: 'raw', payload, contentType: opts.noBoundary ? 'multipart/form-data' : `multipart/form-data; boundary=${boundary}`, fields };
}

function deepArrays(depth: number) {
  return '['.repeat(depth) + ']'.repeat(depth);
}
function deepObjects(depth: number) {
  return '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

/** The object as JSON text with one more member written by hand (JSON.stringify would drop `__proto__`). */
function withRawMember(object: Record<string, unknown>, member: string): string {
  const rest = JSON.stringify(object).slice(1, -1);
  return `{${member}${rest ? `,${rest}` : ''}}`;
}

/** Mutations of the whole body: shapes, encodings and sizes, the same for every operation. */
function bodyMutations(base: FuzzRequest, ctx: MutationContext): FuzzRequest[] {
  const raw = (label: string, priority: boolean, payload: string | Buffer, contentType: string | null) =>
    clone(base, `body: ${label}`, priority, (c) => {
      c.body = { kind: 'raw', payload, contentType };
    });
  const json = (label: string, priority: boolean, value: unknown) =>
    clone(base, `body: ${label}`, priority, (c) => {
      c.body = { kind: 'json', value };
    });
  const object = base.body.kind === 'json' && base.body.value && typeof base.body.value === 'object' ? (base.body.value as Record<string, unknown>) : {};
  const own = idFor('locationId', ctx.own, ctx.rng);
  const out = [
    raw('empty with a JSON type', false, '', 'application/json'),
    raw('malformed JSON', true, '{"name": "x",', 'application/json'),
    raw('JSON with trailing garbage', false, `${JSON.stringify(object)}}}`, 'application/json'),
    raw('10 000 nested arrays', true, deepArrays(10_000), 'application/json'),
    raw('10 000 nested objects', false, deepObjects(10_000), 'application/json'),
    raw('__proto__ key', true, withRawMember(object, '"__proto__":{"isAdmin":true}'), 'application/json'),
    raw('constructor.prototype key', false, withRawMember(object, '"constructor":{"prototype":{"isAdmin":true}}'), 'application/json'),
    raw('over the size limit', true, JSON.stringify({ ...object, pad: 'x'.repeat(2 * MB) }), 'application/json'),
    raw('text/plain', false, 'hello', 'text/plain'),
    raw('form-urlencoded', false, 'name=x&locationId=' + own, 'application/x-www-form-urlencoded'),
    raw('JSON with a charset that is not UTF-8', false, JSON.stringify(object), 'application/json; charset=utf-16'),
    raw('invalid UTF-8', true, Buffer.from([0x7b, 0x22, 0x6e, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x7d]), 'application/json'),
    raw('no content type', false, JSON.stringify(object), null),
    json('null', false, null),
    json('array', true, [object]),
    json('string', false, 'text'),
    json('number', false, 7),
    clone(base, 'body: multipart without a boundary', true, (c) => {
      c.body = multipartBody(ctx, { locationId: own }, { noBoundary: true });
    }),
    clone(base, 'body: multipart with a 300-character boundary', true, (c) => {
      c.body = multipartBody(ctx, { locationId: own }, { boundary: 'b'.repeat(300) });
    }),
    clone(base, 'body: multipart cut off', true, (c) => {
      c.body = multipartBody(ctx, { locationId: own }, { cut: true });
    }),
    clone(base, 'body: well-formed multipart', false, (c) => {
      c.body = multipartBody(ctx, { locationId: own });
    }),
  ];
  if (base.body.kind === 'json' && base.op.jsonBody) {
    out.push(json('extra field', true, { ...object, extra: 'x', id: ctx.rng.uuid(), employeeId: ctx.rng.uuid() }));
    out.push(json('empty object', false, {}));
  }
  // A form with a location of every kind: the upload must refuse foreign and malformed ones.
  if (base.op.consumes.includes('multipart/form-data')) {
    for (const [label, value, priority] of idValues(ctx, 'locationId')) {
      out.push(clone(base, `multipart locationId = ${label}`, priority, (c) => {
        c.body = multipartBody(ctx, { locationId: value });
      }));
    }
    for (const [label, value, priority] of hostileStrings(ctx.rng, 'query')) {
      out.push(clone(base, `multipart locationId = ${label}`, priority, (c) => {
        c.body = multipartBody(ctx, { locationId: value });
      }));
    }
  }
  return out;
}

/** Values for one field of a schema: wrong types, hostile strings, and ids for uuid fields. */
function fieldValues(doc: OpenApiDocument, raw: JsonSchema, name: string, ctx: MutationContext, place: Place): Array<[string, unknown, boolean]> {
  const schema = resolve(doc, raw);
  const out: Array<[string, unknown, boolean]> = [];
  out.push(...wrongTypes(schema).map(([l, v], i): [string, unknown, boolean] => [`wrong type (${l})`, v, i === 0]));
  const dateLike = schema.format === 'date' || schema.format === 'date-time' || /(^|[a-z])(from|to|date|at)$/i.test(name);
  // Dates PostgreSQL cannot store are priority where a date is expected.
  out.push(...hostileStrings(ctx.rng, place).map(([l, v, p]): [string, unknown, boolean] => [l, v, p || (dateLike && /^date (0000|9999)/.test(l))]));
  if (isUuidSchema(schema) || /(^id$|Id$)/.test(name)) out.push(...idValues(ctx, name));
  const t = typeOf(schema);
  if (t === 'integer' || t === 'number') {
    out.push(['-1', -1, false], ['0', 0, false], ['2^53', 2 ** 53, true], ['1e21 as text', '1e21', false], ['NaN as text', 'NaN', false]);
  }
  return out;
}

/** Mutations of one body field (nested objects too, one level deep). */
function bodyFieldMutations(base: FuzzRequest, ctx: MutationContext): FuzzRequest[] {
  if (base.body.kind !== 'json' || !base.op.jsonBody) return [];
  const schema = resolve(ctx.doc, base.op.jsonBody);
  if (typeOf(schema) !== 'object') return [];
  const out: FuzzRequest[] = [];
  for (const [name, child] of Object.entries(schema.properties ?? {})) {
    out.push(clone(base, `body.${name} missing`, true, (c) => {
      delete (c.body as { value: Record<string, unknown> }).value[name];
    }));
    out.push(clone(base, `body.${name} = 10 000 nested arrays`, false, (c) => {
      const value = { ...(base.body as { value: Record<string, unknown> }).value, [name]: '\u0000deep\u0000' };
      c.body = { kind: 'raw', payload: JSON.stringify(value).replace('"\\u0000deep\\u0000"', deepArrays(10_000)), contentType: 'application/json' };
    }));
    for (const [label, value, priority] of fieldValues(ctx.doc, child, name, ctx, 'body')) {
      out.push(clone(base, `body.${name} = ${label}`, priority, (c) => {
        (c.body as { value: Record<string, unknown> }).value[name] = value;
      }));
    }
    const nested = resolve(ctx.doc, child);
    if (typeOf(nested) === 'object') {
      for (const [inner, innerSchema] of Object.entries(nested.properties ?? {})) {
        for (const [label, value, priority] of fieldValues(ctx.doc, innerSchema, inner, ctx, 'body')) {
          out.push(clone(base, `body.${name}.${inner} = ${label}`, priority, (c) => {
            const obj = (c.body as { value: Record<string, Record<string, unknown>> }).value;
            obj[name] = { ...(obj[name] ?? {}), [inner]: value };
          }));
        }
      }
    }
  }
  return out;
}

const asText = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

function paramMutations(base: FuzzRequest, ctx: MutationContext): FuzzRequest[] {
  const out: FuzzRequest[] = [];
  for (const p of base.op.pathParams) {
    for (const [label, value, priority] of fieldValues(ctx.doc, p.schema, p.name, ctx, 'path')) {
      // A path segment cannot carry a megabyte; the router refuses long ones before any handler.
      const text = asText(value);
      out.push(clone(base, `path ${p.name} = ${label}`, priority, (c) => {
        c.params[p.name] = text.length > 2000 ? text.slice(0, 2000) : text;
      }));
    }
    for (const [label, segment] of [
      ['raw ../', '../../../../etc/passwd'],
      ['raw %2e%2e%2f', '%2e%2e%2f%2e%2e%2fetc%2fpasswd'],
      ['raw %00', 'abc%00def'],
      ['raw non-ASCII', 'магазин'],
      ['raw bad percent-encoding', '%E0%A4%A'],
    ] as const) {
      out.push(clone(base, `path ${p.name} ${label}`, label === 'raw ../', (c) => {
        c.rawPath = base.op.path.replace(/\{([^}]+)\}/g, (_m, n: string) => (n === p.name ? segment : encodeURIComponent(c.params[n] ?? '')));
      }));
    }
  }
  return out;
}

function queryMutations(base: FuzzRequest, ctx: MutationContext): FuzzRequest[] {
  const out: FuzzRequest[] = [];
  const without = (q: Array<[string, string]>, name: string) => q.filter(([k]) => k !== name);
  for (const p of base.op.query) {
    if (p.required) out.push(clone(base, `query ${p.name} missing`, true, (c) => { c.query = without(c.query, p.name); }));
    out.push(clone(base, `query ${p.name} twice`, false, (c) => { c.query = [...without(c.query, p.name), [p.name, '1'], [p.name, '2']]; }));
    for (const [label, value, priority] of fieldValues(ctx.doc, p.schema, p.name, ctx, 'query')) {
      out.push(clone(base, `query ${p.name} = ${label}`, priority, (c) => { c.query = [...without(c.query, p.name), [p.name, asText(value)]]; }));
    }
  }
  out.push(clone(base, 'query: unknown parameter', false, (c) => { c.query = [...c.query, ['extra', "' OR 1=1 --"]]; }));
  out.push(clone(base, 'query: __proto__', false, (c) => { c.query = [...c.query, ['__proto__[isAdmin]', 'true']]; }));
  return out;
}

/** The `Shop` header: missing, foreign, malformed, two values, upper case. */
function shopMutations(base: FuzzRequest, ctx: MutationContext): FuzzRequest[] {
  const own = idFor('locationId', ctx.own, ctx.rng);
  const set = (label: string, priority: boolean, value: string | null) =>
    clone(base, `Shop header ${label}`, priority, (c) => {
      if (value === null) delete c.headers.shop;
      else c.headers.shop = value;
    });
  const out = [
    set('missing', true, null),
    set('not a uuid', false, 'not-a-uuid'),
    set('SQL', false, sql[0]),
    set('unknown uuid', false, ctx.rng.uuid()),
    set('own in upper case', true, own.toUpperCase()),
  ];
  if (ctx.foreignLocation) {
    out.push(set('foreign', true, ctx.foreignLocation), set('own and foreign', false, `${own}, ${ctx.foreignLocation}`));
  }
  return out;
}

/** The credential itself: a token in the wrong place or shape (no valid token in any of them). */
export function authMutations(base: FuzzRequest): FuzzRequest[] {
  return (['none', 'revoked', 'garbage', 'malformed'] as const).map((auth) => clone(base, `token: ${auth}`, true, (c) => { c.auth = auth; }));
}

/** Every mutation of an operation's base request, one change at a time. */
export function mutationsOf(base: FuzzRequest, ctx: MutationContext): FuzzRequest[] {
  const needsBody = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(base.op.method);
  return [
    base,
    ...paramMutations(base, ctx),
    ...queryMutations(base, ctx),
    ...(needsBody ? bodyMutations(base, ctx) : []),
    ...bodyFieldMutations(base, ctx),
    ...shopMutations(base, ctx),
  ];
}

/**
 * Samples about `budget` cases: the base request first, then the priority cases (all of them, or at
 * most `budget` when `capPriority`), then random others. The order is shuffled too, so no case relies
 * on a particular one running before it.
 */
export function sample(cases: FuzzRequest[], budget: number, rng: Rng, capPriority = false): FuzzRequest[] {
  const [base, ...others] = cases;
  let priority = rng.shuffle(others.filter((c) => c.priority));
  if (capPriority) priority = priority.slice(0, Math.max(0, budget - 1));
  const rest = rng.shuffle(others.filter((c) => !c.priority));
  const chosen = [...priority, ...rest.slice(0, Math.max(0, budget - 1 - priority.length))];
  // The base request first: it proves the operation is reachable before it is mutated.
  return [base, ...rng.shuffle(chosen)];
}
