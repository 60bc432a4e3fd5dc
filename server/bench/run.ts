/**
 * `pnpm bench`: figures only, no assertions. Runs the real app on in-memory PGlite (or on PostgreSQL
 * when DATABASE_URL is set) and prints login throughput, GET /api/location latency through inject,
 * WebSocket fan-out latency of a location change, and the process's memory.
 */
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';

const LOGINS = Number(process.env.BENCH_LOGINS ?? 40);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1000);
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 100);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const ms = (value: number) => `${value.toFixed(2)} ms`;
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function main() {
  const env = { ...process.env, DIST_DIR: '', LOG_LEVEL: 'error' };
  const config = loadConfig(env);
  if (!config.databaseUrl) config.dataDir = 'memory://';
  const rssStart = process.memoryUsage().rss;
  const app = await buildApp({ config, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  console.log(`database: ${config.databaseUrl ? 'PostgreSQL' : 'PGlite (in memory)'}; node ${process.version}`);
  console.log(`rss after start: ${mb(process.memoryUsage().rss)} (before build ${mb(rssStart)})`);

  const login = async (phone: string) => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { phone, password: 'demo1234' } });
    if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
    return res.json().token as string;
  };

  // 1. Login throughput (Argon2id verification dominates), 4 at a time.
  const started = performance.now();
  for (let i = 0; i < LOGINS; i += 4) await Promise.all([1, 2, 3, 4].map(() => login('+79000000001')));
  const elapsed = performance.now() - started;
  console.log(`login: ${LOGINS} in ${ms(elapsed)} → ${((LOGINS / elapsed) * 1000).toFixed(1)} logins/s`);

  // 2. GET /api/location latency through inject (auth + access + query + serialisation).
  const owner = await login('+79000000001');
  const headers = { authorization: `Bearer ${owner}` };
  const latencies: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const t = performance.now();
    const res = await app.inject({ method: 'GET', url: '/api/location', headers });
    if (res.statusCode !== 200) throw new Error(`GET /api/location: ${res.statusCode}`);
    latencies.push(performance.now() - t);
  }
  console.log(`GET /api/location ×${REQUESTS}: p50 ${ms(percentile(latencies, 50))}, p95 ${ms(percentile(latencies, 95))}, p99 ${ms(percentile(latencies, 99))}`);
  const locations = (await app.inject({ method: 'GET', url: '/api/location', headers })).json() as Array<{ id: string }>;

  // 3. WebSocket fan-out: time from the PATCH until every connected socket has the event.
  const engineer = await login('+79000000003');
  const sockets = await Promise.all(
    Array.from({ length: SOCKETS }, () => new Promise<WebSocket>((resolve, reject) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, { headers: { cookie: `token=${engineer}` } });
      ws.once('open', () => resolve(ws));
      ws.once('error', reject);
    })),
  );
  const fanout: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const arrivals = sockets.map((ws) => new Promise<void>((resolve) => ws.once('message', () => resolve())));
    const t = performance.now();
    const res = await app.inject({ method: 'PATCH', url: `/api/location/${locations[0].id}`, payload: { workingHours: `Раунд ${round}` }, headers });
    if (res.statusCode !== 200) throw new Error(`PATCH: ${res.statusCode} ${res.body}`);
    await Promise.all(arrivals);
    fanout.push(performance.now() - t);
  }
  console.log(`fan-out to ${SOCKETS} sockets ×${ROUNDS} (PATCH → last socket): p50 ${ms(percentile(fanout, 50))}, p95 ${ms(percentile(fanout, 95))}`);

  const usage = process.memoryUsage();
  console.log(`memory at end: rss ${mb(usage.rss)}, heap used ${mb(usage.heapUsed)}, external ${mb(usage.external)}`);
  for (const ws of sockets) ws.terminate();
  await app.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
