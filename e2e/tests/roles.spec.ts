import { expect, loginThroughForm, demo, test } from '../support/fixtures';

/**
 * The interface obeys the rules (issue #22): the cashier's menu shows exactly what her role allows, and
 * when the owner edits her role in Settings → «Роли» her open tab follows live, with no reload.
 */

/** From the demo cashier's rules: create:sale, view:repair_order, view:client, view:finance — and nothing else. */
const cashierMenu = ['Продажи', 'Заказы / Ремонт', 'Клиенты', 'Финансы'];

test.describe('Роли', () => {
  test('меню кассира: только её разделы, настройки по ссылке — «Нет доступа»', async ({ page, loginAs }) => {
    await loginAs('cashier');
    await expect(page.locator('aside .ant-menu-item')).toHaveText(cashierMenu);
    await expect(page.locator('aside').getByText('Интернет-магазин')).toHaveCount(0);
    // The main page's tiles follow the same rules.
    await expect(page.getByRole('region', { name: 'Разделы' }).getByRole('link')).toHaveCount(cashierMenu.length);
    await page.goto('/settings');
    await expect(page.locator('#page-title')).toHaveText('Нет доступа');
    await page.goto('/reports');
    await expect(page.locator('#page-title')).toHaveText('Нет доступа');
    await page.goto('/stock');
    await expect(page.locator('#page-title')).toHaveText('Нет доступа');
  });

  test('владелец меняет роль кассира — её открытое меню меняется без перезагрузки', async ({ page, browser, loginAs }) => {
    test.setTimeout(90_000);
    // The cashier, in her own browser.
    const cashierContext = await browser.newContext();
    const cashier = await cashierContext.newPage();
    await loginThroughForm(cashier, demo.cashier.phone, demo.cashier.password);
    await expect(cashier.getByTestId('realtime-status')).toContainText('Подключено');
    const menu = cashier.locator('aside .ant-menu-item');
    await expect(menu).toHaveText(cashierMenu);
    // A mark in the page: a reload or a sign-in again would wipe it.
    await cashier.evaluate(() => ((window as unknown as { __noReload: number }).__noReload = 1));
    const url = cashier.url();

    await loginAs('owner');
    await page.goto('/settings?tab=roles');
    await page.getByRole('cell').getByText('Кассир', { exact: true }).click();
    const drawer = page.getByRole('dialog');
    const cell = drawer.getByTestId('cell-view-report');
    await expect(cell).toHaveAttribute('data-scope', 'none');
    await cell.click();
    await cell.click();
    await expect(cell).toHaveAttribute('data-scope', 'location');
    const saved = page.waitForResponse((r) => r.url().includes('/api/roles/') && r.request().method() === 'PATCH');
    await drawer.getByRole('button', { name: 'Сохранить' }).click();
    expect((await saved).status()).toBe(200);

    try {
      // Reports (view:report) appear in her open menu, in their place, with no navigation.
      await expect(menu).toHaveText(['Продажи', 'Заказы / Ремонт', 'Клиенты', 'Финансы', 'Отчеты']);
      expect(await cashier.evaluate(() => (window as unknown as { __noReload?: number }).__noReload)).toBe(1);
      expect(cashier.url()).toBe(url);
    } finally {
      // Put the role back as the seed has it.
      await page.goto('/settings?tab=roles');
      await page.getByRole('cell').getByText('Кассир', { exact: true }).click();
      const again = page.getByRole('dialog').getByTestId('cell-view-report');
      await page.getByRole('dialog').getByRole('button', { name: 'Отчёты: нет', exact: true }).click();
      await expect(again).toHaveAttribute('data-scope', 'none');
      const restored = page.waitForResponse((r) => r.url().includes('/api/roles/') && r.request().method() === 'PATCH');
      await page.getByRole('dialog').getByRole('button', { name: 'Сохранить' }).click();
      expect((await restored).status()).toBe(200);
    }
    await expect(menu).toHaveText(cashierMenu);
    expect(await cashier.evaluate(() => (window as unknown as { __noReload?: number }).__noReload)).toBe(1);
    await cashierContext.close();
  });
});
