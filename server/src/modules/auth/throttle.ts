import { and, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import { loginFailures, sessions } from '../../db/schema';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../lib/errors';

/**
 * The login throttle (OWASP ASVS 2.2): failures of sign-ins and of the current password on a password
 * change, counted three ways. Correct passwords never count.
 *
 * - **pair** (phone + address): `pairLimit` failures in the window lock that pair until the oldest of
 *   them leaves the window. Someone guessing one phone from one address is stopped here.
 * - **address**: `addressLimit` failures in the window lock the address, for every phone that has not
 *   signed in from it before. High enough for a shop of employees behind one router who mistype.
 * - **phone**: after `phoneFreeFailures` failures in the window (from any address) every further attempt
 *   waits `phoneBaseDelayMs` × 2^(failures − free) after the newest failure, at most `phoneMaxDelayMs`:
 *   a flood from many addresses slows guessing to about one a minute but keeps the owner out no longer
 *   than that cap.
 *
 * A phone's **known address** (a session of its employee was opened from it in the last
 * `knownAddressMs`) is exempt from the address limit and the phone back-off: only its pair counts. So
 * neither an attacker in the same shop guessing other phones nor a flood against a phone from elsewhere
 * keeps an employee out of the shop they work in.
 */
export const throttlePolicy = {
  windowMs: 15 * 60_000,
  pairLimit: 5,
  addressLimit: 100,
  phoneFreeFailures: 5,
  phoneBaseDelayMs: 1_000,
  phoneMaxDelayMs: 60_000,
  knownAddressMs: 30 * 24 * 60 * 60_000,
  /** A pending attempt older than this was abandoned (the process died): it counts as a failure. */
  pendingTtlMs: 60_000,
  /** How long an attempt waits (real time) for parallel attempts of the same keys to be settled. */
  busyWaitMs: 15_000,
  /** Old rows are deleted at most this often per process. */
  cleanupEveryMs: 60_000,
};

/** The throttle's clock: tests replace `now` to move time without sleeping. */
export const throttleClock = { now: (): Date => new Date() };

export type ThrottleLimit = 'pair' | 'address' | 'phone';

export type Reservation =
  /** The attempt may check the password; settle it with `settleFailure` or `settleSuccess`. */
  | { kind: 'reserved'; id: string }
  | { kind: 'throttled'; waitMs: number; limit: ThrottleLimit }
  /** Parallel attempts of the same keys are being checked and their outcome decides this one: retry soon. */
  | { kind: 'busy' };

interface KeyStats {
  failures: number;
  inFlight: number;
  /** The `nth` newest failure (null when fewer). */
  nth: Date | null;
  newest: Date | null;
}

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
/** Epoch milliseconds from SQL (`numeric` arrives as a string on some drivers) as a Date. */
const toDate = (v: unknown): Date | null => (v == null ? null : new Date(Math.round(Number(v))));

/**
 * Failures and attempts in flight of one key in the window, read in one statement (one snapshot): a
 * parallel attempt settled meanwhile is counted exactly once, as pending or as failed.
 */
async function keyStats(tx: Tx, where: SQL, nth: number, now: Date): Promise<KeyStats> {
  const { windowMs, pendingTtlMs } = throttlePolicy;
  const failed = sql`(not ${loginFailures.pending} or ${loginFailures.createdAt} <= ${ts(new Date(now.getTime() - pendingTtlMs))})`;
  const [row] = await tx
    .select({
      failures: sql<number>`count(*) filter (where ${failed})`.mapWith(Number),
      inFlight: sql<number>`count(*) filter (where not ${failed})`.mapWith(Number),
      nth: sql<number | null>`extract(epoch from (array_agg(${loginFailures.createdAt} order by ${loginFailures.createdAt} desc) filter (where ${failed}))[${sql.raw(String(Math.trunc(nth)))}]) * 1000`,
      newest: sql<number | null>`extract(epoch from max(${loginFailures.createdAt}) filter (where ${failed})) * 1000`,
    })
    .from(loginFailures)
    .where(and(where, gt(loginFailures.createdAt, sql`${ts(new Date(now.getTime() - windowMs))}`)));
  return { failures: row.failures, inFlight: row.inFlight, nth: toDate(row.nth), newest: toDate(row.newest) };
}

/** The per-phone back-off after `failures` failures in the window (0 while under the free count). */
export function phoneDelayMs(failures: number): number {
  const { phoneFreeFailures, phoneBaseDelayMs, phoneMaxDelayMs } = throttlePolicy;
  if (failures < phoneFreeFailures) return 0;
  return Math.min(phoneMaxDelayMs, phoneBaseDelayMs * 2 ** Math.min(30, failures - phoneFreeFailures));
}

/** Whether the phone's employee has opened a session from this address recently. */
export async function isKnownAddress(db: Db | Tx, employeeId: string | null, ip: string, now = throttleClock.now()): Promise<boolean> {
  if (!employeeId) return false;
  const since = new Date(now.getTime() - throttlePolicy.knownAddressMs);
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.employeeId, employeeId), eq(sessions.ip, ip), gt(sessions.createdAt, since)))
    .limit(1);
  return rows.length > 0;
}

/**
 * Decides one attempt under advisory locks per phone and per address (taken in that order everywhere,
 * so two attempts cannot wait on each other) and, when it may go on, records it as pending in the same
 * transaction: parallel attempts see it, so a burst cannot slip past a limit, yet a correct password
 * never becomes a failure — the parallel ones wait for its outcome instead (`busy`).
 */
export async function reserveAttempt(db: Db, phone: string, ip: string, opts: { knownAddress: boolean; now?: Date }): Promise<Reservation> {
  const now = opts.now ?? throttleClock.now();
  const { windowMs, pairLimit, addressLimit, phoneFreeFailures } = throttlePolicy;
  return db.transaction(async (tx): Promise<Reservation> => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`login-phone:${phone}`}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`login-ip:${ip}`}))`);
    const pair = await keyStats(tx, and(eq(loginFailures.phone, phone), eq(loginFailures.ip, ip))!, pairLimit, now);
    const checks: Array<{ limit: ThrottleLimit; waitMs: number; busy: boolean }> = [
      {
        limit: 'pair',
        waitMs: pair.failures >= pairLimit && pair.nth ? pair.nth.getTime() + windowMs - now.getTime() : 0,
        busy: pair.failures + pair.inFlight >= pairLimit,
      },
    ];
    if (!opts.knownAddress) {
      const address = await keyStats(tx, eq(loginFailures.ip, ip), addressLimit, now);
      checks.push({
        limit: 'address',
        waitMs: address.failures >= addressLimit && address.nth ? address.nth.getTime() + windowMs - now.getTime() : 0,
        busy: address.failures + address.inFlight >= addressLimit,
      });
      const byPhone = await keyStats(tx, eq(loginFailures.phone, phone), 1, now);
      checks.push({
        limit: 'phone',
        waitMs: byPhone.newest ? byPhone.newest.getTime() + phoneDelayMs(byPhone.failures) - now.getTime() : 0,
        // Once in back-off, one attempt at a time: the next one's delay depends on its outcome.
        busy: byPhone.inFlight > 0 && byPhone.failures + byPhone.inFlight >= phoneFreeFailures,
      });
    }
    const blocked = checks.filter((c) => c.waitMs > 0).sort((a, b) => b.waitMs - a.waitMs)[0];
    if (blocked) return { kind: 'throttled', waitMs: blocked.waitMs, limit: blocked.limit };
    if (checks.some((c) => c.busy)) return { kind: 'busy' };
    const [row] = await tx.insert(loginFailures).values({ phone, ip, pending: true, createdAt: now }).returning({ id: loginFailures.id });
    return { kind: 'reserved', id: row.id };
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `reserveAttempt`, waiting while parallel attempts of the same keys are being checked (each takes one
 * password hash, well under a second). Still busy after `busyWaitMs`: answered as throttled for a second.
 */
export async function reserveAttemptWhenFree(db: Db, phone: string, ip: string, opts: { knownAddress: boolean }): Promise<Reservation> {
  const deadline = Date.now() + throttlePolicy.busyWaitMs;
  for (let pause = 10; ; pause = Math.min(pause * 2, 200)) {
    const result = await reserveAttempt(db, phone, ip, opts);
    if (result.kind !== 'busy') return result;
    if (Date.now() >= deadline) return { kind: 'throttled', waitMs: 1_000, limit: 'phone' };
    await sleep(pause);
  }
}

/** A wrong password: the pending attempt becomes a failure, dated now. */
export async function settleFailure(tx: Tx | Db, attemptId: string, now = throttleClock.now()): Promise<void> {
  await tx.update(loginFailures).set({ pending: false, createdAt: now }).where(eq(loginFailures.id, attemptId));
}

/**
 * A correct password: the attempt is dropped and the pair's failures are forgiven (the employee's own
 * typos). Failures of the phone from other addresses and of the address for other phones stay.
 */
export async function settleSuccess(tx: Tx | Db, attemptId: string, phone: string, ip: string): Promise<void> {
  await tx.delete(loginFailures).where(eq(loginFailures.id, attemptId));
  await tx.delete(loginFailures).where(and(eq(loginFailures.phone, phone), eq(loginFailures.ip, ip), eq(loginFailures.pending, false)));
}

/** An attempt whose outcome was never settled (the success could not be stored): not a failure. */
export async function dropAttempt(db: Db | Tx, attemptId: string): Promise<void> {
  await db.delete(loginFailures).where(and(eq(loginFailures.id, attemptId), eq(loginFailures.pending, true)));
}

let lastCleanup = 0;

/**
 * Deletes rows older than the window (they no longer count), at most once per `cleanupEveryMs` per
 * process unless forced; answers how many were deleted.
 */
export async function cleanupFailures(db: Db | Tx, opts: { force?: boolean; now?: Date } = {}): Promise<number> {
  const now = opts.now ?? throttleClock.now();
  if (!opts.force && Math.abs(now.getTime() - lastCleanup) < throttlePolicy.cleanupEveryMs) return 0;
  lastCleanup = now.getTime();
  const rows = await db
    .delete(loginFailures)
    .where(lt(loginFailures.createdAt, new Date(now.getTime() - throttlePolicy.windowMs)))
    .returning({ id: loginFailures.id });
  return rows.length;
}

/**
 * 429 with `Retry-After` in seconds and the wait in Russian: in seconds under a minute
 * («Повторите через 4 сек.»), else in whole minutes («… через 15 мин.»).
 */
export function tooManyAttempts(waitMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const wait = seconds < 60 ? `${seconds} сек.` : `${Math.ceil(seconds / 60)} мин.`;
  return new AppError(429, 'too_many_requests', `Слишком много неудачных попыток входа. Повторите через ${wait}`, undefined, {
    'retry-after': String(seconds),
  });
}
