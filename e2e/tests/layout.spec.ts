import type { APIRequestContext, Page } from '@playwright/test';
import { demo, expect, test } from '../support/fixtures';

/**
 * The working screens fit the screens shops have (issue 20, item 8): at 1024×768 the side menu folds to
 * icons (an employee's own choice is remembered), the repair-order list needs no sideways scrolling, and
 * the counter keeps the total and «Провести» in view with a long cart; at 1440×900 the menu is unfolded.
 */

const narrow = { width: 1024, height: 768 };
const wide = { width: 1440, height: 900 };

const sideMenuWidth = (page: Page) => page.getByTestId('side-menu').evaluate((el) => el.getBoundingClientRect().width);

/** Six goods of the owner's current shop with a barcode, free stock and no serials. */
async function sixBarcodes(request: APIRequestContext): Promise<string[]> {
  const login = await request.post('/api/auth/login', { data: { phone: `+7${demo.owner.phone}`, password: demo.owner.password } });
  expect(login.ok(), await login.text()).toBe(true);
  const auth = { authorization: `Bearer ${(await login.json()).token as string}` };
  const me = await (await request.get('/api/auth/me', { headers: auth })).json();
  const headers = { ...auth, shop: me.location.id as string };
  const warehouses = (await (await request.get('/api/sales/warehouses', { headers })).json()) as Array<{ id: string; isDefault: boolean; locationId: string }>;
  const mine = warehouses.filter((w) => w.locationId === headers.shop);
  const warehouseId = (mine.find((w) => w.isDefault) ?? mine[0]).id;
  const items = (await (await request.get(`/api/sales/lookup?warehouseId=${warehouseId}`, { headers })).json()) as Array<{ productId: string; free: number | null; serialTracked: boolean; isService: boolean }>;
  const codes: string[] = [];
  for (const item of items.filter((i) => !i.isService && !i.serialTracked && (i.free ?? 0) >= 2)) {
    const product = await (await request.get(`/api/catalog/products/${item.productId}`, { headers })).json();
    if (product.barcodes?.[0]) codes.push(product.barcodes[0]);
    if (codes.length === 6) break;
  }
  expect(codes, 'six scannable demo goods').toHaveLength(6);
  return codes;
}

/** A box inside the window, as the person at the counter sees it without scrolling. */
async function expectInView(page: Page, testId: string, viewport: { width: number; height: number }) {
  const box = await page.getByTestId(testId).boundingBox();
  expect(box, testId).not.toBeNull();
  expect(box!.y, `${testId} top`).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height, `${testId} bottom`).toBeLessThanOrEqual(viewport.height);
  expect(box!.x + box!.width, `${testId} right`).toBeLessThanOrEqual(viewport.width);
}

test.describe('Экраны на 1024 и 1440', () => {
  test('боковое меню: иконки ниже 1200 px, развёрнуто на 1440, выбор сотрудника запоминается', async ({ page, loginAs }) => {
    await page.setViewportSize(narrow);
    await loginAs('owner');
    await expect.poll(() => sideMenuWidth(page)).toBeLessThan(100);

    // Folded, an item's title shows beside its icon on hover and on keyboard focus; Enter opens it.
    const clients = page.getByRole('menuitem', { name: /Клиенты/ });
    await clients.hover();
    await expect(page.locator('.ant-tooltip:visible')).toContainText('Клиенты');
    await page.mouse.move(700, 500);
    await expect(page.locator('.ant-tooltip:visible')).toHaveCount(0);
    await clients.locator('a').focus();
    await expect(page.locator('.ant-tooltip:visible')).toContainText('Клиенты');
    await page.keyboard.press('Enter');
    await expect(page.locator('#page-title')).toHaveText('Клиенты');

    // The employee unfolds it: so it stays after a reload.
    await page.getByRole('button', { name: 'Развернуть меню' }).click();
    await expect.poll(() => sideMenuWidth(page)).toBeGreaterThan(200);
    await page.reload();
    await expect(page.getByTestId('location-switcher')).toBeVisible();
    await expect.poll(() => sideMenuWidth(page)).toBeGreaterThan(200);
    await expect(page.getByRole('button', { name: 'Свернуть меню' })).toBeVisible();

    // A wide screen: unfolded; folding it there is remembered too.
    await page.setViewportSize(wide);
    await expect.poll(() => sideMenuWidth(page)).toBeGreaterThan(200);
    await page.getByRole('button', { name: 'Свернуть меню' }).click();
    await expect.poll(() => sideMenuWidth(page)).toBeLessThan(100);
    await page.reload();
    await expect(page.getByTestId('location-switcher')).toBeVisible();
    await expect.poll(() => sideMenuWidth(page)).toBeLessThan(100);
  });

  test('на 1440 меню развёрнуто у того, кто его не сворачивал', async ({ page, loginAs }) => {
    await page.setViewportSize(wide);
    await loginAs('manager');
    await expect.poll(() => sideMenuWidth(page)).toBeGreaterThan(200);
  });

  for (const [path, title] of [
    ['/orders', 'Заказы/Ремонт'],
    ['/sales/list', 'Журнал продаж'],
    ['/clients', 'Клиенты'],
    ['/finance', 'Финансы'],
    ['/stock/leftovers', 'Остатки'],
  ] as const) {
    test(`${path}: список помещается в 1024 без прокрутки вбок`, async ({ page, loginAs }) => {
      await page.setViewportSize(narrow);
      await loginAs('owner');
      await page.goto(path);
      await expect(page.locator('#page-title')).toHaveText(title);
      const table = page.locator('.ant-table-content').first();
      await expect(table.locator('tbody tr.ant-table-row').first()).toBeVisible();
      const { scrollWidth, clientWidth } = await table.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
      expect(scrollWidth, 'the table needs no sideways scrolling').toBeLessThanOrEqual(clientWidth);
      const lastHeader = page.locator('.ant-table-thead th:visible').last();
      const box = await lastHeader.boundingBox();
      expect(box!.x + box!.width, 'the last column is inside the window').toBeLessThanOrEqual(narrow.width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(narrow.width);
    });
  }

  test('/orders на 1024: главные колонки на месте, второстепенные скрыты', async ({ page, loginAs }) => {
    await page.setViewportSize(narrow);
    await loginAs('owner');
    await page.goto('/orders');
    const headers = page.locator('.ant-table-thead th:visible');
    await expect(headers.first()).toBeVisible();
    const titles = (await headers.allTextContents()).map((t) => t.trim()).filter(Boolean);
    for (const kept of ['№', 'Статус', 'Устройство', 'Клиент', 'Срок', 'Сумма']) expect(titles).toContain(kept);
    for (const hidden of ['Принят', 'Мастер']) expect(titles).not.toContain(hidden);
    // On 1440 every column is there.
    await page.setViewportSize(wide);
    await expect(page.locator('.ant-table-thead th:visible', { hasText: 'Мастер' })).toBeVisible();
    await expect(page.locator('.ant-table-thead th:visible', { hasText: 'Принят' })).toBeVisible();
  });

  for (const viewport of [narrow, wide]) {
    test(`касса с шестью строками на ${viewport.width}×${viewport.height}: итог и «Провести» видны без прокрутки`, async ({ page, loginAs, request }) => {
      test.setTimeout(90_000);
      const codes = await sixBarcodes(request);
      await page.setViewportSize(viewport);
      await loginAs('owner');
      await page.goto('/sales');
      const search = page.getByLabel('Товар или услуга');
      await expect(search).toBeFocused();
      for (const [i, code] of codes.entries()) {
        await search.focus();
        await page.keyboard.type(code, { delay: 5 });
        await page.keyboard.press('Enter');
        await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(i + 1);
      }
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      await expectInView(page, 'sale-total', viewport);
      await expectInView(page, 'sale-post', viewport);
      await expect(page.getByTestId('sale-post')).toBeEnabled();
      // Scrolled down to the end of the cart, they are still in view.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expectInView(page, 'sale-total', viewport);
      await expectInView(page, 'sale-post', viewport);
    });
  }
});
