import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import readXlsxFile from 'read-excel-file/node';
import { demo, expect, loginThroughForm, test } from '../support/fixtures';

/**
 * Reports (issue #23) as an owner and a manager use them: the sales by category with the chart and a table
 * of exactly the API's rows; «Все магазины» changes the figures and the URL; the Excel file holds the
 * table's rows; a manager whose role lacks `see_cost` sees no cost anywhere (screens, chart, file, API).
 */

/** The fields of contracts' SalesReport this test reads (e2e has no dependency on the contracts). */
interface SalesRow {
  period: string;
  key: string;
  label: string;
  revenue: number;
  cost: number | null;
  grossProfit: number | null;
  margin: number | null;
  count: number;
}
interface SalesTotals {
  revenue: number;
  cost: number | null;
  grossProfit: number | null;
  margin: number | null;
  count: number;
}
interface SalesReport {
  rows: SalesRow[];
  totals: SalesTotals;
  previous: { totals: SalesTotals };
}

const money = (kopecks: number) => {
  const abs = Math.abs(kopecks);
  return `${kopecks < 0 ? '-' : ''}${Math.floor(abs / 100).toString().replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0')},${String(abs % 100).padStart(2, '0')}\u00a0₽`;
};
const pad = (n: number) => String(n).padStart(2, '0');
const iso = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const shown = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;
/** The screen's label of an ISO week: «09.11–15.11.2026» (across a year «29.12.2025–04.01.2026»). */
function weekLabel(monday: string): string {
  const end = iso(new Date(Date.parse(`${monday}T00:00:00Z`) + 6 * 86_400_000));
  return `${end.slice(0, 4) === monday.slice(0, 4) ? shown(monday).slice(0, 5) : shown(monday)}–${shown(end)}`;
}

/** The last 30 Moscow days up to today: the demo's sales cover the last 60. */
function lastMonth() {
  const today = new Date(Date.now() + 3 * 3_600_000);
  return { from: iso(new Date(today.getTime() - 29 * 86_400_000)), to: iso(today) };
}

async function signIn(request: APIRequestContext, phone: string, password: string) {
  const res = await request.post('/api/auth/login', { data: { phone: `+7${phone}`, password } });
  expect(res.ok(), await res.text()).toBe(true);
  const body = (await res.json()) as { token: string; profile: { location: { id: string } | null } };
  return { token: body.token, shop: body.profile.location!.id };
}

/** GET /api/reports/<name> as the employee, in the shop the screen shows. */
async function report<T>(request: APIRequestContext, who: { token: string; shop: string }, name: string, params: Record<string, string>): Promise<T> {
  const res = await request.get(`/api/reports/${name}`, { headers: { Authorization: `Bearer ${who.token}`, Shop: who.shop }, params });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as T;
}

const tableRows = (page: Page) => page.getByTestId('report-table').locator('tr.ant-table-row');
const kpiFigure = (page: Page, key: string) => page.getByTestId(`kpi-${key}`).getByTestId('kpi-figure');

/** The visible texts of a table's cells, row by row. */
async function cells(rows: Locator): Promise<string[][]> {
  return rows.evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => (td.textContent ?? '').trim())));
}

test.describe('Отчёты', () => {
  test('продажи за месяц по категориям: график и таблица — ровно строки API @smoke', async ({ page, loginAs, request }) => {
    const { from, to } = lastMonth();
    const owner = await signIn(request, demo.owner.phone, demo.owner.password);
    const api = await report<SalesReport>(request, owner, 'sales', { from, to, groupBy: 'week', by: 'category' });
    expect(api.rows.length, 'the demo sold something in the last 30 days').toBeGreaterThan(1);

    await loginAs('owner');
    // recharts is a chunk of its own, loaded by the reports only: the finance screen of the same area goes without it.
    const areaScripts: Array<Promise<string>> = [];
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script' && r.url().includes('/mfe/crm-finance/')) areaScripts.push(r.text().catch(() => ''));
    });
    const hasRecharts = async () => (await Promise.all(areaScripts)).some((js) => js.includes('recharts-surface'));
    await page.goto('/finance');
    await expect(page.getByTestId('cashboxes')).toBeVisible();
    expect(areaScripts.length).toBeGreaterThan(0);
    expect(await hasRecharts()).toBe(false);
    await page.goto(`/reports?from=${from}&to=${to}&groupBy=week&by=category&all=false&pageSize=100`);
    await expect(page.locator('#page-title')).toHaveText('Отчеты');
    await expect(page.getByRole('tab', { name: 'Продажи и прибыль' })).toHaveAttribute('aria-selected', 'true');

    // The chart: stacked weekly bars of revenue by category, drawn as SVG by the lazily loaded chart chunk.
    const chart = page.getByTestId('report-chart');
    await expect(chart.locator('svg.recharts-surface').first()).toBeVisible();
    await expect(chart.locator('.recharts-bar-rectangle').first()).toBeVisible();
    // Its legend: every category, or the 8 largest and «Прочие».
    await expect(chart.locator('.recharts-legend-item-text').first()).toBeVisible();
    const legend = (await chart.locator('.recharts-legend-item-text').allTextContents()).sort();
    const categories = [...new Set(api.rows.map((r) => r.label))].sort();
    if (categories.length <= 8) expect(legend).toEqual(categories);
    else {
      expect(legend).toHaveLength(9);
      expect(legend).toContain('Прочие');
    }

    // The table: the API's rows in its order, each period, category and figure as the API gives them.
    await expect(tableRows(page)).toHaveCount(api.rows.length);
    const shownRows = await cells(tableRows(page));
    api.rows.forEach((r, i) => {
      const [period, label, revenue, cost, profit] = shownRows[i];
      expect(period).toBe(weekLabel(r.period));
      expect(label).toBe(r.label);
      expect(revenue).toBe(money(r.revenue));
      expect(cost).toBe(money(r.cost!));
      expect(profit).toBe(money(r.grossProfit!));
    });
    const totals = page.getByTestId('report-table-totals');
    await expect(totals).toContainText(money(api.totals.revenue));
    await expect(totals).toContainText(money(api.totals.grossProfit!));
    await expect(kpiFigure(page, 'revenue')).toHaveText(money(api.totals.revenue));
    await expect(kpiFigure(page, 'grossProfit')).toHaveText(money(api.totals.grossProfit!));
    expect(await hasRecharts()).toBe(true);
  });

  test('«Все магазины»: цифры всех магазинов, переключатель в адресе', async ({ page, loginAs, request }) => {
    const { from, to } = lastMonth();
    const owner = await signIn(request, demo.owner.phone, demo.owner.password);
    const shop = await report<SalesReport>(request, owner, 'sales', { from, to });
    const all = await report<SalesReport>(request, owner, 'sales', { from, to, allLocations: 'true' });
    expect(all.totals.revenue, 'the other demo shops sold too').toBeGreaterThan(shop.totals.revenue);

    await loginAs('owner');
    await page.goto(`/reports?from=${from}&to=${to}&all=true`);
    await expect(kpiFigure(page, 'revenue')).toHaveText(money(all.totals.revenue));
    await expect(page.getByTestId('report-table-totals')).toContainText(money(all.totals.revenue));
    await page.getByText('Все магазины', { exact: true }).click();
    await expect(page).toHaveURL(/[?&]all=false/);
    await expect(kpiFigure(page, 'revenue')).toHaveText(money(shop.totals.revenue));
    await expect(kpiFigure(page, 'count')).toHaveText(String(shop.totals.count).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0'));
    await expect(page.getByTestId('report-table-totals')).toContainText(money(shop.totals.revenue));
    // The choice is the seed's reports.isAllLocations (true by default): a report opened from the menu follows it.
    await page.getByRole('menuitem', { name: /Финансы/ }).click();
    await expect(page).toHaveURL(/\/finance/);
    await page.getByRole('menuitem', { name: /Отчеты/ }).click();
    await expect(page).toHaveURL(/\/reports\?.*all=false/);
    await expect(page.getByTestId('all-locations')).toHaveAttribute('aria-checked', 'false');
    // Switching reports keeps the period and the shops.
    await page.goto(`/reports?from=${from}&to=${to}&all=true`);
    await page.getByRole('tab', { name: 'Движение денег' }).click();
    await expect(page).toHaveURL(new RegExp(`/reports/cashflow\\?from=${from}&to=${to}&all=true`));
    await expect(page.getByTestId('all-locations')).toHaveAttribute('aria-checked', 'true');
  });

  test('склад на прошлую дату: стоимость и строки — как в API на ту дату, дата в адресе', async ({ page, loginAs, request }) => {
    const owner = await signIn(request, demo.owner.phone, demo.owner.password);
    type Stock = { value: number; total: number; rows: Array<{ name: string; qty: number; value: number }> };
    const day = iso(new Date(Date.now() + 3 * 3_600_000 - 20 * 86_400_000));
    const now = await report<Stock>(request, owner, 'stock', { allLocations: 'true' });
    await loginAs('owner');
    await page.goto('/reports/stock?all=true');
    await expect(kpiFigure(page, 'value')).toHaveText(money(now.value));
    // The date picker: typed as staff type it; the report of that day (built from a snapshot or the ledger).
    const picker = page.getByLabel('Остатки на дату');
    await picker.click();
    await picker.fill(shown(day));
    await picker.press('Enter');
    await expect(page).toHaveURL(new RegExp(`[?&]at=${day}`));
    const past = await report<Stock>(request, owner, 'stock', { allLocations: 'true', at: day });
    expect(past.value, 'the stock 20 days ago is not today’s').not.toBe(now.value);
    await expect(kpiFigure(page, 'value')).toHaveText(money(past.value));
    const first = page.getByTestId('stock-table').locator('tr.ant-table-row').first();
    await expect(first).toContainText(past.rows[0].name);
    await expect(first).toContainText(money(past.rows[0].value));
    // A link with the date shows the same day.
    await page.goto(`/reports/stock?all=true&at=${day}`);
    await expect(kpiFigure(page, 'value')).toHaveText(money(past.value));
  });

  test('Excel: файл — те же строки, что в таблице', async ({ page, loginAs, request }) => {
    const { from, to } = lastMonth();
    const owner = await signIn(request, demo.owner.phone, demo.owner.password);
    const api = await report<SalesReport>(request, owner, 'sales', { from, to, groupBy: 'month', by: 'category' });
    await loginAs('owner');
    await page.goto(`/reports?from=${from}&to=${to}&groupBy=month&by=category&all=false&pageSize=100`);
    await expect(tableRows(page)).toHaveCount(api.rows.length);
    const table = await cells(tableRows(page));

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /Excel/ }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const file = path.join(os.tmpdir(), `report-${Date.now()}.xlsx`);
    await download.saveAs(file);
    const [sheet] = await readXlsxFile(fs.readFileSync(file));
    fs.rmSync(file, { force: true });
    const [head, ...body] = sheet.data;
    const col = (re: RegExp) => head.findIndex((h) => re.test(String(h)));
    const [labelAt, revenueAt, costAt] = [col(/^Категория/), col(/^Выручка/), col(/^Себестоимость/)];
    expect(labelAt).toBeGreaterThanOrEqual(0);
    expect(revenueAt).toBeGreaterThan(labelAt);
    // Every row of the table, then «Итого».
    expect(body).toHaveLength(table.length + 1);
    table.forEach(([, label, revenue, cost], i) => {
      expect(body[i][labelAt]).toBe(label);
      expect(money(Math.round(Number(body[i][revenueAt]) * 100))).toBe(revenue);
      if (costAt >= 0) expect(money(Math.round(Number(body[i][costAt]) * 100))).toBe(cost);
    });
    expect(body[body.length - 1][0]).toBe('Итого');
    expect(Math.round(Number(body[body.length - 1][revenueAt]) * 100)).toBe(api.totals.revenue);
  });

  test('управляющий без права see_cost не видит себестоимость нигде', async ({ page, request }) => {
    test.setTimeout(120_000);
    const { from, to } = lastMonth();
    const owner = await signIn(request, demo.owner.phone, demo.owner.password);
    const auth = { Authorization: `Bearer ${owner.token}` };

    // A manager's role without see_cost, and a manager with it in every shop (created through the API).
    const roles = (await (await request.get('/api/roles', { headers: auth })).json()) as Array<{ id: string; code: string; rules: string[] }>;
    const manager = roles.find((r) => r.code === 'manager')!;
    const suffix = String(Date.now()).slice(-7);
    const role = await request.post('/api/roles', { headers: auth, data: { name: `Управляющий без себестоимости ${suffix}`, rules: manager.rules.filter((r) => r !== 'see_cost'), maxDiscountPercent: 10 } });
    expect(role.ok(), await role.text()).toBe(true);
    const roleId = ((await role.json()) as { id: string }).id;
    const locations = (await (await request.get('/api/location', { headers: auth })).json()) as Array<{ id: string }>;
    const phone = `978${suffix}`;
    const hired = await request.post('/api/employees', {
      headers: auth,
      data: { name: `Орлова Марина ${suffix}`, phone: `+7${phone}`, roleId, locationIds: locations.map((l) => l.id), allLocations: true },
    });
    expect(hired.ok(), await hired.text()).toBe(true);
    const temporary = ((await hired.json()) as { temporaryPassword: string }).temporaryPassword;
    const first = await signIn(request, phone, temporary);
    const changed = await request.post('/api/auth/password', { headers: { Authorization: `Bearer ${first.token}` }, data: { currentPassword: temporary, newPassword: 'orlova-2026' } });
    expect(changed.ok(), await changed.text()).toBe(true);
    const them = await signIn(request, phone, 'orlova-2026');

    // The API answers null for every cost figure.
    const sales = await report<SalesReport>(request, them, 'sales', { from, to, by: 'category' });
    expect(sales.rows.length).toBeGreaterThan(0);
    for (const t of [...sales.rows, sales.totals, sales.previous.totals]) expect([t.cost, t.grossProfit, t.margin]).toEqual([null, null, null]);
    const stock = await report<{ value: number | null; rows: Array<{ value: number | null }>; byCategory: Array<{ value: number | null }>; previous: { value: number | null } }>(request, them, 'stock', {});
    expect([stock.value, stock.previous.value, ...stock.rows.map((r) => r.value), ...stock.byCategory.map((s) => s.value)].every((v) => v === null)).toBe(true);
    const repairs = await report<{ rows: Array<{ partsMargin: number | null }>; totals: { partsMargin: number | null } }>(request, them, 'repairs', { from, to });
    expect([repairs.totals.partsMargin, ...repairs.rows.map((r) => r.partsMargin)].every((v) => v === null)).toBe(true);

    await loginThroughForm(page, phone, 'orlova-2026');
    await expect(page.getByTestId('location-switcher')).toBeVisible();
    const noCost = /Себестоимость|Валовая прибыль|Маржа|Стоимость/;

    // Sales: no cost, gross profit or margin — columns, cards, the chart's series.
    await page.goto(`/reports?from=${from}&to=${to}&all=false`);
    await expect(page.getByTestId('report-chart').locator('svg.recharts-surface').first()).toBeVisible();
    await expect(page.getByTestId('report-chart').locator('.recharts-legend-item-text')).toHaveText(['Выручка']);
    const plain = await report<SalesReport>(request, them, 'sales', { from, to });
    await expect(page.getByTestId('report-table-totals')).toContainText(money(plain.totals.revenue));
    await expect(page.getByTestId('report-table').getByRole('columnheader')).toHaveText(['Период', 'Выручка', 'Продаж', 'Средний чек', 'Возвраты']);
    await expect(page.getByTestId('kpi-cards')).not.toContainText(noCost);
    for (const key of ['cost', 'grossProfit', 'margin']) await expect(page.getByTestId(`kpi-${key}`)).toHaveCount(0);
    await expect(page.locator('main')).not.toContainText(noCost);

    // The Excel file they may download has no cost columns either.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /Excel/ }).click()]);
    const file = path.join(os.tmpdir(), `report-nocost-${Date.now()}.xlsx`);
    await download.saveAs(file);
    const [sheet] = await readXlsxFile(fs.readFileSync(file));
    fs.rmSync(file, { force: true });
    expect(sheet.data[0].map(String).filter((h) => noCost.test(h))).toEqual([]);

    // Repairs: no parts margin; stock: no value column, card or money axis.
    await page.getByRole('tab', { name: 'Ремонты' }).click();
    await expect(page.getByTestId('report-table-totals')).toBeVisible();
    await expect(page.locator('main')).not.toContainText(/Маржа запчастей/);
    await page.getByRole('tab', { name: 'Склад' }).click();
    await expect(page.getByTestId('kpi-qty')).toBeVisible();
    await expect(page.getByTestId('stock-table').getByRole('columnheader', { name: 'Кол-во' })).toBeVisible();
    await expect(page.locator('main')).not.toContainText(noCost);
    await expect(page.getByTestId('kpi-value')).toHaveCount(0);
  });
});
