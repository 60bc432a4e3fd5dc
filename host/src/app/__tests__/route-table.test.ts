import { layoutRoutes, matchesPattern, routeTable, titleForPathname } from '../route-table';

/** seed-spec §2, every row: path → title (the seed's own title where it gives one). */
const seedRoutes: Record<string, string> = {
  '/login': 'Вход',
  '/': 'Главная',
  '/categories': 'Категории',
  '/subcategories': 'Подкатегории',
  '/products': 'Продукты',
  '/sales': 'Продажи',
  '/settings': 'Настройки магазина',
  '/orders': 'Заказы/Ремонт',
  '/profile': 'Профиль',
  '/stock': 'Склад',
  '/stock/leftovers': 'Остатки',
  '/stock/posting': 'Оприходование',
  '/stock/inventory': 'Инвентаризация',
  '/stock/displacement': 'Перемещения',
  '/stock/product': 'Карточка товара',
  '/stock/refund': 'Возвраты',
  '/clients': 'Клиенты',
  '/finance': 'Финансы',
  '/reports': 'Отчеты',
  '/patterns': 'Документы',
  '/tasks': 'Задачи',
  '/planner': 'Планировщик',
  '/profileworker': 'Профили сотрудников',
  '/procurement': 'Закупки',
  '/credits': 'Кредитные предложения',
  '/debug': 'Отладка',
  '/catalog': 'Каталог',
  '/devices': 'Устройства',
  '/request/:id?': 'Заявки',
  '/constructors': 'Конструкторы',
  '/constructorMainSlider': 'Главный слайдер',
  '/constructorGeneralCategory': 'Категории интернет-магазина',
  '*': 'Страница не найдена',
};

describe('route table', () => {
  it('has every route of seed §2 with its title, and nothing else', () => {
    expect(Object.fromEntries(routeTable.map((r) => [r.path, r.title]))).toEqual(seedRoutes);
    expect(new Set(routeTable.map((r) => r.path)).size).toBe(routeTable.length);
  });

  it('requires authentication everywhere except /login and the catch-all (/subcategories included)', () => {
    const open = routeTable.filter((r) => !r.auth).map((r) => r.path);
    expect(open.sort()).toEqual(['*', '/login']);
    expect(routeTable.find((r) => r.path === '/subcategories')?.auth).toBe(true);
    expect(layoutRoutes).toHaveLength(routeTable.length - 2);
  });

  it('assigns each route to the area architecture.md gives it', () => {
    const owners = Object.fromEntries(routeTable.map((r) => [r.path, r.owner]));
    for (const p of ['/', '/settings', '/profile', '/debug', '/login', '*']) expect(owners[p]).toBe('host');
    for (const p of ['/stock', '/stock/refund', '/procurement', '/categories', '/subcategories', '/products'])
      expect(owners[p]).toBe('stock');
    for (const p of ['/sales', '/orders', '/patterns', '/credits']) expect(owners[p]).toBe('sales-orders');
    for (const p of ['/clients', '/finance', '/reports', '/tasks', '/planner', '/profileworker'])
      expect(owners[p]).toBe('crm-finance');
    for (const p of ['/catalog', '/devices', '/request/:id?', '/constructors', '/constructorMainSlider', '/constructorGeneralCategory'])
      expect(owners[p]).toBe('shop-content');
  });

  it('nests the stock tabs under /stock', () => {
    const tabs = routeTable.filter((r) => r.parent === '/stock').map((r) => r.path);
    expect(tabs).toEqual(['/stock/leftovers', '/stock/posting', '/stock/inventory', '/stock/displacement', '/stock/product', '/stock/refund']);
  });

  it('resolves concrete URLs to titles, optional params included', () => {
    expect(titleForPathname('/request')).toBe('Заявки');
    expect(titleForPathname('/request/42')).toBe('Заявки');
    expect(titleForPathname('/stock/posting/')).toBe('Оприходование');
    expect(titleForPathname('/')).toBe('Главная');
    expect(titleForPathname('/nope')).toBe('Страница не найдена');
    expect(matchesPattern('/request/:id?', '/request/1/2')).toBe(false);
  });
});
