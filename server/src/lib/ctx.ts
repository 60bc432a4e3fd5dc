import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { AuthContext } from '../types';
import type { Actor } from './audit';
import { missingRuleMessage, ruleScope, type Action, type Entity, type Scope } from '@repo/contracts';
import { forbidden, unauthenticated } from './errors';

/**
 * Who is asking, where, and with what: the one argument every service takes first. Built once per
 * request by `ctxOf(request)`; services never read the request themselves.
 */
export interface Ctx {
  db: Db;
  config: Config;
  /** The signed-in employee (the auth plugin resolved the token). */
  auth: AuthContext;
  /** Who did it and from where, for the audit log (employee, `Shop` location, client address). */
  actor: Actor;
  /** The current location from the `Shop` header, already checked by the access plugin (null when absent or not allowed). */
  locationId: string | null;
}

/** The context of a public route (sign-in, health): nobody is signed in yet. */
export type PublicCtx = Omit<Ctx, 'auth'> & { auth: AuthContext | null };

export function actorOf(request: FastifyRequest): Actor {
  return { employeeId: request.auth?.employeeId ?? null, locationId: request.locationId ?? null, ip: request.ip ?? null };
}

/** The service context of a signed-in request; 403 `unauthenticated` when there is no employee. */
export function ctxOf(request: FastifyRequest): Ctx {
  if (!request.auth) throw unauthenticated();
  return { ...publicCtxOf(request), auth: request.auth };
}

/** The service context of a route with `config: { auth: false }`. */
export function publicCtxOf(request: FastifyRequest): PublicCtx {
  return {
    db: request.server.db,
    config: request.server.config,
    auth: request.auth ?? null,
    actor: actorOf(request),
    locationId: request.locationId ?? null,
  };
}

/** A context for work no request asked for (start-up adoption, the CLI): no employee, no address. */
export function systemCtx(db: Db, config: Config): PublicCtx {
  return { db, config, auth: null, actor: { employeeId: null, locationId: null, ip: null }, locationId: null };
}

/**
 * The widest scope the employee's rules give for `action` on `entity` (`own` < `location` < `all`); a 403
 * naming the missing rule when none does. A service narrows its rows by the scope it gets.
 */
export function scopeOf(ctx: Pick<Ctx, 'auth'>, action: Action, entity: Entity): Scope {
  const scope = ruleScope(ctx.auth.rules, action, entity);
  if (!scope) throw forbidden(missingRuleMessage(`${action}:${entity}`));
  return scope;
}
