import { expect, loginThroughForm, test } from '../support/fixtures';

/**
 * Tasks (issue #24): the owner gives the engineer a task; the engineer's open list shows it at once,
 * with a notice and the menu's count one up; on the board the task is dragged to «Выполнена» (mouse) and back (keyboard).
 */
test('задача коллеге видна у него сразу, а на доске её перетаскивают в «Выполнена»', async ({ browser, page, loginAs }) => {
  test.setTimeout(90_000);
  const title = `Перезвонить клиенту о готовности ${Date.now() % 100000}`;

  // The engineer watches their own tasks in a browser of their own.
  const engineerContext = await browser.newContext();
  const engineer = await engineerContext.newPage();
  const engineerErrors: string[] = [];
  engineer.on('console', (m) => m.type() === 'error' && engineerErrors.push(m.text()));
  await loginThroughForm(engineer, '9000000003', 'demo1234');
  await expect(engineer.getByTestId('realtime-status')).toContainText('Подключено');
  await engineer.goto('/tasks?mine=1');
  await expect(engineer.getByTestId('tasks-table')).toBeVisible();
  // The menu's count of the engineer's open tasks.
  const badge = engineer.getByRole('navigation', { name: 'Главное меню' }).locator('[title^="Задачи: "]');
  await expect(badge).toBeVisible();
  const openBefore = Number((await badge.getAttribute('title'))!.replace('Задачи: ', ''));
  await expect(engineer.getByTestId('realtime-status')).toContainText('Подключено');

  await loginAs('owner');
  await page.goto('/tasks');
  await expect(page.getByTestId('realtime-status')).toContainText('Подключено');
  // The engineer's shop (the owner's last shop is remembered, and another spec may have switched it).
  const switcher = page.getByTestId('location-switcher');
  await expect(switcher).toContainText(/Сервис\+ на/);
  if (!((await switcher.textContent()) ?? '').includes('на Арбате')) {
    await switcher.click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Сервис+ на Арбате' }).click();
    await expect(switcher).toContainText('на Арбате');
  }
  await page.getByRole('button', { name: /Новая задача/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Что сделать').fill(title);
  await dialog.getByLabel('Описание').fill('Клиент просил позвонить после 18:00');
  // Typed, not scrolled to: the list is virtual, and other specs may have hired more staff.
  await dialog.getByLabel('Исполнитель').fill('Иванов Дмитрий');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Иванов Дмитрий' }).click();
  await dialog.getByLabel('Срок').click();
  await page.locator('.ant-picker-dropdown:visible').getByText('Завтра, 10:00').click();
  await dialog.getByText('Высокий').click();
  const created = page.waitForResponse((r) => r.url().endsWith('/api/tasks') && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Создать' }).click();
  expect((await created).status()).toBe(201);
  // The new task opens in the drawer.
  await expect(page.locator('.ant-drawer').getByLabel('Что сделать')).toHaveValue(title);
  await page.locator('.ant-drawer').getByRole('button', { name: 'Close' }).or(page.locator('.ant-drawer-close')).first().click();

  // The engineer's list and a notice, without a reload.
  await expect(engineer.getByTestId('tasks-table')).toContainText(title);
  await expect(engineer.getByText(`Вам назначена задача: ${title}`)).toBeVisible();
  await expect(badge).toHaveAttribute('title', `Задачи: ${openBefore + 1}`);

  // The board, filtered to this task: drag it to «Выполнена».
  await page.goto(`/tasks/board?q=${encodeURIComponent(title)}`);
  const card = page.locator('[data-testid^="task-card-"]').filter({ hasText: title });
  await expect(page.getByTestId('task-column-new')).toContainText(title);
  const done = page.getByTestId('task-column-done');
  const from = (await card.boundingBox())!;
  const to = (await done.boundingBox())!;
  const patched = page.waitForResponse((r) => /\/api\/tasks\/[^/]+$/.test(r.url()) && r.request().method() === 'PATCH');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 20, from.y + from.height / 2, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + 80, { steps: 12 });
  await page.mouse.up();
  expect((await patched).status()).toBe(200);
  await expect(done).toContainText(title);
  await page.reload();
  await expect(page.getByTestId('task-column-done')).toContainText(title);

  // Keyboard: Space lifts the card, ← moves it a column left, Space drops it.
  const again = page.locator('[data-testid^="task-card-"]').filter({ hasText: title });
  await again.focus();
  const back = page.waitForResponse((r) => /\/api\/tasks\/[^/]+$/.test(r.url()) && r.request().method() === 'PATCH');
  // dnd-kit's live region says each step; wait for it as a screen-reader user would hear it.
  const live = page.locator('[role="status"][aria-live]');
  await page.keyboard.press('Space');
  await expect(live).toContainText('Над колонкой «Выполнена»');
  await page.waitForTimeout(100);
  await page.keyboard.press('ArrowLeft');
  await expect(live).toContainText('Над колонкой «В работе»');
  await page.keyboard.press('Space');
  expect((await back).status()).toBe(200);
  await expect(page.getByTestId('task-column-in_progress')).toContainText(title);

  expect(engineerErrors).toEqual([]);
  await engineerContext.close();
});
