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
  };
}

function parseTrustProxy(value: string | undefined): boolean | string {
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  return value;
}
