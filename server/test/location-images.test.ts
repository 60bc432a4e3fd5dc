import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Location } from '@repo/contracts';
import { auditLog, locationImages } from '../src/db/schema';
import { authHeaders, buildTestApp, demoPhones, login } from './helpers';
import { demoLocations, makeImage, multipart, uploadImage } from './location-fixtures';

let app: FastifyInstance;
let owner: string;
let cashier: string;
let loc: Location[];

beforeAll(async () => {
  app = await buildTestApp();
  owner = (await login(app, demoPhones.owner)).token;
  cashier = (await login(app, demoPhones.cashier)).token;
  loc = await demoLocations(app, owner);
});
afterAll(() => app.close());

const wrongType = { code: 'validation', message: 'Допустимы изображения JPEG, PNG или WebP', errors: { image: 'Допустимы изображения JPEG, PNG или WebP' } };
const countImages = async (locationId: string) => (await app.db.select().from(locationImages).where(eq(locationImages.locationId, locationId))).length;
const fetchImage = (url: string, headers: Record<string, string>) => app.inject({ method: 'GET', url, headers });

describe('POST /api/location/images', () => {
  it.each([
    ['png', 'image/png'],
    ['jpeg', 'image/jpeg'],
    ['webp', 'image/webp'],
  ] as const)('stores a %s by its content, re-encoded in its format, with a WebP thumbnail, and answers the location', async (format, mime) => {
    const data = await makeImage(format, 800, 600);
    // The declared name and type are deliberately wrong: only the content counts.
    const res = await uploadImage(app, owner, loc[0]._id, data, 'upload.bin', 'application/octet-stream');
    expect(res.statusCode).toBe(201);
    const body: Location = res.json();
    expect(body._id).toBe(loc[0]._id);
    const image = body.images.at(-1)!;
    expect(image).toMatchObject({ mime, width: 800, height: 600 });
    expect(image.url).toBe(`/api/location/images/${image.id}`);
    expect(image.thumbnailUrl).toBe(`/api/location/images/${image.id}/thumbnail`);

    const full = await fetchImage(image.url, authHeaders(owner));
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe(mime);
    expect(full.headers['cache-control']).toBe('private, max-age=86400');
    // Stored re-encoded (images-hardening.test.ts: no metadata, nothing appended): `size` is what is served.
    expect(full.rawPayload.length).toBe(image.size);
    expect(await sharp(full.rawPayload).metadata()).toMatchObject({ format, width: 800, height: 600 });

    // <img src> sends the token cookie, not a header.
    const thumb = await fetchImage(image.thumbnailUrl, { cookie: `token=${cashier}` });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    const meta = await sharp(thumb.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 320, height: 240 });
  });

  it('accepts the file before the field too, and lists images in GET /api/location', async () => {
    const body = multipart([['locationId', loc[1]._id]], [{ name: 'image', filename: 'a.png', contentType: 'image/png', data: await makeImage('png', 50, 50) }], true);
    const res = await app.inject({ method: 'POST', url: '/api/location/images', payload: body.payload, headers: { ...authHeaders(owner), ...body.headers } });
    expect(res.statusCode).toBe(201);
    const list: Location[] = (await app.inject({ method: 'GET', url: '/api/location', headers: authHeaders(owner) })).json();
    expect(list.find((l) => l._id === loc[1]._id)!.images).toHaveLength(1);
  });

  it('refuses a text file named .png with 400 and stores nothing', async () => {
    const before = await countImages(loc[0]._id);
    const res = await uploadImage(app, owner, loc[0]._id, Buffer.from('just some text, not an image\n'.repeat(20)), 'photo.png', 'image/png');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(wrongType);
    const gif = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
    expect((await uploadImage(app, owner, loc[0]._id, gif, 'photo.gif', 'image/gif')).json()).toEqual(wrongType);
    expect(await countImages(loc[0]._id)).toBe(before);
  });

  it('refuses a file over 5 MB with 400 «Файл больше 5 МБ»', async () => {
    const big = Buffer.concat([await makeImage('png', 10, 10), Buffer.alloc(5 * 1024 * 1024)]);
    const res = await uploadImage(app, owner, loc[0]._id, big);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'validation', message: 'Файл больше 5 МБ', errors: { image: 'Файл больше 5 МБ' } });
  });

  it('answers 400 for a missing file or location id', async () => {
    const noFile = multipart([['locationId', loc[0]._id]]);
    const res = await app.inject({ method: 'POST', url: '/api/location/images', payload: noFile.payload, headers: { ...authHeaders(owner), ...noFile.headers } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ image: 'Выберите изображение' });
    const noId = await uploadImage(app, owner, 'nope', await makeImage('png', 10, 10));
    expect(noId.json().errors).toEqual({ locationId: 'Неверный идентификатор магазина' });
    const json = await app.inject({ method: 'POST', url: '/api/location/images', payload: { locationId: loc[0]._id }, headers: authHeaders(owner) });
    expect(json.statusCode).toBe(400);
  });

  it('refuses the cashier (no edit right) and unknown locations', async () => {
    const img = await makeImage('png', 10, 10);
    const res = await uploadImage(app, cashier, loc[0]._id, img);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'forbidden', message: 'Нет права: изменение — магазины' });
    const unknown = await uploadImage(app, owner, '00000000-0000-4000-8000-000000000000', img);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'not_found', message: 'Магазин не найден' });
  });

  it('keeps at most 10 images per location (409)', async () => {
    const img = await makeImage('png', 8, 8);
    while ((await countImages(loc[1]._id)) < 10) expect((await uploadImage(app, owner, loc[1]._id, img)).statusCode).toBe(201);
    const res = await uploadImage(app, owner, loc[1]._id, img);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'conflict', message: 'У магазина уже 10 изображений: удалите лишние, чтобы добавить новое' });
    expect(await countImages(loc[1]._id)).toBe(10);
  });
});

describe('image access and removal', () => {
  it('never serves an image of a location the employee may not use', async () => {
    const [image] = await app.db.select({ id: locationImages.id }).from(locationImages).where(eq(locationImages.locationId, loc[1]._id)).limit(1);
    for (const suffix of ['', '/thumbnail']) {
      const res = await fetchImage(`/api/location/images/${image.id}${suffix}`, authHeaders(cashier));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'not_found', message: 'Изображение не найдено' });
    }
    expect((await fetchImage(`/api/location/images/${image.id}`, {})).statusCode).toBe(403);
    expect((await fetchImage(`/api/location/images/${image.id}`, authHeaders(owner))).statusCode).toBe(200);
  });

  it('removes an image, audited; a second removal and the old URL answer 404', async () => {
    const [image] = await app.db.select({ id: locationImages.id }).from(locationImages).where(eq(locationImages.locationId, loc[0]._id)).limit(1);
    const payload = { locationId: loc[0]._id, imageId: image.id };
    const res = await app.inject({ method: 'POST', url: '/api/location/images/remove', payload, headers: authHeaders(owner) });
    expect(res.statusCode).toBe(200);
    expect(res.json()._id).toBe(loc[0]._id);
    expect(res.json().images.map((i: { id: string }) => i.id)).not.toContain(image.id);
    const again = await app.inject({ method: 'POST', url: '/api/location/images/remove', payload, headers: authHeaders(owner) });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ code: 'not_found', message: 'Изображение не найдено' });
    expect((await fetchImage(`/api/location/images/${image.id}`, authHeaders(owner))).statusCode).toBe(404);
    const audit = await app.db.select().from(auditLog).where(and(eq(auditLog.entityId, image.id), eq(auditLog.entity, 'location_image')));
    expect(audit.map((a) => a.action).sort()).toEqual(['create', 'delete']);
  });

  it('answers 404 when the image belongs to another location, and 400 for malformed ids', async () => {
    const [image] = await app.db.select({ id: locationImages.id }).from(locationImages).where(eq(locationImages.locationId, loc[1]._id)).limit(1);
    const wrong = await app.inject({ method: 'POST', url: '/api/location/images/remove', payload: { locationId: loc[0]._id, imageId: image.id }, headers: authHeaders(owner) });
    expect(wrong.statusCode).toBe(404);
    expect(await countImages(loc[1]._id)).toBe(10);
    const bad = await app.inject({ method: 'POST', url: '/api/location/images/remove', payload: { locationId: 'x', imageId: 'y' }, headers: authHeaders(owner) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ locationId: 'Неверный идентификатор магазина', imageId: 'Неверный идентификатор изображения' });
  });
});
