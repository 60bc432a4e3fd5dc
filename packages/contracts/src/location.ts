import { z } from 'zod';
import { optionalSafeText, safeText, uuidSchema } from './primitives';

export const locationImageSchema = z.object({
  id: z.string(),
  url: z.string(),
  thumbnailUrl: z.string(),
  mime: z.string(),
  size: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
});
export type LocationImage = z.infer<typeof locationImageSchema>;

/** A location (shop). `_id` is the seed's identifier; `id` carries the same value for newer code. */
export const locationSchema = z
  .object({
    _id: z.string(),
    id: z.string(),
    name: z.string(),
    address: z.string().nullable(),
    phone: z.string().nullable(),
    workingHours: z.string().nullable(),
    images: z.array(locationImageSchema),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Location' });
export type Location = z.infer<typeof locationSchema>;
export const locationListSchema = z.array(locationSchema);

export const createLocationRequestSchema = z
  .object({
    name: safeText({
      min: 2,
      max: 120,
      messages: { required: 'Укажите название', tooShort: 'Название должно быть не короче 2 символов', tooLong: 'Название: не больше 120 символов' },
    }),
    address: optionalSafeText({ max: 300, label: 'Адрес' }),
    phone: optionalSafeText({ max: 40, label: 'Телефон' }),
    workingHours: optionalSafeText({ max: 200, label: 'Часы работы' }),
  })
  .meta({ id: 'CreateLocation' });
export type CreateLocationRequest = z.input<typeof createLocationRequestSchema>;

export const updateLocationRequestSchema = createLocationRequestSchema
  .partial()
  .refine((v) => Object.keys(v).length > 0, { message: 'Нет изменений' })
  .meta({ id: 'UpdateLocation' });
export type UpdateLocationRequest = z.input<typeof updateLocationRequestSchema>;

export const removeLocationImageRequestSchema = z.object({
  locationId: uuidSchema('Неверный идентификатор магазина'),
  imageId: uuidSchema('Неверный идентификатор изображения'),
});
export type RemoveLocationImageRequest = z.infer<typeof removeLocationImageRequestSchema>;

/** Upload limits, shared so the client can refuse early with the same words. */
export const locationImageLimits = {
  maxBytes: 5 * 1024 * 1024,
  mimeTypes: ['image/jpeg', 'image/png', 'image/webp'] as const,
  thumbnailSize: 320,
  maxPerLocation: 10,
};
