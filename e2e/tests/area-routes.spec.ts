import { expect, test } from '../support/fixtures';

test('неизвестный адрес внутри раздела показывает «не найдено» оболочки, не загружая раздел', async ({ page, loginAs }) => {
  await loginAs('owner');
  const areaFiles: string[] = [];
  page.on('request', (r) => {
    // Scripts only: once the page is idle the host may prefetch the area's entry with `fetch` (into the
    // HTTP cache, never run: e2e/tests/prefetch.spec.ts); loading the area would run it as a script.
    if (r.url().includes('/mfe/stock/') && r.resourceType() === 'script') areaFiles.push(r.url());
  });
  await page.goto('/stock/nope');
  await expect(page.locator('#page-title')).toHaveText('Страница не найдена');
  await expect(page).toHaveTitle(/^Страница не найдена/);
  // Inside the main layout: the menu is still there.
  await expect(page.getByRole('menuitem', { name: /Склад/ })).toBeVisible();
  expect(areaFiles).toEqual([]);
});

test('без входа неизвестный адрес — страница «не найдено», а адрес раздела ведёт на вход', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByText('Страница не найдена')).toBeVisible();
  await page.goto('/stock/leftovers');
  await expect(page).toHaveURL(/\/login/);
});

test('страница входа не загружает главный макет и разделы', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Войти' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // No area code, and no chunk of the signed-in shell (named chunks of host/src/app/router.tsx, host-pages.tsx,
  // shared-core's placeholder card).
  expect(scripts.filter((s) => s.startsWith('/mfe/'))).toEqual([]);
  expect(scripts.filter((s) => /\/(shell|screen-not-built|page-(main|settings|profile|debug|not-found))\./.test(s))).toEqual([]);
  expect(scripts.some((s) => s.includes('page-login'))).toBe(true);
});

test('раздел берёт компоненты antd у оболочки, а не скачивает свои', async ({ page, loginAs }) => {
  // scripts/antd-lending.cjs: the host lends its antd components; an area compiles none of its own.
  // Before lending, a first visit to the balances downloaded ~800 KB (decoded) of the stock area's own
  // scripts, most of it antd (Table, Select, Form…); now its entry, zod, the screen and the contracts.
  await loginAs('owner');
  await expect(page.getByTestId('location-switcher')).toBeVisible();
  const areaBytes: Promise<number>[] = [];
  const hostBytes: Promise<number>[] = [];
  page.on('response', (r) => {
    const { pathname } = new URL(r.url());
    if (!pathname.endsWith('.js')) return;
    (pathname.startsWith('/mfe/stock/') ? areaBytes : hostBytes).push(r.body().then((b) => b.length, () => 0));
  });
  await page.evaluate(() => {
    history.pushState({}, '', '/stock/leftovers');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.locator('.ant-table')).toBeVisible();
  const sum = async (list: Promise<number>[]) => (await Promise.all(list)).reduce((a, b) => a + b, 0);
  const area = await sum(areaBytes);
  expect(area).toBeGreaterThan(0);
  expect(area).toBeLessThan(400_000);
  // What the host sends for the lent components is what the shell did not have yet (LendChunksPlugin):
  // ~250 KB decoded (the UI kit's table, pagination, form…); without the plugin each lent component's
  // chunk repeated the shell's antd code, ~660 KB in 20 files.
  const host = await sum(hostBytes);
  expect(host).toBeGreaterThan(0);
  expect(host).toBeLessThan(450_000);
  // The area's table is drawn by the host's antd: the host theme's hash class, as on the shell's menu.
  const themeHash = (el: Element) => Array.from(el.classList).find((c) => /^css-(?!var-)/.test(c));
  const menuHash = await page.locator('.ant-menu').first().evaluate(themeHash);
  const tableHash = await page.locator('.ant-table-wrapper').first().evaluate(themeHash);
  expect(tableHash).toBeTruthy();
  expect(tableHash).toBe(menuHash);
});
