import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createLocationRequestSchema,
  errorResponseSchema,
  idParamsSchema,
  locationImageLimits,
  locationListSchema,
  locationSchema,
  okSchema,
  removeLocationImageRequestSchema,
  updateLocationRequestSchema,
} from '@repo/contracts';
import { ctxOf as ctx } from '../../lib/ctx';
import { imageByteRoutes, readUpload } from './images';
import * as service from './service';

const tags = ['location'];
const errors = { 400: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

/** /api/location: thin routes; the rules live in service.ts. */
export const locationRoutes: FastifyPluginAsyncZod = async (app) => {
  // Only these routes accept multipart, with the upload's own limits: one file, the `locationId` field
  // (a uuid, so 256 bytes are plenty), few part headers. readUpload turns every parser error into a 400.
  await app.register(multipart, {
    limits: { fileSize: locationImageLimits.maxBytes, files: 1, fields: 2, parts: 3, fieldSize: 256, fieldNameSize: 100, headerPairs: 20 },
  });

  app.get(
    '/',
    { schema: { tags, summary: 'Магазины, в которых сотрудник может работать', response: { 200: locationListSchema } } },
    async (request) => service.listLocations(ctx(request)),
  );

  app.get(
    '/current/:id',
    {
      schema: {
        tags,
        summary: 'Открыть магазин и запомнить его текущим',
        params: idParamsSchema,
        response: { 200: locationSchema, ...errors },
      },
    },
    async (request) => service.openCurrentLocation(ctx(request), request.params.id),
  );

  app.post(
    '/',
    {
      config: { rule: 'create:location' },
      schema: { tags, summary: 'Создать магазин (со складом и кассой по умолчанию)', body: createLocationRequestSchema, response: { 201: locationSchema, ...errors } },
    },
    async (request, reply) => reply.status(201).send(await service.createLocation(ctx(request), request.body)),
  );

  app.patch(
    '/:id',
    {
      config: { rule: 'edit:location' },
      schema: { tags, summary: 'Изменить магазин', params: idParamsSchema, body: updateLocationRequestSchema, response: { 200: locationSchema, ...errors } },
    },
    async (request) => service.updateLocation(ctx(request), request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      config: { rule: 'delete:location' },
      schema: { tags, summary: 'Удалить магазин (409, пока на него что-то ссылается)', params: idParamsSchema, response: { 200: okSchema, ...errors, 409: errorResponseSchema } },
    },
    async (request) => {
      await service.deleteLocation(ctx(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.post(
    '/images',
    {
      config: { rule: 'edit:location' },
      schema: {
        tags,
        summary: 'Загрузить изображение магазина',
        description:
          'multipart/form-data: поле `locationId`, затем файл `image` (JPEG, PNG или WebP по содержимому, до 5 МБ, по умолчанию не больше 8000 пикселей по стороне и 40 Мпикс, не больше 10 на магазин). ' +
          'Сохраняется перекодированным в том же формате, без метаданных (EXIF, GPS), уменьшенным по умолчанию до 2048 пикселей по длинной стороне.',
        consumes: ['multipart/form-data'],
        response: { 201: locationSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await service.addImage(ctx(request), await readUpload(request))),
  );

  app.post(
    '/images/remove',
    {
      config: { rule: 'edit:location' },
      schema: { tags, summary: 'Удалить изображение магазина', body: removeLocationImageRequestSchema, response: { 200: locationSchema, ...errors } },
    },
    async (request) => service.removeImage(ctx(request), request.body.locationId, request.body.imageId),
  );

  imageByteRoutes(app, {
    prefix: '/images',
    tags,
    summaries: { full: 'Изображение магазина', thumbnail: 'Миниатюра изображения (WebP)' },
    load: (request, imageId, thumbnail) => service.imageContent(ctx(request), imageId, thumbnail),
  });
};
