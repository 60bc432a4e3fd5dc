import {
  errorResponseSchema,
  idParamsSchema,
  publicCatalogItemSchema,
  publicCatalogPageSchema,
  publicCatalogQuerySchema,
  publicCategoryListSchema,
  publicDeviceTreeSchema,
  publicModelPricesSchema,
  publicShopInfoSchema,
  publicSlideListSchema,
  shopLimits,
} from '@repo/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as service from './public-service';

const tags = ['public'];
const errors = { 400: errorResponseSchema, 404: errorResponseSchema };
const config = { auth: false };
const cacheNote = `Без входа сотрудника. Ответ с ETag и Cache-Control: public, max-age=${shopLimits.cacheSeconds}; совпавший If-None-Match — 304.`;

/**
 * /api/public: the storefront's reads (server/docs/shop.md). No staff login; the public plugin adds CORS,
 * ETag, Cache-Control and 304.
 */
export const publicReadRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/catalog',
    {
      config,
      schema: {
        tags,
        summary: 'Каталог сайта: опубликованные товары по порядку; category (slug категории витрины), search, page, pageSize',
        description: `${cacheNote} Только «в наличии» / «под заказ» (inStock), без остатков и себестоимости.`,
        querystring: publicCatalogQuerySchema,
        response: { 200: publicCatalogPageSchema, ...errors },
      },
    },
    async (request) => service.catalog(request.server.db, request.query),
  );
  app.get(
    '/catalog/:id',
    {
      config,
      schema: { tags, summary: 'Товар сайта (неопубликованный, архивный и несуществующий — одинаковый 404)', description: cacheNote, params: idParamsSchema, response: { 200: publicCatalogItemSchema, ...errors } },
    },
    async (request) => service.catalogItem(request.server.db, request.params.id),
  );
  app.get(
    '/categories',
    { config, schema: { tags, summary: 'Опубликованные категории витрины по порядку', description: cacheNote, response: { 200: publicCategoryListSchema, ...errors } } },
    async (request) => service.categoryList(request.server.db),
  );
  app.get(
    '/slides',
    {
      config,
      schema: { tags, summary: 'Слайды, показываемые сегодня (опубликованные, в пределах дат по часовому поясу магазина), по порядку', description: cacheNote, response: { 200: publicSlideListSchema, ...errors } },
    },
    async (request) => service.slideList(request.server.db),
  );
  app.get(
    '/devices',
    {
      config,
      schema: { tags, summary: 'Дерево устройств: опубликованные типы → бренды → модели с ценой «от»', description: cacheNote, response: { 200: publicDeviceTreeSchema, ...errors } },
    },
    async (request) => service.deviceTree(request.server.db),
  );
  app.get(
    '/models/:id/prices',
    {
      config,
      schema: { tags, summary: 'Прайс ремонта опубликованной модели', description: cacheNote, params: idParamsSchema, response: { 200: publicModelPricesSchema, ...errors } },
    },
    async (request) => service.modelPrices(request.server.db, request.params.id),
  );
  app.get(
    '/info',
    {
      config,
      schema: { tags, summary: 'Название сайта, телефон, открыт ли приём заявок и магазины, принимающие заявки', description: cacheNote, response: { 200: publicShopInfoSchema, ...errors } },
    },
    async (request) => service.info(request.server.db),
  );
  for (const thumbnail of [false, true]) {
    app.get(
      `/images/:id${thumbnail ? '/thumbnail' : ''}`,
      {
        config,
        schema: {
          tags,
          summary: thumbnail ? 'Миниатюра изображения сайта (WebP, до 320 px)' : 'Изображение сайта',
          description: 'Без входа сотрудника; только изображения контента сайта. Изображения не меняются: кэшируются надолго.',
         
          params: idParamsSchema,
        },
      },
      async (request, reply) => {
        const image = await service.image(request.server.db, request.params.id, thumbnail);
        return reply
          .type(image.mime)
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'public, max-age=31536000, immutable')
          .send(image.data);
      },
    );
  }
};
