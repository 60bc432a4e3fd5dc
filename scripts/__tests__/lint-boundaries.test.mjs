// The import boundaries of eslint.config.mjs really report: violating (and allowed) sample files are
// written into temporary folders inside the repository, where the config's per-folder globs apply,
// linted with ESLint's Node API and the repository's config, and removed again.
//
// The samples are .mjs files in folders of their own, so no TypeScript project, jest run or webpack
// build picks them up during the second they exist.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tag = `lint-boundary-sample-${process.pid}`;
const dirs = [];

/** Writes `import … from '<spec>'` into `<folder>/<tag>/<name>.mjs` and returns the file's path. */
function sample(folder, name, spec) {
  const dir = path.join(root, folder, tag);
  if (!dirs.includes(dir)) dirs.push(dir);
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.mjs`);
  fs.writeFileSync(file, `import value from '${spec}';\nexport default value;\n`);
  return file;
}

// Every sample, and the boundary message it must (or must not) get.
const cases = [
  // A remote never imports the host or another remote.
  { folder: 'remotes/stock/src', name: 'host-bare', spec: 'host/src/app/page-frame', expect: /never imports the host/ },
  { folder: 'remotes/stock/src', name: 'host-relative', spec: '../../../../host/src/app/page-frame', expect: /never imports the host/ },
  { folder: 'remotes/stock/src', name: 'other-remote-bare', spec: '@repo/remote-sales-orders/src/expose/area', expect: /never imports another remote/ },
  { folder: 'remotes/stock/src', name: 'other-remote-relative', spec: '../../../sales-orders/src/expose/area', expect: /never imports another remote/ },
  { folder: 'remotes/stock/src', name: 'own-area', spec: '../expose/area', expect: null },
  { folder: 'remotes/stock/src', name: 'test-kit', spec: '@repo/testing', expect: /for tests only/ },
  // Packages never import apps.
  { folder: 'packages/ui/src', name: 'pkg-host', spec: 'host/src/app/page-frame', expect: /Packages never import apps/ },
  { folder: 'packages/ui/src', name: 'pkg-remote', spec: '../../../remotes/stock/src/expose/area', expect: /Packages never import apps/ },
  { folder: 'packages/shared-core/src', name: 'pkg-server', spec: '../../../server/src/app', expect: /Packages never import apps/ },
  // shared-core and ui by bare name only.
  { folder: 'host/src', name: 'deep-shared-core', spec: '@repo/shared-core/src/stores/auth', expect: /bare names only/ },
  { folder: 'host/src', name: 'relative-ui', spec: '../../packages/ui/src/can', expect: /never by a relative path/ },
  { folder: 'remotes/crm-finance/src', name: 'deep-ui', spec: '@repo/ui/src/can', expect: /bare names only/ },
  { folder: 'packages/ui/src', name: 'relative-shared-core', spec: '../../../shared-core/src/stores/auth', expect: /never by a relative path/ },
  { folder: 'host/src', name: 'bare-shared-core', spec: '@repo/shared-core', expect: null },
  { folder: 'host/src', name: 'host-imports-remote', spec: '@repo/remote-stock/src/expose/routes', expect: /host never imports a remote/ },
  // A remote takes antd's components from the host: no deep value import of antd's internals.
  { folder: 'remotes/sales-orders/src', name: 'antd-internal', spec: 'antd/es/input/TextArea', expect: /the host lends them/ },
  { folder: 'remotes/sales-orders/src', name: 'antd-barrel', spec: 'antd', expect: null },
  { folder: 'host/src', name: 'host-antd-internal', spec: 'antd/es/input/TextArea', expect: null },
  // A server module never imports another module's repository.
  { folder: 'server/src/modules/audit', name: 'other-repository', spec: '../../location/repository', expect: /another module's repository/ },
  { folder: 'server/src/modules/audit', name: 'own-repository', spec: '../repository', expect: null },
  { folder: 'server/src/modules/audit', name: 'other-service', spec: '../../location/service', expect: null },
];

describe('lint boundaries (eslint.config.mjs)', () => {
  let results;
  before(async () => {
    const files = cases.map((c) => sample(c.folder, c.name, c.spec));
    try {
      const eslint = new ESLint({ cwd: root });
      results = new Map((await eslint.lintFiles(files)).map((r) => [r.filePath, r]));
    } finally {
      for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    }
  });
  after(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  for (const c of cases) {
    it(`${c.folder}: import '${c.spec}' ${c.expect ? 'is reported' : 'is allowed'}`, () => {
      const result = results.get(path.join(root, c.folder, tag, `${c.name}.mjs`));
      assert.ok(result, 'the sample was linted');
      const boundary = result.messages.filter((m) => /^(@typescript-eslint\/)?no-restricted-imports$/.test(m.ruleId ?? ''));
      if (c.expect) {
        assert.equal(boundary.length, 1, `expected one boundary error, got: ${JSON.stringify(result.messages)}`);
        assert.match(boundary[0].message, c.expect);
        assert.equal(boundary[0].severity, 2);
      } else {
        assert.deepEqual(boundary, [], 'no boundary error');
      }
    });
  }

  it('left nothing behind', () => {
    for (const dir of dirs) assert.equal(fs.existsSync(dir), false, dir);
  });
});
