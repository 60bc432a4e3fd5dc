import type { AreaMeta } from '@repo/contracts';

/**
 * Everything the host knows about this area without loading its code: the path prefixes it mounts,
 * every screen's title and rule, and the menu items. Pure data (only `import type`): the build
 * transpiles and evaluates this file to publish `area.json` beside the entry, and `/remotes.json`
 * carries it to the host. Each fact of a screen lives here once.
 */
export const areaMeta = {
  area: 'stock',
  title: 'Склад и товары',
  prefixes: ['/stock', '/procurement', '/categories', '/subcategories', '/products'],
  routes: [
    { path: '/categories', title: 'Категории', parent: '/stock', rule: 'view:category' },
    // The seed gives /subcategories no title; the page header still needs one.
    { path: '/subcategories', title: 'Подкатегории', parent: '/stock', rule: 'view:category' },
    { path: '/products', title: 'Продукты', parent: '/stock', rule: 'view:product' },
    { path: '/stock', title: 'Склад', rule: 'view:stock_document' },
    { path: '/stock/leftovers', title: 'Остатки', parent: '/stock', rule: 'view:stock_document' },
    { path: '/stock/posting', title: 'Оприходование', parent: '/stock', rule: 'view:stock_document' },
    { path: '/stock/inventory', title: 'Инвентаризация', parent: '/stock', rule: 'view:stock_document' },
    { path: '/stock/displacement', title: 'Перемещения', parent: '/stock', rule: 'view:stock_document' },
    { path: '/stock/product', title: 'Карточка товара', parent: '/stock', rule: 'view:stock_document' },
    { path: '/stock/refund', title: 'Возвраты', parent: '/stock', rule: 'view:stock_document' },
    // Sub-routes of the stock tabs (issue #8): each document screen titles itself with its number.
    { path: '/stock/write-off', title: 'Списания', parent: '/stock', rule: 'view:stock_document' },
    { path: '/stock/posting/:id', title: 'Оприходование', parent: '/stock/posting', rule: 'view:stock_document' },
    { path: '/stock/write-off/:id', title: 'Списание', parent: '/stock/write-off', rule: 'view:stock_document' },
    { path: '/stock/inventory/:id', title: 'Инвентаризация', parent: '/stock/inventory', rule: 'view:stock_document' },
    { path: '/stock/displacement/:id', title: 'Перемещение', parent: '/stock/displacement', rule: 'view:stock_document' },
    { path: '/stock/refund/:id', title: 'Возврат поставщику', parent: '/stock/refund', rule: 'view:stock_document' },
    { path: '/stock/product/:id', title: 'Карточка товара', parent: '/stock/product', rule: 'view:stock_document' },
    // Purchasing (issue #21): the orders to suppliers, an order (`new`: a new draft), reorder suggestions.
    // react-router and the host rank a static segment above `:id`, so «suggestions» is never taken for an order.
    { path: '/procurement', title: 'Закупки', rule: 'view:purchase_order' },
    { path: '/procurement/suggestions', title: 'Рекомендации к заказу', parent: '/procurement', rule: 'view:purchase_order' },
    { path: '/procurement/:id', title: 'Заказ поставщику', parent: '/procurement', rule: 'view:purchase_order' },
  ],
  menu: [
    {
      menu: 'main',
      name: 'Stock',
      label: 'Склад',
      icon: 'InboxOutlined',
      route: '/stock',
      order: 10,
      description: 'Остатки, оприходование, перемещения, инвентаризация',
      rule: 'view:stock_document',
    },
    {
      menu: 'main',
      name: 'Procurement',
      label: 'Закупки',
      icon: 'ShoppingCartOutlined',
      route: '/procurement',
      order: 20,
      description: 'Заказы поставщикам, приёмка и рекомендации к заказу',
      rule: 'view:purchase_order',
    },
  ],
} satisfies AreaMeta;
