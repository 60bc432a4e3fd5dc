import { expect, test } from '../support/fixtures';

test('при недоступном разделе остальные продолжают работать', async ({ page, loginAs, consoleGuard }) => {
  consoleGuard.allow(/mfe\/stock|stock|ERR_FAILED|RUNTIME-|Failed to load|remote/i);
  await page.route('**/mfe/stock/**', (route) => route.abort());
  await loginAs('owner');

  const started = Date.now();
  await page.goto('/stock');
  await expect(page.getByText('Раздел временно недоступен')).toBeVisible({ timeout: 3000 });
  expect(Date.now() - started).toBeLessThan(3000 + 2000 /* page load itself */);
  await expect(page.getByRole('button', { name: /Повторить/ })).toBeVisible();

  await page.getByRole('menuitem', { name: /Продажи/ }).click();
  await expect(page).toHaveURL('/sales');
  await expect(page.getByRole('heading', { name: 'Продажи' })).toBeVisible();
  await expect(page.getByText('Раздел временно недоступен')).toHaveCount(0);

  // Once the area is back, «Повторить» loads it without a reload.
  await page.getByRole('menuitem', { name: /Склад/ }).click();
  await expect(page.getByText('Раздел временно недоступен')).toBeVisible({ timeout: 3000 });
  await page.unroute('**/mfe/stock/**');
  await page.getByRole('button', { name: /Повторить/ }).click();
  await expect(page.getByText('Раздел временно недоступен')).toHaveCount(0);
});
