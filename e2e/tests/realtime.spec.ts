import { expect, test } from '../support/fixtures';

test('статус соединения доходит до «Подключено»', { tag: '@smoke' }, async ({ page, loginAs }) => {
  await loginAs('owner');
  await expect(page.getByTestId('realtime-status')).toContainText('Подключено');
});

test('изменение магазина у одного сотрудника видно коллеге без перезагрузки', async ({ browser, page, loginAs }) => {
  // The manager watches the settings page in a browser of their own.
  const managerContext = await browser.newContext();
  const manager = await managerContext.newPage();
  const managerErrors: string[] = [];
  manager.on('console', (m) => m.type() === 'error' && managerErrors.push(m.text()));
  await manager.goto('/login');
  await manager.getByLabel('Телефон').fill('9000000002');
  await manager.getByLabel('Пароль').fill('demo1234');
  await manager.getByRole('button', { name: 'Войти' }).click();
  await expect(manager.getByTestId('realtime-status')).toContainText('Подключено');
  await manager.getByRole('menuitem', { name: /Настройки/ }).click();
  const managerCard = manager.locator('[data-testid^="location-card-"]').filter({ hasText: 'Сервис+ на Войковской' });
  await expect(managerCard).toBeVisible();

  await loginAs('owner');
  await page.goto('/settings');
  const card = page.locator('[data-testid^="location-card-"]').filter({ hasText: 'Сервис+ на Войковской' });
  await card.getByRole('button', { name: /Изменить/ }).click();
  // The form is filled from the shop as it opens; type only once it shows the shop, as a person would.
  await expect(page.getByRole('dialog').getByLabel('Название')).toHaveValue('Сервис+ на Войковской');
  const hours = `Пн–Вс 09:00–22:00 (${Date.now() % 1000})`;
  await page.getByRole('dialog').getByLabel('Часы работы').fill(hours);
  await page.getByRole('dialog').getByRole('button', { name: 'Сохранить' }).click();
  await expect(card).toContainText(hours);

  await expect(managerCard).toContainText(hours);
  expect(managerErrors).toEqual([]);
  await managerContext.close();
});
