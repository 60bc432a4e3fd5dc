import { z } from 'zod';
import { safeMultilineText, safeText } from './primitives';
import { remoteAreaSchema } from './remotes';

/** One build of an area that was made live at least once (`pnpm release`, `pnpm rollback`, the settings tab, or a start that adopted a new build). */
export const releaseSchema = z.object({
  area: remoteAreaSchema,
  version: z.string(),
  /** git commit the build came from, when known. */
  commit: z.string().nullable(),
  builtAt: z.string().nullable(),
  /** Who built or released it (an OS user for the CLI, an employee name in the UI). */
  releasedBy: z.string().nullable(),
  activatedAt: z.string(),
  /** Number of load failures browsers reported for this version. */
  failures: z.number().int(),
});
export type Release = z.infer<typeof releaseSchema>;

export const releaseFailureSchema = z.object({
  area: remoteAreaSchema,
  version: z.string(),
  message: z.string(),
  at: z.string(),
  employeeName: z.string().nullable(),
});
export type ReleaseFailure = z.infer<typeof releaseFailureSchema>;

export const areaReleasesSchema = z.object({
  area: remoteAreaSchema,
  /** The live version (what `/remotes.json` serves), null when the area was never released. */
  live: z.string().nullable(),
  /** The last version that loaded without reported failures: browsers fall back to it. */
  lastGood: z.string().nullable(),
  /** Releases newest first. */
  history: z.array(releaseSchema),
  /** Versions present on the server's disk that could be activated. */
  available: z.array(z.string()),
  /** Recent load failures, newest first. */
  failures: z.array(releaseFailureSchema),
});
export type AreaReleases = z.infer<typeof areaReleasesSchema>;

/** GET /api/releases */
export const releasesResponseSchema = z.object({ areas: z.array(areaReleasesSchema) });
export type ReleasesResponse = z.infer<typeof releasesResponseSchema>;

/** POST /api/releases/:area/activate */
const versionSchema = safeText({ min: 1, max: 100, label: 'Версия' });
export const activateReleaseRequestSchema = z.object({ version: versionSchema });
export const areaParamsSchema = z.object({ area: remoteAreaSchema });

/** POST /api/releases/:area/failures — a browser reports that a version failed to load. */
export const reportReleaseFailureRequestSchema = z.object({
  version: versionSchema,
  message: safeMultilineText({ max: 2000, label: 'Сообщение' }),
});
