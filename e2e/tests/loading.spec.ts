import { expect, test } from '../support/fixtures';

/** The "poor shop connection": 400 kbit/s both ways, 400 ms round trip. */
const slowLink = { offline: false, latency: 400, downloadThroughput: (400 * 1024) / 8, uploadThroughput: (400 * 1024) / 8 };

test('на медленной, но живой связи раздел открывается, а не показывает ошибку', async ({ page, loginAs }) => {
  test.setTimeout(240_000);
  await loginAs('owner');
  await expect(page.getByRole('menuitem', { name: /Склад/ })).toBeVisible();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', slowLink);

  // Client-side navigation: only the area's own files cross the slow link.
  await page.getByRole('menuitem', { name: /Склад/ }).click();
  await expect(page).toHaveURL('/stock');
  await expect(page.locator('#page-title')).toHaveText('Склад');
  await page.getByRole('tab', { name: 'Остатки' }).click({ timeout: 180_000 });
  await expect(page).toHaveURL('/stock/leftovers');
  await expect(page.locator('#page-title')).toHaveText('Остатки');
  // The built balances screen: its summary line comes with the first page of balances.
  await expect(page.getByTestId('leftovers-summary')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('Раздел временно недоступен')).toHaveCount(0);
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
});

test('если вход раздела заблокирован, карточка «Раздел временно недоступен» появляется меньше чем за 3 с', async ({
  page,
  loginAs,
  consoleGuard,
}) => {
  consoleGuard.allow(/mfe\/stock|stock|ERR_FAILED|RUNTIME-|Failed to load|remote/i);
  await loginAs('owner');
  await page.route('**/mfe/stock/**/remoteEntry.js*', (route) => route.abort());
  const started = Date.now();
  await page.getByRole('menuitem', { name: /Склад/ }).click();
  await expect(page.getByText('Раздел временно недоступен')).toBeVisible({ timeout: 3000 });
  expect(Date.now() - started).toBeLessThan(3000);
  // The title still comes from the area's metadata: nothing of the area had to load for it.
  await expect(page.locator('#page-title')).toHaveText('Склад');
});
