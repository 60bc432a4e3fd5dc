import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { cashboxes, companies, employeeLocations, employees, locationImages, locations, warehouses } from '../../db/schema';

type Conn = Db | Tx;
export type LocationRow = typeof locations.$inferSelect;
/** An image without its bytes: what a Location carries. */
export type ImageMeta = Pick<typeof locationImages.$inferSelect, 'id' | 'locationId' | 'mime' | 'size' | 'width' | 'height' | 'position'>;

const imageMeta = {
  id: locationImages.id,
  locationId: locationImages.locationId,
  mime: locationImages.mime,
  size: locationImages.size,
  width: locationImages.width,
  height: locationImages.height,
  position: locationImages.position,
};

export async function findLocations(db: Conn, ids: string[]): Promise<LocationRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(locations).where(inArray(locations.id, ids));
}

export async function findLocation(db: Conn, id: string, opts: { lock?: boolean } = {}): Promise<LocationRow | null> {
  const query = db.select().from(locations).where(eq(locations.id, id));
  const [row] = opts.lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function imagesOf(db: Conn, locationIds: string[]): Promise<ImageMeta[]> {
  if (locationIds.length === 0) return [];
  return db
    .select(imageMeta)
    .from(locationImages)
    .where(inArray(locationImages.locationId, locationIds))
    .orderBy(asc(locationImages.position), asc(locationImages.createdAt));
}

export async function firstCompanyId(db: Conn): Promise<string | null> {
  const [row] = await db.select({ id: companies.id }).from(companies).orderBy(asc(companies.createdAt)).limit(1);
  return row?.id ?? null;
}

export async function employeeState(db: Conn, employeeId: string) {
  const [row] = await db
    .select({ allLocations: employees.allLocations, currentLocationId: employees.currentLocationId })
    .from(employees)
    .where(eq(employees.id, employeeId));
  return row ?? null;
}

export async function setCurrentLocation(db: Conn, employeeId: string, locationId: string): Promise<void> {
  await db.update(employees).set({ currentLocationId: locationId }).where(eq(employees.id, employeeId));
}

export async function assignEmployee(db: Conn, employeeId: string, locationId: string): Promise<void> {
  await db.insert(employeeLocations).values({ employeeId, locationId }).onConflictDoNothing();
}

export async function updateLocation(db: Conn, id: string, patch: Partial<LocationRow>): Promise<LocationRow> {
  const [row] = await db.update(locations).set({ ...patch, updatedAt: new Date() }).where(eq(locations.id, id)).returning();
  return row;
}

export async function touchLocation(db: Conn, id: string): Promise<void> {
  await db.update(locations).set({ updatedAt: new Date() }).where(eq(locations.id, id));
}

/** Non-default warehouses of a location (its default one is removed with it). */
export async function countExtraWarehouses(db: Conn, locationId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(warehouses).where(and(eq(warehouses.locationId, locationId), eq(warehouses.isDefault, false)));
  return Number(row.n);
}

/** Non-default cashboxes of a location. */
export async function countExtraCashboxes(db: Conn, locationId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(cashboxes).where(and(eq(cashboxes.locationId, locationId), eq(cashboxes.isDefault, false)));
  return Number(row.n);
}

/** Deletes the location with its default warehouse and cashbox; images cascade, current locations are set null. */
export async function deleteLocationRows(db: Conn, id: string): Promise<void> {
  await db.delete(warehouses).where(and(eq(warehouses.locationId, id), eq(warehouses.isDefault, true)));
  await db.delete(cashboxes).where(and(eq(cashboxes.locationId, id), eq(cashboxes.isDefault, true)));
  await db.delete(locations).where(eq(locations.id, id));
}

export async function countImages(db: Conn, locationId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(locationImages).where(eq(locationImages.locationId, locationId));
  return Number(row.n);
}

export async function insertImage(db: Conn, values: typeof locationImages.$inferInsert): Promise<ImageMeta> {
  const [row] = await db.insert(locationImages).values(values).returning(imageMeta);
  return row;
}

export async function nextImagePosition(db: Conn, locationId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(max(${locationImages.position}) + 1, 0)` })
    .from(locationImages)
    .where(eq(locationImages.locationId, locationId));
  return Number(row.n);
}

export async function deleteImage(db: Conn, locationId: string, imageId: string): Promise<ImageMeta | null> {
  const [row] = await db
    .delete(locationImages)
    .where(and(eq(locationImages.id, imageId), eq(locationImages.locationId, locationId)))
    .returning(imageMeta);
  return row ?? null;
}

/** The bytes of an image or its thumbnail, with the location it belongs to (for the access check). */
export async function imageBytes(db: Conn, imageId: string, thumbnail: boolean) {
  const [row] = await db
    .select({
      locationId: locationImages.locationId,
      mime: locationImages.mime,
      data: thumbnail ? locationImages.thumbnail : locationImages.data,
    })
    .from(locationImages)
    .where(eq(locationImages.id, imageId));
  return row ?? null;
}
