// Checks of one built version of a remote before it goes live (pnpm release):
//   1. every .js file of the version folder parses;
//   2. mf-manifest.json is there, names the container and lists the `./routes` expose;
//   3. remoteEntry.js, run in a Node `vm` context with minimal window/document stubs, defines the
//      container with `get` and `init`; `get('./routes')` loads the expose's chunks (the stub
//      "script tags" evaluate the files of the folder) and returns a factory; the factory's module
//      exports a `routes` array (a module that cannot run without a real browser is only a warning);
//   4. the singletons it shares (scripts/federation-shared.cjs) fit the live host's versions.
// Each problem comes with a Russian and an English sentence.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import { repoRoot } from './inputs.mjs';

const require = createRequire(import.meta.url);

/** @typedef {{ level: 'error' | 'warning', ru: string, en: string }} Problem */
const error = (ru, en) => ({ level: 'error', ru, en });
const warning = (ru, en) => ({ level: 'warning', ru, en });

function jsFiles(dir, base = dir) {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? jsFiles(path.join(dir, e.name), base) : e.name.endsWith('.js') ? [path.relative(base, path.join(dir, e.name))] : []));
}

// Errors thrown inside the vm context are not `instanceof Error` of this realm: read `message` directly.
const firstLine = (e) => String(e && typeof e === 'object' && 'message' in e ? e.message : e).split('\n')[0].slice(0, 300);

function withTimeout(promise, ms, what) {
  let timer;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what}: no answer in ${ms / 1000} s`)), ms);
    }),
  ]);
}

/** A browser-like global just big enough for a federation container and style-loader. */
function browserContext(dir) {
  const origin = 'http://release-check.invalid';
  const base = `${origin}/mfe/check/`;
  const sandbox = { console: { log() {}, info() {}, debug() {}, warn() {}, error() {} } };
  for (const k of ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'queueMicrotask', 'URL', 'URLSearchParams', 'TextEncoder', 'TextDecoder', 'AbortController'])
    sandbox[k] = globalThis[k];
  const ctx = vm.createContext(sandbox);
  sandbox.self = sandbox.window = sandbox.globalThis = ctx;
  const loaded = [];
  const failures = [];
  const runFile = (src) => {
    const rel = decodeURIComponent(new URL(src).pathname.replace('/mfe/check/', ''));
    const file = path.join(dir, rel);
    if (!file.startsWith(dir + path.sep) || !fs.existsSync(file)) throw new Error(`404 ${rel}`);
    loaded.push(rel);
    vm.runInContext(fs.readFileSync(file, 'utf8'), ctx, { filename: rel, timeout: 10_000 });
  };
  const element = (tag) => ({
    tagName: tag.toUpperCase(),
    attrs: {},
    childNodes: [],
    style: {},
    firstChild: null,
    setAttribute(k, v) {
      this.attrs[k] = String(v);
      if (k === 'src') this.src = String(v);
    },
    getAttribute(k) {
      return this.attrs[k] ?? null;
    },
    removeAttribute(k) {
      delete this.attrs[k];
    },
    appendChild(c) {
      this.childNodes.push(c);
      return c;
    },
    removeChild(c) {
      return c;
    },
    insertBefore(c) {
      return c;
    },
    addEventListener(type, fn) {
      this[`on${type}`] = fn;
    },
    removeEventListener() {},
  });
  const head = element('head');
  const attach = (el) => {
    if (el.tagName === 'SCRIPT' && el.src) {
      el.parentNode = head;
      setTimeout(() => {
        try {
          runFile(el.src);
          el.onload?.({ type: 'load', target: el });
        } catch (e) {
          failures.push(`${el.src.replace(base, '')}: ${firstLine(e)}`);
          el.onerror?.({ type: 'error', target: el });
        }
      }, 0);
    }
    return el;
  };
  head.appendChild = attach;
  head.insertBefore = attach;
  head.querySelectorAll = () => [];
  head.querySelector = () => null;
  head.contains = () => false;
  sandbox.document = {
    defaultView: ctx,
    currentScript: { ...element('script'), src: `${base}remoteEntry.js` },
    head,
    body: head,
    documentElement: head,
    createElement: element,
    createTextNode: (t) => ({ nodeValue: t }),
    getElementsByTagName: () => [],
    querySelectorAll: () => [],
    querySelector: (sel) => (sel === 'head' ? head : null),
    addEventListener() {},
    removeEventListener() {},
  };
  sandbox.location = { href: base, origin, protocol: 'http:', host: 'release-check.invalid', pathname: '/mfe/check/' };
  sandbox.navigator = { userAgent: 'release-check', language: 'ru' };
  sandbox.addEventListener = () => {};
  sandbox.removeEventListener = () => {};
  sandbox.matchMedia = () => ({ matches: false, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {} });
  return { ctx, loaded, failures, runEntry: () => runFile(`${base}remoteEntry.js`) };
}

/**
 * Checks that a version folder's entry loads and exposes ./routes.
 * @returns {Promise<Problem[]>}
 */
export async function checkEntry(dir, federationName) {
  const problems = [];
  for (const f of jsFiles(dir)) {
    try {
      new vm.Script(fs.readFileSync(path.join(dir, f), 'utf8'), { filename: f });
    } catch (e) {
      problems.push(error(`файл ${f} повреждён (${firstLine(e)})`, `${f} does not parse (${firstLine(e)})`));
    }
  }
  if (!fs.existsSync(path.join(dir, 'remoteEntry.js'))) return [...problems, error('нет remoteEntry.js', 'remoteEntry.js is missing')];

  let manifest = null;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(dir, 'mf-manifest.json'), 'utf8'));
  } catch (e) {
    problems.push(error(`mf-manifest.json не читается (${firstLine(e)})`, `mf-manifest.json is missing or broken (${firstLine(e)})`));
  }
  if (manifest) {
    if (manifest.name !== federationName)
      problems.push(error(`mf-manifest.json называет контейнер «${manifest.name}», ожидался «${federationName}»`, `mf-manifest.json names the container "${manifest.name}", expected "${federationName}"`));
    const routes = (manifest.exposes ?? []).find((x) => x.path === './routes');
    if (!routes) problems.push(error('раздел не публикует ./routes (mf-manifest.json exposes)', 'the remote does not expose ./routes (mf-manifest.json exposes)'));
    else {
      for (const f of [...(routes.assets?.js?.sync ?? []), ...(routes.assets?.js?.async ?? [])])
        if (!fs.existsSync(path.join(dir, f))) problems.push(error(`нет файла ${f}, нужного для ./routes`, `${f}, needed by ./routes, is missing`));
    }
  }

  // An entry that does not parse was reported above; running it would only repeat that.
  if (problems.some((p) => p.en.startsWith('remoteEntry.js does not parse'))) return problems;
  const b = browserContext(dir);
  try {
    b.runEntry();
  } catch (e) {
    return [...problems, error(`remoteEntry.js падает при загрузке (${firstLine(e)})`, `remoteEntry.js throws when it runs (${firstLine(e)})`)];
  }
  const container = b.ctx[federationName];
  if (!container || typeof container.get !== 'function' || typeof container.init !== 'function')
    return [...problems, error(`remoteEntry.js не объявляет контейнер «${federationName}» с get и init`, `remoteEntry.js does not define the container "${federationName}" with get and init`)];
  let factory;
  try {
    await withTimeout(Promise.resolve(container.init({})), 10_000, 'init');
    factory = await withTimeout(Promise.resolve(container.get('./routes')), 20_000, "get('./routes')");
  } catch (e) {
    const why = b.failures.length ? b.failures.join('; ') : firstLine(e);
    return [...problems, error(`модуль ./routes не загружается (${why})`, `./routes does not load (${why})`)];
  }
  if (typeof factory !== 'function') return [...problems, error("get('./routes') не вернул модуль", "get('./routes') did not return a module factory")];
  try {
    const mod = factory();
    if (!Array.isArray(mod?.routes)) problems.push(error('модуль ./routes не экспортирует массив routes', './routes does not export a `routes` array'));
  } catch (e) {
    problems.push(
      warning(
        `модуль ./routes не удалось выполнить вне браузера (${firstLine(e)}); загрузка файлов проверена`,
        `./routes could not run outside a browser (${firstLine(e)}); its files did load`,
      ),
    );
  }
  return problems;
}

/** major.minor.patch of a version string, or null. */
function parse(v) {
  const m = /^(\d+)\.(\d+)\.(\d+)/.exec(String(v ?? ''));
  return m ? m.slice(1, 4).map(Number) : null;
}
const cmp = (a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
/** Same "compatibility line" in semver's caret sense: same major; for 0.x the same minor. */
const sameLine = (a, b) => a[0] === b[0] && (a[0] !== 0 || a[1] === b[1]);

/**
 * The versions of the shared singletons the live host provides: from its build (`<dist>/host/main.js`
 * carries the share-scope registrations `name: [{ version: "x" ...`), else from the host package's
 * installed dependencies.
 * @returns {{ versions: Record<string, string>, source: string }}
 */
export function hostSharedVersions(distDir) {
  const candidates = ['mf-manifest.json', 'main.js', 'remoteEntry.js'].map((f) => path.join(distDir, 'host', f));
  if (fs.existsSync(candidates[0])) {
    try {
      const m = JSON.parse(fs.readFileSync(candidates[0], 'utf8'));
      const versions = Object.fromEntries((m.shared ?? []).map((s) => [s.name, s.version]));
      if (Object.keys(versions).length) return { versions, source: path.relative(distDir, candidates[0]) };
    } catch {
      // Fall through to the entry files.
    }
  }
  for (const f of candidates.slice(1)) {
    if (!fs.existsSync(f)) continue;
    const src = fs.readFileSync(f, 'utf8');
    const re = /(?:"([^"]+)"|([A-Za-z_$][\w$]*)):\[\{version:"([^"]+)"/g;
    const versions = {};
    for (let m = re.exec(src); m; m = re.exec(src)) versions[m[1] ?? m[2]] = m[3];
    if (Object.keys(versions).length) return { versions, source: `${path.relative(distDir, f)} (dist)` };
  }
  // No host build: what the host package would build with.
  const hostPkg = JSON.parse(fs.readFileSync(path.join(repoRoot, 'host/package.json'), 'utf8'));
  const req = createRequire(path.join(repoRoot, 'host/package.json'));
  const versions = {};
  for (const name of Object.keys({ ...hostPkg.dependencies })) {
    try {
      versions[name] = req(`${name}/package.json`).version;
    } catch {
      versions[name] = String(hostPkg.dependencies[name]).replace(/^[\^~=]/, '');
    }
  }
  return { versions, source: 'host/package.json (no host build found)' };
}

/** Is `name` one of the federation singletons (exactly, or under a shared prefix such as `react-dom/`)? */
function isSingleton(name, sharedPackages) {
  return sharedPackages.some((p) => (p.endsWith('/') ? name.startsWith(p) : name === p));
}

/**
 * Checks that the remote's shared singletons fit the host's.
 * - another major version (0.x: another minor) than the host: error (the remote runs on the host's copy);
 * - a workspace package (@repo/*) newer in the remote than in the host: error (shared packages only grow
 *   additively, so an older host copy may lack what the remote uses);
 * - a library newer in the remote than in the host: warning (the host's older copy will be used);
 * - a singleton the host does not provide: warning (the remote loads its own copy).
 * @returns {{ problems: Problem[], compared: Array<{ name: string, remote: string, host: string | null }>, source: string }}
 */
export function checkShared(dir, distDir) {
  const { sharedPackages } = require(path.join(repoRoot, 'scripts/federation-shared.cjs'));
  let manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(dir, 'mf-manifest.json'), 'utf8'));
  } catch {
    return { problems: [], compared: [], source: '' }; // reported by checkEntry
  }
  const host = hostSharedVersions(distDir);
  const problems = [];
  const compared = [];
  for (const s of manifest.shared ?? []) {
    if (!isSingleton(s.name, sharedPackages)) continue;
    // A subpath share (react-dom/client) has its package's version when the source lists packages only.
    const pkgName = s.name.startsWith('@') ? s.name.split('/').slice(0, 2).join('/') : s.name.split('/')[0];
    const hv = host.versions[s.name] ?? host.versions[pkgName] ?? null;
    compared.push({ name: s.name, remote: s.version, host: hv });
    const r = parse(s.version);
    const h = parse(hv);
    if (!hv) {
      problems.push(warning(`хост не предоставляет ${s.name}: раздел загрузит свою копию ${s.version}`, `the host does not share ${s.name}: the remote will load its own copy ${s.version}`));
    } else if (!r || !h) {
      if (s.version !== hv) problems.push(warning(`${s.name}: версии ${s.version} (раздел) и ${hv} (хост) не сравнить`, `${s.name}: cannot compare ${s.version} (remote) with ${hv} (host)`));
    } else if (!sameLine(r, h)) {
      problems.push(error(`${s.name} ${s.version} в разделе несовместим с ${hv} в хосте`, `${s.name} ${s.version} in the remote is incompatible with ${hv} in the host`));
    } else if (cmp(r, h) > 0) {
      if (s.name.startsWith('@repo/'))
        problems.push(error(`${s.name} ${s.version} в разделе новее, чем ${hv} в хосте: сначала выпустите хост`, `${s.name} ${s.version} in the remote is newer than ${hv} in the host: release the host first`));
      else problems.push(warning(`${s.name}: раздел собран с ${s.version}, хост даст ${hv}`, `${s.name}: the remote was built with ${s.version}, the host provides ${hv}`));
    }
  }
  // Modules the remote takes from the host with no copy of its own (the antd components the host lends,
  // scripts/antd-lending.cjs): a host that does not provide one cannot run the remote.
  if (!host.source.startsWith('host/package.json')) {
    for (const name of consumedWithoutCopy(dir)) {
      if (host.versions[name]) continue;
      problems.push(
        error(
          `раздел берёт ${name} у хоста, а живой хост его не предоставляет: сначала выпустите хост`,
          `the remote takes ${name} from the host, which does not provide it: release the host first`,
        ),
      );
    }
  }
  return { problems, compared, source: host.source };
}

/**
 * Shared modules the remote consumes with no fallback of its own (`import: false`): the federation
 * plugin writes their fallback into the remote's entry as a function that throws "Can not get '<key>'".
 */
export function consumedWithoutCopy(dir) {
  let src;
  try {
    src = fs.readFileSync(path.join(dir, 'remoteEntry.js'), 'utf8');
  } catch {
    return []; // reported by checkEntry
  }
  return [...new Set([...src.matchAll(/Can not get '([^']+)'/g)].map((m) => m[1]))].sort();
}
