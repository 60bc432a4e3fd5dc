import type { Page } from '@playwright/test';
import { demo, expect, loginThroughForm, switchTo, test } from '../support/fixtures';

/**
 * Stock documents as staff click them (issue #8): a receipt of serial-tracked phones, and a receipt
 * whose goods a later write-off took, whose cancellation is refused with the dependent document named.
 */

async function shop(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'location');
  expect(cookie?.value).toBeTruthy();
  return cookie!.value;
}

/** Makes `name` the current shop through the header's switcher (a no-op when it already is). */
async function pickProduct(page: Page, search: string) {
  const picker = page.getByRole('combobox', { name: 'Добавить товар' });
  await picker.click();
  await picker.fill(search);
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').first();
  await expect(option).toContainText(search);
  await option.click();
}

test.describe('Склад', () => {
  test('оприходование смартфонов с серийными номерами', { tag: '@smoke' }, async ({ page, loginAs }) => {
    await loginAs('owner');
    await page.goto('/stock/posting');
    await page.getByRole('button', { name: 'Новое оприходование' }).click();
    await expect(page).toHaveURL(/\/stock\/posting\/new$/);

    await pickProduct(page, 'PH-IP13-128-R');
    await page.getByLabel(/^Количество: Смартфон Apple iPhone 13/).fill('2');
    await page.getByLabel(/^Цена: Смартфон Apple iPhone 13/).fill('25000');
    const serials = page.getByLabel(/^Серийные номера: Смартфон Apple iPhone 13/);
    await serials.fill('E2E-IMEI-0001');
    await serials.press('Enter');
    await serials.fill('E2E-IMEI-0002');
    await serials.press('Enter');
    await expect(page.getByText('E2E-IMEI-0002')).toBeVisible();

    await page.getByRole('button', { name: 'Провести' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Провести' }).click();
    await expect(page).toHaveURL(/\/stock\/posting\/[0-9a-f-]{36}$/);
    await expect(page.getByText('Проведён', { exact: true }).first()).toBeVisible();
    await expect(page.getByText('E2E-IMEI-0001, E2E-IMEI-0002')).toBeVisible();
    await expect(page.getByText(/Проведён \d{2}\.\d{2}\.\d{4}|проведён \d{2}\.\d{2}\.\d{4}/)).toBeVisible();
    await expect(page.getByText('50 000,00 ₽').first()).toBeVisible();

    // The product card shows where each serial is now, and the receipt in the history.
    await page.getByRole('link', { name: /Смартфон Apple iPhone 13/ }).first().click();
    await expect(page).toHaveURL(/\/stock\/product\/[0-9a-f-]{36}$/);
    const serialRow = page.getByRole('row').filter({ hasText: 'E2E-IMEI-0002' });
    await expect(serialRow).toContainText('Основной склад');
    await expect(page.getByRole('link', { name: /Оприходование ПР-/ }).first()).toBeVisible();
  });

  test('отмена оприходования, от которого зависит списание, отклоняется', async ({ page, loginAs, consoleGuard }) => {
    // The browser logs the refused request itself.
    consoleGuard.allow(/status of 409/);
    await loginAs('owner');
    const location = await shop(page);
    const login = await page.request.post('/api/auth/login', { data: { phone: '+79000000001', password: 'demo1234' } });
    const auth = { Authorization: `Bearer ${(await login.json()).token}`, shop: location };
    // A product of its own, so that the receipt is the only stock of it.
    const created = await page.request.post('/api/catalog/products', { headers: auth, data: { name: 'Шлейф e2e для отмены', sku: `E2E-FLEX-${Date.now()}`, price: 90000 } });
    expect(created.status()).toBe(201);
    const product = await created.json();

    await page.goto('/stock/posting/new');
    await pickProduct(page, 'Шлейф e2e для отмены');
    await page.getByLabel('Количество: Шлейф e2e для отмены').fill('3');
    await page.getByLabel('Цена: Шлейф e2e для отмены').fill('300');
    await page.getByRole('button', { name: 'Провести' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Провести' }).click();
    await expect(page.getByText('Проведён', { exact: true }).first()).toBeVisible();
    const receiptUrl = page.url();

    // A colleague writes all three off (through the API, as another screen would).
    const warehouses = await (await page.request.get('/api/stock/warehouses', { headers: auth })).json();
    const warehouseId = warehouses.find((w: { locationId: string; isDefault: boolean }) => w.locationId === location && w.isDefault).id;
    const draft = await page.request.post('/api/stock/write-offs', { headers: auth, data: { warehouseId, reason: 'Брак', lines: [{ productId: product.id, qty: 3 }] } });
    expect(draft.status()).toBe(201);
    const writeOff = await draft.json();
    expect((await page.request.post(`/api/stock/write-offs/${writeOff.id}/post`, { headers: auth })).status()).toBe(200);

    await page.goto(receiptUrl);
    await page.getByRole('button', { name: 'Отменить' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Отменить документ' }).click();
    const alert = page.getByTestId('page-frame').getByRole('alert');
    await expect(alert).toContainText(`от него зависит ${writeOff.number}`);
    await expect(alert).toContainText('Шлейф e2e для отмены');
    await expect(page.getByText('Проведён', { exact: true }).first()).toBeVisible();
  });
});

test.describe('Склад: между магазинами и инвентаризация', () => {
  test('перемещение в другой магазин: второй сотрудник видит его в пути без перезагрузки и принимает', async ({ page, browser, loginAs }) => {
    test.setTimeout(90_000);
    await loginAs('owner');
    await switchTo(page, 'Арбате');
    // The receiving side: the manager, in another browser, at «на Белорусской».
    const other = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'ru-RU', timezoneId: 'Europe/Moscow', viewport: { width: 1440, height: 900 } });
    const receiver = await other.newPage();
    await loginThroughForm(receiver, demo.manager.phone, demo.manager.password);
    await switchTo(receiver, 'Белорусской');
    await receiver.goto('/stock/displacement');
    await expect(receiver.getByRole('button', { name: 'Новое перемещение' })).toBeVisible();

    // The sender at «на Арбате» moves two cables to «на Белорусской».
    await page.goto('/stock/displacement/new');
    await page.getByLabel('Склад назначения').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Белорусской' }).click();
    await pickProduct(page, 'CBL-C-C');
    await page.getByLabel(/^Количество: Кабель USB-C — USB-C/).fill('2');
    await page.getByRole('button', { name: 'Отправить' }).click();
    await expect(page.getByText('В пути', { exact: true }).first()).toBeVisible();
    const number = ((await page.locator('#page-title').textContent()) ?? '').match(/ПМ-\d{6}/)?.[0];
    expect(number).toBeTruthy();

    // It appears in the receiver's open list by itself, in transit.
    const row = receiver.getByRole('row').filter({ hasText: number! });
    await expect(row).toContainText('В пути', { timeout: 15_000 });
    await row.getByRole('link', { name: number! }).click();
    await receiver.getByRole('button', { name: 'Принять' }).click();
    await receiver.getByLabel(/^Принято: Кабель USB-C — USB-C/).fill('1');
    await receiver.getByRole('dialog').getByRole('button', { name: 'Принять' }).click();
    await expect(receiver.getByText('Принят', { exact: true }).first()).toBeVisible();
    await expect(receiver.getByText('принято 1')).toBeVisible();
    // The sender's open document follows too.
    await expect(page.getByText('Принят', { exact: true }).first()).toBeVisible({ timeout: 15_000 });
    await other.close();
  });

  test('инвентаризация склада сканером', async ({ page, loginAs }) => {
    test.setTimeout(90_000);
    await loginAs('owner');
    await switchTo(page, 'Арбате');
    const location = (await page.context().cookies()).find((c) => c.name === 'location')!.value;
    const login = await page.request.post('/api/auth/login', { data: { phone: '+79000000001', password: 'demo1234' } });
    const auth = { Authorization: `Bearer ${(await login.json()).token}`, shop: location };
    const found = await (await page.request.get('/api/catalog/products?search=GLS-IP13', { headers: auth })).json();
    const glass = found.items[0];
    const barcode: string = glass.barcodes[0];
    expect(barcode).toBeTruthy();

    await page.goto('/stock/inventory/new');
    await page.getByRole('button', { name: 'Создать лист' }).click();
    await expect(page).toHaveURL(/\/stock\/inventory\/[0-9a-f-]{36}$/);
    await expect(page.getByText('Подсчёт: сканируйте товары')).toBeVisible();
    const counted = page.getByLabel(`Посчитано: ${glass.name}`);
    await expect(counted).toBeVisible();

    // A keyboard-wedge scanner: fast keys and Enter, here in the Russian layout's key codes as well.
    for (let i = 0; i < 3; i++) {
      await page.locator('#page-title').click();
      await page.keyboard.type(barcode, { delay: 5 });
      await page.keyboard.press('Enter');
      await expect(counted).toHaveValue(String(i + 1));
    }
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByRole('button', { name: 'Провести' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Провести' }).click();
    await expect(page.getByText('Проведён', { exact: true }).first()).toBeVisible();
    await expect(page.getByText(/Излишки: .*Недостача: /)).toBeVisible();
    const line = page.getByRole('row').filter({ hasText: glass.name });
    await expect(line).toContainText('3');
  });
});
