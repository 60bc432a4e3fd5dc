import { eq } from 'drizzle-orm';
import { messages, peopleMessages, type LoginResponse, type Profile, type Session } from '@repo/contracts';
import { employees } from '../../db/schema';
import { recordChange } from '../../lib/change';
import type { Db, Tx } from '../../db/client';
import type { Actor } from '../../lib/audit';
import type { Ctx, PublicCtx } from '../../lib/ctx';
import { AppError, forbidden, invalidInput, notFound } from '../../lib/errors';
import * as repo from './repository';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password';
import { cleanupFailures, dropAttempt, isKnownAddress, reserveAttemptWhenFree, settleFailure, settleSuccess, tooManyAttempts } from './throttle';
import { hashToken, newToken } from './tokens';
import { buildProfile } from './profile';
import { effectiveRules, resolveToken } from './sessions';

export { allowedLocationIds, allowedLocations } from './locations';

export interface ClientInfo {
  ip: string;
  userAgent: string | null;
}

const invalidCredentials = () => new AppError(401, 'invalid_credentials', messages.invalidCredentials);
const employeeEntity = 'employee';

/**
 * Sessions are mutations too: their events let the realtime hub close a revoked session's socket at
 * once and refresh the owner's session list. No location: a session belongs to the employee. They
 * ride on the employee's audit row (sign-in, sign-out), one event per session.
 */
const sessionEvents = (type: 'created' | 'deleted', ids: string[]) => ids.map((id) => ({ type, entity: 'session' as const, id, locationId: null }));

/**
 * Reserves a throttled attempt for the phone from this address (`throttle.ts`), or audits the refusal
 * (`login_throttled`, with the phone, never the password) and throws the 429. `actor` names the employee
 * the phone belongs to, if any.
 */
async function admitAttempt(db: Db, phone: string, ip: string, employeeId: string | null, actor: Actor, locationId: string | null): Promise<string> {
  const knownAddress = await isKnownAddress(db, employeeId, ip);
  const reservation = await reserveAttemptWhenFree(db, phone, ip, { knownAddress });
  if (reservation.kind === 'reserved') return reservation.id;
  const error = tooManyAttempts(reservation.kind === 'throttled' ? reservation.waitMs : 1_000);
  await db.transaction(async (tx) => {
    await recordChange(
      tx,
      { actor },
      { entity: employeeEntity, id: employeeId, action: 'login_throttled', diff: { phone: { after: phone } }, locationId },
    );
  });
  throw error;
}

/** A wrong password: the attempt becomes a failure (old ones are swept now and then), with its audit row. */
async function failAttempt(db: Db, attemptId: string, audit: (tx: Tx) => Promise<void>): Promise<void> {
  await db.transaction(async (tx) => {
    await settleFailure(tx, attemptId);
    await audit(tx);
  });
  await cleanupFailures(db);
}

/** Runs the work of a correct password; if it fails, the reserved attempt is dropped (it was no failure). */
async function withAttempt<T>(db: Db, attemptId: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    await dropAttempt(db, attemptId).catch(() => undefined);
    throw err;
  }
}

/**
 * Sign-in by phone and password. Unknown phones and wrong passwords get the same 401 after the same
 * Argon2 work; a blocked employee with the right password gets 403 «Сотрудник заблокирован. Обратитесь
 * к руководителю» (still counted as a failure and audited as `login_failed`, so it opens no session
 * and tells nothing to whoever lacks the password); each failure is counted for throttling and audited. The attempt is
 * reserved before the password is checked (so a burst cannot slip past a limit) and dropped when the
 * password is right: a correct sign-in never counts as a failure.
 */
export async function login(ctx: PublicCtx, phone: string, password: string, client: ClientInfo): Promise<LoginResponse> {
  const { db } = ctx;
  const employee = await repo.findEmployeeByPhone(db, phone);
  // Nobody is signed in yet: the audit row names the employee the phone belongs to, with no location.
  const actor = { employeeId: employee?.id ?? null, locationId: null, ip: client.ip };
  const attemptId = await admitAttempt(db, phone, client.ip, employee?.id ?? null, actor, null);
  let passwordOk = false;
  try {
    passwordOk = employee ? await verifyPassword(employee.passwordHash, password) : await verifyAgainstDummy(password);
  } finally {
    if (!employee || !passwordOk || !employee.active) {
      await failAttempt(db, attemptId, (tx) =>
        recordChange(tx, { actor }, { entity: employeeEntity, id: employee?.id ?? null, action: 'login_failed', diff: { phone: { after: phone } } }),
      );
    }
  }
  if (!employee || !passwordOk) throw invalidCredentials();
  // Only the right password learns that the employee is blocked: a stranger gets the generic 401.
  if (!employee.active) throw forbidden(peopleMessages.blockedSignIn);
  const token = newToken();
  return withAttempt(db, attemptId, () =>
    db.transaction(async (tx) => {
      await settleSuccess(tx, attemptId, phone, client.ip);
      const session = await repo.insertSession(tx, {
        employeeId: employee.id,
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + ctx.config.sessionTtlMs),
        userAgent: client.userAgent?.slice(0, 500) ?? null,
        ip: client.ip,
      });
      await recordChange(tx, { actor }, { entity: employeeEntity, id: employee.id, action: 'login', event: sessionEvents('created', [session.id]) });
      return { token, profile: await buildProfile(tx, employee.id) };
    }),
  );
}

/** Never throws: the client's start-up check must not raise an error for a stale token. */
export async function checkToken(ctx: PublicCtx, token: string | null): Promise<'valid' | 'invalid'> {
  try {
    return (await resolveToken(ctx.db, token, { sessionTtlMs: ctx.config.sessionTtlMs })) ? 'valid' : 'invalid';
  } catch {
    return 'invalid';
  }
}

export function getProfile(ctx: Ctx): Promise<Profile> {
  return buildProfile(ctx.db, ctx.auth.employeeId, ctx.locationId);
}

export async function logout(ctx: Ctx): Promise<void> {
  const { auth } = ctx;
  await ctx.db.transaction(async (tx) => {
    const revoked = await repo.revokeSessions(tx, auth.employeeId, { only: auth.sessionId });
    await recordChange(tx, ctx, { entity: employeeEntity, id: auth.employeeId, action: 'logout', event: sessionEvents('deleted', revoked) });
  });
}

export async function updateProfile(ctx: Ctx, name: string): Promise<Profile> {
  const { auth } = ctx;
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx.select({ name: employees.name }).from(employees).where(eq(employees.id, auth.employeeId));
    if (!before) throw notFound();
    if (before.name !== name) {
      await tx.update(employees).set({ name, updatedAt: new Date() }).where(eq(employees.id, auth.employeeId));
      // Employees are company-wide: everyone may see the new name, so the event has no location.
      await recordChange(tx, ctx, { entity: employeeEntity, id: auth.employeeId, action: 'update', before, after: { name }, event: { locationId: null } });
    }
    return buildProfile(tx, auth.employeeId, ctx.locationId);
  });
}

/**
 * Wrong current passwords count as sign-in failures of the employee's phone from this address (same
 * throttle, audited as `password_change_failed`): a stolen token must not become a way to guess the
 * password without the login throttle.
 */
export async function changePassword(ctx: Ctx, current: string, next: string): Promise<void> {
  const { auth } = ctx;
  const row = await repo.findEmployeeWithRole(ctx.db, auth.employeeId);
  if (!row) throw notFound();
  const { phone } = row.employee;
  const ip = ctx.actor.ip ?? 'unknown';
  const attemptId = await admitAttempt(ctx.db, phone, ip, auth.employeeId, ctx.actor, ctx.locationId);
  let currentOk = false;
  try {
    currentOk = await verifyPassword(row.employee.passwordHash, current);
  } finally {
    if (!currentOk) {
      await failAttempt(ctx.db, attemptId, (tx) =>
        recordChange(tx, ctx, { entity: employeeEntity, id: auth.employeeId, action: 'password_change_failed' }),
      );
    }
  }
  if (!currentOk) throw invalidInput({ currentPassword: 'Неверный текущий пароль' }, 'Неверный текущий пароль');
  await withAttempt(ctx.db, attemptId, async () => {
    const passwordHash = await hashPassword(next);
    await ctx.db.transaction(async (tx) => {
      await settleSuccess(tx, attemptId, phone, ip);
      // A temporary password (new employee, reset) is replaced: the rest of the API opens again.
      await tx.update(employees).set({ passwordHash, mustChangePassword: false, updatedAt: new Date() }).where(eq(employees.id, auth.employeeId));
      const revoked = await repo.revokeSessions(tx, auth.employeeId, { except: auth.sessionId });
      // Never the hashes: the audit log is readable by managers.
      await recordChange(tx, ctx, {
        entity: employeeEntity,
        id: auth.employeeId,
        action: 'password_change',
        diff: { revokedSessions: { after: revoked.length } },
        event: sessionEvents('deleted', revoked),
      });
    });
  });
}

export async function listSessions({ db, auth }: Ctx): Promise<Session[]> {
  const rows = await repo.activeSessions(db, auth.employeeId);
  return rows.map((s) => ({
    id: s.id,
    createdAt: s.createdAt.toISOString(),
    lastUsedAt: s.lastUsedAt.toISOString(),
    expiresAt: s.expiresAt.toISOString(),
    userAgent: s.userAgent,
    ip: s.ip,
    current: s.id === auth.sessionId,
  }));
}

/** Another employee's session answers 404 like an unknown one: its existence is not revealed. */
export async function revokeSession(ctx: Ctx, sessionId: string): Promise<void> {
  const { auth } = ctx;
  await ctx.db.transaction(async (tx) => {
    const revoked = await repo.revokeSessions(tx, auth.employeeId, { only: sessionId });
    if (revoked.length === 0) throw notFound('Сеанс не найден');
    await recordChange(tx, ctx, {
      entity: employeeEntity,
      id: auth.employeeId,
      action: 'logout',
      diff: { session: { after: sessionId } },
      event: sessionEvents('deleted', revoked),
    });
  });
}

export async function logoutAll(ctx: Ctx): Promise<number> {
  const { auth } = ctx;
  return ctx.db.transaction(async (tx) => {
    const revoked = await repo.revokeSessions(tx, auth.employeeId);
    await recordChange(tx, ctx, {
      entity: employeeEntity,
      id: auth.employeeId,
      action: 'logout',
      diff: { revokedSessions: { after: revoked.length } },
      event: sessionEvents('deleted', revoked),
    });
    return revoked.length;
  });
}

/** An employee as another module needs them: name, rules and the discount cap of their role. */
export interface EmployeeGrant {
  id: string;
  name: string;
  rules: string[];
  maxDiscountPercent: number;
}

/** The rules and discount cap of an employee (the sale screen checks the seller's cap). */
export async function employeeGrant(db: Tx | Db, employeeId: string): Promise<EmployeeGrant | null> {
  const row = await repo.findEmployeeWithRole(db, employeeId);
  if (!row) return null;
  return { id: row.employee.id, name: row.employee.name, rules: effectiveRules(row.role.name, row.role.rules), maxDiscountPercent: row.role.maxDiscountPercent };
}

/**
 * A colleague confirming something at the counter (a discount over the seller's cap) with their phone
 * and password: the active employee, or null when the phone or password is wrong (the same time either way).
 */
export async function confirmingEmployee(db: Tx | Db, phone: string, password: string): Promise<EmployeeGrant | null> {
  const employee = await repo.findEmployeeByPhone(db, phone);
  const ok = employee ? await verifyPassword(employee.passwordHash, password) : await verifyAgainstDummy(password);
  if (!employee || !ok || !employee.active) return null;
  return employeeGrant(db, employee.id);
}
