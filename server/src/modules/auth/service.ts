import { eq } from 'drizzle-orm';
import { messages, type LoginResponse, type Profile, type Session } from '@repo/contracts';
import { employees } from '../../db/schema';
import type { Db, Tx } from '../../db/client';
import { recordAudit, diffOf, type Actor } from '../../lib/audit';
import { AppError, invalidInput, notFound } from '../../lib/errors';
import { publishEvent } from '../../lib/realtime';
import type { AuthContext } from '../../types';
import * as repo from './repository';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password';
import { clearFailures, reserveAttempt } from './throttle';
import { hashToken, newToken } from './tokens';
import { buildProfile } from './profile';
import { resolveToken } from './sessions';

export { allowedLocationIds, allowedLocations } from './locations';

export interface AuthDeps {
  db: Db;
  sessionTtlMs: number;
}

export interface ClientInfo {
  ip: string;
  userAgent: string | null;
}

const invalidCredentials = () => new AppError(401, 'invalid_credentials', messages.invalidCredentials);
const employeeEntity = 'employee';
const sessionEntity = 'session';

/**
 * Sessions are mutations too: their events let the realtime hub close a revoked session's socket at
 * once and refresh the owner's session list. No location: a session belongs to the employee.
 */
async function publishSessions(tx: Tx, type: 'created' | 'deleted', ids: string[]): Promise<void> {
  for (const id of ids) await publishEvent(tx, { type, locationId: null, entity: sessionEntity, id });
}

/**
 * Sign-in by phone and password. Unknown phones, wrong passwords and blocked employees get the same
 * 401 after the same Argon2 work; each failure is counted for throttling and audited. The attempt is
 * counted before the password is checked and forgiven on success, so a burst cannot slip past the limit.
 */
export async function login(deps: AuthDeps, phone: string, password: string, client: ClientInfo): Promise<LoginResponse> {
  await reserveAttempt(deps.db, phone, client.ip);
  const employee = await repo.findEmployeeByPhone(deps.db, phone);
  const passwordOk = employee ? await verifyPassword(employee.passwordHash, password) : await verifyAgainstDummy(password);
  if (!employee || !passwordOk || !employee.active) {
    await deps.db.transaction(async (tx) => {
      await recordAudit(
        tx,
        { employeeId: employee?.id ?? null, locationId: null, ip: client.ip },
        { entity: employeeEntity, entityId: employee?.id ?? null, action: 'login_failed', diff: { phone: { after: phone } } },
      );
    });
    throw invalidCredentials();
  }
  const token = newToken();
  return deps.db.transaction(async (tx) => {
    await clearFailures(tx, phone);
    const session = await repo.insertSession(tx, {
      employeeId: employee.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + deps.sessionTtlMs),
      userAgent: client.userAgent?.slice(0, 500) ?? null,
      ip: client.ip,
    });
    await recordAudit(tx, { employeeId: employee.id, locationId: null, ip: client.ip }, { entity: employeeEntity, entityId: employee.id, action: 'login' });
    await publishSessions(tx, 'created', [session.id]);
    return { token, profile: await buildProfile(tx, employee.id) };
  });
}

/** Never throws: the client's start-up check must not raise an error for a stale token. */
export async function checkToken(deps: AuthDeps, token: string | null): Promise<'valid' | 'invalid'> {
  try {
    return (await resolveToken(deps.db, token, { sessionTtlMs: deps.sessionTtlMs })) ? 'valid' : 'invalid';
  } catch {
    return 'invalid';
  }
}

export function getProfile(deps: AuthDeps, auth: AuthContext, shopLocationId: string | null): Promise<Profile> {
  return buildProfile(deps.db, auth.employeeId, shopLocationId);
}

export async function logout(deps: AuthDeps, auth: AuthContext, actor: Actor): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const revoked = await repo.revokeSessions(tx, auth.employeeId, { only: auth.sessionId });
    await recordAudit(tx, actor, { entity: employeeEntity, entityId: auth.employeeId, action: 'logout' });
    await publishSessions(tx, 'deleted', revoked);
  });
}

export async function updateProfile(deps: AuthDeps, auth: AuthContext, actor: Actor, name: string, shopLocationId: string | null): Promise<Profile> {
  return deps.db.transaction(async (tx) => {
    const [before] = await tx.select({ name: employees.name }).from(employees).where(eq(employees.id, auth.employeeId));
    if (!before) throw notFound();
    if (before.name !== name) {
      await tx.update(employees).set({ name, updatedAt: new Date() }).where(eq(employees.id, auth.employeeId));
      await recordAudit(tx, actor, { entity: employeeEntity, entityId: auth.employeeId, action: 'update', diff: diffOf(before, { name }) });
      // Employees are company-wide: everyone may see the new name, so no location.
      await publishEvent(tx, { type: 'updated', locationId: null, entity: employeeEntity, id: auth.employeeId });
    }
    return buildProfile(tx, auth.employeeId, shopLocationId);
  });
}

/**
 * Wrong current passwords count as sign-in failures of the employee's phone: a stolen token must not
 * become a way to guess the password without the login throttle.
 */
export async function changePassword(deps: AuthDeps, auth: AuthContext, actor: Actor, current: string, next: string): Promise<void> {
  const row = await repo.findEmployeeWithRole(deps.db, auth.employeeId);
  if (!row) throw notFound();
  const ip = actor.ip ?? 'unknown';
  await reserveAttempt(deps.db, row.employee.phone, ip);
  if (!(await verifyPassword(row.employee.passwordHash, current))) {
    throw invalidInput({ currentPassword: 'Неверный текущий пароль' }, 'Неверный текущий пароль');
  }
  const passwordHash = await hashPassword(next);
  await deps.db.transaction(async (tx) => {
    await clearFailures(tx, row.employee.phone);
    await tx.update(employees).set({ passwordHash, updatedAt: new Date() }).where(eq(employees.id, auth.employeeId));
    const revoked = await repo.revokeSessions(tx, auth.employeeId, { except: auth.sessionId });
    await publishSessions(tx, 'deleted', revoked);
    // Never the hashes: the audit log is readable by managers.
    await recordAudit(tx, actor, {
      entity: employeeEntity,
      entityId: auth.employeeId,
      action: 'password_change',
      diff: { revokedSessions: { after: revoked.length } },
    });
  });
}

export async function listSessions(deps: AuthDeps, auth: AuthContext): Promise<Session[]> {
  const rows = await repo.activeSessions(deps.db, auth.employeeId);
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
export async function revokeSession(deps: AuthDeps, auth: AuthContext, actor: Actor, sessionId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const revoked = await repo.revokeSessions(tx, auth.employeeId, { only: sessionId });
    if (revoked.length === 0) throw notFound('Сеанс не найден');
    await recordAudit(tx, actor, { entity: employeeEntity, entityId: auth.employeeId, action: 'logout', diff: { session: { after: sessionId } } });
    await publishSessions(tx, 'deleted', revoked);
  });
}

export async function logoutAll(deps: AuthDeps, auth: AuthContext, actor: Actor): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const revoked = await repo.revokeSessions(tx, auth.employeeId);
    await recordAudit(tx, actor, { entity: employeeEntity, entityId: auth.employeeId, action: 'logout', diff: { revokedSessions: { after: revoked.length } } });
    await publishSessions(tx, 'deleted', revoked);
    return revoked.length;
  });
}
