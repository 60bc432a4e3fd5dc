import { cashboxes, locations, warehouses } from './schema';
import type { Db, Tx } from './client';

export interface LocationDefaultsInput {
  name: string;
  address?: string | null;
  phone?: string | null;
  workingHours?: string | null;
}

export type LocationRow = typeof locations.$inferSelect;

/** Russian names of the defaults every new location gets (product.md: a new location gets a default warehouse and cashbox). */
export const defaultWarehouseName = 'Основной склад';
export const defaultCashboxName = 'Основная касса';

/**
 * Creates a location with its default warehouse and cash cashbox. Shared by the seed and `POST /location`
 * so both produce the same shape; call it inside the caller's transaction so all three rows commit together.
 */
export async function createLocationWithDefaults(
  tx: Tx | Db,
  companyId: string,
  input: LocationDefaultsInput,
): Promise<{ location: LocationRow; warehouseId: string; cashboxId: string }> {
  const [location] = await tx
    .insert(locations)
    .values({
      companyId,
      name: input.name,
      address: input.address ?? null,
      phone: input.phone ?? null,
      workingHours: input.workingHours ?? null,
    })
    .returning();
  const [warehouse] = await tx
    .insert(warehouses)
    .values({ locationId: location.id, name: defaultWarehouseName, isDefault: true })
    .returning({ id: warehouses.id });
  const [cashbox] = await tx
    .insert(cashboxes)
    .values({ locationId: location.id, name: defaultCashboxName, kind: 'cash', isDefault: true })
    .returning({ id: cashboxes.id });
  return { location, warehouseId: warehouse.id, cashboxId: cashbox.id };
}
