import { expect, test } from '../support/fixtures';

/** Settings → «Склады»: a shop gets a second warehouse, which is renamed (issue #8). */
test('склады магазина в настройках: новый склад и переименование', async ({ page, loginAs }) => {
  await loginAs('owner');
  await page.goto('/settings?tab=warehouses');
  const shop = page.locator('.ant-card').filter({ hasText: 'Сервис+ на Войковской' });
  await expect(shop).toContainText('Основной склад');
  await expect(shop).toContainText('основной');

  await page.getByRole('button', { name: 'Добавить склад: Сервис+ на Войковской' }).click();
  const dialog = page.getByRole('dialog', { name: 'Новый склад' });
  await dialog.getByLabel('Название').fill('Склад запчастей e2e');
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(dialog).toBeHidden();
  await expect(shop).toContainText('Склад запчастей e2e');

  await shop.getByRole('button', { name: 'Переименовать «Склад запчастей e2e»' }).click();
  const rename = page.getByRole('dialog', { name: 'Переименовать склад' });
  await rename.getByLabel('Название').fill('Витрина e2e');
  await rename.getByRole('button', { name: 'Сохранить' }).click();
  await expect(shop).toContainText('Витрина e2e');
  await expect(shop).not.toContainText('Склад запчастей e2e');
});
