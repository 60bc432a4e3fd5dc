// pnpm release / pnpm rollback against a fake API server, and the checks against broken builds.
// Builds one remote once (about 12 s). Run: node --test scripts/__tests__/
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { checkEntry, checkShared, consumedWithoutCopy } from '../release-lib/checks.mjs';
import { previousVersion } from '../release-lib/live.mjs';
import { repoRoot } from './repo-copy.mjs';

const area = process.env.RELEASE_TEST_AREA || 'shop-content';
const federationName = { stock: 'stock', 'sales-orders': 'salesOrders', 'crm-finance': 'crmFinance', 'shop-content': 'shopContent' }[area];
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'release-test-'));
const distDir = path.join(tmp, 'dist');
after(() => fs.rmSync(tmp, { recursive: true, force: true }));

function run(script, args, env = {}) {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(repoRoot, 'scripts', script), ...args],
      { cwd: repoRoot, env: { ...process.env, DIST_DIR: distDir, ...env }, encoding: 'utf8', timeout: 240_000 },
      (err, stdout, stderr) => resolve({ code: err ? (err.code ?? 1) : 0, out: `${stdout}\n${stderr}` }),
    );
  });
}

/** A stand-in for the API server: login, GET /api/releases, POST /api/releases/:area/activate. */
function fakeServer() {
  const state = { live: null, history: [], calls: [] };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      state.calls.push({ method: req.method, url: req.url, auth: req.headers.authorization ?? null, body: body ? JSON.parse(body) : null });
      const send = (status, doc) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(doc));
      };
      if (req.url === '/api/health') return send(200, { status: 'ok' });
      if (req.url === '/api/auth/login' && req.method === 'POST') {
        const { phone, password } = JSON.parse(body);
        if (phone !== '+79000000001' || password !== 'demo1234') return send(403, { message: 'Неверный телефон или пароль', code: 'bad_credentials' });
        return send(200, { token: 'test-token', profile: { name: 'Владелец Демо' } });
      }
      if (req.headers.authorization !== 'Bearer test-token') return send(403, { message: 'Нет входа', code: 'unauthenticated' });
      if (req.url === '/api/releases' && req.method === 'GET')
        return send(200, { areas: [{ area, live: state.live, lastGood: state.live, history: state.history, available: [], failures: [] }] });
      const m = /^\/api\/releases\/([^/]+)\/activate$/.exec(req.url ?? '');
      if (m && req.method === 'POST') {
        const { version } = JSON.parse(body);
        if (!fs.existsSync(path.join(distDir, 'mfe', m[1], version))) return send(404, { message: `Нет версии ${version}`, code: 'not_found' });
        state.live = version;
        state.history.unshift({ area: m[1], version, commit: null, builtAt: null, releasedBy: 'Владелец Демо', activatedAt: new Date().toISOString(), failures: 0 });
        return send(200, { area: m[1], live: version });
      }
      return send(404, { message: 'not found' });
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, state, url: `http://127.0.0.1:${server.address().port}` })));
}

let version;
let versionDir;
let api;

before(async () => {
  const r = await run('release.mjs', [area, '--dry-run']);
  assert.equal(r.code, 0, r.out);
  version = /version (\S+-[0-9a-f]{10})/.exec(r.out)?.[1];
  assert.ok(version, r.out);
  versionDir = path.join(distDir, 'mfe', area, version);
  api = await fakeServer();
});
after(() => api?.server.close());

/** A copy of the built version folder under another version id, broken by `breakIt`. */
function brokenCopy(name, breakIt) {
  const dir = path.join(distDir, 'mfe', area, `${version.split('-')[0]}-${name}`);
  fs.cpSync(versionDir, dir, { recursive: true });
  breakIt(dir);
  return dir;
}
const exposeChunk = (dir) => fs.readdirSync(dir).find((f) => f.startsWith('__federation_expose_routes'));

describe('the version folder', () => {
  test('holds the build output, release.json and (when area.ts exists) area.json', () => {
    const release = JSON.parse(fs.readFileSync(path.join(versionDir, 'release.json'), 'utf8'));
    assert.equal(release.version, version);
    assert.ok('commit' in release && 'builtAt' in release && 'builtBy' in release);
    assert.match(release.contentHash, /^[0-9a-f]{64}$/);
    const hasAreaTs = fs.existsSync(path.join(repoRoot, 'remotes', area, 'src/expose/area.ts'));
    assert.equal(fs.existsSync(path.join(versionDir, 'area.json')), hasAreaTs);
    if (hasAreaTs) assert.equal(JSON.parse(fs.readFileSync(path.join(versionDir, 'area.json'), 'utf8')).area, area);
  });
});

describe('checks', () => {
  test('a good build passes', async () => {
    const problems = await checkEntry(versionDir, federationName);
    assert.deepEqual(problems.filter((p) => p.level === 'error'), []);
  });

  test('a truncated chunk fails', async () => {
    const dir = brokenCopy('truncated', (d) => {
      const f = path.join(d, exposeChunk(d));
      fs.writeFileSync(f, fs.readFileSync(f, 'utf8').slice(0, 200));
    });
    const problems = await checkEntry(dir, federationName);
    assert.ok(problems.some((p) => p.level === 'error' && /does not parse/.test(p.en)), JSON.stringify(problems));
  });

  test('an entry that throws fails', async () => {
    const dir = brokenCopy('throws', (d) => fs.writeFileSync(path.join(d, 'remoteEntry.js'), "throw new Error('сломано');\n"));
    const problems = await checkEntry(dir, federationName);
    assert.ok(problems.some((p) => p.level === 'error' && /throws when it runs/.test(p.en)), JSON.stringify(problems));
  });

  test('a missing chunk fails', async () => {
    const dir = brokenCopy('missing', (d) => fs.rmSync(path.join(d, exposeChunk(d))));
    const problems = await checkEntry(dir, federationName);
    assert.ok(problems.some((p) => p.level === 'error' && /routes/.test(p.en)), JSON.stringify(problems));
  });

  test('an entry that defines another container fails', async () => {
    const problems = await checkEntry(versionDir, 'notThisOne');
    assert.ok(problems.some((p) => p.level === 'error' && /container "notThisOne"/.test(p.en)), JSON.stringify(problems));
  });

  test('shared singletons are compared with the live host build', () => {
    const hostDist = path.join(tmp, 'host-dist');
    const writeHost = (versions) => {
      fs.mkdirSync(path.join(hostDist, 'host'), { recursive: true });
      const entries = Object.entries(versions).map(([n, v]) => `${JSON.stringify(n)}:[{version:${JSON.stringify(v)},get:()=>1}]`);
      fs.writeFileSync(path.join(hostDist, 'host', 'main.js'), `var x={${entries.join(',')}};`);
    };
    const manifest = JSON.parse(fs.readFileSync(path.join(versionDir, 'mf-manifest.json'), 'utf8'));
    // What the host's main.js registers: the singletons, and the antd components it lends the remote.
    const lent = consumedWithoutCopy(versionDir);
    assert.ok(lent.length > 0 && lent.every((n) => n.startsWith('antd/es/')), `lent: ${lent.join(', ')}`);
    const own = { ...Object.fromEntries(lent.map((n) => [n, manifest.shared.find((s) => s.name === 'antd/es/config-provider/context').version])), ...Object.fromEntries(manifest.shared.map((s) => [s.name, s.version])) };
    writeHost(own);
    assert.deepEqual(checkShared(versionDir, hostDist).problems, []);

    writeHost({ ...own, react: '18.3.1' });
    assert.ok(checkShared(versionDir, hostDist).problems.some((p) => p.level === 'error' && /react 19\.\d+\.\d+ in the remote is incompatible with 18\.3\.1/.test(p.en)));

    writeHost({ ...own, '@repo/shared-core': '0.0.9' });
    assert.ok(checkShared(versionDir, hostDist).problems.some((p) => p.level === 'error' && /@repo\/shared-core/.test(p.en)));

    const hostWithout = { ...own };
    delete hostWithout[lent[0]];
    writeHost(hostWithout);
    assert.ok(checkShared(versionDir, hostDist).problems.some((p) => p.level === 'error' && p.en.includes(`takes ${lent[0]} from the host`)));

    const [maj, min, pat] = own.dayjs.split('.').map(Number);
    writeHost({ ...own, dayjs: `${maj}.${min}.${Math.max(0, pat - 1)}` });
    if (pat > 0) assert.ok(checkShared(versionDir, hostDist).problems.every((p) => p.level === 'warning'));
    void maj;
  });
});

describe('pnpm release / pnpm rollback through the API', () => {
  test('a failing check leaves the live version untouched', async () => {
    // The version folder of these very sources exists already but is broken: release does not rebuild it.
    const saved = path.join(tmp, 'saved');
    fs.cpSync(versionDir, saved, { recursive: true });
    fs.writeFileSync(path.join(versionDir, 'remoteEntry.js'), 'var broken = ;\n');
    try {
      api.state.calls.length = 0;
      const r = await run('release.mjs', [area], { RELEASE_URL: api.url });
      assert.equal(r.code, 1, r.out);
      assert.match(r.out, /не прошла проверки/);
      assert.match(r.out, /failed the checks/);
      assert.match(r.out, /The live version is unchanged/);
      assert.equal(api.state.calls.filter((c) => c.url.includes('/activate')).length, 0);
    } finally {
      fs.rmSync(versionDir, { recursive: true, force: true });
      fs.cpSync(saved, versionDir, { recursive: true });
    }
  });

  test('release makes the version live and prints who, when, commit and the time taken', async () => {
    api.state.live = `${version.split('-')[0]}-0000000000`;
    api.state.history = [{ area, version: api.state.live, commit: null, builtAt: null, releasedBy: null, activatedAt: new Date(0).toISOString(), failures: 0 }];
    const r = await run('release.mjs', [area], { RELEASE_URL: api.url });
    assert.equal(r.code, 0, r.out);
    const activation = api.state.calls.find((c) => c.url === `/api/releases/${area}/activate`);
    assert.deepEqual(activation?.body, { version });
    assert.equal(activation?.auth, 'Bearer test-token');
    assert.equal(api.state.live, version);
    for (const label of ['commit', 'by', 'when', 'took']) assert.match(r.out, new RegExp(`${label}:`));
  });

  test('rollback returns to the previous version in under 5 s, or to a named one', async () => {
    const previous = api.state.history[1].version;
    fs.cpSync(versionDir, path.join(distDir, 'mfe', area, previous), { recursive: true });
    const t0 = Date.now();
    const r = await run('rollback.mjs', [area], { RELEASE_URL: api.url });
    const ms = Date.now() - t0;
    assert.equal(r.code, 0, r.out);
    assert.equal(api.state.live, previous);
    assert.ok(ms < 5000, `rollback took ${ms} ms`);
    assert.match(r.out, /took:\s+\d+\.\d s/);

    const r2 = await run('rollback.mjs', [area, version], { RELEASE_URL: api.url });
    assert.equal(r2.code, 0, r2.out);
    assert.equal(api.state.live, version);
  });

  test('wrong credentials give a clear reason', async () => {
    const r = await run('rollback.mjs', [area], { RELEASE_URL: api.url, RELEASE_PASSWORD: 'wrong' });
    assert.equal(r.code, 1);
    assert.match(r.out, /RELEASE_PASSWORD/);
  });
});

describe('pnpm release / pnpm rollback through the server CLI when no server answers', () => {
  /** A stand-in for server/src/cli/releases.ts keeping its state in a JSON file. */
  function fakeCli() {
    const stateFile = path.join(tmp, 'cli-state.json');
    const file = path.join(tmp, 'fake-releases-cli.mjs');
    fs.writeFileSync(
      file,
      `import fs from 'node:fs';
const stateFile = ${JSON.stringify(stateFile)};
const s = JSON.parse(fs.readFileSync(stateFile, 'utf8'));
const [cmd, area, version] = process.argv.slice(2).filter((a, i, all) => !a.startsWith('--') && all[i - 1] !== '--by');
const by = process.argv[process.argv.indexOf('--by') + 1];
s.calls.push({ argv: process.argv.slice(2), dataDir: process.env.DATA_DIR, cwd: process.cwd() });
if (cmd === 'list') console.log('PGlite ready'), console.log(JSON.stringify({ areas: [{ area, live: s.live, history: s.history }] }, null, 2));
if (cmd === 'activate') { s.live = version; s.history.unshift({ area, version, releasedBy: by }); console.log('activated ' + area + ' ' + version); }
fs.writeFileSync(stateFile, JSON.stringify(s));
`,
    );
    return { file, stateFile, read: () => JSON.parse(fs.readFileSync(stateFile, 'utf8')) };
  }

  test('release activates through the CLI, rollback reads its list and goes back', async () => {
    const cli = fakeCli();
    const old = `${version.split('-')[0]}-1111111111`;
    fs.cpSync(versionDir, path.join(distDir, 'mfe', area, old), { recursive: true });
    fs.writeFileSync(cli.stateFile, JSON.stringify({ live: old, history: [{ area, version: old }], calls: [] }));
    // A port nobody listens on, and no RELEASE_URL: the CLI is used.
    const env = { RELEASE_URL: '', PORT: '1', RELEASE_CLI: cli.file, DATA_DIR: path.join(tmp, 'data') };
    const r = await run('release.mjs', [area], env);
    assert.equal(r.code, 0, r.out);
    let state = cli.read();
    assert.equal(state.live, version);
    const activation = state.calls.find((c) => c.argv[0] === 'activate');
    assert.deepEqual(activation.argv.slice(0, 4), ['activate', area, version, '--by']);
    assert.equal(activation.dataDir, path.join(tmp, 'data'));
    assert.equal(activation.cwd, path.join(repoRoot, 'server'));

    const t0 = Date.now();
    const rb = await run('rollback.mjs', [area], env);
    assert.equal(rb.code, 0, rb.out);
    assert.ok(Date.now() - t0 < 5000, `rollback through the CLI took ${Date.now() - t0} ms`);
    state = cli.read();
    assert.equal(state.live, old);
  });
});

test('previousVersion: the newest history entry that is not live', () => {
  const h = (...v) => v.map((version) => ({ version }));
  assert.equal(previousVersion({ live: 'b', history: h('b', 'a', 'b', 'c') }), 'a');
  assert.equal(previousVersion({ live: 'b', history: h('b') }), null);
  assert.equal(previousVersion({ live: null, history: [] }), null);
});
