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

/** Settings → «Кассы»: a shop gets a card terminal, which then shows on its finance screen (issue #9). */
test('кассы магазина в настройках: эквайринг появляется в финансах', async ({ page, loginAs }) => {
  await loginAs('owner');
  await page.goto('/settings?tab=cashboxes');
  const shop = page.locator('.ant-card').filter({ hasText: 'Сервис+ на Войковской' });
  await expect(shop).toContainText('Основная касса');
  await expect(shop).toContainText('основная');

  await page.getByRole('button', { name: 'Добавить кассу: Сервис+ на Войковской' }).click();
  const dialog = page.getByRole('dialog', { name: 'Новая касса' });
  await dialog.getByLabel('Название').fill('Эквайринг e2e');
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(dialog).toBeHidden();
  await expect(shop).toContainText('Эквайринг e2e');
  await expect(shop.locator('.ant-list-item').filter({ hasText: 'Эквайринг e2e' })).toContainText('Эквайринг');

  const switcher = page.getByTestId('location-switcher');
  await switcher.click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Войковской' }).click();
  await expect(switcher).toContainText('Войковской');
  await page.goto('/finance');
  await expect(page.getByTestId('cashbox-Эквайринг e2e')).toContainText('0,00 ₽');
});
