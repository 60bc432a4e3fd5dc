import multipart from '@fastify/multipart';
import {
  createShopCatalogItemSchema,
  createShopCategorySchema,
  createShopDeviceTypeSchema,
  createShopBrandSchema,
  createShopModelSchema,
  createShopSlideSchema,
  errorResponseSchema,
  idParamsSchema,
  locationImageLimits,
  okSchema,
  putShopModelPricesSchema,
  putShopSettingsSchema,
  reorderRequestSchema,
  shopBrandListSchema,
  shopBrandQuerySchema,
  shopBrandSchema,
  shopCatalogItemSchema,
  shopCatalogPageSchema,
  shopCatalogQuerySchema,
  shopCategoryListSchema,
  shopCategorySchema,
  shopDeviceTypeListSchema,
  shopDeviceTypeSchema,
  shopImageSchema,
  shopLimits,
  shopModelListSchema,
  shopModelPriceListSchema,
  shopModelQuerySchema,
  shopModelSchema,
  shopSettingsSchema,
  shopSlideListSchema,
  shopSlideSchema,
  updateShopBrandSchema,
  updateShopCatalogItemSchema,
  updateShopCategorySchema,
  updateShopDeviceTypeSchema,
  updateShopModelSchema,
  updateShopSlideSchema,
} from '@repo/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ctxOf as ctx } from '../../lib/ctx';
import { readImageFile } from '../location/images';
import * as service from './content-service';

const tags = ['shop'];
const errors = { 400: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };
const ok = { ok: true as const };
const view = { rule: 'view:shop_content' as const };
const create = { rule: 'create:shop_content' as const };
const edit = { rule: 'edit:shop_content' as const };
const remove = { rule: 'delete:shop_content' as const };
const reorderNote =
  'Все id — записи этого списка (иначе 400, ничего не меняется); они занимают те же места, что занимают сейчас, в новом порядке (так можно переставить одну страницу длинного списка).';

/**
 * /api/shop: the site's content, staff side (server/docs/shop.md). Rules `view|create|edit|delete:shop_content`
 * (any scope: content is company-wide).
 */
export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  // Only the image upload reads multipart: one file of at most 5 MB, no fields.
  await app.register(multipart, { limits: { fileSize: locationImageLimits.maxBytes, files: 1, fields: 0, parts: 1, headerPairs: 20 } });

  // ---- Catalogue items
  app.get(
    '/catalog',
    {
      config: view,
      schema: { tags, summary: 'Каталог сайта: товары витрины по порядку; фильтры search, published, categoryId (категория каталога с подкатегориями)', querystring: shopCatalogQuerySchema, response: { 200: shopCatalogPageSchema, ...errors } },
    },
    async (request) => service.listItems(ctx(request), request.query),
  );
  app.post(
    '/catalog',
    {
      config: create,
      schema: {
        tags,
        summary: 'Добавить товар в каталог сайта (название по умолчанию — товара, изображения — копии фото товара, цена — розничная)',
        description: 'Товар уже в каталоге — 409; опубликовать товар из архива нельзя — 409.',
        body: createShopCatalogItemSchema,
        response: { 201: shopCatalogItemSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.createItem(ctx(request), request.body)),
  );
  app.post(
    '/catalog/reorder',
    { config: edit, schema: { tags, summary: 'Новый порядок товаров витрины', description: reorderNote, body: reorderRequestSchema, response: { 200: okSchema, ...errors } } },
    async (request) => {
      await service.reorderItems(ctx(request), request.body.ids);
      return ok;
    },
  );
  app.get(
    '/catalog/:id',
    { config: view, schema: { tags, summary: 'Товар витрины', params: idParamsSchema, response: { 200: shopCatalogItemSchema, ...errors } } },
    async (request) => service.getItem(ctx(request), request.params.id),
  );
  app.patch(
    '/catalog/:id',
    {
      config: edit,
      schema: { tags, summary: 'Изменить товар витрины: название, описание, изображения, цену (null — розничная), публикацию', params: idParamsSchema, body: updateShopCatalogItemSchema, response: { 200: shopCatalogItemSchema, ...errors } },
    },
    async (request) => service.updateItem(ctx(request), request.params.id, request.body),
  );
  app.delete(
    '/catalog/:id',
    { config: remove, schema: { tags, summary: 'Убрать товар из каталога сайта (товар в каталоге остаётся)', params: idParamsSchema, response: { 200: okSchema, ...errors } } },
    async (request) => {
      await service.deleteItem(ctx(request), request.params.id);
      return ok;
    },
  );

  // ---- Device types and brands
  for (const kind of ['type', 'brand'] as const) {
    const path = kind === 'type' ? '/device-types' : '/brands';
    const label = kind === 'type' ? 'Типы устройств' : 'Бренды';
    const one = kind === 'type' ? 'тип устройства' : 'бренд';
    const itemSchema = kind === 'type' ? shopDeviceTypeSchema : shopBrandSchema;
    app.get(
      path,
      {
        config: view,
        schema: {
          tags,
          summary: kind === 'type' ? 'Типы устройств по порядку, с числом моделей' : 'Бренды по порядку; с typeId — бренды, у которых есть модели этого типа',
          ...(kind === 'brand' ? { querystring: shopBrandQuerySchema } : {}),
          response: { 200: kind === 'type' ? shopDeviceTypeListSchema : shopBrandListSchema, ...errors },
        },
      },
      async (request) => service.listNamed(ctx(request), kind, (request.query as { typeId?: string } | undefined)?.typeId),
    );
    app.post(
      path,
      {
        config: create,
        schema: { tags, summary: `Новый ${one} (название уникально — иначе 409)`, body: kind === 'type' ? createShopDeviceTypeSchema : createShopBrandSchema, response: { 201: itemSchema, ...errors } },
      },
      async (request, reply) => reply.status(201).send(await service.createNamed(ctx(request), kind, request.body)),
    );
    app.post(
      `${path}/reorder`,
      { config: edit, schema: { tags, summary: `${label}: новый порядок`, description: reorderNote, body: reorderRequestSchema, response: { 200: okSchema, ...errors } } },
      async (request) => {
        await service.reorderNamed(ctx(request), kind, request.body.ids);
        return ok;
      },
    );
    app.patch(
      `${path}/:id`,
      {
        config: edit,
        schema: { tags, summary: `Изменить ${one}: название, изображение, публикацию`, params: idParamsSchema, body: kind === 'type' ? updateShopDeviceTypeSchema : updateShopBrandSchema, response: { 200: itemSchema, ...errors } },
      },
      async (request) => service.updateNamed(ctx(request), kind, request.params.id, request.body),
    );
    app.delete(
      `${path}/:id`,
      { config: remove, schema: { tags, summary: `Удалить ${one} (с моделями — 409)`, params: idParamsSchema, response: { 200: okSchema, ...errors } } },
      async (request) => {
        await service.deleteNamed(ctx(request), kind, request.params.id);
        return ok;
      },
    );
  }

  // ---- Models and repair prices
  app.get(
    '/models',
    {
      config: view,
      schema: { tags, summary: 'Модели по порядку (тип, бренд, позиция); фильтры typeId, brandId, search', querystring: shopModelQuerySchema, response: { 200: shopModelListSchema, ...errors } },
    },
    async (request) => service.listModels(ctx(request), request.query),
  );
  app.post(
    '/models',
    { config: create, schema: { tags, summary: 'Новая модель (название уникально в паре тип + бренд — иначе 409)', body: createShopModelSchema, response: { 201: shopModelSchema, ...errors } } },
    async (request, reply) => reply.status(201).send(await service.createModel(ctx(request), request.body)),
  );
  app.post(
    '/models/reorder',
    {
      config: edit,
      schema: { tags, summary: 'Модели одного типа и бренда: новый порядок', description: `${reorderNote} Модели другого типа или бренда — другой список.`, body: reorderRequestSchema, response: { 200: okSchema, ...errors } },
    },
    async (request) => {
      await service.reorderModels(ctx(request), request.body.ids);
      return ok;
    },
  );
  app.patch(
    '/models/:id',
    {
      config: edit,
      schema: { tags, summary: 'Изменить модель: тип, бренд (модель встаёт в конец их списка), название, изображение, публикацию', params: idParamsSchema, body: updateShopModelSchema, response: { 200: shopModelSchema, ...errors } },
    },
    async (request) => service.updateModel(ctx(request), request.params.id, request.body),
  );
  app.delete(
    '/models/:id',
    { config: remove, schema: { tags, summary: 'Удалить модель вместе с её прайсом', params: idParamsSchema, response: { 200: okSchema, ...errors } } },
    async (request) => {
      await service.deleteModel(ctx(request), request.params.id);
      return ok;
    },
  );
  app.get(
    '/models/:id/prices',
    { config: view, schema: { tags, summary: 'Прайс ремонта модели по порядку', params: idParamsSchema, response: { 200: shopModelPriceListSchema, ...errors } } },
    async (request) => service.getPrices(ctx(request), request.params.id),
  );
  app.put(
    '/models/:id/prices',
    {
      config: edit,
      schema: {
        tags,
        summary: `Заменить прайс модели целиком (до ${shopLimits.pricesMax} строк, в порядке показа)`,
        params: idParamsSchema,
        body: putShopModelPricesSchema,
        response: { 200: shopModelPriceListSchema, ...errors },
      },
    },
    async (request) => service.putPrices(ctx(request), request.params.id, request.body),
  );

  // ---- Slides
  app.get('/slides', { config: view, schema: { tags, summary: 'Слайды главной страницы по порядку (active — показывается сейчас)', response: { 200: shopSlideListSchema, ...errors } } }, async (request) =>
    service.listSlides(ctx(request)),
  );
  app.post(
    '/slides',
    { config: create, schema: { tags, summary: 'Новый слайд (в конец списка)', body: createShopSlideSchema, response: { 201: shopSlideSchema, ...errors } } },
    async (request, reply) => reply.status(201).send(await service.createSlide(ctx(request), request.body)),
  );
  app.post(
    '/slides/reorder',
    { config: edit, schema: { tags, summary: 'Слайды: новый порядок', description: reorderNote, body: reorderRequestSchema, response: { 200: okSchema, ...errors } } },
    async (request) => {
      await service.reorderSlides(ctx(request), request.body.ids);
      return ok;
    },
  );
  app.patch(
    '/slides/:id',
    {
      config: edit,
      schema: { tags, summary: 'Изменить слайд (даты проверяются и с сохранёнными: окончание раньше начала — 400)', params: idParamsSchema, body: updateShopSlideSchema, response: { 200: shopSlideSchema, ...errors } },
    },
    async (request) => service.updateSlide(ctx(request), request.params.id, request.body),
  );
  app.delete(
    '/slides/:id',
    { config: remove, schema: { tags, summary: 'Удалить слайд', params: idParamsSchema, response: { 200: okSchema, ...errors } } },
    async (request) => {
      await service.deleteSlide(ctx(request), request.params.id);
      return ok;
    },
  );

  // ---- Storefront categories
  app.get(
    '/categories',
    { config: view, schema: { tags, summary: 'Категории витрины по порядку, со связанными категориями каталога и числом товаров', response: { 200: shopCategoryListSchema, ...errors } } },
    async (request) => service.listCategories(ctx(request)),
  );
  app.post(
    '/categories',
    {
      config: create,
      schema: { tags, summary: 'Новая категория витрины (slug по умолчанию — из названия, уникальный; занятый slug — 409)', body: createShopCategorySchema, response: { 201: shopCategorySchema, ...errors } },
    },
    async (request, reply) => reply.status(201).send(await service.createCategory(ctx(request), request.body)),
  );
  app.post(
    '/categories/reorder',
    { config: edit, schema: { tags, summary: 'Категории витрины: новый порядок', description: reorderNote, body: reorderRequestSchema, response: { 200: okSchema, ...errors } } },
    async (request) => {
      await service.reorderCategories(ctx(request), request.body.ids);
      return ok;
    },
  );
  app.patch(
    '/categories/:id',
    {
      config: edit,
      schema: { tags, summary: 'Изменить категорию витрины: название, slug, изображение, публикацию, связанные категории каталога', params: idParamsSchema, body: updateShopCategorySchema, response: { 200: shopCategorySchema, ...errors } },
    },
    async (request) => service.updateCategory(ctx(request), request.params.id, request.body),
  );
  app.delete(
    '/categories/:id',
    { config: remove, schema: { tags, summary: 'Удалить категорию витрины', params: idParamsSchema, response: { 200: okSchema, ...errors } } },
    async (request) => {
      await service.deleteCategory(ctx(request), request.params.id);
      return ok;
    },
  );

  // ---- Settings and images
  app.get('/settings', { config: view, schema: { tags, summary: 'Настройки интернет-магазина', response: { 200: shopSettingsSchema, ...errors } } }, async (request) =>
    service.getSettings(ctx(request)),
  );
  app.put(
    '/settings',
    {
      config: edit,
      schema: { tags, summary: 'Сохранить настройки: название сайта, телефон, магазины, принимающие заявки, адреса сайтов (CORS), приём заявок, часовой пояс', body: putShopSettingsSchema, response: { 200: shopSettingsSchema, ...errors } },
    },
    async (request) => service.putSettings(ctx(request), request.body),
  );
  app.post(
    '/images',
    {
      config: create,
      schema: {
        tags,
        summary: 'Загрузить изображение для контента сайта',
        description: 'multipart/form-data с одним файлом `image`: JPEG, PNG или WebP по содержимому, до 5 МБ. Сохраняется перекодированным, без метаданных, с миниатюрой WebP; отдаётся публично по `/api/public/images/:id`.',
        consumes: ['multipart/form-data'],
        response: { 201: shopImageSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.uploadImage(ctx(request), await readImageFile(request))),
  );
};
