/**
 * `pnpm test:crash` — kill -9 of the real server in the middle of postings, then the truth about what
 * is on disk (server/docs/stock.md, «Crash safety»).
 *
 * Per engine (PGlite on a DATA_DIR by default; PostgreSQL with `--pg`, on a fresh database of
 * TEST_DATABASE_URL / DATABASE_URL; `--pg-only` skips PGlite) and per round (`--rounds N`, default 2,
 * on the same data):
 *  1. 50 sales (most are refused: the goods have 18 units, and write-offs compete for them), 20 stock documents (10 drafts posted,
 *     5 receipts and 5 write-offs created and posted) and 20 cash operations are all fired at once;
 *  2. once `--kill-after` calls are answered, whatever the status (default 15, 45, 75 in turn by round), the server gets SIGKILL; answers still arriving
 *     before it dies count as answered too;
 *  3. the server is started again on the same data (timed), takes a sale, and is stopped cleanly;
 *  4. the database is opened and checked: every ledger equals its balances, no document is
 *     half-posted, no number is used twice or skipped (per shop and series, above the counters
 *     before the first round), and every call answered 2xx before the kill is there, with its number.
 * Prints the figures; exits 1 on any failed check.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../src/db/client';
import { rowsOf } from '../../src/lib/sql';
import { createPostgresDatabase, dropPostgresDatabase } from '../helpers';
import { counterBaseline, failing, halfPosted, ledgerDrift, numbering, type Offenders } from '../ledgers';
import { call, randomPort, signIn, startServer, stopServer, type Answer, type ServerProcess } from '../server-processes';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const rounds = option('--rounds', 2);
/** Answers before the kill, per round in turn (`--kill-after 15,45,75`): early, middle and late in the burst. */
const killAfterList = (args.includes('--kill-after') ? args[args.indexOf('--kill-after') + 1] : '15,45,75').split(',').map(Number);
const pgUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || '';
const engines: Array<'pglite' | 'postgres'> = [];
if (!args.includes('--pg-only')) engines.push('pglite');
if (args.includes('--pg') || args.includes('--pg-only')) {
  if (!pgUrl) {
    console.error('--pg needs TEST_DATABASE_URL or DATABASE_URL (a server where a database may be created)');
    process.exit(2);
  }
  engines.push('postgres');
}

const owner = '+79000000001';
type Kind = 'sale' | 'stock' | 'cash';
interface Answered {
  kind: Kind;
  id: string;
  number: string;
  /** Answered before the kill signal was sent (else: after it, before the process died). */
  beforeKill: boolean;
}

interface Fixture {
  shop: string;
  warehouseId: string;
  cash: string;
  card: string;
  income: string;
  expense: string;
  /** Sold in the burst (and written off): 18 units for 50 sales, so many are refused with 409. */
  goods: Array<{ id: string; price: number }>;
  /** Received in the burst (the drafts and the new receipts). */
  received: string[];
  client: string;
}

const must = (res: Answer, status: number, what: string) => {
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};

async function setUp(base: string, token: string): Promise<Fixture> {
  const shop = (await call(base, 'GET', '/api/location', { token })).body[0]._id as string;
  const opts = { token, shop };
  const warehouseId = (must(await call(base, 'GET', `/api/stock/warehouses?locationId=${shop}`, opts), 200, 'warehouses') as Array<{ id: string; isDefault: boolean }>).find(
    (w) => w.isDefault,
  )!.id;
  const boxes = must(await call(base, 'GET', `/api/finance/cashboxes?locationId=${shop}`, opts), 200, 'cashboxes') as Array<{ id: string; kind: string; isDefault: boolean }>;
  const categories = must(await call(base, 'GET', '/api/finance/categories', opts), 200, 'categories') as Array<{ id: string; kind: string; code?: string | null; archived?: boolean }>;
  const category = (kind: string) => categories.find((c) => c.kind === kind && !c.code && !c.archived)!.id;
  const goods: Fixture['goods'] = [];
  for (const [i, price] of [5_000, 7_000, 9_000].entries()) {
    goods.push({ id: must(await call(base, 'POST', '/api/catalog/products', { ...opts, body: { name: `Проверка kill -9, товар ${i}`, price } }), 201, 'product').id, price });
  }
  const received: string[] = [];
  for (let i = 0; i < 3; i++) {
    received.push(must(await call(base, 'POST', '/api/catalog/products', { ...opts, body: { name: `Проверка kill -9, приход ${i}`, price: 3_000 } }), 201, 'product').id);
  }
  const client = must(await call(base, 'POST', '/api/clients', { ...opts, body: { name: 'Покупатель kill -9', phones: ['+79007654321'] } }), 201, 'client').id as string;
  return {
    shop,
    warehouseId,
    cash: boxes.find((b) => b.kind === 'cash' && b.isDefault)!.id,
    card: boxes.find((b) => b.kind !== 'cash')!.id,
    income: category('income'),
    expense: category('expense'),
    goods,
    received,
    client,
  };
}

/**
 * Before each burst: the sold goods get 8, 6 and 4 units (18 for 50 sales), and 10 receipt drafts of three
 * lines are made (posted in the burst).
 */
async function prepareRound(base: string, token: string, f: Fixture, round: number): Promise<string[]> {
  for (const [i, qty] of [8, 6, 4].entries()) {
    const receipt = must(await call(base, 'POST', '/api/stock/receipts', { token, shop: f.shop, body: { warehouseId: f.warehouseId, lines: [{ productId: f.goods[i].id, qty, cost: 2_000 + round * 10 + i }] } }), 201, 'receipt');
    must(await call(base, 'POST', `/api/stock/receipts/${receipt.id}/post`, { token, shop: f.shop }), 200, 'receipt post');
  }
  const ids: string[] = [];
  for (let d = 0; d < 10; d++) {
    const lines = f.received.map((productId, i) => ({ productId, qty: 1 + ((d + i) % 3), cost: 2_000 + round * 100 + d * 7 + i }));
    ids.push(must(await call(base, 'POST', '/api/stock/receipts', { token, shop: f.shop, body: { warehouseId: f.warehouseId, lines } }), 201, 'draft').id);
  }
  return ids;
}

interface Burst {
  answered: Answered[];
  refused: Record<number, number>;
  failed: number;
  fired: number;
  killedAtMs: number;
  /** The burst's window (the server runs on this machine: one clock). */
  from: Date;
  to: Date;
}

/** Fires everything at once and kills the server with SIGKILL once `killAfter` calls are answered (any status). */
async function burst(server: ServerProcess, token: string, f: Fixture, drafts: string[], killAfter: number): Promise<Burst> {
  const { base } = server;
  const opts = { token, shop: f.shop };
  const answered: Answered[] = [];
  const refused: Record<number, number> = {};
  let failed = 0;
  let killed = false;
  const started = Date.now();
  let killedAtMs = 0;
  const from = new Date(started - 1_000);
  let replies = 0;
  const note = (kind: Kind, res: Answer) => {
    if (res.status >= 200 && res.status < 300) answered.push({ kind, id: res.body.id, number: res.body.number, beforeKill: !killed });
    else refused[res.status] = (refused[res.status] ?? 0) + 1;
    if (!killed && ++replies >= killAfter) {
      killed = true;
      killedAtMs = Date.now() - started;
      server.child.kill('SIGKILL');
    }
  };
  const fire = (kind: Kind, run: () => Promise<Answer>) =>
    run().then(
      (res) => note(kind, res),
      () => void failed++, // no answer: the process died first
    );
  const calls: Array<Promise<void>> = [];
  for (let i = 0; i < 50; i++) {
    const g = f.goods[i % 3];
    const body = {
      warehouseId: f.warehouseId,
      lines: [{ productId: g.id, qty: 1 }],
      payments: i % 2 ? [{ method: 'cash', cashboxId: f.cash, amount: g.price }] : [{ method: 'card', cashboxId: f.card, amount: g.price - 1_000 }, { method: 'cash', cashboxId: f.cash, amount: 1_000 }],
      ...(i % 4 === 0 ? { clientId: f.client } : {}),
      post: true,
    };
    calls.push(fire('sale', () => call(base, 'POST', '/api/sales', { ...opts, body })));
  }
  for (const id of drafts) calls.push(fire('stock', () => call(base, 'POST', `/api/stock/receipts/${id}/post`, opts)));
  for (let i = 0; i < 10; i++) {
    const type = i % 2 ? 'write-offs' : 'receipts';
    const g = f.goods[i % 3];
    const line = type === 'receipts' ? { productId: f.received[i % 3], qty: 2, cost: 2_500 + i } : { productId: g.id, qty: 1 };
    calls.push(
      fire('stock', async () => {
        const created = await call(base, 'POST', `/api/stock/${type}`, { ...opts, body: { warehouseId: f.warehouseId, lines: [line], ...(type === 'write-offs' ? { reason: 'Брак' } : {}) } });
        if (created.status !== 201) return created;
        return call(base, 'POST', `/api/stock/${type}/${created.body.id}/post`, opts);
      }),
    );
  }
  for (let i = 0; i < 20; i++) {
    const kind = i % 2 ? 'expense' : 'income';
    const body = { kind, cashboxId: i % 4 < 2 ? f.cash : f.card, amount: 1_000 + i * 10, categoryId: kind === 'income' ? f.income : f.expense, comment: `kill -9, ${i}` };
    calls.push(fire('cash', () => call(base, 'POST', '/api/finance/operations', { ...opts, body })));
  }
  await Promise.all(calls);
  if (!killed) {
    killedAtMs = Date.now() - started;
    server.child.kill('SIGKILL'); // everything answered before the threshold: still a kill, reported as such
  }
  await new Promise((resolve) => (server.child.exitCode !== null || server.child.signalCode !== null ? resolve(null) : server.child.once('exit', resolve)));
  return { answered, refused, failed, fired: calls.length, killedAtMs, from, to: new Date(Date.now() + 1_000) };
}

/** Every answered call is in the database, posted, with the number it was answered with. */
async function missingAnswered(db: Awaited<ReturnType<typeof openDatabase>>['db'], answered: Answered[]): Promise<unknown[]> {
  const table = { sale: 'sales', stock: 'stock_documents', cash: 'cash_operations' } as const;
  const out: unknown[] = [];
  for (const a of answered) {
    const rows = rowsOf<{ status: string; number: string }>(await db.execute(sql`select status, number from ${sql.raw(table[a.kind])} where id = ${a.id}`));
    if (rows.length !== 1 || rows[0].status !== 'posted' || rows[0].number !== a.number) out.push({ ...a, found: rows[0] ?? null });
  }
  return out;
}

interface RoundReport {
  engine: string;
  round: number;
  fired: number;
  answeredBeforeKill: number;
  answeredAfterSignal: number;
  refused: string;
  noAnswer: number;
  killedAtMs: number;
  committedUnanswered: number;
  restartMs: number;
  failures: Offenders;
}

async function runEngine(engine: 'pglite' | 'postgres'): Promise<RoundReport[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crash-'));
  const dbName = `crash_${Date.now().toString(36)}_${process.pid}`;
  const databaseUrl = engine === 'postgres' ? await createPostgresDatabase(pgUrl, dbName) : null;
  const env = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '', DIST_DIR: '', SEED_DEMO: 'true' };
  const port = randomPort(47000);
  const open = () => openDatabase({ databaseUrl, dataDir });
  const reports: RoundReport[] = [];
  let server: ServerProcess | null = null;
  try {
    let t = Date.now();
    server = await startServer(port, env);
    console.log(`[${engine}] first start with migrations and the demo seed: ${((Date.now() - t) / 1000).toFixed(1)} s`);
    let token = await signIn(server.base, owner);
    const f = await setUp(server.base, token);
    expectExit(await stopServer(server), 0, 'clean stop');
    let db = await open();
    const baseline = await counterBaseline(db.db);
    const before = { ...failing(await ledgerDrift(db.db)), ...failing(await halfPosted(db.db)) };
    await db.close();
    if (Object.keys(before).length) throw new Error(`[${engine}] the invariants fail before any kill: ${JSON.stringify(before).slice(0, 2000)}`);
    server = await startServer(port, env);
    const allAnswered: Answered[] = [];
    for (let round = 1; round <= rounds; round++) {
      token = await signIn(server.base, owner);
      const drafts = await prepareRound(server.base, token, f, round);
      const b = await burst(server, token, f, drafts, killAfterList[(round - 1) % killAfterList.length]);
      allAnswered.push(...b.answered);
      t = Date.now();
      server = await startServer(port, env);
      const restartMs = Date.now() - t;
      // The restarted server works: a sale goes through (or is refused for stock, not for a broken database).
      token = await signIn(server.base, owner);
      const after = await call(server.base, 'POST', '/api/sales', {
        token,
        shop: f.shop,
        body: { warehouseId: f.warehouseId, lines: [{ productId: f.goods[0].id, qty: 1 }], payments: [{ method: 'cash', cashboxId: f.cash, amount: f.goods[0].price }], post: true },
      });
      if (after.status !== 201 && after.status !== 409) throw new Error(`[${engine}] a sale after the restart: ${after.status} ${JSON.stringify(after.body)}`);
      expectExit(await stopServer(server), 0, 'clean stop after the restart');
      db = await open();
      const failures: Offenders = {
        ...failing(await ledgerDrift(db.db)),
        ...failing(await halfPosted(db.db)),
        ...failing(await numbering(db.db, baseline)),
      };
      const missing = await missingAnswered(db.db, allAnswered);
      if (missing.length) failures.answeredButMissing = missing;
      // Committed in the burst although their answer never arrived (the kill came between commit and reply).
      const [{ n }] = rowsOf<{ n: number }>(
        await db.db.execute(sql`select ((select count(*) from sales where status = 'posted' and posted_at between ${b.from} and ${b.to})
          + (select count(*) from stock_documents where status = 'posted' and posted_at between ${b.from} and ${b.to})
          + (select count(*) from cash_operations where status = 'posted' and comment like 'kill -9, %' and at between ${b.from} and ${b.to}))::int as n`),
      );
      await db.close();
      reports.push({
        engine,
        round,
        fired: b.fired,
        answeredBeforeKill: b.answered.filter((a) => a.beforeKill).length,
        answeredAfterSignal: b.answered.filter((a) => !a.beforeKill).length,
        refused: Object.entries(b.refused).map(([s, c]) => `${c}×${s}`).join(' ') || '—',
        noAnswer: b.failed,
        killedAtMs: b.killedAtMs,
        committedUnanswered: n - b.answered.length,
        restartMs,
        failures,
      });
      printRound(reports[reports.length - 1]);
      if (round < rounds) server = await startServer(port, env);
    }
  } finally {
    // A failed check or step must not leave a server running behind the script.
    if (server && server.child.exitCode === null && server.child.signalCode === null) await stopServer(server, 'SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl) await dropPostgresDatabase(pgUrl, dbName).catch(() => undefined);
  }
  return reports;
}

function expectExit(code: number | null, want: number, what: string) {
  if (code !== want) throw new Error(`${what}: exit code ${code}`);
}

function printRound(r: RoundReport) {
  const ok = Object.keys(r.failures).length === 0;
  console.log(
    `[${r.engine}] round ${r.round}: fired ${r.fired}; killed at ${r.killedAtMs} ms with ${r.answeredBeforeKill} answered 2xx` +
      ` (+${r.answeredAfterSignal} answered after the signal), refused ${r.refused}, no answer ${r.noAnswer};` +
      ` committed but unanswered ${r.committedUnanswered}; restart ${(r.restartMs / 1000).toFixed(1)} s; checks ${ok ? 'OK' : 'FAILED'}`,
  );
  if (!ok) console.log(JSON.stringify(r.failures, null, 2).slice(0, 4000));
}

async function main() {
  const started = Date.now();
  const reports: RoundReport[] = [];
  for (const engine of engines) reports.push(...(await runEngine(engine)));
  const failed = reports.filter((r) => Object.keys(r.failures).length > 0);
  console.log('');
  console.log('engine    round  answered(before/after signal)  refused        no answer  restart  checks');
  for (const r of reports) {
    console.log(
      `${r.engine.padEnd(9)} ${String(r.round).padStart(5)}  ${`${r.answeredBeforeKill}/${r.answeredAfterSignal}`.padStart(29)}  ${r.refused.padEnd(13)}  ${String(r.noAnswer).padStart(9)}  ${`${(r.restartMs / 1000).toFixed(1)} s`.padStart(7)}  ${Object.keys(r.failures).length ? `FAILED: ${Object.keys(r.failures).join(', ')}` : 'ledgers = balances, nothing half-posted, numbers without gaps or repeats, every answered call kept'}`,
    );
  }
  console.log(`\ntotal ${((Date.now() - started) / 1000).toFixed(1)} s; ${failed.length ? `${failed.length} round(s) FAILED` : 'all checks passed'}`);
  process.exit(failed.length ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
