import { defineModule } from '../../lib/module';
import { contentRoutes } from './content-routes';
import { shopContentDemoSeeder } from './content-seed';
import { publicPlugin } from './public-plugin';
import { publicReadRoutes } from './public-routes';
import { publicRequestRoutes } from './public-request-routes';
import { requestRoutes } from './request-routes';
import { shopRequestsDemoSeeder } from './request-seed';
import { storefrontSiteRoutes } from './storefront';

/**
 * The online shop, staff side (`/api/shop/*`): catalogue items, devices and repair prices, slides,
 * storefront categories, settings, images (content-*.ts) and the requests from the site (request-*.ts).
 * See server/docs/shop.md.
 */
export const shopModule = defineModule({
  name: 'shop',
  prefix: '/shop',
  async routes(app) {
    await app.register(contentRoutes);
    await app.register(requestRoutes);
  },
  tag: { name: 'shop', description: 'Интернет-магазин: каталог сайта, устройства и прайс ремонта, слайды, категории витрины, заявки, настройки' },
  seeders: [shopContentDemoSeeder, shopRequestsDemoSeeder],
  locationReferences: [{ table: 'shop_requests', label: 'у него есть заявки с сайта' }],
  // `/storefront`: the public preview page built only on `/api/public/*`.
  siteRoutes: storefrontSiteRoutes,
});

/**
 * The public storefront API (`/api/public/*`, no staff login): published content, read-only, cached
 * (ETag, Cache-Control), CORS for the settings' origins only; and the creation of requests.
 */
export const publicShopModule = defineModule({
  name: 'public',
  prefix: '/public',
  async routes(app) {
    await app.register(publicPlugin);
    await app.register(publicReadRoutes);
    await app.register(publicRequestRoutes);
  },
  tag: { name: 'public', description: 'Публичное API витрины: без входа сотрудника, только опубликованное; приём заявок с сайта' },
});
