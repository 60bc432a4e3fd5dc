import { expect, test } from '../support/fixtures';

test('неизвестный адрес внутри раздела показывает «не найдено» оболочки, не загружая раздел', async ({ page, loginAs }) => {
  await loginAs('owner');
  const areaFiles: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/mfe/stock/')) areaFiles.push(r.url());
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
