// area.ts -> area.json: compiled with @swc/core, evaluated, validated with areaMetaSchema. Fast (no build).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { readAreaMeta } from '../release-lib/area-meta.mjs';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'area-meta-'));
after(() => fs.rmSync(tmp, { recursive: true, force: true }));

function areaTs(name, body) {
  const file = path.join(tmp, name, 'area.ts');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, body);
  return file;
}

const good = `import type { AreaMeta } from '@repo/contracts';
import { title } from './title';

export const areaMeta: AreaMeta = {
  area: 'stock',
  title,
  prefixes: ['/stock', '/categories'],
  routes: [{ path: '/stock', title: 'Склад', rule: 'view:stock' }],
  menu: [{ menu: 'main', name: 'Stock', label: 'Склад', icon: 'InboxOutlined', route: '/stock', order: 10 }],
};
`;

test('evaluates area.ts (with a relative TS import) and validates it', () => {
  const file = areaTs('good', good);
  fs.writeFileSync(path.join(path.dirname(file), 'title.ts'), "export const title: string = 'Склад и товары';\n");
  const meta = readAreaMeta('stock', { file });
  assert.equal(meta.title, 'Склад и товары');
  assert.deepEqual(meta.prefixes, ['/stock', '/categories']);
  assert.equal(meta.menu[0].order, 10);
});

test('an areaMeta that does not match areaMetaSchema fails with the field named', () => {
  const file = areaTs('bad', "export const areaMeta = { area: 'stock', title: 'Склад', prefixes: [], routes: [], menu: [] };\n");
  assert.throws(() => readAreaMeta('stock', { file }), /prefixes/);
  // A menu item without its icon: only the zod schema (not a shape check) catches it.
  const noIcon = areaTs('no-icon', good.replace("icon: 'InboxOutlined', ", '').replace("import { title } from './title';", "const title = 'x';"));
  assert.throws(() => readAreaMeta('stock', { file: noIcon }), /areaMetaSchema: menu\.0\.icon/);
});

test('an areaMeta of another area fails', () => {
  const file = areaTs('other', good.replace("import { title } from './title';", "const title = 'x';"));
  assert.throws(() => readAreaMeta('crm-finance', { file }), /area/);
});

test('an area without area.ts has no metadata (the build goes on without it)', () => {
  assert.equal(readAreaMeta('stock', { file: path.join(tmp, 'none', 'area.ts') }), null);
});

test('the remotes.json entry carries area.json as meta, and omits it when there is none', async () => {
  const { manifestEntry, writeManifestEntry } = await import('../build-bundle.mjs');
  const dist = path.join(tmp, 'dist');
  const meta = { area: 'stock', title: 'Склад и товары', prefixes: ['/stock'], routes: [], menu: [] };
  fs.mkdirSync(path.join(dist, 'mfe/stock/0.1.0-aaaaaaaaaa'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'mfe/stock/0.1.0-aaaaaaaaaa/area.json'), JSON.stringify(meta));
  fs.mkdirSync(path.join(dist, 'mfe/crm-finance/0.1.0-bbbbbbbbbb'), { recursive: true });
  assert.deepEqual(manifestEntry(dist, 'stock', '0.1.0-aaaaaaaaaa'), {
    name: 'stock',
    version: '0.1.0-aaaaaaaaaa',
    entry: '/mfe/stock/0.1.0-aaaaaaaaaa/remoteEntry.js',
    meta,
  });
  await writeManifestEntry(dist, 'stock', '0.1.0-aaaaaaaaaa');
  await writeManifestEntry(dist, 'crm-finance', '0.1.0-bbbbbbbbbb');
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, 'remotes.json'), 'utf8'));
  assert.deepEqual(manifest.stock.meta, meta);
  assert.equal(manifest['crm-finance'].name, 'crmFinance');
  assert.equal('meta' in manifest['crm-finance'], false);
});
