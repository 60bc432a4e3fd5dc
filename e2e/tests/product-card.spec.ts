import path from 'node:path';
import { expect, test } from '../support/fixtures';

/** The product drawer as staff use it (issue #8): the shop's minimum stock, a photo added and removed. */
test('товар: минимальный остаток склада магазина и фото', async ({ page, loginAs }) => {
  await loginAs('owner');
  await page.goto('/products');
  await page.getByLabel('Поиск товара').fill('BAT-IP11');
  await page.getByLabel('Поиск товара').press('Enter');
  await expect(page.getByText('Всего: 2')).toBeVisible(); // BAT-IP11 first (exact), then BAT-IP11P
  // The list shows the company stock and, for the owner (see_cost), the average cost beside the price.
  await expect(page.getByRole('row').filter({ hasText: /BAT-IP11(?!P)/ })).toContainText(/2\s500,00\s₽\s*\d+\s*\d[\d\s]*,\d\d\s₽/);
  await page.getByRole('row').filter({ hasText: /BAT-IP11(?!P)/ }).click();
  const drawer = page.getByRole('dialog').filter({ hasText: 'Аккумулятор iPhone 11' });
  await expect(drawer.getByText(/Остаток по компании:/)).toBeVisible();
  await expect(drawer.getByRole('img', { name: /фото 1$/ })).toBeVisible(); // the demo tile

  await drawer.getByLabel('Минимум: Основной склад').fill('7');
  await drawer.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('Сохранено')).toBeVisible();

  await drawer.locator('input[type=file]').setInputFiles(path.join(__dirname, '..', 'fixtures', 'photo.png'));
  await expect(drawer.getByRole('img', { name: /фото 2$/ })).toBeVisible();
  await drawer.getByRole('button', { name: 'Удалить фото 2' }).click();
  await page.getByRole('button', { name: 'Удалить', exact: true }).click();
  await expect(drawer.getByRole('img', { name: /фото 2$/ })).toHaveCount(0);

  // Reopened from the URL, the minimum is the one saved.
  await page.reload();
  await expect(page.getByLabel('Минимум: Основной склад')).toHaveValue('7');
});
