import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  /** PGlite data folder; ignored when databaseUrl is set. `memory://` keeps it in memory (tests). */
  dataDir: string;
  databaseUrl: string | null;
  seedDemo: boolean;
  ownerPhone: string | null;
  ownerPassword: string | null;
  /** Built host and remotes; null serves the API only. */
  distDir: string | null;
  /** `REMOTES_MANIFEST`: the build manifest adopted at start (default `<distDir>/remotes.json`). */
  remotesManifest: string | null;
  /** Sliding session lifetime. */
  sessionTtlMs: number;
  logLevel: string;
  /** `TRUST_PROXY`: false (default), true, or a comma-separated list of proxy addresses. */
  trustProxy: boolean | string;
  /** Uploaded images: decoding limits, the stored size, how many are decoded at once (docs/security.md). */
  images: ImageLimits;
  /** How long a client may take to send a request or keep a connection idle (docs/security.md, «Timeouts and proxy»). */
  timeouts: HttpTimeouts;
  /** Backups (docs/operations.md). */
  backup: BackupConfig;
}

export interface BackupConfig {
  /** `BACKUP_DIR` as set; `backupDir(config)` gives the folder in use (default `<DATA_DIR>/backups` on PGlite, none on PostgreSQL). */
  dir: string | null;
  /** `BACKUP_KEEP_DAYS`: daily backup files older than this are deleted (default 14). */
  keepDays: number;
  /** `BACKUP_DAILY=false` turns the daily backup off. It runs only when `dir` is set. */
  daily: boolean;
  /** `BACKUP_TIME` (`HH:MM`, server's local time, default 03:00): when the daily backup runs. */
  time: string;
}

export interface HttpTimeouts {
  /** `REQUEST_TIMEOUT_MS`: the whole request (headers and body) must arrive within it; else 408 and the connection is closed. */
  requestMs: number;
  /** `HEADERS_TIMEOUT_MS`: the request line and headers must arrive within it (at most `requestMs`). */
  headersMs: number;
  /** `CONNECTION_TIMEOUT_MS`: a connection with no bytes either way for this long is closed (open WebSockets are exempt). */
  idleMs: number;
  /** `KEEP_ALIVE_TIMEOUT_MS`: how long an idle keep-alive connection waits for its next request; keep it above the proxy's. */
  keepAliveMs: number;
}

export interface ImageLimits {
  /** `IMAGE_MAX_PIXELS`: the largest image (width × height) that is decoded at all; larger is a 400. */
  maxInputPixels: number;
  /** `IMAGE_MAX_SIDE`: the longest side, in pixels, that is decoded at all. */
  maxInputSide: number;
  /** `IMAGE_STORED_SIDE`: stored images are downsized to fit this square. */
  maxStoredSide: number;
  /** `IMAGE_CONCURRENCY`: images decoded at once by this process; the others wait their turn. */
  concurrency: number;
}

const repoRoot = path.resolve(__dirname, '../..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || null,
    seedDemo: env.SEED_DEMO !== 'false',
    ownerPhone: env.OWNER_PHONE ?? null,
    ownerPassword: env.OWNER_PASSWORD ?? null,
    distDir: env.DIST_DIR === '' ? null : path.resolve(env.DIST_DIR ?? path.join(repoRoot, 'dist')),
    remotesManifest: env.REMOTES_MANIFEST ? path.resolve(env.REMOTES_MANIFEST) : null,
    sessionTtlMs: Number(env.SESSION_TTL_HOURS ?? 24 * 14) * 3600_000,
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    images: {
      maxInputPixels: positiveInt(env.IMAGE_MAX_PIXELS, 40_000_000),
      maxInputSide: positiveInt(env.IMAGE_MAX_SIDE, 8000),
      maxStoredSide: positiveInt(env.IMAGE_STORED_SIDE, 2048),
      concurrency: positiveInt(env.IMAGE_CONCURRENCY, 2),
    },
    timeouts: {
      requestMs: positiveInt(env.REQUEST_TIMEOUT_MS, 60_000),
      headersMs: positiveInt(env.HEADERS_TIMEOUT_MS, 15_000),
      idleMs: positiveInt(env.CONNECTION_TIMEOUT_MS, 120_000),
      keepAliveMs: positiveInt(env.KEEP_ALIVE_TIMEOUT_MS, 72_000),
    },
    backup: backupConfig(env),
  };
}

/** Where backups go: `BACKUP_DIR`, else `<DATA_DIR>/backups` for a PGlite folder; null (none) for PostgreSQL or memory. */
export function backupDir(config: Pick<Config, 'backup' | 'databaseUrl' | 'dataDir'>): string | null {
  if (config.backup.dir) return config.backup.dir;
  if (config.databaseUrl || config.dataDir.startsWith('memory://')) return null;
  return path.join(config.dataDir, 'backups');
}

function backupConfig(env: NodeJS.ProcessEnv): BackupConfig {
  const dir = env.BACKUP_DIR ? path.resolve(env.BACKUP_DIR) : null;
  const time = /^([01]\d|2[0-3]):[0-5]\d$/.test(env.BACKUP_TIME ?? '') ? env.BACKUP_TIME! : '03:00';
  return { dir, keepDays: positiveInt(env.BACKUP_KEEP_DAYS, 14), daily: env.BACKUP_DAILY !== 'false', time };
}

/**
 * Fastify's server options for `HttpTimeouts`. Fastify's own defaults (requestTimeout 0, no idle
 * timeout) let a client that sends headers and half a body hold a connection forever. Node checks the
 * header and request deadlines every `connectionsCheckingInterval`, and honours the request deadline
 * only when the header one is not longer, so `headersMs` is capped at `requestMs`.
 */
export function serverTimeoutOptions(t: HttpTimeouts) {
  const headersTimeout = Math.min(t.headersMs, t.requestMs);
  return {
    requestTimeout: t.requestMs,
    connectionTimeout: t.idleMs,
    keepAliveTimeout: t.keepAliveMs,
    http: {
      headersTimeout,
      requestTimeout: t.requestMs,
      connectionsCheckingInterval: Math.min(5000, Math.max(50, Math.floor(headersTimeout / 4))),
    },
  };
}

/** A positive whole number from the environment, or the default when unset, empty or not one. */
function positiveInt(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value && Number.isSafeInteger(n) && n > 0 ? n : fallback;
}

function parseTrustProxy(value: string | undefined): boolean | string {
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  return value;
}
