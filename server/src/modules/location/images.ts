import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import sharp, { type Metadata } from 'sharp';
import { locationImageLimits } from '@repo/contracts';
import { idSchema } from '@repo/contracts';
import type { ImageLimits } from '../../config';
import { AppError, invalidInput } from '../../lib/errors';

export const imageMessages = {
  wrongType: 'Допустимы изображения JPEG, PNG или WebP',
  tooLarge: 'Файл больше 5 МБ',
  missing: 'Выберите изображение',
  location: 'Неверный идентификатор магазина',
  malformed: 'Повреждённый запрос: ожидается multipart/form-data с полем locationId и файлом image',
  unexpectedField: 'Лишнее поле: ожидаются только поле locationId и файл image',
  oneFile: 'Можно загрузить только один файл за раз',
  malformedFile: 'Повреждённый запрос: ожидается multipart/form-data с файлом image',
  onlyFile: 'Лишнее поле: ожидается только файл image',
  tooManyPixels: (width: number, height: number, limits: ImageLimits) =>
    `Изображение слишком большое: ${width}×${height} пикселей, допустимо не больше ${limits.maxInputSide} пикселей по стороне и ${megapixels(limits.maxInputPixels)} Мпикс`,
};

/** 40000000 → «40», 10000 → «0,01». */
const megapixels = (pixels: number) => String(Math.round(pixels / 10_000) / 100).replace('.', ',');

/** What is accepted, recognised by content; each is stored re-encoded in the same format. */
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
const wrongType = () => invalidInput({ image: imageMessages.wrongType }, imageMessages.wrongType);
const refused = (message: string) => invalidInput({ _: message }, message);

/** RFC 2046: a boundary is 1 to 70 characters. Longer ones are refused before the parser sees them. */
const MAX_BOUNDARY = 70;
const boundaryOf = (contentType: string | undefined) => /;\s*boundary\s*=\s*(?:"([^"]*)"|([^;\s]*))/i.exec(contentType ?? '');

/** A multipart body with no boundary, or one longer than RFC 2046 allows, is refused before the parser sees it. */
function checkBoundary(request: FastifyRequest, message: string): void {
  if (!request.isMultipart()) return;
  const boundary = boundaryOf(request.headers['content-type']);
  const value = boundary?.[1] ?? boundary?.[2];
  if (!value || value.length > MAX_BOUNDARY) throw refused(message);
}

/**
 * Reads the multipart body: exactly the `locationId` field and the `image` file (either order). The
 * plugin's limits (5 MB, one file, two fields) are set where it is registered. Every way the body can be
 * wrong is a 400 in the error contract: an oversized file in the upload's own words, a second file, any
 * other field, and a body the parser cannot read (no or overlong boundary, cut off, malformed headers).
 */
export async function readUpload(request: FastifyRequest): Promise<UploadInput> {
  let locationId: string | undefined;
  let file: Buffer | undefined;
  checkBoundary(request, imageMessages.malformed);
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file' && part.fieldname === 'image' && file === undefined) {
        file = await part.toBuffer();
      } else if (part.type === 'field' && part.fieldname === 'locationId' && locationId === undefined) {
        locationId = typeof part.value === 'string' ? part.value.trim() : '';
      } else {
        throw refused(imageMessages.unexpectedField);
      }
    }
  } catch (err) {
    throw uploadError(err);
  }
  const errors: Record<string, string> = {};
  const parsedId = idSchema.safeParse(locationId);
  if (!parsedId.success) errors.locationId = imageMessages.location;
  if (!file || file.length === 0) errors.image = imageMessages.missing;
  if (Object.keys(errors).length > 0) throw invalidInput(errors);
  if (file!.length > locationImageLimits.maxBytes) throw tooLarge();
  return { locationId: parsedId.data!, file: file! };
}

/** Reads a multipart body of exactly one `image` file (the record it belongs to is in the URL); errors as `readUpload`. */
export async function readImageFile(request: FastifyRequest): Promise<Buffer> {
  let file: Buffer | undefined;
  checkBoundary(request, imageMessages.malformedFile);
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file' && part.fieldname === 'image' && file === undefined) file = await part.toBuffer();
      else throw refused(imageMessages.onlyFile);
    }
  } catch (err) {
    const mapped = uploadError(err);
    throw mapped instanceof AppError && mapped.message === imageMessages.malformed ? refused(imageMessages.malformedFile) : mapped;
  }
  if (!file || file.length === 0) throw invalidInput({ image: imageMessages.missing });
  if (file.length > locationImageLimits.maxBytes) throw tooLarge();
  return file;
}

/** The 400 for whatever reading the body threw: only a body the client sent can fail here. */
function uploadError(err: unknown): unknown {
  if (err instanceof AppError) return err;
  switch ((err as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge();
    case 'FST_FILES_LIMIT':
      return refused(imageMessages.oneFile);
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return refused(imageMessages.unexpectedField);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return err; // not multipart at all: the error plugin's «Неподдерживаемый тип содержимого запроса»
  }
  // The parser's own errors: no boundary, unexpected end of the form, malformed part headers, a client gone.
  return refused(imageMessages.malformed);
}

/**
 * Images decoded at once in this process. Decoding is CPU and memory heavy (a 40 Mpx image is 120 MB of
 * pixels), so uploads beyond the limit wait their turn in arrival order instead of all decoding together.
 * The counters let tests prove the bound without timing anything.
 */
export class DecodeQueue {
  active = 0;
  /** Tasks started since the process began. */
  started = 0;
  /** The most that ran at once (tests reset it). */
  peak = 0;
  private readonly waiters: Array<() => void> = [];

  get waiting(): number {
    return this.waiters.length;
  }

  async run<T>(limit: number, task: () => Promise<T>): Promise<T> {
    if (this.active < Math.max(1, limit)) this.active += 1;
    else await new Promise<void>((resolve) => this.waiters.push(resolve)); // the slot is handed over as it is
    this.started += 1;
    this.peak = Math.max(this.peak, this.active);
    try {
      return await task();
    } finally {
      const next = this.waiters.shift();
      if (next) next();
      else this.active -= 1;
    }
  }
}

export const imageQueue = new DecodeQueue();

/**
 * Recognises the format by content (never the name or declared type), refuses images too large to decode
 * from their header alone, then, in the decoding queue, re-encodes the image and makes the WebP thumbnail.
 * Re-encoding applies and drops the EXIF orientation, drops all metadata (EXIF, GPS, XMP, comments) and
 * anything appended after the image data, and downsizes the original to fit `maxStoredSide`.
 */
export async function processImage(file: Buffer, limits: ImageLimits): Promise<ProcessedImage> {
  let meta: Metadata;
  try {
    // Reads the header only: cheap whatever the dimensions claim.
    meta = await sharp(file).metadata();
  } catch {
    throw wrongType();
  }
  const format = meta.format && meta.format in formats ? meta.format : null;
  const { width, height } = meta;
  if (!format || !width || !height) throw wrongType();
  if (width > limits.maxInputSide || height > limits.maxInputSide || width * height > limits.maxInputPixels) {
    const message = imageMessages.tooManyPixels(width, height, limits);
    throw invalidInput({ image: message }, message);
  }
  return imageQueue.run(limits.concurrency, async () => {
    try {
      return await encode(file, format, meta, limits);
    } catch {
      // A header that parses but a body that does not decode (truncated or corrupt file).
      throw wrongType();
    }
  });
}

async function encode(file: Buffer, format: string, meta: Metadata, limits: ImageLimits): Promise<ProcessedImage> {
  // limitInputPixels guards the decoder itself, should a header ever understate the image.
  const pipeline = sharp(file, { limitInputPixels: limits.maxInputPixels })
    .rotate()
    .resize(limits.maxStoredSide, limits.maxStoredSide, { fit: 'inside', withoutEnlargement: true });
  if (format === 'jpeg') pipeline.jpeg({ quality: 85 });
  else if (format === 'png') pipeline.png({ palette: meta.isPalette === true });
  else pipeline.webp({ quality: 85 });
  // sharp writes no metadata unless asked to (withMetadata / keepExif): the output carries pixels only.
  const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
  const side = locationImageLimits.thumbnailSize;
  const thumbnail = await sharp(data).resize(side, side, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
  return { mime: formats[format], size: data.length, width: info.width, height: info.height, data, thumbnail };
}

/**
 * `GET <prefix>/:imageId` and `<prefix>/:imageId/thumbnail`: the bytes of an image the server encoded
 * itself. The token comes from the Authorization header or the `token` cookie, so they work as
 * `<img src>`; nosniff keeps browsers to the declared type.
 */
export function imageByteRoutes(
  app: FastifyInstance,
  opts: { prefix: string; tags: string[]; summaries: { full: string; thumbnail: string }; load: (request: FastifyRequest, imageId: string, thumbnail: boolean) => Promise<{ mime: string; data: Buffer }> },
): void {
  const params = z.object({ imageId: idSchema });
  for (const thumbnail of [false, true]) {
    app.withTypeProvider<ZodTypeProvider>().get(
      `${opts.prefix}/:imageId${thumbnail ? '/thumbnail' : ''}`,
      {
        config: { cookieAuth: true },
        schema: {
          tags: opts.tags,
          summary: thumbnail ? opts.summaries.thumbnail : opts.summaries.full,
          description: 'Байты изображения; токен из заголовка Authorization или cookie `token`, поэтому годится для <img src>.',
          params,
        },
      },
      async (request, reply) => {
        const image = await opts.load(request, request.params.imageId, thumbnail);
        return reply.type(image.mime).header('x-content-type-options', 'nosniff').header('cache-control', 'private, max-age=86400').send(image.data);
      },
    );
  }
}
