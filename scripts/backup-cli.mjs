// Shared by `pnpm backup` and `pnpm restore` (scripts/backup.mjs, scripts/restore.mjs): runs the server's
// command (server/src/cli/backup.ts) with the same defaults as `pnpm start` — DATA_DIR <repo>/data, or
// DATABASE_URL — and a file named relative to the folder the command was typed in.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function runBackupCli(command, argv) {
  // pnpm runs scripts from the repository root; INIT_CWD is where the user typed the command.
  const cwd = process.env.INIT_CWD || process.cwd();
  const args = argv.map((a) => (a.startsWith('--') ? a : path.resolve(cwd, a)));
  const env = {
    ...process.env,
    DATA_DIR: path.resolve(cwd, process.env.DATA_DIR || path.join(repoRoot, 'data')),
    ...(process.env.BACKUP_DIR ? { BACKUP_DIR: path.resolve(cwd, process.env.BACKUP_DIR) } : {}),
    LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/backup.ts', command, ...args], {
    cwd: path.join(repoRoot, 'server'),
    env,
    stdio: 'inherit',
  });
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
