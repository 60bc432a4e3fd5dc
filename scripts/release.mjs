#!/usr/bin/env node
// `pnpm release <area> [--dry-run]`: builds ONE remote into its immutable version folder
// (<DIST_DIR>/mfe/<area>/<version>/, skipped when that version is already built), checks it
// (scripts/release-lib/checks.mjs), then records the release and makes it live through the server's
// database (scripts/release-lib/live.mjs). A failed check leaves the live version untouched.
// --dry-run builds and checks only. See docs/releases.md.
import fs from 'node:fs';
import path from 'node:path';
import { buildRemote, defaultDistDir, readFederationName } from './build-bundle.mjs';
import { checkEntry, checkShared } from './release-lib/checks.mjs';
import { areas, repoRoot } from './release-lib/inputs.mjs';
import { LiveError, activate, connect, getAreaReleases, osUser } from './release-lib/live.mjs';

const t0 = Date.now();
const seconds = () => `${((Date.now() - t0) / 1000).toFixed(1)} s`;
const args = process.argv.slice(2);
const dryRun = args.includes('--dry-run');
const area = args.find((a) => !a.startsWith('--'));

function fail(ru, en) {
  console.error(`\n✗ ${ru}\n  ${en}`);
  console.error(`  Рабочая версия не изменилась. / The live version is unchanged. (${seconds()})`);
  process.exit(1);
}

if (!area || !areas().includes(area)) {
  console.error(`Usage: pnpm release <area> [--dry-run]   (area: ${areas().join(', ')})`);
  process.exit(2);
}

const distDir = defaultDistDir();
console.log(`Выпуск раздела ${area} / Releasing ${area} (DIST_DIR ${distDir})`);

let build;
try {
  build = await buildRemote({ area, distDir, updateManifest: false, force: false });
} catch (e) {
  fail(`Сборка не удалась: ${e instanceof Error ? e.message : e}`, 'The build failed (see above).');
}
const release = JSON.parse(fs.readFileSync(path.join(build.dir, 'release.json'), 'utf8'));
console.log(`Версия / version ${build.version} (${build.built ? 'собрана / built' : 'уже была собрана / already built'}, ${seconds()})`);

console.log('Проверки / checks…');
const entryProblems = await checkEntry(build.dir, readFederationName(path.join(repoRoot, 'remotes', area)));
const shared = checkShared(build.dir, distDir);
const problems = [...entryProblems, ...shared.problems];
for (const p of problems.filter((x) => x.level === 'warning')) console.warn(`  ! ${p.ru}\n    ${p.en}`);
const errors = problems.filter((x) => x.level === 'error');
if (errors.length) {
  fail(
    `Версия ${build.version} не прошла проверки:\n  - ${errors.map((p) => p.ru).join('\n  - ')}`,
    `Version ${build.version} failed the checks:\n  - ${errors.map((p) => p.en).join('\n  - ')}`,
  );
}
console.log(`  ✓ remoteEntry.js загружается, ./routes доступен / the entry loads and exposes ./routes`);
console.log(`  ✓ общие библиотеки совместимы с хостом / shared singletons fit the host (${shared.compared.length} compared with ${shared.source})`);

if (dryRun) {
  console.log(`\n--dry-run: версия ${build.version} собрана и проверена, но не включена / built and checked, not made live (${seconds()})`);
  process.exit(0);
}

try {
  const conn = await connect();
  let before = null;
  if (conn.mode === 'api') before = (await getAreaReleases(conn, area).catch(() => null))?.live ?? null;
  await activate(conn, area, build.version);
  const who = conn.mode === 'api' ? `${conn.who} (${osUser()}), API ${conn.url}` : `${conn.who}, CLI (сервер не запущен / no server running)`;
  console.log(`\n✓ Раздел ${area} работает на версии ${build.version} / ${area} is live on ${build.version}`);
  if (before && before !== build.version) console.log(`  было / was:      ${before}  (откат / roll back: pnpm rollback ${area})`);
  console.log(`  коммит / commit: ${release.commit ?? 'неизвестен / unknown'}${release.dirty ? ' (с незакоммиченными изменениями / with uncommitted changes)' : ''}`);
  console.log(`  собрана / built: ${release.builtAt} by ${release.builtBy}`);
  console.log(`  выпустил / by:   ${who}`);
  console.log(`  когда / when:    ${new Date().toISOString()}`);
  console.log(`  время / took:    ${seconds()}`);
  // The entry check may leave a federation runtime timer behind; nothing else is pending.
  process.exit(0);
} catch (e) {
  if (e instanceof LiveError) fail(e.ru, e.en);
  fail(`Не удалось включить версию: ${e instanceof Error ? e.message : e}`, `Could not make the version live: ${e instanceof Error ? e.message : e}`);
}
