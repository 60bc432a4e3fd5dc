import { expect, test } from '../support/fixtures';

const demoShops = ['Сервис+ на Арбате', 'Сервис+ на Белорусской', 'Сервис+ на Войковской'];

test.describe('Магазин', () => {
  test('смена магазина меняет cookie location и заголовок Shop следующего запроса', async ({ page, loginAs }) => {
    await loginAs('owner');
    const before = (await page.context().cookies()).find((c) => c.name === 'location')?.value;
    expect(before).toBeTruthy();

    // Wait until the switcher shows the current shop, then pick one of the other demo shops.
    const switcher = page.getByTestId('location-switcher');
    await expect(switcher).toContainText(/Сервис\+ на/);
    const shownName = (await switcher.textContent()) ?? '';
    const targetName = demoShops.find((name) => !shownName.includes(name))!;
    await switcher.click();
    await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option')).toHaveCount(3);
    const target = page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: targetName });
    await expect(target).toBeVisible();
    const currentCall = page.waitForRequest((r) => r.url().includes('/api/location/current/'));
    await target.click();
    const req = await currentCall;

    const after = (await page.context().cookies()).find((c) => c.name === 'location')?.value;
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);
    expect(req.url()).toContain(after!);
    expect(req.headers()['shop']).toBe(after);
    await expect(page.getByTestId('location-switcher')).toContainText(targetName);

    // The next call anywhere carries the new shop as well.
    const next = page.waitForRequest((r) => r.url().includes('/api/location') && r.method() === 'GET');
    await page.goto('/settings');
    expect((await next).headers()['shop']).toBe(after);
  });

  test('кассир не может сменить магазин', async ({ page, loginAs }) => {
    await loginAs('cashier');
    const switcher = page.getByTestId('location-switcher');
    await expect(switcher).toHaveClass(/ant-select-disabled/);
  });
});
