import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  categoryListSchema,
  categorySchema,
  createCategoryRequestSchema,
  createProductRequestSchema,
  errorResponseSchema,
  idParamsSchema,
  idSchema,
  locationImageLimits,
  productImageLimits,
  importPreviewSchema,
  importProductsRequestSchema,
  okSchema,
  productListQuerySchema,
  productPageSchema,
  productSchema,
  updateCategoryRequestSchema,
  updateProductRequestSchema,
} from '@repo/contracts';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { ctxOf as ctx } from '../../lib/ctx';
import { imageByteRoutes, readImageFile } from '../location/images';
import { importProducts } from './import';
import * as service from './service';

const tags = ['catalog'];
const productImageParams = z.object({ id: idSchema, imageId: idSchema });
const errors = { 400: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };

/**
 * /api/catalog: the company-wide catalogue (no `Shop` needed, but every route needs its rule on
 * `category` or `product`). Thin routes; the rules live in service.ts.
 */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  // Only the photo upload reads multipart: one file of at most 5 MB, no fields.
  await app.register(multipart, { limits: { fileSize: locationImageLimits.maxBytes, files: 1, fields: 0, parts: 1, headerPairs: 20 } });

  app.get(
    '/categories',
    {
      config: { rule: 'view:category' },
      schema: { tags, summary: 'Дерево категорий (два уровня) с числом товаров', response: { 200: categoryListSchema, ...errors } },
    },
    async (request) => service.listCategories(ctx(request)),
  );

  app.post(
    '/categories',
    {
      config: { rule: 'create:category' },
      schema: { tags, summary: 'Создать категорию или подкатегорию', body: createCategoryRequestSchema, response: { 201: categorySchema, ...errors } },
    },
    async (request, reply) => reply.status(201).send(await service.createCategory(ctx(request), request.body)),
  );

  app.patch(
    '/categories/:id',
    {
      config: { rule: 'edit:category' },
      schema: {
        tags,
        summary: 'Переименовать или перенести категорию',
        params: idParamsSchema,
        body: updateCategoryRequestSchema,
        response: { 200: categorySchema, ...errors },
      },
    },
    async (request) => service.updateCategory(ctx(request), request.params.id, request.body),
  );

  app.delete(
    '/categories/:id',
    {
      config: { rule: 'delete:category' },
      schema: {
        tags,
        summary: 'Удалить категорию с пустыми подкатегориями (409, пока в ней есть товары)',
        params: idParamsSchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      await service.deleteCategory(ctx(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/products',
    {
      config: { rule: 'view:product' },
      schema: {
        tags,
        summary: 'Товары и услуги: поиск по названию, артикулу, штрихкоду; фильтры по категории и виду',
        querystring: productListQuerySchema,
        response: { 200: productPageSchema, ...errors },
      },
    },
    async (request) => service.listProducts(ctx(request), request.query),
  );

  app.post(
    '/products',
    {
      config: { rule: 'create:product' },
      schema: { tags, summary: 'Создать товар или услугу', body: createProductRequestSchema, response: { 201: productSchema, ...errors } },
    },
    async (request, reply) => reply.status(201).send(await service.createProduct(ctx(request), request.body)),
  );

  app.get(
    '/products/:id',
    {
      config: { rule: 'view:product' },
      schema: { tags, summary: 'Товар или услуга (также из архива)', params: idParamsSchema, response: { 200: productSchema, ...errors } },
    },
    async (request) => service.getProduct(ctx(request), request.params.id),
  );

  app.patch(
    '/products/:id',
    {
      config: { rule: 'edit:product' },
      schema: { tags, summary: 'Изменить товар или услугу', params: idParamsSchema, body: updateProductRequestSchema, response: { 200: productSchema, ...errors } },
    },
    async (request) => service.updateProduct(ctx(request), request.params.id, request.body),
  );

  app.delete(
    '/products/:id',
    {
      config: { rule: 'delete:product' },
      schema: {
        tags,
        summary: 'Убрать товар в архив',
        description: 'Товар не удаляется: он пропадает из списков и подбора, а его история остаётся. Вернуть: POST /products/{id}/restore.',
        params: idParamsSchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      await service.archiveProduct(ctx(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.post(
    '/products/:id/restore',
    {
      config: { rule: 'delete:product' },
      schema: { tags, summary: 'Вернуть товар из архива', params: idParamsSchema, response: { 200: productSchema, ...errors } },
    },
    async (request) => service.restoreProduct(ctx(request), request.params.id),
  );

  app.post(
    '/products/import',
    {
      config: { rule: 'create:product' },
      schema: {
        tags,
        summary: 'Импорт товаров из прайс-листа: предпросмотр (dryRun) и запись одной транзакцией',
        description: 'Строка находит товар по артикулу, затем по штрихкоду (обновление), иначе создаётся новый. Категории — по названию, недостающие создаются. При ошибках хотя бы в одной строке ничего не записывается.',
        body: importProductsRequestSchema,
        response: { 200: importPreviewSchema, ...errors },
      },
    },
    async (request) => importProducts(ctx(request), request.body),
  );

  app.post(
    '/products/:id/images',
    {
      config: { rule: 'edit:product' },
      schema: {
        tags,
        summary: 'Добавить фото товара',
        description: `multipart/form-data с одним файлом \`image\`: JPEG, PNG или WebP по содержимому, до 5 МБ, не больше ${productImageLimits.maxPerProduct} фото у товара. Сохраняется перекодированным, без метаданных, с миниатюрой WebP.`,
        params: idParamsSchema,
        consumes: ['multipart/form-data'],
        response: { 201: productSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.addProductImage(ctx(request), request.params.id, await readImageFile(request))),
  );

  app.delete(
    '/products/:id/images/:imageId',
    {
      config: { rule: 'edit:product' },
      schema: { tags, summary: 'Удалить фото товара', params: productImageParams, response: { 200: productSchema, ...errors } },
    },
    async (request) => service.removeProductImage(ctx(request), request.params.id, request.params.imageId),
  );

  imageByteRoutes(app, {
    prefix: '/images',
    tags,
    summaries: { full: 'Фото товара', thumbnail: 'Миниатюра фото товара (WebP)' },
    load: (request, imageId, thumbnail) => service.productImageContent(ctx(request), imageId, thumbnail),
  });
};
