import type { FastifyInstance } from 'fastify';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Location } from '@repo/contracts';
import { auditLog, locationImages } from '../src/db/schema';
import { imageQueue } from '../src/modules/location/images';
import { authHeaders, buildTestApp, demoPhones, login } from './helpers';
import { demoLocations, makeImage, uploadImage } from './location-fixtures';

/**
 * Issue #7, item 6 (unbounded image decoding) and the multipart part of item 1: decoding limits, re-encoding
 * of everything stored, a bounded number of images decoded at once, `nosniff` on the way out, and a 400 in
 * the error contract for every malformed upload body.
 */

let app: FastifyInstance;
let owner: string;
let loc: Location[];

beforeAll(async () => {
  app = await buildTestApp();
  owner = (await login(app, demoPhones.owner)).token;
  loc = await demoLocations(app, owner);
});
afterAll(() => app.close());

const cyrillic = /[А-Яа-яЁё]/;
const imageRows = async () => Number((await app.db.select({ n: count() }).from(locationImages))[0].n);
const auditRows = async () => Number((await app.db.select({ n: count() }).from(auditLog))[0].n);

/** Counts what an upload may change: stored images and audit rows. */
async function unchangedBy<T>(run: () => Promise<T>): Promise<T> {
  const before = [await imageRows(), await auditRows()];
  const result = await run();
  expect([await imageRows(), await auditRows()]).toEqual(before);
  return result;
}

const get = (url: string) => app.inject({ method: 'GET', url, headers: authHeaders(owner) });

/** Uploads (to the third location unless told) and fetches back what was stored. */
async function storeAndFetch(data: Buffer, location = loc[2]) {
  const res = await uploadImage(app, owner, location._id, data);
  expect(res.statusCode).toBe(201);
  const image = (res.json() as Location).images.at(-1)!;
  const full = await get(image.url);
  expect(full.statusCode).toBe(200);
  return { image, stored: full.rawPayload, meta: await sharp(full.rawPayload).metadata() };
}

describe('decoding limits', () => {
  it('refuses a 16383×16383 PNG of under 1 MB from its header, before any decoding, and stores nothing', async () => {
    // A solid colour compresses to almost nothing: the attack is the decoded size (268 Mpx, ~800 MB of pixels).
    const bomb = await sharp({ create: { width: 16383, height: 16383, channels: 3, background: '#ffffff' } }).png().toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const decodesBefore = imageQueue.started;
    const res = await unchangedBy(() => uploadImage(app, owner, loc[0]._id, bomb));
    expect(res.statusCode).toBe(400);
    const message = 'Изображение слишком большое: 16383×16383 пикселей, допустимо не больше 8000 пикселей по стороне и 40 Мпикс';
    expect(res.json()).toEqual({ code: 'validation', message, errors: { image: message } });
    // Refused from the header alone: nothing entered the decoding queue.
    expect(imageQueue.started).toBe(decodesBefore);
  }, 60_000);

  it('applies the configured side and pixel limits (IMAGE_MAX_SIDE, IMAGE_MAX_PIXELS)', async () => {
    const configured = app.config.images;
    app.config.images = { ...configured, maxInputPixels: 10_000, maxInputSide: 200 };
    try {
      const side = await unchangedBy(async () => uploadImage(app, owner, loc[0]._id, await makeImage('png', 201, 10)));
      expect(side.statusCode).toBe(400);
      expect(side.json().message).toBe('Изображение слишком большое: 201×10 пикселей, допустимо не больше 200 пикселей по стороне и 0,01 Мпикс');
      const pixels = await unchangedBy(async () => uploadImage(app, owner, loc[0]._id, await makeImage('jpeg', 150, 150)));
      expect(pixels.statusCode).toBe(400);
      expect(pixels.json().errors.image).toMatch(/^Изображение слишком большое: 150×150 пикселей/);
    } finally {
      app.config.images = configured;
    }
  });
});

describe('every stored image is re-encoded', () => {
  const exifJpeg = () =>
    sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'Spyphone' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '55/1 45/1 21/1', GPSLongitudeRef: 'E', GPSLongitude: '37/1 37/1 4/1' },
      })
      .toBuffer();

  it('drops EXIF with GPS coordinates', async () => {
    const original = await exifJpeg();
    const exif = (await sharp(original).metadata()).exif!;
    // The upload really carries them: the camera's make and the GPS IFD pointer (tag 0x8825, little-endian).
    expect(exif.includes(Buffer.from('Spyphone'))).toBe(true);
    expect(exif.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    const { image, stored, meta } = await storeAndFetch(original);
    expect(meta.exif).toBeUndefined();
    expect(stored.includes(Buffer.from('Exif\0\0'))).toBe(false);
    expect(stored.includes(Buffer.from('Spyphone'))).toBe(false);
    expect(image).toMatchObject({ mime: 'image/jpeg', width: 64, height: 48, size: stored.length });
  });

  it('drops EXIF from WebP and PNG too', async () => {
    for (const format of ['webp', 'png'] as const) {
      const original = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#112233' } })
        .toFormat(format)
        .withExif({ IFD0: { Make: 'Spyphone' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '55/1 45/1 21/1' } })
        .toBuffer();
      expect((await sharp(original).metadata()).exif).toBeDefined();
      const { stored, meta } = await storeAndFetch(original);
      expect(meta).toMatchObject({ format, width: 40, height: 30 });
      expect(meta.exif).toBeUndefined();
      expect(stored.includes(Buffer.from('Spyphone'))).toBe(false);
    }
  });

  it('keeps the format: a palette PNG with transparency stays one', async () => {
    const original = await sharp({ create: { width: 30, height: 20, channels: 4, background: { r: 10, g: 200, b: 30, alpha: 0.5 } } })
      .png({ palette: true })
      .toBuffer();
    const { image, meta } = await storeAndFetch(original);
    expect(meta).toMatchObject({ format: 'png', isPalette: true, hasAlpha: true, width: 30, height: 20 });
    expect(image.mime).toBe('image/png');
  });

  it('drops whatever was appended after the image data (PNG after IEND, JPEG after EOI)', async () => {
    const payload = Buffer.from('PK\u0003\u0004<script>alert(document.cookie)</script>HIDDEN-PAYLOAD');
    for (const format of ['png', 'jpeg'] as const) {
      const polyglot = Buffer.concat([await makeImage(format, 30, 20), payload]);
      const { stored, meta } = await storeAndFetch(polyglot);
      expect(meta).toMatchObject({ format, width: 30, height: 20 });
      expect(stored.includes(Buffer.from('HIDDEN-PAYLOAD'))).toBe(false);
      expect(stored.includes(Buffer.from('<script>'))).toBe(false);
      const end = format === 'png' ? Buffer.from([0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]) : Buffer.from([0xff, 0xd9]);
      expect(stored.subarray(stored.length - end.length).equals(end)).toBe(true);
    }
  });

  it('downsizes a 5000×3000 original to 2048 px on the long side, keeping its proportions', async () => {
    const { image, stored, meta } = await storeAndFetch(await makeImage('jpeg', 5000, 3000));
    expect(meta).toMatchObject({ format: 'jpeg', width: 2048, height: 1229 });
    expect(image).toMatchObject({ mime: 'image/jpeg', width: 2048, height: 1229, size: stored.length });
    const thumb = await get(image.thumbnailUrl);
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 320, height: 192 });
  });

  it('applies the EXIF orientation before dropping it, so a portrait photo stays upright', async () => {
    // A 60×40 landscape frame shot with the phone turned: orientation 6 means "rotate 90° clockwise to view".
    const turned = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#abcdef' } }).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const { image, meta } = await storeAndFetch(turned);
    expect(meta).toMatchObject({ width: 40, height: 60 });
    expect(meta.orientation).toBeUndefined();
    expect(image).toMatchObject({ width: 40, height: 60 });
  });
});

describe('concurrent decoding', () => {
  it('decodes at most 2 images at once: a third upload waits in the queue until a slot frees', async () => {
    const gates: Array<() => void> = [];
    const occupied = [0, 1].map(() => imageQueue.run(2, () => new Promise<void>((resolve) => gates.push(resolve))));
    expect(imageQueue.active).toBe(2);
    const upload = uploadImage(app, owner, loc[2]._id, await makeImage('png', 20, 20));
    let done = false;
    const finished = upload.then(() => {
      done = true;
      return 'finished' as const;
    });
    // No clock: look once per event-loop turn until the upload waits behind the two slots (or, were it
    // not queued, until it has finished without waiting).
    const queued = (async () => {
      while (imageQueue.waiting === 0 && !done) await new Promise((resolve) => setImmediate(resolve));
      return done ? ('finished' as const) : ('queued' as const);
    })();
    try {
      expect(await Promise.race([finished, queued])).toBe('queued');
      expect(imageQueue.active).toBe(2);
    } finally {
      gates.forEach((open) => open());
    }
    await Promise.all(occupied);
    expect((await upload).statusCode).toBe(201);
    expect(imageQueue.active).toBe(0);
  });

  it('never runs more than 2 at once under a burst of uploads, and every upload is stored', async () => {
    const images = await Promise.all([0, 1, 2, 3, 4, 5].map((i) => makeImage('png', 300 + i, 200)));
    const [target] = await app.db.select({ n: count() }).from(locationImages).where(eq(locationImages.locationId, loc[1]._id));
    expect(Number(target.n)).toBe(0);
    imageQueue.peak = 0;
    const results = await Promise.all(images.map((data) => uploadImage(app, owner, loc[1]._id, data)));
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(imageQueue.peak).toBeGreaterThan(0);
    expect(imageQueue.peak).toBeLessThanOrEqual(2);
    expect(imageQueue.active + imageQueue.waiting).toBe(0);
  });

  it('frees the slot when decoding fails', async () => {
    const started = imageQueue.started;
    // A PNG header that parses, with its body cut off: the header check passes, decoding fails.
    const png = await makeImage('png', 100, 100);
    const res = await unchangedBy(() => uploadImage(app, owner, loc[0]._id, png.subarray(0, png.length - 30)));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Допустимы изображения JPEG, PNG или WebP');
    expect(imageQueue.started).toBe(started + 1);
    expect(imageQueue.active).toBe(0);
  });
});

describe('serving stored images', () => {
  it('sends nosniff and the stored format as Content-Type, WebP for thumbnails', async () => {
    for (const format of ['png', 'jpeg', 'webp'] as const) {
      const { image } = await storeAndFetch(await makeImage(format, 50, 40), loc[0]);
      const full = await get(image.url);
      expect(full.headers['content-type']).toBe(`image/${format}`);
      expect(full.headers['x-content-type-options']).toBe('nosniff');
      const thumb = await get(image.thumbnailUrl);
      expect(thumb.headers['content-type']).toBe('image/webp');
      expect(thumb.headers['x-content-type-options']).toBe('nosniff');
    }
  });
});

describe('malformed multipart bodies: 400 in the error contract, nothing changes', () => {
  const crlf = '\r\n';
  const part = (boundary: string, name: string, body: string | Buffer, file?: { filename: string; type: string }) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}${crlf}content-disposition: form-data; name="${name}"${file ? `; filename="${file.filename}"${crlf}content-type: ${file.type}` : ''}${crlf}${crlf}`,
      ),
      Buffer.isBuffer(body) ? body : Buffer.from(body),
      Buffer.from(crlf),
    ]);
  const post = (payload: Buffer | string, contentType: string) =>
    app.inject({ method: 'POST', url: '/api/location/images', payload, headers: { ...authHeaders(owner), 'content-type': contentType } });

  let png: Buffer;
  beforeAll(async () => {
    png = await makeImage('png', 16, 16);
  });

  /** A well-formed body of `parts`, closed by the final boundary. */
  const body = (boundary: string, ...parts: Buffer[]) => Buffer.concat([...parts, Buffer.from(`--${boundary}--${crlf}`)]);
  const valid = (boundary: string) => body(boundary, part(boundary, 'locationId', loc[0]._id), part(boundary, 'image', png, { filename: 'a.png', type: 'image/png' }));

  async function expectRefused(payload: Buffer | string, contentType: string, errors?: Record<string, string>) {
    const res = await unchangedBy(() => post(payload, contentType));
    expect(res.statusCode).toBe(400);
    const json = res.json();
    expect(json.code).toBe('validation');
    expect(json.message).toMatch(cyrillic);
    expect(Object.keys(json).sort()).toEqual(['code', 'errors', 'message']);
    for (const message of Object.values(json.errors as Record<string, string>)) expect(message).toMatch(cyrillic);
    if (errors) expect(json.errors).toEqual(errors);
    return json as { message: string; errors: Record<string, string> };
  }

  const malformed = 'Повреждённый запрос: ожидается multipart/form-data с полем locationId и файлом image';

  it('the well-formed body of these tests is accepted (the cases below each break one thing)', async () => {
    const res = await post(valid('b0undary'), 'multipart/form-data; boundary=b0undary');
    expect(res.statusCode).toBe(201);
  });

  it('no boundary in the content type', async () => {
    await expectRefused(valid('b0undary'), 'multipart/form-data', { _: malformed });
    await expectRefused(valid('b0undary'), 'multipart/form-data; boundary=', { _: malformed });
  });

  it('a boundary over 256 characters (RFC 2046 allows 70)', async () => {
    const long = 'x'.repeat(300);
    await expectRefused(valid(long), `multipart/form-data; boundary=${long}`, { _: malformed });
    const seventyOne = 'y'.repeat(71);
    await expectRefused(valid(seventyOne), `multipart/form-data; boundary=${seventyOne}`, { _: malformed });
  });

  it('a body cut off inside the file, inside part headers, or without the closing boundary', async () => {
    const b = 'cutcut';
    const whole = valid(b);
    const fileStart = whole.indexOf(Buffer.from('\x89PNG'));
    await expectRefused(whole.subarray(0, fileStart + 20), `multipart/form-data; boundary=${b}`, { _: malformed });
    await expectRefused(whole.subarray(0, whole.indexOf(Buffer.from('name="image"')) + 5), `multipart/form-data; boundary=${b}`, { _: malformed });
    await expectRefused(Buffer.concat([part(b, 'locationId', loc[0]._id), part(b, 'image', png, { filename: 'a.png', type: 'image/png' })]), `multipart/form-data; boundary=${b}`, { _: malformed });
  });

  it('an empty body (an empty form), or one that is not multipart at all', async () => {
    await expectRefused(Buffer.alloc(0), 'multipart/form-data; boundary=zz', { locationId: 'Неверный идентификатор магазина', image: 'Выберите изображение' });
    await expectRefused('\r\n\r\n', 'multipart/form-data; boundary=zz', { _: malformed });
    await expectRefused('{"locationId":"x"}', 'multipart/form-data; boundary=zz', { _: malformed });
    // A part without a `content-disposition` name is skipped by the parser: the form is empty.
    const empty = { locationId: 'Неверный идентификатор магазина', image: 'Выберите изображение' };
    await expectRefused(Buffer.from('--zz\r\nno colon here\r\n\r\nvalue\r\n--zz--\r\n'), 'multipart/form-data; boundary=zz', empty);
  });

  it('a wrong field: a file under another name, an unknown text field, the id sent as a file, the image sent as text', async () => {
    const b = 'fields';
    const type = `multipart/form-data; boundary=${b}`;
    const unexpected = 'Лишнее поле: ожидаются только поле locationId и файл image';
    await expectRefused(body(b, part(b, 'locationId', loc[0]._id), part(b, 'photo', png, { filename: 'a.png', type: 'image/png' })), type, { _: unexpected });
    await expectRefused(body(b, part(b, 'locationId', loc[0]._id), part(b, 'comment', 'hi'), part(b, 'image', png, { filename: 'a.png', type: 'image/png' })), type, { _: unexpected });
    await expectRefused(body(b, part(b, 'locationId', Buffer.from(loc[0]._id), { filename: 'id.txt', type: 'text/plain' }), part(b, 'image', png, { filename: 'a.png', type: 'image/png' })), type, { _: unexpected });
    await expectRefused(body(b, part(b, 'locationId', loc[0]._id), part(b, 'image', 'not a file')), type, { _: unexpected });
    await expectRefused(body(b, part(b, '__proto__', 'x'), part(b, 'image', png, { filename: 'a.png', type: 'image/png' })), type, { _: unexpected });
    await expectRefused(body(b, part(b, 'locationId', loc[0]._id), part(b, 'constructor', png, { filename: 'a.png', type: 'image/png' })), type, { _: unexpected });
  });

  it('two files, or the id twice', async () => {
    const b = 'twice';
    const type = `multipart/form-data; boundary=${b}`;
    const file = part(b, 'image', png, { filename: 'a.png', type: 'image/png' });
    await expectRefused(body(b, part(b, 'locationId', loc[0]._id), file, file), type, { _: 'Можно загрузить только один файл за раз' });
    await expectRefused(body(b, part(b, 'locationId', loc[0]._id), part(b, 'locationId', loc[1]._id), file), type, { _: 'Лишнее поле: ожидаются только поле locationId и файл image' });
  });

  it('an empty file, a non-image, an id too long to be one', async () => {
    const b = 'content';
    const type = `multipart/form-data; boundary=${b}`;
    await expectRefused(body(b, part(b, 'locationId', loc[0]._id), part(b, 'image', Buffer.alloc(0), { filename: 'a.png', type: 'image/png' })), type, { image: 'Выберите изображение' });
    const text = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    await expectRefused(body(b, part(b, 'locationId', loc[0]._id), part(b, 'image', text, { filename: 'a.svg', type: 'image/svg+xml' })), type, {
      image: 'Допустимы изображения JPEG, PNG или WebP',
    });
    await expectRefused(body(b, part(b, 'locationId', 'a'.repeat(100_000)), part(b, 'image', png, { filename: 'a.png', type: 'image/png' })), type, {
      locationId: 'Неверный идентификатор магазина',
    });
  });
});
