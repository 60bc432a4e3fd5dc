import { and, eq, gt, isNull } from 'drizzle-orm';
import { allRules } from '@repo/contracts';
import { employees, roles, sessions } from '../../db/schema';
import type { Db, Tx } from '../../db/client';
import type { AuthContext } from '../../types';
import { hashToken, plausibleToken } from './tokens';
import type { LocationRef } from '@repo/contracts';
import { allowedLocationsColumn, sortLocations } from './locations';

/** Sliding expiry is written at most this often per session, so busy clients do not write on every request. */
export const slideIntervalMs = 60_000;

/** The owner cannot lock itself out by editing its role: it always holds every rule. */
export function effectiveRules(roleName: string, stored: string[]): string[] {
  return roleName === 'owner' ? allRules() : stored;
}

export interface AuthenticateOptions {
  sessionTtlMs: number;
  /** Extend the expiry (at most once a minute). */
  slide?: boolean;
  now?: Date;
}

/**
 * Resolves a bearer token to the caller, or null when it is unknown, expired, revoked or belongs to a
 * blocked employee. Never throws for bad input: callers decide how to answer.
 */
export async function resolveToken(db: Db | Tx, token: string | null | undefined, opts: AuthenticateOptions): Promise<AuthContext | null> {
  if (!plausibleToken(token)) return null;
  const now = opts.now ?? new Date();
  const [row] = await db
    .select({
      sessionId: sessions.id,
      lastUsedAt: sessions.lastUsedAt,
      employeeId: employees.id,
      name: employees.name,
      allLocations: employees.allLocations,
      mustChangePassword: employees.mustChangePassword,
      roleName: roles.name,
      rules: roles.rules,
      locations: allowedLocationsColumn(),
    })
    .from(sessions)
    .innerJoin(employees, eq(employees.id, sessions.employeeId))
    .innerJoin(roles, eq(roles.id, employees.roleId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, now), eq(employees.active, true)))
    .limit(1);
  if (!row) return null;
  if (opts.slide !== false && now.getTime() - row.lastUsedAt.getTime() >= slideIntervalMs) {
    await db
      .update(sessions)
      .set({ lastUsedAt: now, expiresAt: new Date(now.getTime() + opts.sessionTtlMs) })
      .where(eq(sessions.id, row.sessionId));
  }
  return {
    employeeId: row.employeeId,
    sessionId: row.sessionId,
    name: row.name,
    roleName: row.roleName,
    rules: effectiveRules(row.roleName, row.rules),
    locationIds: sortLocations(typeof row.locations === 'string' ? (JSON.parse(row.locations) as LocationRef[]) : row.locations).map((l) => l.id),
    mustChangePassword: row.mustChangePassword,
  };
}
