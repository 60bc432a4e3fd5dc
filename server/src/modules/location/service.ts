import {
  messages,
  locationImageLimits,
  missingRuleMessage,
  type CreateLocationRequest,
  type Location,
  type UpdateLocationRequest,
} from '@repo/contracts';
import type { Db, Tx } from '../../db/client';
import { createLocationWithDefaults } from '../../db/location-defaults';
import { diffOf } from '../../lib/audit';
import { recordChange } from '../../lib/change';
import type { Ctx } from '../../lib/ctx';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors';
import type { AuthContext } from '../../types';
import { processImage, type UploadInput } from './images';
import { countedReferences, referenceConflict } from './references';
import * as repo from './repository';

export const locationMessages = {
  notFound: 'Магазин не найден',
  imageNotFound: 'Изображение не найдено',
  tooManyImages: `У магазина уже ${locationImageLimits.maxPerLocation} изображений: удалите лишние, чтобы добавить новое`,
  cannotDelete: 'Магазин нельзя удалить',
};

const ENTITY = 'location';
const IMAGE_ENTITY = 'location_image';
/** The columns an audit diff shows for a location. */
const snapshot = (row: repo.LocationRow) => ({ name: row.name, address: row.address, phone: row.phone, workingHours: row.workingHours });
const imageUrl = (id: string) => `/api/location/images/${id}`;

export function toLocation(row: repo.LocationRow, images: repo.ImageMeta[]): Location {
  return {
    _id: row.id,
    id: row.id,
    name: row.name,
    address: row.address,
    phone: row.phone,
    workingHours: row.workingHours,
    images: images
      .filter((img) => img.locationId === row.id)
      .map((img) => ({
        id: img.id,
        url: imageUrl(img.id),
        thumbnailUrl: `${imageUrl(img.id)}/thumbnail`,
        mime: img.mime,
        size: img.size,
        width: img.width,
        height: img.height,
      })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function withImages(db: Db | Tx, row: repo.LocationRow): Promise<Location> {
  return toLocation(row, await repo.imagesOf(db, [row.id]));
}

/** A location that exists (404) and that the employee may work in (403). */
function ensureUsable(auth: AuthContext, row: repo.LocationRow | null): repo.LocationRow {
  if (!row) throw notFound(locationMessages.notFound);
  if (!auth.locationIds.includes(row.id)) throw forbidden(messages.locationForbidden);
  return row;
}

export async function listLocations({ db, auth }: Ctx): Promise<Location[]> {
  const rows = await repo.findLocations(db, auth.locationIds);
  const images = await repo.imagesOf(db, rows.map((r) => r.id));
  return rows.sort((a, b) => a.name.localeCompare(b.name, 'ru')).map((row) => toLocation(row, images));
}

/**
 * Opens a location and remembers it as the employee's current one. Switching away from a current
 * location the employee may still use needs the `change_location` right; opening the current one
 * (or choosing one for the first time) does not.
 */
export async function openCurrentLocation(ctx: Ctx, id: string): Promise<Location> {
  const { db, auth } = ctx;
  const row = ensureUsable(auth, await repo.findLocation(db, id));
  const employee = await repo.employeeState(db, auth.employeeId);
  const current = employee?.currentLocationId ?? null;
  if (current !== id) {
    const stuck = current !== null && auth.locationIds.includes(current) && !auth.rules.includes('change_location');
    if (stuck) throw forbidden(missingRuleMessage('change_location'));
    // The switch is audited on the employee, in the location switched to (no realtime event).
    await db.transaction(async (tx) => {
      await repo.setCurrentLocation(tx, auth.employeeId, id);
      await recordChange(tx, ctx, {
        entity: 'employee',
        id: auth.employeeId,
        action: 'location_switch',
        diff: { locationId: { before: current, after: id } },
        locationId: id,
      });
    });
  }
  return withImages(db, row);
}

export async function createLocation(ctx: Ctx, input: CreateLocationRequest): Promise<Location> {
  const { db, auth } = ctx;
  return db.transaction(async (tx) => {
    const companyId = await repo.firstCompanyId(tx);
    if (!companyId) throw new AppError(500, 'server_error', messages.serverError);
    const { location: row } = await createLocationWithDefaults(tx, companyId, {
      name: input.name,
      address: input.address ?? null,
      phone: input.phone ?? null,
      workingHours: input.workingHours ?? null,
    });
    // Someone who works only in assigned locations must be able to open the one they created.
    const employee = await repo.employeeState(tx, auth.employeeId);
    if (employee && !employee.allLocations) await repo.assignEmployee(tx, auth.employeeId, row.id);
    await recordChange(tx, ctx, { entity: ENTITY, id: row.id, action: 'create', after: snapshot(row), locationId: row.id });
    return toLocation(row, []);
  });
}

export async function updateLocation(ctx: Ctx, id: string, input: UpdateLocationRequest): Promise<Location> {
  const { db, auth } = ctx;
  return db.transaction(async (tx) => {
    const before = ensureUsable(auth, await repo.findLocation(tx, id, { lock: true }));
    const patch = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as Partial<repo.LocationRow>;
    const diff = diffOf(snapshot(before), snapshot({ ...before, ...patch }));
    if (Object.keys(diff).length === 0) return withImages(tx, before);
    const after = await repo.updateLocation(tx, id, patch);
    await recordChange(tx, ctx, { entity: ENTITY, id, action: 'update', diff, locationId: id });
    return withImages(tx, after);
  });
}

/**
 * Deletes a location with its unused default warehouse and cashbox. Known references get a counted
 * message; anything else that refers to it (tables added later) is caught as a foreign-key violation
 * inside a savepoint and named by its table (see references.ts).
 */
export async function deleteLocation(ctx: Ctx, id: string): Promise<void> {
  const { db, auth } = ctx;
  await db.transaction(async (tx) => {
    const row = ensureUsable(auth, await repo.findLocation(tx, id, { lock: true }));
    const reasons: string[] = [];
    // One after another: inside a transaction there is one connection, and pg deprecates overlapping queries on it.
    for (const ref of countedReferences()) {
      const n = await ref.count!(tx, id);
      if (n > 0) reasons.push(`${ref.label} (${n})`);
    }
    if (reasons.length > 0) throw conflict(`${locationMessages.cannotDelete}: ${reasons.join('; ')}`);
    try {
      await tx.transaction(async (sp) => repo.deleteLocationRows(sp, id));
    } catch (err) {
      const reason = referenceConflict(err);
      if (reason) throw conflict(`${locationMessages.cannotDelete}: ${reason}`);
      throw err;
    }
    await recordChange(tx, ctx, { entity: ENTITY, id, action: 'delete', before: snapshot(row), locationId: id });
  });
}

export async function addImage(ctx: Ctx, upload: UploadInput): Promise<Location> {
  const { db, auth } = ctx;
  // Cheap checks first, so a stranger's upload is refused before the image is decoded.
  ensureUsable(auth, await repo.findLocation(db, upload.locationId));
  const image = await processImage(upload.file, ctx.config.images);
  return db.transaction(async (tx) => {
    const row = ensureUsable(auth, await repo.findLocation(tx, upload.locationId, { lock: true }));
    if ((await repo.countImages(tx, row.id)) >= locationImageLimits.maxPerLocation) throw conflict(locationMessages.tooManyImages);
    const position = await repo.nextImagePosition(tx, row.id);
    const saved = await repo.insertImage(tx, { locationId: row.id, position, ...image });
    await repo.touchLocation(tx, row.id);
    const { mime, size, width, height } = image;
    // The image is audited on its own; the event tells clients its location changed.
    await recordChange(tx, ctx, {
      entity: IMAGE_ENTITY,
      id: saved.id,
      action: 'create',
      after: { locationId: row.id, mime, size, width, height },
      locationId: row.id,
      event: { type: 'updated', entity: ENTITY, id: row.id },
    });
    return withImages(tx, (await repo.findLocation(tx, row.id))!);
  });
}

export async function removeImage(ctx: Ctx, locationId: string, imageId: string): Promise<Location> {
  const { db, auth } = ctx;
  return db.transaction(async (tx) => {
    const row = ensureUsable(auth, await repo.findLocation(tx, locationId, { lock: true }));
    const removed = await repo.deleteImage(tx, row.id, imageId);
    if (!removed) throw notFound(locationMessages.imageNotFound);
    await repo.touchLocation(tx, row.id);
    const { mime, size, width, height } = removed;
    await recordChange(tx, ctx, {
      entity: IMAGE_ENTITY,
      id: imageId,
      action: 'delete',
      before: { locationId: row.id, mime, size, width, height },
      locationId: row.id,
      event: { type: 'updated', entity: ENTITY, id: row.id },
    });
    return withImages(tx, (await repo.findLocation(tx, row.id))!);
  });
}

/** The bytes of an image; an image of a location the employee may not use does not exist for them. */
export async function imageContent({ db, auth }: Ctx, imageId: string, thumbnail: boolean) {
  const found = await repo.imageBytes(db, imageId, thumbnail);
  if (!found || !auth.locationIds.includes(found.locationId)) throw notFound(locationMessages.imageNotFound);
  return { mime: thumbnail ? 'image/webp' : found.mime, data: found.data };
}
