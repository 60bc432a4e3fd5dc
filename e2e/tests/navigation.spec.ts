import { expect, test } from '../support/fixtures';

const mainMenu = ['Склад', 'Закупки', 'Продажи', 'Заказы / Ремонт', 'Клиенты', 'Финансы', 'Отчеты', 'Задачи', 'Планировщик', 'Профили сотрудников', 'Настройки'];
const shopMenu = ['Каталог', 'Устройства', 'Заявки', 'Конструкторы'];

/** Every route of seed-spec §2 with the title it shows (the seed's titles where it gives them). */
const routes: Array<[string, string]> = [
  ['/', 'Главная'],
  ['/categories', 'Категории'],
  ['/subcategories', 'Подкатегории'],
  ['/products', 'Продукты'],
  ['/sales', 'Продажи'],
  ['/settings', 'Настройки магазина'],
  ['/orders', 'Заказы/Ремонт'],
  ['/profile', 'Профиль'],
  ['/stock', 'Склад'],
  ['/stock/leftovers', 'Остатки'],
  ['/stock/posting', 'Оприходование'],
  ['/stock/inventory', 'Инвентаризация'],
  ['/stock/displacement', 'Перемещения'],
  ['/stock/product', 'Карточка товара'],
  ['/stock/refund', 'Возвраты'],
  ['/clients', 'Клиенты'],
  ['/finance', 'Финансы'],
  ['/reports', 'Отчеты'],
  ['/patterns', 'Документы'],
  ['/tasks', 'Задачи'],
  ['/planner', 'Планировщик'],
  ['/profileworker', 'Профили сотрудников'],
  ['/procurement', 'Закупки'],
  ['/credits', 'Кредитные предложения'],
  ['/debug', 'Отладка'],
  ['/catalog', 'Каталог'],
  ['/devices', 'Устройства'],
  ['/request', 'Заявки'],
  ['/request/42', 'Заявки'],
  ['/constructors', 'Конструкторы'],
  ['/constructorMainSlider', 'Главный слайдер'],
  ['/constructorGeneralCategory', 'Категории интернет-магазина'],
];

test.describe('Навигация', () => {
  test('оба меню: порядок и подписи как в спецификации', async ({ page, loginAs }) => {
    await loginAs('owner');
    const items = page.locator('aside .ant-menu-item');
    await expect(items).toHaveCount(mainMenu.length + shopMenu.length);
    // A label may carry its count (open tasks, new requests from the site): the label is the text before it.
    await expect.poll(async () => (await items.allTextContents()).map((t) => t.replace(/\d+$/, ''))).toEqual([...mainMenu, ...shopMenu]);
    await expect(page.locator('aside').getByText('Интернет-магазин')).toBeVisible();
  });

  test('каждый маршрут открывается со своим заголовком', async ({ page, loginAs }) => {
    test.setTimeout(120_000);
    await loginAs('owner');
    for (const [path, title] of routes) {
      await page.goto(path);
      await expect(page.locator('#page-title'), path).toHaveText(title);
      await expect(page, path).toHaveTitle(new RegExp(`^${title}`));
    }
  });

  test('переходы по меню сбрасывают прокрутку наверх', async ({ page, loginAs }) => {
    await loginAs('owner');
    await page.setViewportSize({ width: 1440, height: 400 });
    await page.goto('/settings');
    await expect(page.locator('#page-title')).toHaveText('Настройки магазина');
    await page.evaluate(() => window.scrollTo(0, 300));
    await page.getByRole('menuitem', { name: /Клиенты/ }).click();
    await expect(page.locator('#page-title')).toHaveText('Клиенты');
    expect(await page.evaluate(() => [window.scrollX, window.scrollY])).toEqual([0, 0]);
  });

  test('несуществующий адрес показывает страницу «не найдено»', async ({ page, loginAs }) => {
    await loginAs('owner');
    await page.goto('/no-such-page');
    await expect(page.getByText('Страница не найдена')).toBeVisible();
    await page.getByRole('button', { name: /На главную/ }).click();
    await expect(page).toHaveURL('/');
  });
});
