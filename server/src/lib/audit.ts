import type { AuditAction, AuditDiff, EntityName } from '@repo/contracts';
import { auditLog } from '../db/schema';

/** Who did it and where; built from the request by `actorOf`. */
export interface Actor {
  employeeId: string | null;
  locationId: string | null;
  ip: string | null;
}

export interface AuditEntryInput {
  entity: EntityName;
  entityId: string | null;
  action: AuditAction;
  diff?: AuditDiff | null;
  /** Overrides the actor's location (e.g. a location's own rows). */
  locationId?: string | null;
}

/**
 * The audit_log row of an entry (the location defaults to the actor's). Services write it through
 * `recordChange` / `recordChanges` (lib/change.ts), inside the mutation's transaction, together with the
 * realtime events, so the record commits with the change.
 */
export function auditRow(actor: Actor, entry: AuditEntryInput): typeof auditLog.$inferInsert {
  return {
    employeeId: actor.employeeId,
    locationId: entry.locationId !== undefined ? entry.locationId : actor.locationId,
    entity: entry.entity,
    entityId: entry.entityId,
    action: entry.action,
    diff: entry.diff ?? null,
    ip: actor.ip,
  };
}

const comparable = (v: unknown) => (v instanceof Date ? v.toISOString() : Buffer.isBuffer(v) ? `<${v.length} bytes>` : v);

/** Field diff of the keys that changed between two row snapshots (only keys present in `after`). */
export function diffOf(before: Record<string, unknown> | null, after: Record<string, unknown> | null, omit: string[] = []): AuditDiff {
  const diff: AuditDiff = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    if (omit.includes(key) || key === 'updatedAt' || key === 'createdAt') continue;
    const b = comparable(before?.[key]);
    const a = comparable(after?.[key]);
    if (JSON.stringify(b) === JSON.stringify(a)) continue;
    diff[key] = { ...(before ? { before: b ?? null } : {}), ...(after ? { after: a ?? null } : {}) };
  }
  return diff;
}
