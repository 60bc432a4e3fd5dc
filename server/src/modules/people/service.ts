import { randomBytes, randomInt } from 'node:crypto';
import {
  actionLabels,
  entityLabels,
  messages,
  missingRuleMessage,
  peopleMessages as msg,
  ruleScope,
  scopeRank,
  specialRightLabels,
  specialRights,
  temporaryPasswordAlphabet,
  temporaryPasswordLength,
  type Action,
  type CreateEmployeeResponse,
  type Employee,
  type EmployeePage,
  type Entity,
  type Role,
  type Scope,
  type SpecialRight,
  createEmployeeRequestSchema,
  createRoleRequestSchema,
  employeeListQuerySchema,
  updateEmployeeRequestSchema,
  updateRoleRequestSchema,
} from '@repo/contracts';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import { recordChange } from '../../lib/change';
import type { Ctx } from '../../lib/ctx';
import { AppError, conflict, forbidden, invalidInput, notFound } from '../../lib/errors';
import { effectiveRules } from '../auth/sessions';
import { hashPassword } from '../auth/password';
import type { AuthContext } from '../../types';
import * as repo from './repository';

type ListQuery = z.output<typeof employeeListQuerySchema>;
type CreateEmployee = z.output<typeof createEmployeeRequestSchema>;
type UpdateEmployee = z.output<typeof updateEmployeeRequestSchema>;
type CreateRole = z.output<typeof createRoleRequestSchema>;
type UpdateRole = z.output<typeof updateRoleRequestSchema>;

const OWNER = 'owner';
const scopeLabels: Record<Scope, string> = { own: 'свои', location: 'магазин', all: 'все' };

// ---------------------------------------------------------------------------------------------------
// Temporary passwords

/** 10 characters of `temporaryPasswordAlphabet`, each drawn with `crypto.randomInt` (no modulo bias). */
export function temporaryPassword(): string {
  let out = '';
  for (let i = 0; i < temporaryPasswordLength; i++) out += temporaryPasswordAlphabet[randomInt(temporaryPasswordAlphabet.length)];
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Rules: scopes and anti-escalation

const isOwner = (auth: AuthContext) => auth.roleName === OWNER;

/** «изменение — роли (все)» or «смена магазина»: a rule as the messages name it. */
function ruleLabel(rule: string): string {
  if ((specialRights as readonly string[]).includes(rule)) return specialRightLabels[rule as SpecialRight];
  const [a, e, s] = rule.split(':') as [Action, Entity, Scope];
  return `${actionLabels[a]} — ${entityLabels[e]} (${scopeLabels[s]})`;
}

/** The caller holds this rule at the same or a wider scope (a special right: holds it). */
function holds(rules: readonly string[], rule: string): boolean {
  if ((specialRights as readonly string[]).includes(rule)) return rules.includes(rule);
  const [a, e, s] = rule.split(':') as [Action, Entity, Scope];
  const mine = ruleScope(rules, a, e);
  return mine !== null && scopeRank[mine] >= scopeRank[s];
}

/** The caller's discount cap (their role's), for the anti-escalation of roles. */
async function callerCap(tx: Tx, auth: AuthContext): Promise<number> {
  const me = await repo.employeeRecord(tx, auth.employeeId);
  return me?.role.maxDiscountPercent ?? 0;
}

/**
 * Why the caller may not give a role with these rules and cap, or null when they may: the owner gives
 * anything; nobody else gives the owner role, a rule they do not hold at the same or a wider scope, a
 * special right they lack, or a discount cap above their own.
 */
function grantProblem(auth: AuthContext, cap: number, role: { name: string; rules: readonly string[]; maxDiscountPercent: number }): string | null {
  if (isOwner(auth)) return null;
  if (role.name === OWNER) return msg.ownerOnly;
  const missing = role.rules.find((r) => !holds(auth.rules, r));
  if (missing) return msg.wider(ruleLabel(missing));
  if (role.maxDiscountPercent > cap) return msg.widerDiscount(cap);
  return null;
}

interface Placed {
  id: string;
  allLocations: boolean;
  locationIds: readonly string[];
}

/** The widest scope the caller has for this action on employees (the route already required one). */
function scopeOf(auth: AuthContext, action: 'view' | 'create' | 'edit'): Scope {
  const scope = ruleScope(auth.rules, action, 'employee');
  if (!scope) throw forbidden(missingRuleMessage(`${action}:employee`));
  return scope;
}

/** Scope `location` works in the current location (`Shop`): without one nothing is in scope. */
function currentLocation(ctx: Ctx): string {
  if (!ctx.locationId) throw forbidden(messages.locationRequired);
  return ctx.locationId;
}

/**
 * Whether an employee is within a scope of rules about employees (people, pay): own is oneself, location
 * the employees who may work in `locationId` (the current one; none: oneself only), all is everyone.
 */
export function employeeInScope(auth: AuthContext, locationId: string | null, scope: Scope, target: Placed): boolean {
  if (scope === 'all' || target.id === auth.employeeId) return true;
  if (scope === 'own' || !locationId) return false;
  return target.allLocations || target.locationIds.includes(locationId);
}

function inScope(ctx: Ctx, scope: Scope, target: Placed): boolean {
  return employeeInScope(ctx.auth, scope === 'location' ? currentLocation(ctx) : ctx.locationId, scope, target);
}

// ---------------------------------------------------------------------------------------------------
// Employees

function toEmployee(r: repo.EmployeeRecord): Employee {
  const { employee: e, role } = r;
  return {
    id: e.id,
    name: e.name,
    phone: e.phone,
    position: e.position,
    roleId: role.id,
    role: { id: role.id, name: role.name, title: role.title },
    locationIds: e.allLocations ? [] : r.locationIds,
    allLocations: e.allLocations,
    active: e.active,
    blockedAt: e.blockedAt?.toISOString() ?? null,
    salary: {
      monthlyBase: e.salary?.monthlyBase ?? 0,
      rules: (e.salary?.rules ?? []).map((x) => ({ kind: x.kind as Employee['salary']['rules'][number]['kind'], percent: x.percent, categoryId: x.categoryId ?? null })),
    },
    notes: e.notes,
    mustChangePassword: e.mustChangePassword,
    createdAt: e.createdAt.toISOString(),
    lastSeenAt: r.lastSeenAt?.toISOString() ?? null,
  };
}

/** What the audit diff compares: never the password hash. */
function snapshot(r: { employee: repo.EmployeeRow; locationIds: readonly string[] }) {
  const e = r.employee;
  return {
    name: e.name,
    phone: e.phone,
    position: e.position,
    roleId: e.roleId,
    allLocations: e.allLocations,
    locationIds: e.allLocations ? [] : [...r.locationIds].sort(),
    active: e.active,
    salary: e.salary,
    notes: e.notes,
  };
}

/** Russian text compared the way a person reads it: case and ё do not matter. */
const norm = (s: string) => s.toLocaleLowerCase('ru').replace(/ё/g, 'е').replace(/\s+/g, ' ').trim();
const collator = new Intl.Collator('ru');

export async function listEmployees(ctx: Ctx, q: ListQuery): Promise<EmployeePage> {
  const scope = scopeOf(ctx.auth, 'view');
  const keys = await repo.employeeKeys(ctx.db, {
    roleId: q.roleId,
    locationId: q.locationId,
    active: q.active,
    onlyId: scope === 'own' ? ctx.auth.employeeId : undefined,
    worksAt: scope === 'location' ? currentLocation(ctx) : undefined,
  });
  // A company has tens to hundreds of employees: the search (name, or any run of the phone's digits)
  // and the Russian order are settled here, the same on PGlite and PostgreSQL whatever their collation.
  const text = q.search ? norm(q.search) : '';
  const digits = q.search ? q.search.replace(/\D/g, '') : '';
  // Digits with phone punctuation only («900 00», «+7 (900)») search the phone.
  const byPhone = digits.length > 0 && /^[\d\s()+-]+$/.test(q.search ?? '');
  const found = keys
    .filter((k) => !text || norm(k.name).includes(text) || (byPhone && k.phone.includes(digits)))
    .sort((a, b) => collator.compare(a.name, b.name) || a.id.localeCompare(b.id));
  const pageIds = found.slice((q.page - 1) * q.pageSize, q.page * q.pageSize).map((k) => k.id);
  const records = await repo.employeeRecords(ctx.db, pageIds);
  const byId = new Map(records.map((r) => [r.employee.id, r]));
  return { items: pageIds.map((id) => toEmployee(byId.get(id)!)), total: found.length, page: q.page, pageSize: q.pageSize };
}

/** An employee out of the caller's view scope is «not found», like an unknown id. */
async function visibleRecord(ctx: Ctx, db: Ctx['db'] | Tx, id: string): Promise<repo.EmployeeRecord> {
  const rec = await repo.employeeRecord(db, id);
  if (!rec || !inScope(ctx, scopeOf(ctx.auth, 'view'), placed(rec))) throw notFound(msg.employeeNotFound);
  return rec;
}

const placed = (r: repo.EmployeeRecord): Placed => ({ id: r.employee.id, allLocations: r.employee.allLocations, locationIds: r.locationIds });

export async function getEmployee(ctx: Ctx, id: string): Promise<Employee> {
  return toEmployee(await visibleRecord(ctx, ctx.db, id));
}

/** The role to give: 400 on `roleId` when it does not exist, 403 when the caller may not give it. */
async function grantableRole(tx: Tx, ctx: Ctx, roleId: string): Promise<repo.RoleRow> {
  const role = await repo.shareRole(tx, roleId);
  if (!role) throw invalidInput({ roleId: msg.roleNotFound }, msg.roleNotFound);
  const problem = grantProblem(ctx.auth, isOwner(ctx.auth) ? 100 : await callerCap(tx, ctx.auth), role);
  if (problem) throw forbidden(problem);
  return role;
}

/**
 * Where the employee may work: every location, or at least one existing location (400 on
 * `locationIds`). Below scope `all`, the caller gives only locations they work in themselves and never
 * «every location»; `added` are the locations the change adds.
 */
async function checkLocations(tx: Tx, ctx: Ctx, scope: Scope, allLocations: boolean, locationIds: string[], added: string[], allAdded: boolean): Promise<void> {
  if (allLocations) {
    if (allAdded && scope !== 'all') throw forbidden(messages.locationForbidden);
    return;
  }
  if (locationIds.length === 0) throw invalidInput({ locationIds: msg.noLocations }, msg.noLocations);
  const existing = new Set(await repo.existingLocations(tx, locationIds));
  if (locationIds.some((l) => !existing.has(l))) throw invalidInput({ locationIds: msg.locationNotFound }, msg.locationNotFound);
  if (scope !== 'all' && added.some((l) => !ctx.auth.locationIds.includes(l))) throw forbidden(messages.locationForbidden);
}

async function checkSalary(tx: Tx, salary: CreateEmployee['salary'] | undefined): Promise<void> {
  if (!salary) return;
  const ids = [...new Set(salary.rules.map((r) => r.categoryId).filter((c): c is string => !!c))];
  const existing = new Set(await repo.existingCategories(tx, ids));
  const errors: Record<string, string> = {};
  salary.rules.forEach((r, i) => {
    if (r.categoryId && !existing.has(r.categoryId)) errors[`salary.rules.${i}.categoryId`] = msg.categoryNotFound;
  });
  if (Object.keys(errors).length) throw invalidInput(errors, msg.categoryNotFound);
}

const phoneConflict = () => new AppError(409, 'conflict', msg.phoneTaken, { phone: msg.phoneTaken });

async function checkPhone(tx: Tx, phone: string, exceptId?: string): Promise<void> {
  if (await repo.phoneTaken(tx, phone, exceptId)) throw phoneConflict();
}

function pgCodeOf(error: unknown): { code?: string; constraint?: string } {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return { code, constraint: (e as { constraint?: string }).constraint };
  }
  return {};
}

/** Two requests giving one phone at once: the loser hits the unique index and gets the same 409 as a checked one. */
async function phoneRace<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    const { code, constraint } = pgCodeOf(err);
    if (code === '23505' && (!constraint || constraint === 'employees_phone_unique')) throw phoneConflict();
    throw err;
  }
}

export async function createEmployee(ctx: Ctx, body: CreateEmployee): Promise<CreateEmployeeResponse> {
  const scope = scopeOf(ctx.auth, 'create');
  if (scope === 'own') throw forbidden(missingRuleMessage('create:employee'));
  const password = temporaryPassword();
  const passwordHash = await hashPassword(password);
  const created = await phoneRace(() =>
    ctx.db.transaction(async (tx) => {
      await grantableRole(tx, ctx, body.roleId);
      const locationIds = body.allLocations ? [] : [...new Set(body.locationIds)];
      await checkLocations(tx, ctx, scope, body.allLocations, locationIds, locationIds, body.allLocations);
      if (scope === 'location' && !body.allLocations && !locationIds.includes(currentLocation(ctx))) throw forbidden(messages.locationForbidden);
      await checkSalary(tx, body.salary);
      await checkPhone(tx, body.phone);
      const row = await repo.insertEmployee(tx, {
        name: body.name,
        phone: body.phone,
        passwordHash,
        position: body.position ?? null,
        roleId: body.roleId,
        allLocations: body.allLocations,
        salary: body.salary,
        notes: body.notes,
        mustChangePassword: true,
      });
      await repo.replaceLocations(tx, row.id, locationIds);
      // Employees are company-wide: the event has no location. Never the password or its hash.
      await recordChange(tx, ctx, { entity: 'employee', id: row.id, action: 'create', after: snapshot({ employee: row, locationIds }), locationId: null });
      return (await repo.employeeRecord(tx, row.id))!;
    }),
  );
  return { ...toEmployee(created), temporaryPassword: password };
}

/**
 * The employee the caller is about to change, locked: 404 out of the view scope, 403 out of the edit
 * scope or (for a non-owner) when the employee holds a role the caller could not give.
 */
async function editableRecord(tx: Tx, ctx: Ctx, id: string): Promise<{ rec: repo.EmployeeRecord; scope: Scope }> {
  const row = await repo.lockEmployee(tx, id);
  if (!row) throw notFound(msg.employeeNotFound);
  const rec = await visibleRecord(ctx, tx, id);
  const scope = scopeOf(ctx.auth, 'edit');
  if (!inScope(ctx, scope, placed(rec))) throw forbidden(missingRuleMessage('edit:employee'));
  if (!isOwner(ctx.auth) && grantProblem(ctx.auth, await callerCap(tx, ctx.auth), rec.role)) throw forbidden(msg.editWider);
  return { rec, scope };
}

/** The last active owner is never blocked or moved to another role (409). */
async function keepAnOwner(tx: Tx, rec: repo.EmployeeRecord): Promise<void> {
  if (rec.role.name !== OWNER || !rec.employee.active) return;
  if ((await repo.otherActiveOwners(tx, rec.employee.id)) === 0) throw conflict(msg.lastOwner);
}

export async function updateEmployee(ctx: Ctx, id: string, body: UpdateEmployee): Promise<Employee> {
  return phoneRace(() =>
    ctx.db.transaction(async (tx) => {
      const { rec, scope } = await editableRecord(tx, ctx, id);
      const e = rec.employee;
      const self = e.id === ctx.auth.employeeId;
      const roleChanges = body.roleId !== undefined && body.roleId !== e.roleId;
      const allLocations = body.allLocations ?? e.allLocations;
      const locationIds = allLocations ? [] : [...new Set(body.locationIds ?? rec.locationIds)];
      const before = snapshot(rec);
      const locationsChange = allLocations !== e.allLocations || (!allLocations && (locationIds.length !== before.locationIds.length || locationIds.some((l) => !before.locationIds.includes(l))));
      const salaryChanges = body.salary !== undefined && JSON.stringify(body.salary) !== JSON.stringify(before.salary);
      // One's own role, locations and pay are set by someone else (the owner excepted).
      if (self && !isOwner(ctx.auth) && (roleChanges || locationsChange || salaryChanges)) throw forbidden(msg.selfAccess);
      if (roleChanges) {
        await grantableRole(tx, ctx, body.roleId!);
        const next = await repo.findRole(tx, body.roleId!);
        if (next?.name !== OWNER) await keepAnOwner(tx, rec);
      }
      if (locationsChange) {
        const added = locationIds.filter((l) => !rec.locationIds.includes(l) || e.allLocations);
        await checkLocations(tx, ctx, scope, allLocations, locationIds, added, allLocations && !e.allLocations);
      }
      if (salaryChanges) await checkSalary(tx, body.salary);
      if (body.phone !== undefined && body.phone !== e.phone) await checkPhone(tx, body.phone, e.id);
      const after = {
        ...before,
        name: body.name ?? e.name,
        phone: body.phone ?? e.phone,
        position: body.position !== undefined ? (body.position ?? null) : e.position,
        roleId: body.roleId ?? e.roleId,
        allLocations,
        locationIds: [...locationIds].sort(),
        salary: body.salary ?? e.salary,
        notes: body.notes !== undefined ? body.notes : e.notes,
      };
      if (JSON.stringify(after) !== JSON.stringify(before)) {
        await repo.updateEmployee(tx, e.id, {
          name: after.name,
          phone: after.phone,
          position: after.position,
          roleId: after.roleId,
          allLocations: after.allLocations,
          salary: after.salary,
          notes: after.notes,
        });
        if (locationsChange) await repo.replaceLocations(tx, e.id, locationIds);
        // The event makes the realtime hub re-read the employee's sockets (locations, rules).
        await recordChange(tx, ctx, { entity: 'employee', id: e.id, action: 'update', before, after, locationId: null });
      }
      return toEmployee((await repo.employeeRecord(tx, e.id))!);
    }),
  );
}

const sessionEvents = (ids: string[]) => ids.map((id) => ({ type: 'deleted' as const, entity: 'session' as const, id, locationId: null }));
/** The revoked sessions' events close their sockets at once (4401); the employee's own event refreshes lists. */
const employeeAndSessionEvents = (employeeId: string, revoked: string[]) => [...sessionEvents(revoked), { type: 'updated' as const, entity: 'employee' as const, id: employeeId, locationId: null }];

export async function blockEmployee(ctx: Ctx, id: string): Promise<Employee> {
  return ctx.db.transaction(async (tx) => {
    const { rec } = await editableRecord(tx, ctx, id);
    if (rec.employee.id === ctx.auth.employeeId) throw forbidden(msg.selfBlock);
    if (!rec.employee.active) throw conflict(msg.alreadyBlocked);
    await keepAnOwner(tx, rec);
    const blockedAt = new Date();
    await repo.updateEmployee(tx, id, { active: false, blockedAt });
    const revoked = await repo.revokeAllSessions(tx, id, blockedAt);
    await recordChange(tx, ctx, {
      entity: 'employee',
      id,
      action: 'update',
      diff: { active: { before: true, after: false }, blockedAt: { before: null, after: blockedAt.toISOString() }, revokedSessions: { after: revoked.length } },
      locationId: null,
      event: employeeAndSessionEvents(id, revoked),
    });
    return toEmployee((await repo.employeeRecord(tx, id))!);
  });
}

export async function unblockEmployee(ctx: Ctx, id: string): Promise<Employee> {
  return ctx.db.transaction(async (tx) => {
    const { rec } = await editableRecord(tx, ctx, id);
    if (rec.employee.active) throw conflict(msg.notBlocked);
    await repo.updateEmployee(tx, id, { active: true, blockedAt: null });
    await recordChange(tx, ctx, {
      entity: 'employee',
      id,
      action: 'update',
      diff: { active: { before: false, after: true }, blockedAt: { before: rec.employee.blockedAt?.toISOString() ?? null, after: null } },
      locationId: null,
    });
    return toEmployee((await repo.employeeRecord(tx, id))!);
  });
}

/** A new temporary password (shown once): the old one stops working and every session is revoked. */
export async function resetPassword(ctx: Ctx, id: string): Promise<{ temporaryPassword: string }> {
  const password = temporaryPassword();
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction(async (tx) => {
    await editableRecord(tx, ctx, id);
    await repo.updateEmployee(tx, id, { passwordHash, mustChangePassword: true });
    const revoked = await repo.revokeAllSessions(tx, id);
    // Never the password or its hash: only that it was reset.
    await recordChange(tx, ctx, {
      entity: 'employee',
      id,
      action: 'update',
      diff: { passwordReset: { after: true }, revokedSessions: { after: revoked.length } },
      locationId: null,
      event: employeeAndSessionEvents(id, revoked),
    });
  });
  return { temporaryPassword: password };
}

// ---------------------------------------------------------------------------------------------------
// Roles

function toRole(r: repo.RoleRow & { employeeCount: number }): Role {
  return {
    id: r.id,
    code: r.name,
    name: r.title,
    rules: effectiveRules(r.name, r.rules),
    maxDiscountPercent: r.maxDiscountPercent,
    builtIn: r.builtIn,
    employeeCount: r.employeeCount,
  };
}

export async function listRoles(ctx: Ctx): Promise<Role[]> {
  return (await repo.rolesWithCounts(ctx.db)).map(toRole);
}

async function roleById(tx: Tx, id: string): Promise<Role> {
  const found = (await repo.rolesWithCounts(tx)).find((r) => r.id === id);
  if (!found) throw notFound(msg.roleNotFound);
  return toRole(found);
}

async function checkRoleName(tx: Tx, name: string, exceptId?: string): Promise<void> {
  const taken = (await repo.roleTitles(tx, exceptId)).some((r) => norm(r.title) === norm(name));
  if (taken) throw new AppError(409, 'conflict', msg.roleNameTaken, { name: msg.roleNameTaken });
}

async function checkGrant(tx: Tx, ctx: Ctx, role: { name: string; rules: readonly string[]; maxDiscountPercent: number }): Promise<void> {
  if (isOwner(ctx.auth)) return;
  const problem = grantProblem(ctx.auth, await callerCap(tx, ctx.auth), role);
  if (problem) throw forbidden(problem);
}

const roleSnapshot = (r: Pick<repo.RoleRow, 'title' | 'rules' | 'maxDiscountPercent'>) => ({ name: r.title, rules: [...r.rules].sort(), maxDiscountPercent: r.maxDiscountPercent });

export async function createRole(ctx: Ctx, body: CreateRole): Promise<Role> {
  return ctx.db.transaction(async (tx) => {
    await repo.lockRoles(tx);
    const code = `role_${randomBytes(4).toString('hex')}`;
    await checkGrant(tx, ctx, { name: code, rules: body.rules, maxDiscountPercent: body.maxDiscountPercent });
    await checkRoleName(tx, body.name);
    const row = await repo.insertRole(tx, { name: code, title: body.name, rules: body.rules, maxDiscountPercent: body.maxDiscountPercent, builtIn: false });
    await recordChange(tx, ctx, { entity: 'role', id: row.id, action: 'create', after: { code, ...roleSnapshot(row) }, locationId: null });
    return toRole({ ...row, employeeCount: 0 });
  });
}

/** The owner role is never edited or deleted; a non-owner touches only roles they could give. */
async function changeableRole(tx: Tx, ctx: Ctx, id: string): Promise<repo.RoleRow> {
  await repo.lockRoles(tx);
  const role = await repo.lockRole(tx, id);
  if (!role) throw notFound(msg.roleNotFound);
  if (role.name === OWNER) throw forbidden(msg.ownerRoleLocked);
  await checkGrant(tx, ctx, role);
  return role;
}

export async function updateRole(ctx: Ctx, id: string, body: UpdateRole): Promise<Role> {
  return ctx.db.transaction(async (tx) => {
    const role = await changeableRole(tx, ctx, id);
    const next = { title: body.name ?? role.title, rules: body.rules ?? role.rules, maxDiscountPercent: body.maxDiscountPercent ?? role.maxDiscountPercent };
    await checkGrant(tx, ctx, { name: role.name, rules: next.rules, maxDiscountPercent: next.maxDiscountPercent });
    if (body.name !== undefined) await checkRoleName(tx, body.name, id);
    const before = roleSnapshot(role);
    const after = roleSnapshot(next);
    if (JSON.stringify(before) !== JSON.stringify(after)) {
      await repo.updateRole(tx, id, next);
      // `role updated` (no location): the tabs of its holders re-read their profile, the hub their rules.
      await recordChange(tx, ctx, { entity: 'role', id, action: 'update', before, after, locationId: null });
    }
    return roleById(tx, id);
  });
}

export async function deleteRole(ctx: Ctx, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const role = await changeableRole(tx, ctx, id);
    if (role.builtIn) throw forbidden(msg.builtInRole);
    const holders = await repo.employeesWithRole(tx, id);
    if (holders > 0) throw conflict(msg.roleInUse(holders));
    await repo.deleteRole(tx, id);
    await recordChange(tx, ctx, { entity: 'role', id, action: 'delete', before: { code: role.name, ...roleSnapshot(role) }, locationId: null });
  });
}
