import type { AuditAction, AuditDiff, EntityName, RealtimeEvent } from '@repo/contracts';
import type { Db, Tx } from '../db/client';
import { auditLog } from '../db/schema';
import { auditRow, diffOf, type Actor } from './audit';
import { sql, type SQL } from 'drizzle-orm';
import { realtimeChannel } from './realtime';

type EventType = RealtimeEvent['type'];
type Snapshot = Record<string, unknown>;

/** What the realtime event says when it differs from the audit row (defaults: the row's entity, id, location). */
export interface EventOverride {
  type?: EventType;
  entity?: EntityName;
  id?: string;
  locationId?: string | null;
  /** Addressed to this employee alone (see `realtimeEventSchema`), with the reason to notify them. */
  employeeId?: string;
  notice?: RealtimeEvent['notice'];
  /** The notification's text and link (with `notice`). */
  text?: string;
  href?: string;
}

export interface Change {
  entity: EntityName;
  /** The record's id (null for a failed sign-in of an unknown phone). */
  id: string | null;
  action: AuditAction;
  /** Snapshots for the audit diff (`diffOf(before, after)`); omit both for an action without a diff. */
  before?: Snapshot | null;
  after?: Snapshot | null;
  /** An explicit diff instead of before/after (e.g. `{ revokedSessions: { after: 3 } }`). */
  diff?: AuditDiff | null;
  /** The location the change belongs to; default: the current location of the request (`Shop`). */
  locationId?: string | null;
  /**
   * The realtime event: by default one event derived from the action (create → created, update →
   * updated, delete → deleted, post → posted, cancel → cancelled; other actions publish nothing).
   * `false` publishes nothing; an object overrides parts of it; an array publishes several events.
   */
  event?: false | EventOverride | EventOverride[];
}

const eventTypes: Partial<Record<AuditAction, EventType>> = {
  create: 'created',
  update: 'updated',
  delete: 'deleted',
  post: 'posted',
  cancel: 'cancelled',
};

/**
 * The one way a mutation is recorded: writes the audit row and publishes the realtime event(s), both
 * inside the caller's transaction, so a rolled-back change is neither logged nor announced.
 */
export async function recordChange(tx: Tx | Db, ctx: { actor: Actor; locationId?: string | null }, change: Change): Promise<void> {
  return recordChanges(tx, ctx, [change]);
}

/**
 * Several changes of one transaction recorded in one statement (a sale posted with two payments is four
 * changes: one round trip instead of four). Same rows and events as `recordChange` one by one.
 * `alongside`: other writes of the same transaction that nobody reads back (inserts with their values in
 * hand), sent in the same statement as data-modifying CTEs.
 */
export async function recordChanges(tx: Tx | Db, ctx: { actor: Actor; locationId?: string | null }, changes: Change[], alongside: SQL[] = []): Promise<void> {
  const rows: Array<ReturnType<typeof auditRow>> = [];
  const events: RealtimeEvent[] = [];
  for (const change of changes) {
    const locationId = change.locationId !== undefined ? change.locationId : (ctx.locationId ?? ctx.actor.locationId);
    const diff =
      change.diff !== undefined
        ? change.diff
        : change.before !== undefined || change.after !== undefined
          ? diffOf(change.before ?? null, change.after ?? null)
          : null;
    rows.push(auditRow(ctx.actor, { entity: change.entity, entityId: change.id, action: change.action, diff, locationId }));
    if (change.event === false) continue;
    const overrides = Array.isArray(change.event) ? change.event : [change.event ?? {}];
    for (const o of overrides) {
      const type = o.type ?? eventTypes[change.action];
      const id = o.id ?? change.id;
      if (!type || !id) continue;
      events.push({
        type,
        entity: o.entity ?? change.entity,
        id,
        locationId: (o.locationId !== undefined ? o.locationId : locationId) ?? null,
        ...(o.employeeId !== undefined ? { employeeId: o.employeeId } : {}),
        ...(o.notice !== undefined ? { notice: o.notice } : {}),
        ...(o.text !== undefined ? { text: o.text } : {}),
        ...(o.href !== undefined ? { href: o.href } : {}),
      });
    }
  }
  const writes = [...(rows.length ? [tx.insert(auditLog).values(rows).getSQL()] : []), ...alongside];
  if (!writes.length) return;
  if (!events.length && writes.length === 1) {
    await tx.execute(writes[0]);
    return;
  }
  // One round trip: each write is a data-modifying CTE, which runs whether or not the select reads it.
  const ctes = sql.join(
    writes.map((w, i) => sql`${sql.raw(`w${i}`)} as (${w})`),
    sql`, `,
  );
  await tx.execute(
    events.length
      ? sql`with ${ctes} select pg_notify(${realtimeChannel}, e) from unnest(${sql.param(events.map((e) => JSON.stringify(e)))}::text[]) as e`
      : sql`with ${ctes} select 1`,
  );
}
