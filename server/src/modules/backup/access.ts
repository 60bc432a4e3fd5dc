/**
 * How `pnpm backup` reaches the server that holds a PGlite folder: at listen the server writes
 * `DATA_DIR/backup-access.json` (mode 0600: only the server's OS user can read it) with its local address
 * and a random secret made at this start; POST /api/backup/stream answers only that secret, from this
 * machine. The file is removed on close; a stale one (after kill -9) names a dead server and a secret
 * that no longer works.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

export const ACCESS_FILE = 'backup-access.json';

export interface BackupAccess {
  url: string;
  secret: string;
  pid: number;
}

// Keyed by the app's database object: the same in every encapsulated context of one app.
const secrets = new WeakMap<object, string>();

const loopback = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** Whether a request may have the streamed copy: this start's secret (compared in constant time), from this machine. */
export function isBackupCaller(app: FastifyInstance, given: string | string[] | undefined, remoteAddress: string | undefined): boolean {
  const secret = secrets.get(app.database);
  return (
    secret !== undefined &&
    typeof given === 'string' &&
    given.length === secret.length &&
    timingSafeEqual(Buffer.from(given), Buffer.from(secret)) &&
    loopback.has(remoteAddress ?? '')
  );
}

/** Called from onStart: writes the file once the server listens, removes it on close. */
export function publishBackupAccess(app: FastifyInstance): void {
  if (app.database.kind !== 'pglite' || app.config.databaseUrl || app.config.dataDir.startsWith('memory://')) return;
  const secret = randomBytes(32).toString('hex');
  secrets.set(app.database, secret);
  const file = path.join(app.config.dataDir, ACCESS_FILE);
  app.addHook('onListen', async () => {
    const address = app.server.address();
    if (!address || typeof address === 'string') return;
    const host = address.address === '0.0.0.0' || address.address === '::' ? '127.0.0.1' : address.address;
    const url = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
    const body: BackupAccess = { url, secret, pid: process.pid };
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(body) + '\n', { mode: 0o600 });
    fs.chmodSync(tmp, 0o600);
    fs.renameSync(tmp, file);
  });
  app.addHook('onClose', async () => {
    try {
      const current = JSON.parse(fs.readFileSync(file, 'utf8')) as BackupAccess;
      if (current.secret === secret) fs.rmSync(file, { force: true });
    } catch {
      /* not there */
    }
  });
}

export function readBackupAccess(dataDir: string): BackupAccess | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(dataDir, ACCESS_FILE), 'utf8')) as BackupAccess;
  } catch {
    return null;
  }
}
