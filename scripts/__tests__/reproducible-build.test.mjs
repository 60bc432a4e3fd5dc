// Version ids are reproducible: the same sources built from two different absolute paths give the
// same version id and byte-identical webpack output; a source change gives another id.
// Builds one remote three times (about 40 s on two cores). Run: node --test scripts/__tests__/
// RELEASE_TEST_AREA picks the area (default shop-content).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { copyRepo } from './repo-copy.mjs';

const area = process.env.RELEASE_TEST_AREA || 'shop-content';
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'release-repro-'));
after(() => fs.rmSync(tmp, { recursive: true, force: true }));

function build(root, distDir) {
  const out = execFileSync(process.execPath, [path.join(root, 'scripts/build-bundle.mjs')], {
    cwd: path.join(root, 'remotes', area),
    env: { ...process.env, DIST_DIR: distDir, BUILD_FORCE: '' },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const manifest = JSON.parse(fs.readFileSync(path.join(distDir, 'remotes.json'), 'utf8'));
  const version = manifest[area].version;
  const dir = path.join(distDir, 'mfe', area, version);
  const release = JSON.parse(fs.readFileSync(path.join(dir, 'release.json'), 'utf8'));
  return { version, dir, release, out };
}

/** Every file of a version folder except release.json (it records when and by whom). */
function files(dir) {
  const out = {};
  const walk = (d) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (path.relative(dir, p) !== 'release.json') out[path.relative(dir, p)] = fs.readFileSync(p).toString('base64');
    }
  };
  walk(dir);
  return out;
}

test('same sources in two checkouts give the same version id and identical output; a change gives another id', { timeout: 300_000 }, () => {
  const a = copyRepo(path.join(tmp, 'a', 'repo'));
  const b = copyRepo(path.join(tmp, 'somewhere', 'much', 'deeper', 'checkout'));
  const ba = build(a, path.join(tmp, 'dist-a'));
  const bb = build(b, path.join(tmp, 'dist-b'));

  assert.match(ba.version, /^\d+\.\d+\.\d+(-[\w.]+)?-[0-9a-f]{10}$/);
  assert.equal(bb.version, ba.version, 'the same sources must give the same version id');
  assert.equal(bb.release.contentHash, ba.release.contentHash);
  assert.deepEqual(files(bb.dir), files(ba.dir), 'the two version folders must be byte-identical (except release.json)');
  for (const f of Object.keys(files(ba.dir))) {
    if (!/\.(js|json)$/.test(f)) continue;
    const text = fs.readFileSync(path.join(ba.dir, f), 'utf8');
    assert.ok(!text.includes(tmp), `${f} must not contain the checkout's absolute path`);
  }

  // A real code change in the area: another id, and the earlier version folder is left as it was.
  const routes = path.join(b, 'remotes', area, 'src', 'expose', 'routes.tsx');
  fs.appendFileSync(routes, "\nexport const releaseProbe = 'reproducibility test';\n");
  const bc = build(b, path.join(tmp, 'dist-b'));
  assert.notEqual(bc.version, ba.version, 'changed sources must give another version id');
  assert.notEqual(bc.release.contentHash, ba.release.contentHash);
  assert.ok(fs.existsSync(path.join(tmp, 'dist-b', 'mfe', area, ba.version, 'remoteEntry.js')), 'older versions stay');
});
