import fs from 'node:fs';
import path from 'node:path';
import { areaMetaSchema, remoteAreas, type AreaMeta, type RemoteArea } from '@repo/contracts';

/** A version id is a folder name: letters, digits, dots, dashes, underscores; never `.` or `..`. */
const versionPattern = /^(?!\.{1,2}$)[A-Za-z0-9._-]{1,100}$/;

export const isVersionId = (version: string) => versionPattern.test(version);

/** The federation name of an area: `sales-orders` → `salesOrders`. */
export const federationName = (area: RemoteArea) => area.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());

export const entryUrl = (area: RemoteArea, version: string) => `/mfe/${area}/${version}/remoteEntry.js`;

function versionDir(distDir: string, area: RemoteArea, version: string): string | null {
  return isVersionId(version) ? path.join(distDir, 'mfe', area, version) : null;
}

/** The version's folder has a `remoteEntry.js` (it can be served). */
export function hasEntry(distDir: string | null, area: RemoteArea, version: string): boolean {
  const dir = distDir ? versionDir(distDir, area, version) : null;
  if (!dir) return false;
  try {
    return fs.statSync(path.join(dir, 'remoteEntry.js')).isFile();
  } catch {
    return false;
  }
}

/** Version folders of an area on disk that have an entry, newest folder first. */
export function availableVersions(distDir: string | null, area: RemoteArea): string[] {
  if (!distDir) return [];
  const root = path.join(distDir, 'mfe', area);
  let names: string[];
  try {
    names = fs.readdirSync(root);
  } catch {
    return [];
  }
  return names
    .filter((v) => hasEntry(distDir, area, v))
    .map((v) => ({ v, t: fs.statSync(path.join(root, v)).mtimeMs }))
    .sort((a, b) => b.t - a.t || b.v.localeCompare(a.v))
    .map((x) => x.v);
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

const metaCache = new Map<string, AreaMeta>();

/** The build's `area.json` (route and menu metadata), validated; cached per version (folders are immutable). */
export function readAreaMeta(distDir: string | null, area: RemoteArea, version: string): AreaMeta | undefined {
  const dir = distDir ? versionDir(distDir, area, version) : null;
  if (!dir) return undefined;
  const cached = metaCache.get(dir);
  if (cached) return cached;
  const parsed = areaMetaSchema.safeParse(readJson(path.join(dir, 'area.json')));
  if (!parsed.success) return undefined; // absent (older build) or invalid: the host then knows only the area
  metaCache.set(dir, parsed.data);
  return parsed.data;
}

export interface ReleaseInfo {
  commit: string | null;
  builtAt: Date | null;
  builtBy: string | null;
}

/** The build's `release.json` ({ version, commit, builtAt, builtBy, ... }); nulls when it is absent. */
export function readReleaseInfo(distDir: string | null, area: RemoteArea, version: string): ReleaseInfo {
  const dir = distDir ? versionDir(distDir, area, version) : null;
  const raw = (dir ? readJson(path.join(dir, 'release.json')) : null) as Record<string, unknown> | null;
  const str = (v: unknown) => (typeof v === 'string' && v ? v : null);
  const builtAt = str(raw?.builtAt);
  const date = builtAt ? new Date(builtAt) : null;
  return { commit: str(raw?.commit), builtAt: date && !Number.isNaN(date.getTime()) ? date : null, builtBy: str(raw?.builtBy) };
}

/** The versions `pnpm build` wrote into `remotes.json` (or the REMOTES_MANIFEST file), per area. */
export function readBuildManifest(file: string): Partial<Record<RemoteArea, string>> {
  const raw = readJson(file) as Record<string, { version?: unknown }> | null;
  const out: Partial<Record<RemoteArea, string>> = {};
  if (!raw || typeof raw !== 'object') return out;
  for (const area of remoteAreas) {
    const version = raw[area]?.version;
    if (typeof version === 'string' && isVersionId(version)) out[area] = version;
  }
  return out;
}
