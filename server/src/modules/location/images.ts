import type { FastifyRequest } from 'fastify';
import sharp, { type Metadata } from 'sharp';
import { locationImageLimits } from '@repo/contracts';
import { idSchema } from '@repo/contracts';
import { invalidInput } from '../../lib/errors';

export const imageMessages = {
  wrongType: 'Допустимы изображения JPEG, PNG или WebP',
  tooLarge: 'Файл больше 5 МБ',
  missing: 'Выберите изображение',
  location: 'Неверный идентификатор магазина',
};

const formats: Record<string, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

export interface ProcessedImage {
  mime: string;
  size: number;
  width: number;
  height: number;
  data: Buffer;
  thumbnail: Buffer;
}

export interface UploadInput {
  locationId: string;
  file: Buffer;
}

const tooLarge = () => invalidInput({ image: imageMessages.tooLarge }, imageMessages.tooLarge);

/**
 * Reads the multipart body: the `locationId` field and the `image` file (either order). The plugin's
 * limits (5 MB, one file, five fields) are set where it is registered; an oversized file is reported
 * in the upload's own words rather than the generic "body too large".
 */
export async function readUpload(request: FastifyRequest): Promise<UploadInput> {
  let locationId: string | undefined;
  let file: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer();
        if (part.fieldname === 'image') file = buffer;
      } else if (part.fieldname === 'locationId' && typeof part.value === 'string') {
        locationId = part.value.trim();
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw err;
  }
  const errors: Record<string, string> = {};
  const parsedId = idSchema.safeParse(locationId);
  if (!parsedId.success) errors.locationId = imageMessages.location;
  if (!file || file.length === 0) errors.image = imageMessages.missing;
  if (Object.keys(errors).length > 0) throw invalidInput(errors);
  if (file!.length > locationImageLimits.maxBytes) throw tooLarge();
  return { locationId: parsedId.data!, file: file! };
}

/** Recognises the format by content (never the name or declared type) and makes the WebP thumbnail. */
export async function processImage(file: Buffer): Promise<ProcessedImage> {
  let meta: Metadata;
  try {
    meta = await sharp(file).metadata();
  } catch {
    throw invalidInput({ image: imageMessages.wrongType }, imageMessages.wrongType);
  }
  const mime = meta.format ? formats[meta.format] : undefined;
  if (!mime || !meta.width || !meta.height) throw invalidInput({ image: imageMessages.wrongType }, imageMessages.wrongType);
  const side = locationImageLimits.thumbnailSize;
  let thumbnail: Buffer;
  try {
    thumbnail = await sharp(file)
      .rotate()
      .resize(side, side, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    // A header that parses but a body that does not decode (truncated or corrupt file).
    throw invalidInput({ image: imageMessages.wrongType }, imageMessages.wrongType);
  }
  return { mime, size: file.length, width: meta.width, height: meta.height, data: file, thumbnail };
}
