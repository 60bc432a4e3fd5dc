import type { APIRequestContext, Page } from '@playwright/test';
import { demo, expect, switchTo, test } from '../support/fixtures';

/**
 * Sales at the counter as the staff work (issue #11): a sale made with the scanner and the keyboard only,
 * split between card and cash with the change, the receipt printed, and the stock, cash and client history
 * showing it; a discount over the cashier's cap confirmed by a manager; a partial return at another shop
 * with the money back there.
 */

async function apiLogin(request: APIRequestContext, who: keyof typeof demo) {
  const res = await request.post('/api/auth/login', { data: { phone: `+7${demo[who].phone}`, password: demo[who].password } });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()).token as string;
}

async function shops(request: APIRequestContext, token: string) {
  const list = (await (await request.get('/api/location', { headers: { authorization: `Bearer ${token}` } })).json()) as Array<{ _id: string; name: string }>;
  return { arbat: list.find((l) => l.name.includes('Арбате'))!._id, other: list.find((l) => l.name.includes('Белорусской'))!._id };
}

/** A product of the shop's default warehouse with a barcode, enough free units and no serials. */
async function scannable(request: APIRequestContext, token: string, shop: string) {
  const headers = { authorization: `Bearer ${token}`, shop };
  const warehouses = (await (await request.get('/api/sales/warehouses', { headers })).json()) as Array<{ id: string; isDefault: boolean }>;
  const warehouseId = (warehouses.find((w) => w.isDefault) ?? warehouses[0]).id;
  const items = (await (await request.get(`/api/sales/lookup?warehouseId=${warehouseId}`, { headers })).json()) as Array<{ productId: string; name: string; price: number; free: number | null; serialTracked: boolean; isService: boolean }>;
  const good = items.find((i) => !i.isService && !i.serialTracked && (i.free ?? 0) >= 6 && i.price >= 50000)!;
  const product = await (await request.get(`/api/catalog/products/${good.productId}`, { headers })).json();
  return { ...good, warehouseId, barcode: (product.barcodes as string[])[0] };
}

const freeOf = async (request: APIRequestContext, token: string, shop: string, warehouseId: string, productId: string) => {
  const items = (await (await request.get(`/api/sales/lookup?warehouseId=${warehouseId}&search=`, { headers: { authorization: `Bearer ${token}`, shop } })).json()) as Array<{ productId: string; free: number | null }>;
  return items.find((i) => i.productId === productId)?.free ?? 0;
};

/** Waits for the next template render made for printing and gives its html. */
function printed(page: Page): Promise<string> {
  return page
    .waitForResponse((r) => /\/api\/templates\/[^/]+\/render$/.test(r.url()) && r.request().method() === 'POST' && (r.request().postData() ?? '').includes('"print":true'))
    .then(async (r) => {
      expect(r.ok(), await r.text()).toBe(true);
      return (await r.json()).html as string;
    });
}

/** Kopecks as the screens show them: «1 780,00» (a no-break space between thousands). */
const rub = (kopecks: number) => {
  const [whole, cents] = (kopecks / 100).toFixed(2).split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0')},${cents}`;
};

test.describe('Продажи', () => {
  test('продажа сканером и клавиатурой: карта + наличные со сдачей, чек, склад, касса и история клиента', { tag: '@smoke' }, async ({ page, loginAs, request }) => {
    test.setTimeout(120_000);
    const owner = await apiLogin(request, 'owner');
    const { arbat } = await shops(request, owner);
    const item = await scannable(request, owner, arbat);
    expect(item.barcode, 'the demo product has a barcode').toBeTruthy();
    // A client to sell to, known by phone.
    const phone = `9${String(Date.now()).slice(-9)}`;
    const name = `Покупатель Сканеров ${phone.slice(-4)}`; // the test can run again on the same database
    const client = await request.post('/api/clients', { headers: { authorization: `Bearer ${owner}`, shop: arbat }, data: { name, phones: [`+7${phone}`] } });
    expect(client.status(), await client.text()).toBe(201);
    const clientId = (await client.json()).id as string;
    const before = await freeOf(request, owner, arbat, item.warehouseId, item.productId);

    await loginAs('cashier');
    await page.goto('/sales');
    const search = page.getByLabel('Товар или услуга');
    await expect(search).toBeFocused();
    // Two scans of the same barcode: one line of 2 (a scanner types fast and ends with Enter).
    await page.keyboard.type(item.barcode, { delay: 5 });
    await page.keyboard.press('Enter');
    await expect(page.getByLabel(`Количество: ${item.name}`)).toHaveValue('1');
    await page.keyboard.type(item.barcode, { delay: 5 });
    await page.keyboard.press('Enter');
    await expect(page.getByLabel(`Количество: ${item.name}`)).toHaveValue('2');
    const total = item.price * 2;
    await expect(page.getByTestId('sale-total')).toContainText(rub(total));
    // The client by phone (F4), picked with the keyboard.
    await page.keyboard.press('F4');
    await page.keyboard.type(phone.slice(-7));
    await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option').first()).toContainText(name);
    await page.keyboard.press('Enter');
    // Card for 500 ₽ (F7 fills the rest, then the cashier types the card part), cash given with change (F8).
    await page.keyboard.press('F7');
    await expect(page.getByLabel('Картой')).toBeFocused();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('500');
    await page.keyboard.press('F8');
    await expect(page.getByLabel('Наличными получено')).toBeFocused();
    const cash = total - 50000;
    const given = Math.ceil((cash + 1) / 100000) * 1000; // the next thousand roubles
    await page.keyboard.type(String(given));
    await expect(page.getByTestId('sale-change-due')).toContainText(rub(given * 100 - cash));
    const receipt = printed(page);
    await page.keyboard.press('F9');
    await expect(page.getByTestId('sale-done')).toContainText(rub(total));
    await expect(page.getByTestId('sale-change')).toContainText(rub(given * 100 - cash));
    const html = await receipt;
    expect(html).toContain('Товарный чек');
    expect(html).toContain(item.name);

    // The sale in the journal, its card: lines, the two payments with their cash operations.
    // While the receipt prints its frame holds the focus (a real browser shows the print dialog there).
    await expect(page.getByRole('button', { name: 'Печать чека' })).not.toHaveClass(/ant-btn-loading/);
    await expect(page.getByRole('button', { name: 'Новая продажа (Esc)' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByLabel('Товар или услуга')).toBeFocused();
    await page.goto('/sales/list');
    const row = page.getByRole('row').filter({ hasText: name });
    await row.getByRole('link').click();
    await expect(page.getByTestId('sale-status')).toHaveText('Проведена');
    await expect(page.getByText(/Карта.*500,00.*ПКО-/)).toBeVisible();
    await expect(page.getByText(/Наличные.*ПКО-/)).toBeVisible();
    // The stock went down by 2; the client's history has the sale and both payments.
    expect(await freeOf(request, owner, arbat, item.warehouseId, item.productId)).toBe(before - 2);
    const history = await (await request.get(`/api/clients/${clientId}/history`, { headers: { authorization: `Bearer ${owner}`, shop: arbat } })).json();
    const kinds = (history.items as Array<{ kind: string; amount: number }>).map((h) => [h.kind, h.amount]);
    expect(kinds).toEqual(expect.arrayContaining([['sale', -total], ['payment', 50000], ['payment', cash]]));
  });

  test('скидка больше лимита кассира: подтверждение управляющего паролем', async ({ page, loginAs, request, consoleGuard }) => {
    test.setTimeout(90_000);
    // The first try is refused (409, a confirmation is needed): the browser logs that answer.
    consoleGuard.allow(/status of 409 .*\/api\/sales$/);
    const owner = await apiLogin(request, 'owner');
    const { arbat } = await shops(request, owner);
    const item = await scannable(request, owner, arbat);
    await loginAs('cashier');
    await page.goto('/sales');
    await expect(page.getByLabel('Товар или услуга')).toBeFocused();
    await page.keyboard.type(item.barcode, { delay: 5 });
    await page.keyboard.press('Enter');
    await expect(page.getByLabel(`Количество: ${item.name}`)).toHaveValue('1');
    await page.getByLabel('Скидка на продажу', { exact: true }).fill('25');
    await expect(page.getByText('потребуется подтверждение управляющего')).toBeVisible();
    await page.keyboard.press('F9');
    const dialog = page.getByRole('dialog', { name: 'Подтверждение скидки управляющим' });
    await expect(dialog).toContainText('10%');
    await dialog.getByLabel('Телефон управляющего').fill(demo.manager.phone);
    await dialog.getByLabel('Пароль управляющего').fill(demo.manager.password);
    await dialog.getByRole('button', { name: 'Подтвердить и провести' }).click();
    await expect(page.getByTestId('sale-done')).toBeVisible();
    await page.getByRole('link', { name: 'Открыть продажу' }).click();
    await expect(page.getByText('Скидку подтвердил')).toBeVisible();
    await expect(page.getByText('Кузнецова Ольга Викторовна')).toBeVisible();
  });

  test('частичный возврат в другом магазине: товар на его склад, деньги из его кассы', async ({ page, loginAs, request }) => {
    test.setTimeout(90_000);
    const owner = await apiLogin(request, 'owner');
    const { arbat, other } = await shops(request, owner);
    const item = await scannable(request, owner, arbat);
    const headers = { authorization: `Bearer ${owner}`, shop: arbat };
    const boxes = (await (await request.get('/api/finance/cashboxes', { headers })).json()) as Array<{ id: string; kind: string; locationId: string; isDefault: boolean; balance: number }>;
    const cashbox = boxes.find((b) => b.locationId === arbat && b.kind === 'cash' && b.isDefault)!;
    const made = await request.post('/api/sales', {
      headers,
      data: { warehouseId: item.warehouseId, lines: [{ productId: item.productId, qty: 2 }], payments: [{ method: 'cash', cashboxId: cashbox.id, amount: item.price * 2 }], post: true },
    });
    expect(made.status(), await made.text()).toBe(201);
    const sale = await made.json();
    const otherBoxes = (await (await request.get('/api/finance/cashboxes', { headers: { ...headers, shop: other } })).json()) as typeof boxes;
    const otherCash = otherBoxes.find((b) => b.locationId === other && b.kind === 'cash' && b.isDefault)!;

    await loginAs('manager');
    await switchTo(page, 'Белорусской');
    await page.goto('/sales');
    await page.getByRole('button', { name: 'Возврат покупателя' }).click();
    await page.getByLabel('Номер продажи').fill(sale.number);
    await page.getByLabel('Номер продажи').press('Enter');
    const found = page.getByRole('listitem').filter({ hasText: sale.number });
    await expect(found).toContainText('Арбате');
    await found.getByRole('button', { name: 'Оформить возврат' }).click();
    const dialog = page.getByRole('dialog', { name: `Возврат по продаже ${sale.number}` });
    await expect(dialog).toContainText('Продажа другого магазина');
    await dialog.getByLabel(`Вернуть: ${item.name}`).fill('1');
    await expect(dialog.getByTestId('return-amount')).toContainText(rub(item.price));
    await dialog.getByTestId('return-submit').click();
    await expect(page.getByText(/ВЗ-\d{6}/)).toBeVisible();
    await expect(page.getByText('(возвр. 1)').first()).toBeVisible();
    // The money left the other shop's cashbox; the unit is back in its warehouse.
    const after = (await (await request.get('/api/finance/cashboxes', { headers: { ...headers, shop: other } })).json()) as typeof boxes;
    expect(after.find((b) => b.id === otherCash.id)!.balance).toBe(otherCash.balance - item.price);
  });

  test('продажа в кредит: доля партнёра ожидается, поступление подтверждается на расчётный счёт', async ({ page, loginAs, request }) => {
    test.setTimeout(90_000);
    const owner = await apiLogin(request, 'owner');
    const { arbat } = await shops(request, owner);
    const item = await scannable(request, owner, arbat);
    const headers = { authorization: `Bearer ${owner}`, shop: arbat };
    const offer = await request.post('/api/credits/offers', {
      headers,
      data: { partner: 'Е2Е Банк', name: `Рассрочка ${Date.now()}`, minAmount: 100, maxAmount: 100_000_000, terms: [{ months: 3, feePercent: 2 }] },
    });
    expect(offer.status(), await offer.text()).toBe(201);
    const boxes = (await (await request.get('/api/finance/cashboxes?locationId=all', { headers })).json()) as Array<{ id: string; kind: string; locationId: string; isDefault: boolean; balance: number }>;
    const cash = boxes.find((b) => b.locationId === arbat && b.kind === 'cash' && b.isDefault)!;
    const bank = boxes.find((b) => b.kind === 'bank')!;
    const down = Math.floor(item.price / 4);
    const made = await request.post('/api/sales', {
      headers,
      data: { warehouseId: item.warehouseId, lines: [{ productId: item.productId, qty: 1 }], payments: [{ method: 'cash', cashboxId: cash.id, amount: down }], creditOfferId: (await offer.json()).id, creditMonths: 3, post: true },
    });
    expect(made.status(), await made.text()).toBe(201);
    const sale = await made.json();

    await loginAs('owner');
    await switchTo(page, 'Арбате');
    await page.goto('/sales/list');
    await page.getByTestId('sales-credit-pending').click();
    await expect(page).toHaveURL(/creditPending=true/);
    const row = page.getByRole('row').filter({ hasText: sale.number });
    await expect(row).toContainText('ждём партнёра');
    await row.getByRole('link', { name: sale.number }).click();
    await expect(page.getByTestId('sale-credit-pending')).toContainText(rub(item.price - down));
    await page.getByTestId('sale-credit-confirm').click();
    const dialog = page.getByRole('dialog', { name: 'Поступление от партнёра' });
    await expect(dialog).toContainText('Е2Е Банк');
    await dialog.getByLabel('Расчётный счёт').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    await dialog.getByRole('button', { name: 'Подтвердить поступление' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('sale-credit-pending')).toHaveCount(0);
    await expect(page.getByText(/получено .*ПКО-\d{6}/)).toBeVisible();
    const after = (await (await request.get('/api/finance/cashboxes?locationId=all', { headers })).json()) as typeof boxes;
    expect(after.find((b) => b.id === bank.id)!.balance).toBe(bank.balance + item.price - down);
  });

  test('кредитный калькулятор: ежемесячный платёж, переплата и сумма вне пределов предложения', async ({ page, loginAs }) => {
    await loginAs('manager');
    await page.goto('/credits');
    await page.getByTestId('credit-calc-offer').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Кредит на технику' }).click();
    await expect(page.getByTestId('credit-calc-offer')).toContainText('Кредит на технику');
    // Picking the offer sets its first term; the 12 months are chosen once that has settled.
    await expect(async () => {
      await page.getByTestId('credit-calc-months').click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: /^12 мес/ }).click();
      await expect(page.getByTestId('credit-calc-months')).toContainText('12 мес', { timeout: 1000 });
    }).toPass({ timeout: 10_000 });
    await page.getByTestId('credit-calc-amount').fill('100000');
    await expect(page.getByTestId('credit-calc-months')).toContainText('12 мес');
    // Annuity at 19,9 % a year for 12 months on 100 000 ₽, rounded to the kopeck.
    const r = 0.199 / 12;
    const monthly = Math.round((10_000_000 * r) / (1 - (1 + r) ** -12));
    await expect(page.getByTestId('credit-calc-formula')).toContainText('Аннуитет');
    await expect(page.getByTestId('credit-calc-monthly')).toContainText(rub(monthly));
    // The total is 12 payments (the last one absorbs the rounding); the overpayment is the total less the amount.
    const kopecks = async (id: string) => Math.round(Number(((await page.getByTestId(id).textContent()) ?? '').replace(/[^\d,]/g, '').replace(',', '.')) * 100);
    const total = await kopecks('credit-calc-total');
    expect(Math.abs(total - monthly * 12)).toBeLessThanOrEqual(12);
    expect(await kopecks('credit-calc-overpayment')).toBe(total - 10_000_000);
    // Below the offer's minimum the amount field says so.
    await page.getByTestId('credit-calc-amount').fill('100');
    await expect(page.getByText(/Сумма должна быть от/)).toBeVisible();
    await expect(page.getByTestId('credit-calc-result')).toHaveCount(0);
  });
});
