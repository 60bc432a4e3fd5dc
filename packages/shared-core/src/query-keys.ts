import type { EntityName } from '@repo/contracts';
import { locationStore } from './stores/location';

/** The shop a location-scoped key belongs to: the current location, read when the key is built. */
const currentLocationId = (): string | null => locationStore.getState().current?._id ?? null;

/**
 * Query keys of one kind of record, from one factory per entity (architecture.md: `repairOrderKeys =
 * entityKeys('repair_order')`). Every key starts with the entity name, so a realtime event for it
 * invalidates them all, and location-scoped keys carry the current shop second: after a switch the
 * screen asks under a new key and never shows the previous shop's rows, even for a frame.
 * Company-wide records (releases, roles) use `company(...)`, which has no location.
 */
export function entityKeys<E extends EntityName>(entity: E) {
  return {
    all: [entity] as const,
    /** Everything of this entity in the current shop. */
    scope: () => [entity, currentLocationId()] as const,
    list: <F>(filters?: F) => [entity, currentLocationId(), 'list', filters ?? {}] as const,
    detail: (id: string) => [entity, currentLocationId(), 'detail', id] as const,
    company: <P extends readonly unknown[]>(...parts: P) => [entity, 'company', ...parts] as const,
  };
}
