import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { Location } from '@repo/contracts';
import { employeeLocations, employees, roles } from '../src/db/schema';
import { hashPassword } from '../src/modules/auth/password';
import { authHeaders, login } from './helpers';

/** The demo locations in the seed's order (sorted by name): Арбат (1st), Белорусская (2nd), Войковская (3rd). */
export async function demoLocations(app: FastifyInstance, ownerToken: string): Promise<Location[]> {
  const res = await app.inject({ method: 'GET', url: '/api/location', headers: authHeaders(ownerToken) });
  if (res.statusCode !== 200) throw new Error(`GET /api/location: ${res.statusCode} ${res.body}`);
  return res.json();
}

let counter = 0;
/** An extra employee with a role of exactly these rules, working only in `locationIds`; returns a signed-in token. */
export async function addEmployee(app: FastifyInstance, rules: string[], locationIds: string[]): Promise<{ id: string; token: string }> {
  counter += 1;
  const [role] = await app.db
    .insert(roles)
    .values({ name: `test-${randomUUID()}`, title: `Тестовая роль ${counter}`, rules })
    .returning();
  // Each test file has its own database, so a counter keeps phones unique.
  const uniquePhone = `+7955000${String(counter).padStart(4, '0')}`;
  const [employee] = await app.db
    .insert(employees)
    .values({ name: `Тестовый сотрудник ${counter}`, phone: uniquePhone, passwordHash: await hashPassword('demo1234'), roleId: role.id })
    .returning();
  if (locationIds.length) await app.db.insert(employeeLocations).values(locationIds.map((locationId) => ({ employeeId: employee.id, locationId })));
  const { token } = await login(app, uniquePhone);
  return { id: employee.id, token };
}

export const makeImage = (format: 'png' | 'jpeg' | 'webp', width = 800, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .toFormat(format)
    .toBuffer();

export interface FilePart {
  name: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

/** A multipart/form-data body built by hand, so a test controls the order, names and declared types. */
export function multipart(fields: Array<[string, string]>, files: FilePart[] = [], fieldsAfterFiles = false) {
  const boundary = `----test${randomUUID()}`;
  const chunks: Buffer[] = [];
  const fieldChunks = fields.map(([name, value]) =>
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  const fileChunks = files.flatMap((f) => [
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${f.name}"; filename="${f.filename}"\r\ncontent-type: ${f.contentType}\r\n\r\n`),
    f.data,
    Buffer.from('\r\n'),
  ]);
  if (fieldsAfterFiles) chunks.push(...fileChunks, ...fieldChunks);
  else chunks.push(...fieldChunks, ...fileChunks);
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** POST /api/location/images with `locationId` then the `image` file. */
export function uploadImage(app: FastifyInstance, token: string, locationId: string, data: Buffer, filename = 'photo.png', contentType = 'image/png') {
  const body = multipart([['locationId', locationId]], [{ name: 'image', filename, contentType, data }]);
  return app.inject({ method: 'POST', url: '/api/location/images', payload: body.payload, headers: { ...authHeaders(token), ...body.headers } });
}
