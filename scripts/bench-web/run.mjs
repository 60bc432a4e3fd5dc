#!/usr/bin/env node
/* global window, history, location, document, dispatchEvent, PopStateEvent -- used inside page.evaluate / waitForFunction callbacks */
// `pnpm bench:web`: what staff on a slow shop connection download and wait for.
//
// 1. Builds the product (scripts/build.mjs, skipped when unchanged) into $BENCH_DIR/dist, and a
//    MONOLITH of the same host + areas without Module Federation (webpack.monolith.cjs) into
//    $BENCH_DIR/mono; both precompressed like a release build.
// 2. Starts one API server per build (node --import tsx server/src/server.ts, temp DATA_DIR).
// 3. In Chromium, with CDP throttling (1.6 Mbit/s down, 750 kbit/s up, 150 ms RTT) and a cold cache:
//    - login:   /login until the sign-in form is visible; JS bytes transferred (encoded);
//    - visit:   sign in, wait for the main page, then open the area screen in the app (the first visit
//               of the area after signing in): bytes and time until its content shows;
//    - reload:  after the visit, a reload of the area's page (warm cache): time until its content, and
//               every request that went over the network; anything but the document, /remotes.json and
//               /api/* (or a 304 revalidation) is flagged;
//    - deep:    a signed-in cold load of the area's URL (a bookmark): bytes and time until its content.
//    Before the visit the page is left until its network is quiet (the host's idle prefetch of the areas
//    happens then, and its bytes count in the sign-in phase).
//    Each measurement runs --runs times (default 5); medians are printed, with federated/monolith ratios.
//
//   node scripts/bench-web/run.mjs [--runs 5] [--areas /stock/leftovers,/clients] [--no-build] [--only fed|mono]
//   env: BENCH_DIR (default /tmp/bench-web), CHROMIUM_PATH, BENCH_PORT (default 3310; mono uses +1),
//        BENCH_IDENTITY=1 (request everything uncompressed: the figures before precompression),
//        BENCH_VERBOSE=1 (list each request of the login / sign-in / visit phases),
//        BENCH_SERVER_DIR (another checkout's server/ folder, default <repo>/server),
//        BENCH_SAVE_DATA=1 (the page reports navigator.connection.saveData: the host does not prefetch)
// Not part of `pnpm test`. Results also go to $BENCH_DIR/results.json.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { precompressDir } from '../precompress.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');
const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i === -1 ? dflt : args[i + 1];
};
const runs = Number(opt('runs', process.env.BENCH_RUNS ?? 5));
const areaPaths = String(opt('areas', '/stock/leftovers,/sales/list')).split(',').filter(Boolean);
const noBuild = args.includes('--no-build');
const only = opt('only', null);
const benchDir = path.resolve(process.env.BENCH_DIR || path.join(os.tmpdir(), 'bench-web'));
const fedDist = path.join(benchDir, 'dist');
const monoDist = path.join(benchDir, 'mono');
const basePort = Number(process.env.BENCH_PORT || 3310);

/** CDP Network.emulateNetworkConditions: throughput in bytes per second. */
export const network = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1000 * 1000) / 8,
  uploadThroughput: (750 * 1000) / 8,
};
const launchArgs = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];
const demo = { phone: '9000000001', password: 'demo1234' };

/** Ready checks, evaluated in the page on every frame. The area check accepts a real screen too. */
const READY = {
  login: `(() => { const pw = document.querySelector('input[type="password"]'); const btn = [...document.querySelectorAll('button')].find((b) => /Войти/.test(b.textContent || '')); return !!pw && !!btn && vis(pw) && vis(btn); })()`,
  main: `(() => { const el = document.querySelector('[data-testid="location-switcher"]'); return !!el && vis(el); })()`,
  area: `(() => { const el = document.querySelector(${JSON.stringify(process.env.BENCH_AREA_READY || '[data-testid="screen-not-built"], [data-testid="area-screen"], .ant-table')}); return !!el && vis(el); })()`,
  failed: `(() => /Раздел временно недоступен/.test(document.body ? document.body.innerText : ''))()`,
};

/** Init script: on every frame, notes the first time (ms since navigation start) each check holds. */
const markerScript = `(() => {
  const vis = (el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden'; };
  const checks = { ${Object.entries(READY)
    .map(([k, v]) => `${k}: () => { try { return ${v}; } catch { return false; } }`)
    .join(', ')} };
  window.__bench = { marks: {}, reset(name) { delete this.marks[name]; } };
  const tick = () => {
    for (const [name, check] of Object.entries(checks)) if (window.__bench.marks[name] === undefined && check()) window.__bench.marks[name] = performance.now();
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  setInterval(() => { for (const [name, check] of Object.entries(checks)) if (window.__bench.marks[name] === undefined && check()) window.__bench.marks[name] = performance.now(); }, 20);
})();`;

function log(...a) {
  console.log(...a);
}

function run(cmd, cmdArgs, options = {}) {
  const r = spawnSync(cmd, cmdArgs, { stdio: 'inherit', ...options });
  if (r.status !== 0) throw new Error(`${cmd} ${cmdArgs.join(' ')} failed (exit ${r.status})`);
}

// ---------------------------------------------------------------- builds

const monoFetchShim = `(function(){var f=window.fetch;window.fetch=function(i,o){var u=typeof i==='string'?i:(i&&i.url)||String(i);if(/\\/mfe\\//.test(u)){var j=/\\.json(\\?|$)/.test(u);return Promise.resolve(new Response(j?'{}':'',{status:200,headers:{'Content-Type':j?'application/json':'application/javascript'}}));}return f.apply(this,arguments);};})();`;

function buildFederated() {
  if (noBuild && fs.existsSync(path.join(fedDist, 'host', 'index.html'))) return log(`[bench] reusing ${fedDist}`);
  log(`[bench] building the product into ${fedDist} (skipped per bundle when unchanged)`);
  run(process.execPath, [path.join(repoRoot, 'scripts/build.mjs')], { env: { ...process.env, DIST_DIR: fedDist } });
}

async function buildMonolith() {
  const out = path.join(monoDist, 'host');
  if (!(noBuild && fs.existsSync(path.join(out, 'index.html')))) {
    log(`[bench] building the monolith (host + areas, no federation) into ${out}`);
    const hostRequire = createRequire(path.join(repoRoot, 'host', 'package.json'));
    const webpack = hostRequire('webpack');
    process.env.BENCH_MONO_OUT = out;
    const factory = hostRequire(path.join(here, 'webpack.monolith.cjs'));
    const stats = await new Promise((resolve, reject) => {
      const compiler = webpack(factory({}, { mode: 'production' }));
      compiler.run((err, s) => (err ? reject(err) : compiler.close(() => resolve(s))));
    });
    if (stats.hasErrors()) throw new Error(`monolith build failed:\n${stats.toString('errors-only')}`);
    // The host's loader downloads a remote's entry and manifest before loading it; the monolith has
    // no remote files, so the page answers those fetches itself (no network, no cost to the monolith).
    // Put at the top of main.js, not inline in the page: the CSP (script-src 'self') blocks inline scripts.
    const mainJs = path.join(out, 'main.js');
    fs.writeFileSync(mainJs, `${monoFetchShim}\n${fs.readFileSync(mainJs, 'utf8')}`);
    await precompressDir(out);
  } else log(`[bench] reusing ${out}`);
  // The monolith still fetches /remotes.json (menus and route metadata come from it): same file.
  fs.copyFileSync(path.join(fedDist, 'remotes.json'), path.join(monoDist, 'remotes.json'));
  // The server's release registry reads the version folders (area.json, release.json) to serve
  // /remotes.json: it sees the same ones; the page itself never downloads them (monoFetchShim).
  const mfeLink = path.join(monoDist, 'mfe');
  fs.rmSync(mfeLink, { recursive: true, force: true });
  fs.symlinkSync(path.join(fedDist, 'mfe'), mfeLink, 'dir');
}

// ---------------------------------------------------------------- server

async function startServer(distDir, port, label) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-web-data-${label}-`));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: process.env.BENCH_SERVER_DIR || path.join(repoRoot, 'server'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DIST_DIR: distDir,
      REMOTES_MANIFEST: path.join(distDir, 'remotes.json'),
      DATABASE_URL: '',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${label} server exited (${child.exitCode})`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${label} server did not start`);
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => {
          const t = setTimeout(() => {
            child.kill('SIGKILL');
            r();
          }, 10_000);
          child.once('exit', () => {
            clearTimeout(t);
            r();
          });
        });
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// ---------------------------------------------------------------- browser

function loadPlaywright() {
  const req = createRequire(path.join(repoRoot, 'e2e', 'package.json'));
  try {
    return req('@playwright/test');
  } catch {
    return req('playwright-core');
  }
}

function chromiumPath() {
  const found = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean).find((p) => fs.existsSync(p));
  if (!found) throw new Error('Chromium не найден: установите его (apt-get install -y chromium) или укажите CHROMIUM_PATH');
  return found;
}

/** JavaScript: script tags and chunks, and entries the loader fetches before running them. */
const isJs = (r) => r.type === 'Script' || /\.m?js(\?|$)/.test(r.url.split('#')[0]);

/** A cold, throttled page whose network traffic is tallied per phase. */
async function openPage(browser, baseURL, storageState) {
  const context = await browser.newContext({ baseURL, storageState, locale: 'ru-RU', viewport: { width: 1440, height: 900 }, reducedMotion: 'reduce' });
  await context.addInitScript(markerScript);
  if (process.env.BENCH_SAVE_DATA === '1') {
    await context.addInitScript(`Object.defineProperty(navigator, 'connection', { configurable: true, value: { saveData: true, effectiveType: '3g', addEventListener() {}, removeEventListener() {} } });`);
  }
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Network.emulateNetworkConditions', network);
  // BENCH_IDENTITY=1: ask for uncompressed responses (the figures before precompression).
  if (process.env.BENCH_IDENTITY === '1') await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': 'identity' } });
  const requests = new Map();
  const inflight = new Set();
  let lastActivity = Date.now();
  const tally = { phase: 'start' };
  cdp.on('Network.requestWillBeSent', (e) => {
    lastActivity = Date.now();
    inflight.add(e.requestId);
    // A redirect reuses the id: keep the first record.
    if (!requests.has(e.requestId)) requests.set(e.requestId, { phase: tally.phase, url: e.request.url, type: e.type, bytes: 0, fromCache: false, status: 0, priority: e.request.initialPriority });
  });
  cdp.on('Network.requestServedFromCache', (e) => {
    const r = requests.get(e.requestId);
    if (r) r.fromCache = true;
  });
  cdp.on('Network.responseReceived', (e) => {
    const r = requests.get(e.requestId);
    if (r) {
      r.type = e.type;
      r.status = e.response.status;
      if (e.response.fromDiskCache || e.response.fromPrefetchCache || e.response.fromServiceWorker) r.fromCache = true;
      r.encoding = e.response.headers['content-encoding'] || e.response.headers['Content-Encoding'] || '';
    }
  });
  const done = (e) => {
    lastActivity = Date.now();
    inflight.delete(e.requestId);
  };
  cdp.on('Network.loadingFinished', (e) => {
    done(e);
    const r = requests.get(e.requestId);
    if (r) r.bytes = e.encodedDataLength;
  });
  cdp.on('Network.loadingFailed', done);
  /** Resolves once no request has been in flight for `ms` (the page's own network idle, prefetch included). */
  const quiet = async (ms = 1000, timeout = 30_000) => {
    const deadline = Date.now() + timeout;
    while (Date.now() < deadline) {
      if (inflight.size === 0 && Date.now() - lastActivity >= ms) return true;
      await new Promise((r) => setTimeout(r, 50));
    }
    return false;
  };
  const bytes = (phase, filter = isJs) =>
    [...requests.values()].filter((r) => r.phase === phase && filter(r)).reduce((s, r) => s + r.bytes, 0);
  const list = (phase) => [...requests.values()].filter((r) => r.phase === phase);
  return { context, page, tally, bytes, list, quiet };
}

async function waitMark(page, name, timeout = 60_000) {
  try {
    const handle = await page.waitForFunction((n) => window.__bench?.marks[n] !== undefined || window.__bench?.marks.failed !== undefined, name, { timeout, polling: 50 });
    await handle.dispose();
  } catch (e) {
    const seen = await page.evaluate(() => ({ url: location.pathname, marks: window.__bench?.marks, text: document.body?.innerText.slice(0, 160) })).catch(() => null);
    throw new Error(`no «${name}» within ${timeout} ms: ${JSON.stringify(seen)}`, { cause: e });
  }
  const marks = await page.evaluate(() => window.__bench.marks);
  if (marks[name] === undefined) throw new Error(`«Раздел временно недоступен» shown instead of ${name}`);
  return marks[name];
}

async function signInState(browser, baseURL) {
  const context = await browser.newContext({ baseURL, locale: 'ru-RU' });
  const page = await context.newPage();
  await signIn(page);
  await page.waitForSelector('[data-testid="location-switcher"]', { timeout: 60_000 });
  const state = await context.storageState();
  await context.close();
  return state;
}

async function signIn(page) {
  await page.goto('/login');
  await page.getByLabel('Телефон').fill(demo.phone);
  await page.getByLabel('Пароль').fill(demo.password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 60_000 });
}

/** /login cold, sign in, main page, then the area opened inside the app. */
async function measureLoginAndVisit(browser, baseURL, areaPath) {
  const p = await openPage(browser, baseURL);
  try {
    p.tally.phase = 'login';
    await p.page.goto('/login', { waitUntil: 'commit' });
    const loginMs = await waitMark(p.page, 'login');
    await p.page.waitForLoadState('load');
    const loginJs = p.bytes('login');
    const loginAll = p.bytes('login', () => true);
    p.tally.phase = 'signin';
    await p.page.getByLabel('Телефон').fill(demo.phone);
    await p.page.getByLabel('Пароль').fill(demo.password);
    const t0 = await p.page.evaluate(() => performance.now());
    await p.page.getByRole('button', { name: 'Войти' }).click();
    const mainMs = (await waitMark(p.page, 'main')) - t0;
    // Let the main page settle (its own lazy chunks, queries, and the host's idle prefetch of the areas)
    // before the area visit starts.
    await p.page.waitForLoadState('networkidle').catch(() => undefined);
    await p.quiet(1500);
    const signinJs = p.bytes('signin');
    const signinAll = p.bytes('signin', () => true);
    const prefetched = p.list('signin').filter((r) => /\/mfe\//.test(r.url)).length;
    p.tally.phase = 'visit';
    const t1 = await p.page.evaluate((url) => {
      window.__bench.reset('area');
      const t = performance.now();
      history.pushState(null, '', url);
      dispatchEvent(new PopStateEvent('popstate'));
      return t;
    }, areaPath);
    const visitMs = (await waitMark(p.page, 'area')) - t1;
    await p.page.waitForLoadState('networkidle').catch(() => undefined);
    await p.quiet(1000);
    const visitJs = p.bytes('visit');
    const visitAll = p.bytes('visit', () => true);
    // A repeat visit: the page reloaded with a warm cache.
    p.tally.phase = 'reload';
    await p.page.reload({ waitUntil: 'commit' });
    const reloadMs = await waitMark(p.page, 'area');
    await p.quiet(1000);
    const overNetwork = p.list('reload').filter((r) => !r.fromCache && !/^(data|blob):/.test(r.url));
    const unexpected = overNetwork.filter((r) => !isAllowedOnReload(r, baseURL));
    if (process.env.BENCH_VERBOSE === '1') {
      for (const phase of ['login', 'signin', 'visit', 'reload']) {
        log(`  [${phase}] ${p.list(phase).map((r) => `${r.url.replace(baseURL, '')} ${r.bytes}${r.encoding ? ` ${r.encoding}` : ''}${r.fromCache ? ' (cache)' : ''}${r.priority ? ` ${r.priority}` : ''}`).join('\n           ')}`);
      }
    }
    return {
      loginMs, loginJs, loginAll, mainMs, signinJs, signinAll, prefetched, visitMs, visitJs, visitAll,
      reloadMs, reloadRequests: overNetwork.length, reloadUnexpected: unexpected.length,
      reloadList: overNetwork.map((r) => `${r.url.replace(baseURL, '')}${r.status === 304 ? ' (304)' : ''}${isAllowedOnReload(r, baseURL) ? '' : ' UNEXPECTED'}`),
    };
  } finally {
    await p.context.close();
  }
}

/** On a warm reload only these may go over the network: the document, /remotes.json and the API. */
function isAllowedOnReload(r, baseURL) {
  if (r.type === 'Document') return true;
  const u = r.url.startsWith(baseURL) ? r.url.slice(baseURL.length) : r.url;
  return /^\/remotes\.json(\?|$)/.test(u) || /^\/api\//.test(u) || /^\/ws(\?|$)/.test(u);
}

/** A signed-in cold load of the area's URL. */
async function measureDeepLink(browser, baseURL, storageState, areaPath) {
  const p = await openPage(browser, baseURL, storageState);
  try {
    p.tally.phase = 'deep';
    await p.page.goto(areaPath, { waitUntil: 'commit' });
    const deepMs = await waitMark(p.page, 'area');
    await p.page.waitForLoadState('networkidle').catch(() => undefined);
    return { deepMs, deepJs: p.bytes('deep'), deepAll: p.bytes('deep', () => true) };
  } finally {
    await p.context.close();
  }
}

const median = (xs) => {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (!s.length) return NaN;
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

async function benchVariant(browser, label, baseURL) {
  log(`[bench] ${label}: ${baseURL}`);
  const state = await signInState(browser, baseURL);
  const samples = {};
  const push = (key, obj) => {
    for (const [k, v] of Object.entries(obj)) ((samples[key] ??= {})[k] ??= []).push(v);
  };
  for (let i = 0; i < runs; i++) {
    for (const areaPath of areaPaths) {
      try {
        push(areaPath, await measureLoginAndVisit(browser, baseURL, areaPath));
      } catch (e) {
        log(`[bench] ${label} ${areaPath} login/visit run ${i + 1} failed: ${e.message.split('\n')[0]}`);
        push(areaPath, { failures: 1 });
      }
      try {
        push(areaPath, await measureDeepLink(browser, baseURL, state, areaPath));
      } catch (e) {
        log(`[bench] ${label} ${areaPath} deep link run ${i + 1} failed: ${e.message.split('\n')[0]}`);
        push(areaPath, { failures: 1 });
      }
    }
    log(`[bench] ${label}: run ${i + 1}/${runs} done`);
  }
  const medians = {};
  for (const [areaPath, s] of Object.entries(samples)) {
    medians[areaPath] = Object.fromEntries(
      Object.entries(s).map(([k, v]) => [k, k === 'failures' ? v.length : k === 'reloadList' ? v[v.length - 1] : median(v)]),
    );
  }
  return { samples, medians };
}

const kb = (n) => (Number.isFinite(n) ? `${(n / 1024).toFixed(0)} KB` : '—');
const sec = (n) => (Number.isFinite(n) ? `${(n / 1000).toFixed(2)} s` : '—');
const count = (n) => (Number.isFinite(n) ? String(n) : '—');
const ratio = (a, b) => (Number.isFinite(a) && Number.isFinite(b) && b > 0 ? (a / b).toFixed(2) : '—');

function printTable(results) {
  const rows = [];
  const fed = results.federated?.medians ?? {};
  const mono = results.monolith?.medians ?? {};
  const metrics = [
    ['login', 'sign-in page: JS transferred', 'loginJs', kb],
    ['login', 'sign-in page: all bytes', 'loginAll', kb],
    ['login', 'sign-in page: form visible', 'loginMs', sec],
    ['signin', 'sign in -> main page shown', 'mainMs', sec],
    ['signin', 'sign in -> main page: JS (idle prefetch incl.)', 'signinJs', kb],
    ['signin', 'sign in -> main page: prefetched area files', 'prefetched', count],
    ['visit', 'first area visit (in app): JS', 'visitJs', kb],
    ['visit', 'first area visit (in app): content shown', 'visitMs', sec],
    ['reload', 'warm reload: content shown', 'reloadMs', sec],
    ['reload', 'warm reload: requests over the network', 'reloadRequests', count],
    ['reload', 'warm reload: unexpected requests', 'reloadUnexpected', count],
    ['deep', 'area URL, cold, signed in: JS', 'deepJs', kb],
    ['deep', 'area URL, cold, signed in: content shown', 'deepMs', sec],
  ];
  for (const areaPath of areaPaths) {
    for (const [, name, key, fmt] of metrics) {
      const f = fed[areaPath]?.[key];
      const m = mono[areaPath]?.[key];
      rows.push([areaPath, name, fmt(f), fmt(m), ratio(f, m)]);
    }
    const ff = fed[areaPath]?.failures ?? 0;
    const mf = mono[areaPath]?.failures ?? 0;
    if (ff || mf) rows.push([areaPath, 'failed runs', String(ff), String(mf), '']);
  }
  const head = ['area', `median of ${runs} (1.6 Mbit/s, 150 ms RTT, cold)`, 'federated', 'monolith', 'fed/mono'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (r) => `| ${r.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  console.log(`\n${line(head)}\n|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of rows) console.log(line(r));
  const loginJs = median(areaPaths.map((a) => fed[a]?.loginJs));
  const loginMs = median(areaPaths.map((a) => fed[a]?.loginMs));
  for (const areaPath of areaPaths) {
    for (const [label, res] of [['federated', fed[areaPath]], ['monolith', mono[areaPath]]]) {
      if (res?.reloadList) console.log(`\nwarm reload of ${areaPath} (${label}), over the network: ${res.reloadList.join(', ')}`);
    }
  }
  console.log(`\nTargets: sign-in JS ≤ 350 KB: ${kb(loginJs)} ${loginJs <= 350 * 1024 ? 'OK' : 'MISSED'}; ` +
    `sign-in shown < 3 s: ${sec(loginMs)} ${loginMs < 3000 ? 'OK' : 'MISSED'}; first area visit in app ≤ 1.15× monolith in time: ` +
    areaPaths.map((a) => {
      const r = fed[a]?.visitMs / mono[a]?.visitMs;
      return `${a} ${ratio(fed[a]?.visitMs, mono[a]?.visitMs)} ${r <= 1.15 ? 'OK' : Number.isFinite(r) ? 'MISSED' : ''} (bytes ${ratio(fed[a]?.visitJs, mono[a]?.visitJs)}; URL ${ratio(fed[a]?.deepJs, mono[a]?.deepJs)}/${ratio(fed[a]?.deepMs, mono[a]?.deepMs)})`;
    }).join('; ') +
    '; warm reload < 1 s, only document, /remotes.json, /api: ' +
    areaPaths.map((a) => {
      const f = fed[a];
      return `${a} ${sec(f?.reloadMs)} ${f?.reloadMs < 1000 ? 'OK' : Number.isFinite(f?.reloadMs) ? 'MISSED' : ''}, ${f?.reloadUnexpected ?? '—'} unexpected ${f?.reloadUnexpected === 0 ? 'OK' : Number.isFinite(f?.reloadUnexpected) ? 'MISSED' : ''}`;
    }).join('; '));
}

async function main() {
  fs.mkdirSync(benchDir, { recursive: true });
  buildFederated();
  if (only !== 'fed') await buildMonolith();
  const { chromium } = loadPlaywright();
  const browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: launchArgs });
  const results = { network, runs, areas: areaPaths, at: new Date().toISOString() };
  try {
    for (const [label, dist, port] of [
      ['federated', fedDist, basePort],
      ['monolith', monoDist, basePort + 1],
    ]) {
      if ((only === 'fed' && label !== 'federated') || (only === 'mono' && label !== 'monolith')) continue;
      const server = await startServer(dist, port, label);
      try {
        results[label] = await benchVariant(browser, label, server.url);
      } finally {
        await server.stop();
      }
    }
  } finally {
    await browser.close();
  }
  fs.writeFileSync(path.join(benchDir, 'results.json'), JSON.stringify(results, null, 2));
  printTable(results);
  console.log(`\n(raw samples: ${path.join(benchDir, 'results.json')})`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
