import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { loginFailures } from '../../db/schema';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../lib/errors';

export const throttleWindowMs = 15 * 60_000;
export const throttleLimit = 5;

/** Failures of one key in the window, newest first; only the newest `throttleLimit` matter. */
async function recentFailures(tx: Tx | Db, column: typeof loginFailures.phone | typeof loginFailures.ip, value: string, now: Date) {
  const rows = await tx
    .select({ createdAt: loginFailures.createdAt })
    .from(loginFailures)
    .where(and(eq(column, value), gt(loginFailures.createdAt, new Date(now.getTime() - throttleWindowMs))))
    .orderBy(desc(loginFailures.createdAt))
    .limit(throttleLimit);
  return rows.map((r) => r.createdAt);
}

/**
 * Milliseconds until the phone and the address may try again, or 0. Blocked while either has
 * `throttleLimit` failures in the window; free again when the oldest of those counted leaves it.
 */
export async function throttleWaitMs(tx: Tx | Db, phone: string, ip: string, now = new Date()): Promise<number> {
  let wait = 0;
  for (const failures of [await recentFailures(tx, loginFailures.phone, phone, now), await recentFailures(tx, loginFailures.ip, ip, now)]) {
    if (failures.length < throttleLimit) continue;
    const oldestCounted = failures[throttleLimit - 1];
    wait = Math.max(wait, oldestCounted.getTime() + throttleWindowMs - now.getTime());
  }
  return wait;
}

/** 429 with `Retry-After` in seconds and the wait in whole minutes in Russian. */
export function tooManyAttempts(waitMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return new AppError(
    429,
    'too_many_requests',
    `Слишком много неудачных попыток входа. Повторите через ${minutes} мин.`,
    undefined,
    { 'retry-after': String(seconds) },
  );
}

export async function assertNotThrottled(tx: Tx | Db, phone: string, ip: string): Promise<void> {
  const wait = await throttleWaitMs(tx, phone, ip);
  if (wait > 0) throw tooManyAttempts(wait);
}

export async function recordFailure(tx: Tx | Db, phone: string, ip: string): Promise<void> {
  await tx.insert(loginFailures).values({ phone, ip });
}

/**
 * Checks the throttle and counts this attempt as a failure in one step, under a lock per phone and
 * per address: parallel attempts cannot all pass the check before any of them is counted. A
 * successful sign-in takes the count back (`clearFailures`). Locks are taken phone first, then
 * address, in every transaction, so two attempts cannot wait on each other.
 */
export async function reserveAttempt(db: Db, phone: string, ip: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`login-phone:${phone}`}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`login-ip:${ip}`}))`);
    await assertNotThrottled(tx, phone, ip);
    await recordFailure(tx, phone, ip);
  });
}

/** A successful sign-in forgives the phone's failures (not the address's: one address may try many phones). */
export async function clearFailures(tx: Tx | Db, phone: string): Promise<void> {
  await tx.delete(loginFailures).where(eq(loginFailures.phone, phone));
}
