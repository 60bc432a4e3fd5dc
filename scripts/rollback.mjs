#!/usr/bin/env node
// `pnpm rollback <area> [version]`: makes the previous live version of one area (or the named one)
// live again. No build: the version folder must still be in <DIST_DIR>/mfe/<area>/. Goes through the
// server's API when a server answers, else through its CLI (scripts/release-lib/live.mjs).
// See docs/releases.md.
import fs from 'node:fs';
import path from 'node:path';
import { areas, repoRoot } from './release-lib/inputs.mjs';
import { LiveError, activate, connect, getAreaReleases, osUser, previousVersion } from './release-lib/live.mjs';

const t0 = Date.now();
const seconds = () => `${((Date.now() - t0) / 1000).toFixed(1)} s`;
const [area, named] = process.argv.slice(2).filter((a) => !a.startsWith('--'));

function fail(ru, en) {
  console.error(`\n✗ ${ru}\n  ${en}`);
  console.error(`  Рабочая версия не изменилась. / The live version is unchanged. (${seconds()})`);
  process.exit(1);
}

if (!area || !areas().includes(area)) {
  console.error(`Usage: pnpm rollback <area> [version]   (area: ${areas().join(', ')})`);
  process.exit(2);
}

const distDir = path.resolve(process.env.DIST_DIR || path.join(repoRoot, 'dist'));

try {
  const conn = await connect();
  // The history is needed for "the previous version" and to say what was live; a named version
  // through the CLI skips it (one database open instead of two).
  const releases = named && conn.mode === 'cli' ? null : await getAreaReleases(conn, area);
  const target = named ?? previousVersion(releases);
  if (!target)
    fail(`У раздела ${area} нет предыдущей версии для отката.`, `${area} has no earlier version to roll back to.`);
  if (releases?.live === target) {
    console.log(`Версия ${target} раздела ${area} уже рабочая / ${area} ${target} is already live (${seconds()})`);
    process.exit(0);
  }
  if (!fs.existsSync(path.join(distDir, 'mfe', area, target, 'remoteEntry.js')))
    console.warn(`  ! нет папки ${path.join(distDir, 'mfe', area, target)} здесь; сервер проверит свою / not on this disk; the server checks its own`);
  await activate(conn, area, target);
  console.log(`✓ Раздел ${area} возвращён на версию ${target} / ${area} rolled back to ${target}`);
  if (releases?.live) console.log(`  было / was:    ${releases.live}`);
  console.log(`  кто / by:      ${conn.mode === 'api' ? `${conn.who} (${osUser()}), API ${conn.url}` : `${conn.who}, CLI`}`);
  console.log(`  когда / when:  ${new Date().toISOString()}`);
  console.log(`  время / took:  ${seconds()}`);
} catch (e) {
  if (e instanceof LiveError) fail(e.ru, e.en);
  fail(`Откат не удался: ${e instanceof Error ? e.message : e}`, `The rollback failed: ${e instanceof Error ? e.message : e}`);
}
