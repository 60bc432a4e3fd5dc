import path from 'node:path';
import {
  remoteAreas,
  type AreaReleases,
  type Release,
  type ReleasesResponse,
  type RemoteArea,
  type RemoteEntry,
  type RemotesManifest,
} from '@repo/contracts';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { recordChange } from '../../lib/change';
import type { Ctx, PublicCtx } from '../../lib/ctx';
import { notFound } from '../../lib/errors';
import { publishEvent } from '../../lib/realtime';
import { availableVersions, entryUrl, federationName, hasEntry, readAreaMeta, readBuildManifest, readReleaseInfo } from './disk';
import * as repo from './repository';

const ENTITY = 'release';
/** Failures kept per area (older ones are dropped), and how often one employee may report one version. */
export const failuresKept = 50;
export const reportWindowMs = 60_000;

export const releaseMessages = {
  versionNotFound: (area: string, version: string) => `Версия ${version} раздела ${area} не найдена на сервере`,
  notReleased: (area: string, version: string) => `Версия ${version} раздела ${area} не выпускалась`,
};

interface State {
  live: Map<string, string>;
  releases: repo.ReleaseRow[];
  failures: Map<string, number>;
}

async function readState(db: Db): Promise<State> {
  return { live: await repo.allLive(db), releases: await repo.allReleases(db), failures: await repo.failureCounts(db) };
}

const failuresOf = (state: State, area: string, version: string) => state.failures.get(`${area}/${version}`) ?? 0;

/**
 * The last good version of an area besides `except`: the most recently activated release with no
 * reported load failure whose folder is still on disk. `except` = the live version gives the fallback.
 */
function lastGood(state: State, distDir: string | null, area: RemoteArea, except?: string | null): string | null {
  const hit = state.releases.find(
    (r) => r.area === area && r.version !== except && failuresOf(state, area, r.version) === 0 && hasEntry(distDir, area, r.version),
  );
  return hit?.version ?? null;
}

function toRelease(state: State, r: repo.ReleaseRow): Release {
  return {
    area: r.area as RemoteArea,
    version: r.version,
    commit: r.commit,
    builtAt: r.builtAt?.toISOString() ?? null,
    releasedBy: r.releasedBy,
    activatedAt: r.activatedAt.toISOString(),
    failures: failuresOf(state, r.area, r.version),
  };
}

async function areaReleases(db: Db, distDir: string | null, only?: RemoteArea): Promise<AreaReleases[]> {
  const state = await readState(db);
  const failures = await repo.recentFailures(db);
  return remoteAreas
    .filter((area) => !only || area === only)
    .map((area) => ({
      area,
      live: state.live.get(area) ?? null,
      lastGood: lastGood(state, distDir, area),
      history: state.releases.filter((r) => r.area === area).map((r) => toRelease(state, r)),
      available: availableVersions(distDir, area),
      failures: failures
        .filter((f) => f.area === area)
        .map((f) => ({ area, version: f.version, message: f.message, at: f.at.toISOString(), employeeName: f.employeeName })),
    }));
}

/** GET /api/releases: per area the live version, last good one, history, versions on disk and recent failures. */
export async function listReleases(ctx: Pick<Ctx, 'db' | 'config'>): Promise<ReleasesResponse> {
  return { areas: await areaReleases(ctx.db, ctx.config.distDir) };
}

export async function getAreaReleases(ctx: Pick<Ctx, 'db' | 'config'>, area: RemoteArea): Promise<AreaReleases> {
  return (await areaReleases(ctx.db, ctx.config.distDir, area))[0];
}

/**
 * Makes a version live: it must be on disk (404 otherwise); it is recorded as a release if new, the
 * pointer moves, the change is audited and announced to every signed-in tab (no location).
 */
export async function activateRelease(ctx: Ctx | PublicCtx, area: RemoteArea, version: string, releasedBy: string | null): Promise<AreaReleases> {
  const { db, config } = ctx;
  if (!hasEntry(config.distDir, area, version)) throw notFound(releaseMessages.versionNotFound(area, version));
  await db.transaction(async (tx) => {
    await repo.lockArea(tx, area);
    const before = await repo.liveVersion(tx, area);
    const info = readReleaseInfo(config.distDir, area, version);
    const now = new Date();
    await repo.upsertRelease(tx, { area, version, commit: info.commit, builtAt: info.builtAt, releasedBy, activatedAt: now });
    await repo.setLive(tx, area, version, now);
    await recordChange(tx, ctx, {
      entity: ENTITY,
      id: area,
      action: 'update',
      before: { version: before },
      after: { version },
      locationId: null,
    });
  });
  return getAreaReleases(ctx, area);
}

/**
 * A browser could not load a version. Any signed-in employee may report it; one report per employee
 * and version a minute counts, and only the newest 50 per area are kept. A reported version is no
 * longer anyone's last good one.
 */
export async function reportFailure(ctx: Ctx, area: RemoteArea, version: string, message: string): Promise<void> {
  const { db, auth } = ctx;
  if (!(await repo.findRelease(db, area, version))) throw notFound(releaseMessages.notReleased(area, version));
  await db.transaction(async (tx) => {
    await repo.lockArea(tx, area);
    // Checked under the area's lock: two reports of one tab (or retries landing on two server
    // processes) at once count once.
    if (await repo.recentReportExists(tx, area, version, auth.employeeId, new Date(Date.now() - reportWindowMs))) return;
    await repo.insertFailure(tx, { area, version, message: message.slice(0, 2000), employeeId: auth.employeeId }, failuresKept);
    await publishEvent(tx, { type: 'updated', entity: ENTITY, id: area, locationId: null });
  });
}

/**
 * `/remotes.json`, from the database's live pointers: per released area its live version, the
 * version's route and menu metadata (`area.json`) and the last good other version as a fallback.
 */
export async function remotesManifest(db: Db, distDir: string | null): Promise<RemotesManifest> {
  const state = await readState(db);
  const out: RemotesManifest = {};
  for (const area of remoteAreas) {
    const version = state.live.get(area);
    if (!version) continue;
    const entry: RemoteEntry = { name: federationName(area), version, entry: entryUrl(area, version) };
    const meta = readAreaMeta(distDir, area, version);
    if (meta) entry.meta = meta;
    const fallback = lastGood(state, distDir, area, version);
    if (fallback) entry.fallback = { version: fallback, entry: entryUrl(area, fallback) };
    out[area] = entry;
  }
  return out;
}

export const buildManifestPath = (config: Config) =>
  config.remotesManifest ?? (config.distDir ? path.join(config.distDir, 'remotes.json') : null);

/**
 * At start: each area's version in the build manifest (`<DIST_DIR>/remotes.json`, or REMOTES_MANIFEST)
 * that is not recorded yet is recorded (released by 'build') and made live. A recorded version is
 * left alone, so a rollback survives restarts until a new build appears. Returns the adopted areas.
 */
export async function adoptBuild(ctx: PublicCtx): Promise<RemoteArea[]> {
  const file = buildManifestPath(ctx.config);
  if (!file) return [];
  const versions = readBuildManifest(file);
  const adopted: RemoteArea[] = [];
  for (const area of remoteAreas) {
    const version = versions[area];
    if (!version) continue;
    if (await repo.findRelease(ctx.db, area, version)) continue;
    await ctx.db.transaction(async (tx) => {
      await repo.lockArea(tx, area);
      if (await repo.findRelease(tx, area, version)) return; // another process adopted it meanwhile
      const before = await repo.liveVersion(tx, area);
      const info = readReleaseInfo(ctx.config.distDir, area, version);
      const now = new Date();
      await repo.upsertRelease(tx, { area, version, commit: info.commit, builtAt: info.builtAt, releasedBy: 'build', activatedAt: now });
      await repo.setLive(tx, area, version, now);
      await recordChange(tx, ctx, { entity: ENTITY, id: area, action: 'update', before: { version: before }, after: { version }, locationId: null });
      adopted.push(area);
    });
  }
  return adopted;
}
