/**
 * Releases without a running server: the same database (DATA_DIR / DATABASE_URL) and build folder
 * (DIST_DIR) as the server's config, the same service as `/api/releases`.
 *
 *   node --import tsx src/cli/releases.ts list [area] [--json]
 *   node --import tsx src/cli/releases.ts activate <area> <version> [--by <name>]
 *
 * Prints JSON: `list` → `{ areas: AreaReleases[] }` or one area's `AreaReleases`; `activate` → the
 * area's `AreaReleases` after the change. Activation is audited (no employee) and published with
 * pg_notify, so servers on the same PostgreSQL tell their open tabs. Exit code 1 with a message on error.
 */
import os from 'node:os';
import { remoteAreaSchema, remoteAreas, type RemoteArea } from '@repo/contracts';
import { loadConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import { systemCtx } from '../lib/ctx';
import { AppError } from '../lib/errors';
import { activateRelease, getAreaReleases, listReleases } from '../modules/releases/service';

const usage = 'usage: releases.ts list [area] [--json] | activate <area> <version> [--by <name>]';

function parseArgs(argv: string[]) {
  const positional: string[] = [];
  let by: string | null = null;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--by') by = argv[++i] ?? null;
    else if (argv[i] === '--json') continue;
    else positional.push(argv[i]);
  }
  return { command: positional[0], area: positional[1], version: positional[2], by };
}

function areaOf(value: string | undefined): RemoteArea {
  const parsed = remoteAreaSchema.safeParse(value);
  if (!parsed.success) throw new Error(`Unknown area «${value ?? ''}»: one of ${remoteAreas.join(', ')}`);
  return parsed.data;
}

async function main(): Promise<void> {
  const { command, area, version, by } = parseArgs(process.argv.slice(2));
  if (command !== 'list' && command !== 'activate') throw new Error(usage);
  const config = loadConfig();
  let database: Database | null = null;
  try {
    database = await openDatabase(config);
    const ctx = systemCtx(database.db, config);
    let result: unknown;
    if (command === 'list') result = area ? await getAreaReleases(ctx, areaOf(area)) : await listReleases(ctx);
    else {
      if (!version) throw new Error(usage);
      result = await activateRelease(ctx, areaOf(area), version, by ?? os.userInfo().username);
    }
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  } finally {
    await database?.close();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(`${err instanceof AppError || err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
