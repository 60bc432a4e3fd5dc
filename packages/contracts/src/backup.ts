import { z } from 'zod';

/** One backup's outcome (`backup_runs`): the daily one, «Создать копию сейчас», or `pnpm backup`. */
export const backupRunSchema = z.object({
  id: z.string(),
  /** `daily` — by the server itself; `manual` — from Settings; `cli` — `pnpm backup`. */
  kind: z.enum(['daily', 'manual', 'cli']),
  status: z.enum(['running', 'ok', 'failed']),
  /** The file on the server (for `pnpm backup` through the server: the file the command wrote). */
  file: z.string().nullable(),
  fileName: z.string().nullable(),
  /** Bytes of the compressed file. */
  size: z.number().int().nullable(),
  rows: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
  /** Why it failed (Russian or the database's message). */
  error: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type BackupRun = z.infer<typeof backupRunSchema>;

/** GET /api/backup (rule `manage_settings`). */
export const backupStatusSchema = z.object({
  /** The server's backup folder; null: none set (PostgreSQL without BACKUP_DIR). */
  dir: z.string().nullable(),
  /** Whether the daily backup runs. */
  daily: z.boolean(),
  /** `HH:MM`, server time. */
  time: z.string(),
  keepDays: z.number().int(),
  lastSuccess: backupRunSchema.nullable(),
  /** The newest first (up to 10), failed ones included. */
  recent: z.array(backupRunSchema),
});
export type BackupStatus = z.infer<typeof backupStatusSchema>;
