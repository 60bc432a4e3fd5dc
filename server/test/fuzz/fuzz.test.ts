/**
 * The fuzz suite (issue #7): walks the OpenAPI document the app serves — the route table itself, so a
 * new route is fuzzed with no edit here — and sends every operation, as every demo role and without a
 * valid token, its valid-looking request mutated one thing at a time: wrong types, missing and extra
 * fields, 1 MB strings, NUL and control characters, deep nesting, SQL and path traversal, malformed,
 * unknown and foreign ids, a foreign `Shop`. `oracle.ts` says what must never happen.
 *
 * Reproducible: `FUZZ_SEED=<n>` (printed on failure) sends the same requests in the same order;
 * `FUZZ_BUDGET=<n>` is the number of cases per operation and role (priority cases are always sent
 * while the request bound allows). `FUZZ_REQUESTS=<n>` bounds the whole suite's requests, so its
 * time stays fixed as routes are added: each operation of each run gets an equal share of what is
 * left (what one uses less goes to the next), priority cases first. Each run prints its count.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { hasRule, type Profile, type RequiredRule } from '@repo/contracts';
import { asc, inArray } from 'drizzle-orm';
import { auditLog, locationImages, locations, sessions, shopSettings } from '../../src/db/schema';
import { hashToken, newToken } from '../../src/modules/auth/tokens';
import { authHeaders, buildTestApp, demoPhones, login } from '../helpers';
import { makeImage, uploadImage } from '../location-fixtures';
import { operationsOf, type OpenApiDocument, type Operation } from './openapi';
import { authMutations, baseRequest, mutationsOf, sample, type FuzzRequest, type MutationContext } from './mutations';
import { judge, type Answer, type Caller } from './oracle';
import { createRng, hashSeed } from './prng';

const seed = Number(process.env.FUZZ_SEED ?? 20_260_707);
const budget = Number(process.env.FUZZ_BUDGET ?? 40);
/** The suite's requests at most: today every priority case of every operation fits (~19,900 requests, ~90 s of CPU); as areas add operations, their random cases give way first. */
const maxRequests = Number(process.env.FUZZ_REQUESTS ?? 20_000);
/** The runs: anonymous, then the four roles. */
const runs = 5;
/** Fuzz requests come from their own address, so the login throttle they trip never blocks the suite's own sign-ins. */
const fuzzAddress = '203.0.113.7';

type RoleName = keyof typeof demoPhones;
interface Role {
  name: RoleName;
  employeeId: string;
  token: string;
  /** Signed in, then signed out: must never work again. */
  revokedToken: string;
  rules: string[];
  allowed: string[];
}

interface Failure {
  who: string;
  op: string;
  label: string;
  problems: string[];
  request: string;
  status: number;
  body: string;
}

/** The request bound, shared by the runs in order: what is left, and how many (run, operation) shares it is split into. */
const quota = { left: maxRequests, shares: 0, sent: 0, droppedPriority: 0 };

/**
 * The cases one operation may send under the bound: all of them when they fit its share, else the
 * base request, then priority cases, then the others, up to the share.
 */
function bounded(cases: FuzzRequest[], rng: ReturnType<typeof createRng>): FuzzRequest[] {
  const share = Math.max(1, Math.floor(quota.left / Math.max(1, quota.shares)));
  quota.shares -= 1;
  let out = cases;
  if (cases.length > share) {
    const [base, ...rest] = cases;
    const priority = rest.filter((c) => c.priority);
    quota.droppedPriority += Math.max(0, priority.length - (share - 1));
    const kept = [...priority, ...rest.filter((c) => !c.priority)].slice(0, share - 1);
    out = [base, ...rng.shuffle(kept)];
  }
  quota.left = Math.max(0, quota.left - out.length);
  quota.sent += out.length;
  return out;
}

let app: FastifyInstance;
let doc: OpenApiDocument;
let ops: Operation[];
let image: Buffer;
const roles = {} as Record<RoleName, Role>;

/** A session made directly in the database: replaces a token the fuzz legitimately revoked (sign-out, sign-out everywhere). */
async function mintToken(employeeId: string): Promise<string> {
  const token = newToken();
  await app.db.insert(sessions).values({ employeeId, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3_600_000), userAgent: 'fuzz', ip: null });
  return token;
}

async function tokenWorks(token: string): Promise<boolean> {
  const res = await app.inject({ method: 'GET', url: '/api/auth/check-token', headers: { authorization: `Bearer ${token}` } });
  return res.statusCode === 200 && res.json().status === 'valid';
}

/** Ids in the database now: every location and image, with the image's location. */
async function world() {
  // In a stable order, so the same seed picks the same records (their ids differ between databases).
  const locs = await app.db.select({ id: locations.id }).from(locations).orderBy(asc(locations.name), asc(locations.createdAt));
  const imgs = await app.db
    .select({ id: locationImages.id, locationId: locationImages.locationId })
    .from(locationImages)
    .orderBy(asc(locationImages.createdAt), asc(locationImages.position));
  // The online shop's locations taking requests are public (the storefront's forms offer them).
  const [settings] = await app.db.select({ ids: shopSettings.requestLocationIds }).from(shopSettings);
  return { locations: locs.map((l) => l.id), images: imgs, published: (settings?.ids ?? []).map((id) => id.toLowerCase()) };
}

/** Percent-encodes like a browser; a lone surrogate (which encodeURIComponent refuses) goes as the UTF-8 bytes Node would send. */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...Buffer.from(value, 'utf8')].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');
  }
}

function urlOf(req: FuzzRequest): string {
  const path = req.rawPath ?? req.op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => encode(req.params[name] ?? ''));
  const query = req.query.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&');
  return query ? `${path}?${query}` : path;
}

function tokenHeader(req: FuzzRequest, role: Role | null, rng: ReturnType<typeof createRng>): Record<string, string> {
  switch (req.auth) {
    case 'valid':
      return role ? { authorization: `Bearer ${role.token}` } : {};
    case 'revoked':
      return { authorization: `Bearer ${(role ?? roles.owner).revokedToken}` };
    case 'garbage':
      return { authorization: `Bearer ${rng.word(43)}` };
    case 'malformed':
      return { authorization: `Basic ${Buffer.from('admin:admin').toString('base64')}`, cookie: 'token=' + "' OR 1=1 --" };
    case 'none':
      return {};
  }
}

async function send(req: FuzzRequest, role: Role | null, rng: ReturnType<typeof createRng>): Promise<Answer> {
  const headers: Record<string, string> = { ...req.headers, ...tokenHeader(req, role, rng) };
  const opts: InjectOptions = { method: req.op.method, url: urlOf(req), headers, remoteAddress: fuzzAddress };
  if (req.body.kind === 'json') {
    opts.payload = JSON.stringify(req.body.value);
    headers['content-type'] = 'application/json';
  } else if (req.body.kind === 'raw') {
    opts.payload = req.body.payload;
    if (req.body.contentType) headers['content-type'] = req.body.contentType;
  }
  const res = await app.inject(opts);
  return { status: res.statusCode, headers: res.headers as Record<string, unknown>, body: res.body };
}

const shorten = (_k: string, v: unknown) => (typeof v === 'string' && v.length > 80 ? `${v.slice(0, 40)}…<${v.length} chars>` : v);

/** The request as a line a developer can replay. */
function describeRequest(req: FuzzRequest): string {
  const url = urlOf(req);
  let body = '';
  if (req.body.kind === 'json') body = JSON.stringify(req.body.value, shorten) ?? '';
  else if (req.body.kind === 'raw') {
    const text = typeof req.body.payload === 'string' ? req.body.payload : req.body.payload.toString('latin1');
    body = `(${req.body.contentType ?? 'no content type'}) ${JSON.stringify(text.length > 160 ? `${text.slice(0, 120)}…<${text.length} bytes>` : text)}`;
  }
  const shop = req.headers.shop !== undefined ? ` Shop: ${req.headers.shop}` : '';
  return `${req.op.method} ${url.length > 200 ? `${url.slice(0, 160)}…<${url.length} chars>` : url}${shop} [token: ${req.auth}]${body ? ` body ${body}` : ''}`;
}

interface Stats {
  requests: number;
  byClass: Record<string, number>;
  ms: number;
}

/**
 * Sends the cases in order and judges each answer. A mutation that succeeds legitimately (sign-out,
 * a new location) is fine; a signed-out token is replaced so later cases still run as the employee.
 */
async function run(who: string, role: Role | null, caller: () => Caller, cases: FuzzRequest[], failures: Failure[], stats: Stats, rng: ReturnType<typeof createRng>) {
  for (const req of cases) {
    const answer = await send(req, role, rng);
    stats.requests += 1;
    const cls = `${Math.floor(answer.status / 100)}xx`;
    stats.byClass[cls] = (stats.byClass[cls] ?? 0) + 1;
    const problems = judge(req, caller(), answer);
    // `__proto__` / `constructor.prototype` members and query keys must not reach the server's objects.
    if (Object.prototype.hasOwnProperty.call(Object.prototype, 'isAdmin')) {
      problems.push('Object.prototype polluted');
      delete (Object.prototype as Record<string, unknown>).isAdmin;
    }
    // The base request with a valid token proves the suite really reaches the operation as this employee.
    if (req.label === 'base request' && req.auth === 'valid' && role && !req.op.public && /"code":"unauthenticated"/.test(answer.body)) {
      problems.push('the suite’s valid token was refused');
    }
    if (problems.length) {
      failures.push({ who, op: req.op.key, label: req.label, problems, request: describeRequest(req), status: answer.status, body: answer.body.slice(0, 300) });
    }
    if (role && req.auth === 'valid' && req.op.method !== 'GET' && answer.status < 300 && !(await tokenWorks(role.token))) {
      role.token = await mintToken(role.employeeId);
    }
  }
}

/** One line per operation and problem (with the first request that showed it), for the assertion message. */
function report(failures: Failure[]): string[] {
  const groups = new Map<string, { n: number; first: Failure }>();
  for (const f of failures) {
    for (const p of f.problems) {
      const key = `${f.op} — ${p.replace(/: .*/, '')}`;
      const g = groups.get(key);
      if (g) g.n += 1;
      else groups.set(key, { n: 1, first: f });
    }
  }
  return [...groups.entries()].map(
    ([key, { n, first }]) => `[FUZZ_SEED=${seed}] ${key} (${n}×), e.g. as ${first.who}, ${first.label}: ${first.request} → ${first.status} ${first.body}`,
  );
}

function printStats(who: string, stats: Stats) {
  const classes = Object.entries(stats.byClass)
    .sort()
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  process.stdout.write(`fuzz [seed ${seed}] ${who}: ${stats.requests} requests (${classes}) in ${(stats.ms / 1000).toFixed(1)} s\n`);
}

beforeAll(async () => {
  app = await buildTestApp();
  const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
  doc = res.json();
  ops = operationsOf(doc);
  quota.shares = ops.length * runs;
  image = await makeImage('png', 40, 30);
  for (const name of Object.keys(demoPhones) as RoleName[]) {
    const { token, profile } = await login(app, demoPhones[name]);
    const revoked = (await login(app, demoPhones[name])).token;
    const out = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: authHeaders(revoked) });
    if (out.statusCode !== 200) throw new Error(`logout: ${out.statusCode} ${out.body}`);
    roles[name] = {
      name,
      employeeId: profile.id,
      token,
      revokedToken: revoked,
      rules: profile.role.rules,
      allowed: profile.locations.map((l) => l.id.toLowerCase()),
    };
  }
  // One image in every demo location: images are ids a foreign employee must not reach either.
  for (const id of roles.owner.allowed) {
    const up = await uploadImage(app, roles.owner.token, id, image);
    if (up.statusCode !== 201) throw new Error(`image upload: ${up.statusCode} ${up.body}`);
  }
}, 120_000);
afterAll(() => {
  process.stdout.write(`fuzz [seed ${seed}]: ${quota.sent} requests in all (bound FUZZ_REQUESTS=${maxRequests}; priority cases left out: ${quota.droppedPriority})\n`);
  return app?.close();
});

describe('fuzz over the OpenAPI document', () => {
  it('reads operations from the route table, with the rule each route declares', () => {
    expect(ops.length).toBeGreaterThan(10);
    const byKey = Object.fromEntries(ops.map((o) => [o.key, o]));
    expect(byKey['POST /api/location/']?.rule).toBe('create:location');
    expect(byKey['POST /api/auth/login']?.public).toBe(true);
    expect(byKey['POST /api/location/images']?.consumes).toContain('multipart/form-data');
  });

  it('without a valid token: no operation but the public ones answers 2xx; public ones survive every mutation', async () => {
    const failures: Failure[] = [];
    const stats: Stats = { requests: 0, byClass: {}, ms: 0 };
    const started = Date.now();
    const { locations: locs, images, published } = await world();
    const everything = [...locs, ...images.map((i) => i.id)].map((id) => id.toLowerCase());
    // Nobody is signed in: every location and image is foreign.
    const caller = (): Caller => ({ rules: null, allowed: [], foreign: everything, published });
    for (const op of ops) {
      const rng = createRng(hashSeed(seed, 'anonymous', op.key));
      const ctx: MutationContext = { doc, rng, own: { location: roles.owner.allowed, image: images.map((i) => i.id) }, foreignLocation: null, foreignImage: null, image };
      const base = baseRequest(op, ctx, roles.owner.allowed[0]);
      const cases = op.public ? sample(mutationsOf({ ...base, auth: 'none' }, ctx), budget, rng).concat(authMutations(base)) : authMutations(base);
      await run('anonymous', null, caller, bounded(cases, rng), failures, stats, rng);
    }
    stats.ms = Date.now() - started;
    printStats('anonymous', stats);
    expect(report(failures)).toEqual([]);
  }, 600_000);

  // Employees with fewer locations first, while their foreign locations are as seeded; the owner,
  // who may delete locations, last. Within a role, deletes come after everything else.
  describe.each<RoleName>(['cashier', 'engineer', 'manager', 'owner'])('as the %s', (name) => {
    it('gets no 5xx, no success the rules forbid, no foreign id, no stack trace', async () => {
      const role = roles[name];
      const failures: Failure[] = [];
      const stats: Stats = { requests: 0, byClass: {}, ms: 0 };
      const started = Date.now();
      // Locations created earlier (by the manager, for the owner) are the employee's too.
      const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: authHeaders(role.token) });
      role.allowed = (me.json() as Profile).locations.map((l) => l.id.toLowerCase());
      const before = await world();
      const foreignLocations = before.locations.filter((id) => !role.allowed.includes(id));
      const foreignImages = before.images.filter((i) => foreignLocations.includes(i.locationId)).map((i) => i.id);
      const foreign = [...foreignLocations, ...foreignImages];
      const snapshot = foreignLocations.length ? await foreignState(foreignLocations) : '';
      // Ids the employee may use grow as the fuzz creates locations and images: read them per operation.
      const caller = (): Caller => ({ rules: role.rules, allowed: role.allowed, foreign, published: before.published });
      const ordered = [...ops.filter((o) => o.method !== 'DELETE'), ...ops.filter((o) => o.method === 'DELETE')];
      for (const op of ordered) {
        const rng = createRng(hashSeed(seed, name, op.key));
        const now = await world();
        const own = {
          location: role.allowed.filter((id) => now.locations.includes(id)),
          image: now.images.filter((i) => role.allowed.includes(i.locationId)).map((i) => i.id),
        };
        const ctx: MutationContext = {
          doc,
          rng,
          own,
          foreignLocation: foreignLocations.length ? rng.pick(foreignLocations) : null,
          foreignImage: foreignImages.length ? rng.pick(foreignImages) : null,
          image,
        };
        const base = baseRequest(op, ctx, own.location[0] ?? null);
        // An operation the role may not use stops at the access check: a few cases show that none slips past it.
        const refused = op.rule !== null && !hasRule(role.rules, op.rule as RequiredRule);
        const cases = op.public ? [base] : refused ? sample(mutationsOf(base, ctx), 12, rng, true) : sample(mutationsOf(base, ctx), budget, rng);
        await run(name, role, caller, bounded(cases, rng), failures, stats, rng);
      }
      stats.ms = Date.now() - started;
      printStats(name, stats);
      const problems = report(failures);
      if (foreign.length) {
        // What the answers cannot show: nothing the employee did touched a foreign location.
        const touched = await app.db
          .select({ entity: auditLog.entity, entityId: auditLog.entityId, action: auditLog.action, locationId: auditLog.locationId, employeeId: auditLog.employeeId })
          .from(auditLog)
          .where(inArray(auditLog.employeeId, [role.employeeId]));
        for (const row of touched) {
          if ((row.locationId && foreign.includes(row.locationId)) || (row.entityId && foreign.includes(row.entityId))) {
            problems.push(`[FUZZ_SEED=${seed}] audit row of ${name} on a foreign location: ${JSON.stringify(row)}`);
          }
        }
        const after = await foreignState(foreignLocations);
        if (after !== snapshot) problems.push(`[FUZZ_SEED=${seed}] a foreign location changed while fuzzing as ${name}: ${snapshot} → ${after}`);
      }
      expect(problems).toEqual([]);
    }, 600_000);
  });
});

/** The stored state of some locations and their images, as one comparable string. */
async function foreignState(ids: string[]): Promise<string> {
  const locs = await app.db
    .select({ id: locations.id, name: locations.name, address: locations.address, phone: locations.phone, workingHours: locations.workingHours, updatedAt: locations.updatedAt })
    .from(locations)
    .where(inArray(locations.id, ids));
  const imgs = await app.db.select({ id: locationImages.id, locationId: locationImages.locationId }).from(locationImages).where(inArray(locationImages.locationId, ids));
  const sort = <T extends { id: string }>(rows: T[]) => [...rows].sort((a, b) => a.id.localeCompare(b.id));
  return JSON.stringify({ locations: sort(locs), images: sort(imgs) });
}
