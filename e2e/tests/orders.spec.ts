import type { APIRequestContext, Page } from '@playwright/test';
import { demo, expect, loginThroughForm, switchTo, test } from '../support/fixtures';

/**
 * Repair orders as the staff click them (issue #10): the intake at the counter (a new client, an IMEI
 * refused then accepted, a prepayment, the receipt printed), the engineer's board and order page (status
 * by drag and drop, works, a part reserved), the manager's screen following live, the issue with the
 * final payment and the act printed (stock written off, cash in the ledger), and a warranty claim.
 */

const VALID_IMEI = '356938035643809';
const BAD_IMEI = '356938035643808';

async function apiLogin(request: APIRequestContext, who: keyof typeof demo) {
  const res = await request.post('/api/auth/login', { data: { phone: `+7${demo[who].phone}`, password: demo[who].password } });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()).token as string;
}

async function arbat(request: APIRequestContext, token: string): Promise<string> {
  const locations = await (await request.get('/api/location', { headers: { authorization: `Bearer ${token}` } })).json();
  return locations.find((l: { name: string }) => l.name.includes('Арбате'))._id;
}

/** Picks an option of the antd select/autocomplete that is open. */
async function pick(page: Page, text: string | RegExp) {
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first().click();
}

/** Waits for the next render of a template for printing and gives its html. */
function printed(page: Page): Promise<string> {
  return page
    .waitForResponse((r) => /\/api\/templates\/[^/]+\/render$/.test(r.url()) && r.request().method() === 'POST' && (r.request().postData() ?? '').includes('"print":true'))
    .then(async (r) => {
      expect(r.ok(), await r.text()).toBe(true);
      return (await r.json()).html as string;
    });
}

test.describe('Заказы на ремонт', () => {
  test('приёмка: новый клиент, неверный IMEI отклонён на поле, предоплата и квитанция', { tag: '@smoke' }, async ({ page, loginAs }) => {
    test.setTimeout(90_000);
    await loginAs('manager');
    await switchTo(page, 'Арбате');
    await page.goto('/orders');
    await page.getByRole('button', { name: 'Новый заказ' }).click();
    const drawer = page.locator('.ant-drawer');
    await drawer.getByText('Новый клиент').click();
    const phone = `9${String(Date.now()).slice(-9)}`;
    await drawer.getByLabel('Телефон').fill(phone);
    await drawer.getByLabel('Имя').fill('Клиент Приёмки E2E');
    await drawer.getByLabel('Тип').fill('Смартфон');
    await drawer.getByLabel('Бренд').fill('Apple');
    await drawer.getByLabel('Модель').fill('iPhone 12 mini');
    await drawer.getByLabel('IMEI').fill(BAD_IMEI);
    await drawer.getByLabel('Серийный номер').click();
    await expect(drawer.getByText('Неверный IMEI: не сходится контрольная цифра')).toBeVisible();
    await drawer.getByLabel('IMEI').fill(VALID_IMEI);
    await drawer.getByLabel('Заявленная неисправность').fill('Не включается после падения');
    await drawer.getByLabel('Сумма, ₽').fill('1500');
    const receipt = printed(page);
    await drawer.getByRole('button', { name: 'Принять и распечатать квитанцию' }).click();
    await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}/);
    const html = await receipt;
    const title = (await page.locator('#page-title').textContent()) ?? '';
    const number = title.replace('Заказ ', '').trim();
    expect(number).toMatch(/^РМ-\d{6}$/);
    expect(html).toContain(number);
    expect(html).toContain('Клиент Приёмки E2E');
    await expect(page.getByTestId('order-client')).toHaveText('Клиент Приёмки E2E');
    await expect(page.getByTestId('order-totals')).toContainText('1 500,00');
    await expect(page.getByText('Заказ принят')).toBeVisible();
  });

  test('мастер ведёт заказ по доске, менеджер видит вживую, выдача с актом и гарантия', async ({ page, browser, loginAs, request }) => {
    test.setTimeout(150_000);
    // The order to work on, taken in by the manager through the API (the intake has its own test).
    const managerToken = await apiLogin(request, 'manager');
    const shop = await arbat(request, managerToken);
    const headers = { authorization: `Bearer ${managerToken}`, shop };
    const staff = await (await request.get('/api/orders/staff', { headers })).json();
    const engineer = staff.find((e: { name: string; position: string | null }) => /инженер|мастер/i.test(`${e.position ?? ''}`)) ?? staff[0];
    const created = await request.post('/api/orders', {
      headers,
      data: { client: { name: 'Клиент Доски E2E', phone: `+79${String(Date.now()).slice(-9)}` }, device: { type: 'Смартфон', brand: 'Samsung', model: 'Galaxy S21' }, malfunction: 'Не заряжается', engineerId: engineer.id },
    });
    expect(created.status(), await created.text()).toBe(201);
    const order = await created.json();

    // The manager's screen of the order, open in another browser.
    const other = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'ru-RU', timezoneId: 'Europe/Moscow', viewport: { width: 1440, height: 900 } });
    const manager = await other.newPage();
    await loginThroughForm(manager, demo.manager.phone, demo.manager.password);
    await switchTo(manager, 'Арбате');
    await manager.goto(`/orders/${order.id}`);
    await expect(manager.getByTestId('order-status')).toHaveText('Новый');

    // The engineer drags the card from «Новые» to «В работе»: Новый → Диагностика.
    await loginAs('engineer');
    await switchTo(page, 'Арбате');
    await page.goto('/orders?view=board');
    const card = page.getByTestId(`board-card-${order.number}`);
    await expect(card).toBeVisible();
    const target = page.getByTestId('board-column-in_progress');
    const from = (await card.boundingBox())!;
    const to = (await target.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + 20);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 20, from.y + 30, { steps: 4 });
    await page.mouse.move(to.x + to.width / 2, to.y + 60, { steps: 12 });
    await page.mouse.up();
    await expect(target.getByTestId(`board-card-${order.number}`)).toBeVisible();
    await expect(manager.getByTestId('order-status')).toHaveText('Диагностика');

    // On the order: «В работе», a work and a part from the shop's stock (reserved).
    await card.click();
    await expect(page).toHaveURL(new RegExp(`/orders/${order.id}`));
    await page.getByLabel('Сменить статус').click();
    await pick(page, 'В работе');
    await expect(page.getByTestId('order-status')).toHaveText('В работе');
    await expect(manager.getByTestId('order-status')).toHaveText('В работе');
    await page.getByLabel('Работа', { exact: true }).fill('Замена разъёма зарядки');
    await page.getByLabel('Цена работы').fill('1800');
    await page.getByRole('button', { name: 'Добавить работу' }).click();
    await expect(page.getByRole('cell', { name: 'Замена разъёма зарядки', exact: true })).toBeVisible();
    await page.getByLabel('Запчасть', { exact: true }).click();
    const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').first();
    await expect(option).toBeVisible();
    const partLabel = (await option.textContent()) ?? '';
    expect(partLabel).toContain('свободно');
    await option.click();
    await page.getByRole('button', { name: 'Добавить запчасть' }).click();
    await expect(page.getByText('в резерве')).toBeVisible();
    // The stock shows it reserved.
    const found = await (await request.get(`/api/orders/${order.id}`, { headers })).json();
    const part = found.parts[0];
    expect(part.state).toBe('reserved');
    const leftovers = await (await request.get(`/api/stock/balances?productId=${part.productId}&warehouseId=${part.warehouseId}`, { headers })).json();
    const row = leftovers.items.find((r: { productId: string }) => r.productId === part.productId);
    expect(row.reserved).toBeGreaterThanOrEqual(1);
    await page.getByLabel('Сменить статус').click();
    await pick(page, 'Готов');
    await expect(manager.getByTestId('order-status')).toHaveText('Готов');
    await expect(manager.getByRole('cell', { name: 'Замена разъёма зарядки', exact: true })).toBeVisible();

    // The manager issues it with the final payment; the act is printed; the part is written off.
    await manager.getByRole('button', { name: 'Выдать' }).click();
    const dialog = manager.getByRole('dialog');
    await expect(dialog).toContainText('К оплате');
    const act = printed(manager);
    await dialog.getByRole('button', { name: 'Выдать' }).click();
    await expect(manager.getByTestId('order-status')).toHaveText('Выдан');
    expect(await act).toContain(order.number);
    await expect(manager.getByText('списана')).toBeVisible();
    await expect(manager.getByTestId('order-due')).toHaveText(/^0,00/);
    // The final payment is in the cash ledger, linked to the order.
    const issued = await (await request.get(`/api/orders/${order.id}`, { headers })).json();
    expect(issued.payments).toHaveLength(1);
    const op = await (await request.get(`/api/finance/operations/${issued.payments[0].operationId}`, { headers })).json();
    expect(op).toMatchObject({ documentType: 'repair_order', documentNumber: order.number, amount: issued.total });

    // A warranty claim: a new order linked to this one.
    await manager.getByRole('button', { name: 'Гарантия' }).click();
    await manager.getByRole('button', { name: 'Оформить' }).click();
    await expect(manager.getByText(`гарантия по ${order.number}`)).toBeVisible();
    await expect(manager.getByTestId('order-client')).toHaveText('Клиент Доски E2E');
    await other.close();
  });
});

test.describe('Документы', () => {
  test('шаблон акта правится с живым предпросмотром на настоящем заказе и восстанавливается', async ({ page, loginAs, request }) => {
    test.setTimeout(90_000);
    // An order to preview on (the newest one of the shop is picked by itself).
    const token = await apiLogin(request, 'owner');
    const shop = await arbat(request, token);
    const made = await request.post('/api/orders', {
      headers: { authorization: `Bearer ${token}`, shop },
      data: { client: { name: 'Клиент Шаблона E2E', phone: `+79${String(Date.now() + 7).slice(-9)}` }, device: { type: 'Ноутбук', brand: 'Lenovo', model: 'IdeaPad 3' }, malfunction: 'Залит чаем' },
    });
    expect(made.status(), await made.text()).toBe(201);
    await loginAs('owner');
    await switchTo(page, 'Арбате');
    await page.goto('/patterns');
    await expect(page.getByTestId('location-switcher')).toContainText('Арбате');
    await page.getByRole('menuitem', { name: /Акт выполненных работ/ }).first().click();
    const preview = page.frameLocator('[data-testid="template-preview"]');
    await expect(preview.locator('body')).toContainText('Клиент Шаблона E2E');
    const body = page.getByLabel('Текст шаблона');
    await body.click();
    await body.press('ControlOrMeta+End');
    await body.pressSequentially('<p class="e2e-mark">Спасибо, что выбрали нас!</p>');
    await expect(preview.locator('.e2e-mark')).toHaveText('Спасибо, что выбрали нас!');
    // A script typed into a template never reaches the document.
    await body.pressSequentially('<script>window.parent.pwned = 1</script>');
    await page.getByTestId('template-save').click();
    await expect(page.getByText('изменён').first()).toBeVisible();
    await expect(preview.locator('script')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    await page.getByRole('button', { name: 'Восстановить по умолчанию' }).click();
    await page.getByRole('button', { name: 'Восстановить', exact: true }).click();
    await expect(preview.locator('.e2e-mark')).toHaveCount(0);
  });
});
