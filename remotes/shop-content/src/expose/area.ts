import type { AreaMeta } from '@repo/contracts';

/**
 * Everything the host knows about this area without loading its code: the path prefixes it mounts,
 * every screen's title and rule, and the menu items. Pure data (only `import type`): the build
 * transpiles and evaluates this file to publish `area.json` beside the entry, and `/remotes.json`
 * carries it to the host. Each fact of a screen lives here once.
 */
export const areaMeta = {
  area: 'shop-content',
  title: 'Интернет-магазин',
  prefixes: ['/catalog', '/devices', '/request', '/constructors', '/constructorMainSlider', '/constructorGeneralCategory'],
  routes: [
    { path: '/catalog', title: 'Каталог', rule: 'view:shop_content' },
    { path: '/devices', title: 'Устройства', rule: 'view:shop_content' },
    { path: '/request/:id?', title: 'Заявки', rule: 'view:shop_content' },
    { path: '/constructors', title: 'Конструкторы', rule: 'view:shop_content' },
    { path: '/constructorMainSlider', title: 'Главный слайдер', parent: '/constructors', rule: 'view:shop_content' },
    { path: '/constructorGeneralCategory', title: 'Категории интернет-магазина', parent: '/constructors', rule: 'view:shop_content' },
  ],
  menu: [
    { menu: 'shop', name: 'ShopCatalog', label: 'Каталог', icon: 'AppstoreOutlined', route: '/catalog', order: 10, description: 'Товары витрины интернет-магазина', rule: 'view:shop_content' },
    { menu: 'shop', name: 'ShopDevices', label: 'Устройства', icon: 'MobileOutlined', route: '/devices', order: 20, description: 'Типы, бренды, модели и прайс ремонта', rule: 'view:shop_content' },
    { menu: 'shop', name: 'ShopRequest', label: 'Заявки', icon: 'FileTextOutlined', route: '/request', order: 30, description: 'Заявки с сайта', rule: 'view:shop_content',
      // The new requests the employee sees, refreshed by the realtime events of requests.
      badge: { url: '/api/shop/requests/counts', field: 'new', entity: 'shop_request' } },
    { menu: 'shop', name: 'ShopConstructors', label: 'Конструкторы', icon: 'LayoutOutlined', route: '/constructors', order: 40, description: 'Слайдер и категории витрины', rule: 'view:shop_content' },
  ],
} satisfies AreaMeta;
