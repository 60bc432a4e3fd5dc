import path from 'node:path';
import { expect, test } from '../support/fixtures';

const fixtures = path.join(__dirname, '..', 'fixtures');

/** Import of goods and services from an Excel price list as staff do it (issue #8). */
test('импорт товаров из Excel: предпросмотр, ошибки по строкам, подтверждение', async ({ page, loginAs }) => {
  await loginAs('owner');
  await page.goto('/products');
  await page.getByRole('button', { name: 'Импорт из Excel' }).click();
  const dialog = page.getByRole('dialog', { name: 'Импорт товаров из Excel' });

  // A file with a broken row: the preview names the error, and nothing can be imported.
  await dialog.locator('input[type=file]').setInputFiles(path.join(fixtures, 'price-list-with-errors.xlsx'));
  await expect(dialog.getByText('Новых: 2, обновится: 1, с ошибками: 1')).toBeVisible();
  await expect(dialog.getByRole('row').filter({ hasText: 'ошибка' })).toContainText('Укажите название');
  await expect(dialog.getByRole('button', { name: /^Импортировать/ })).toBeDisabled();

  // The corrected file: two new, one update, confirmed.
  await dialog.locator('input[type=file]').setInputFiles(path.join(fixtures, 'price-list.xlsx'));
  await expect(dialog.getByText('Новых: 2, обновится: 1, с ошибками: 0')).toBeVisible();
  await expect(dialog.getByRole('row').filter({ hasText: 'Дисплей iPhone 13 (OLED)' })).toContainText('обновится');
  await expect(dialog.getByText(/Будут созданы категории: Запчасти \(импорт\)/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Импортировать (3)' }).click();
  await expect(dialog).toBeHidden();

  await page.getByLabel('Поиск товара').fill('импорт');
  await page.getByLabel('Поиск товара').press('Enter');
  await expect(page.getByRole('row').filter({ hasText: 'Шлейф зарядки iPhone 12 (импорт)' })).toContainText('450,00 ₽');
  await expect(page.getByRole('row').filter({ hasText: 'Замена шлейфа зарядки (импорт)' })).toContainText('Услуга');
  await page.goto('/categories');
  await expect(page.getByText('Запчасти (импорт)')).toBeVisible();
});
