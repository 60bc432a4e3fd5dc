import type { Locator, Page } from '@playwright/test';
import { expect, loginThroughForm, switchTo, test } from '../support/fixtures';

/**
 * The planner (issue #24): the owner books an appointment by selecting a slot in the week view, drags
 * it to the next day and stretches it by an hour; a colleague's open calendar shows it without a reload.
 * A shift overlapping another of the same employee is refused with the server's message. The
 * appointment turns into a repair order: «Оформить заказ» opens the intake prefilled.
 */

/** A Tuesday six weeks ahead (clear of the demo's shifts and appointments), and the day after. */
function targetDays() {
  const d = new Date(Date.now() + 42 * 86_400_000);
  d.setUTCDate(d.getUTCDate() + ((2 - d.getUTCDay() + 7) % 7));
  const iso = (x: Date) => x.toISOString().slice(0, 10);
  const next = new Date(d.getTime() + 86_400_000);
  const third = new Date(d.getTime() + 2 * 86_400_000);
  return { day: iso(d), next: iso(next), third: iso(third) };
}

/**
 * What an earlier run of this test left on its days (a developer's `--repeat-each` on one database): its
 * appointments, which the next run's drag would overlap (409), and its shifts, on which the next run's
 * slot could not be selected. The days are six weeks ahead, past the demo's shifts.
 */
async function removeEarlierRuns(page: Page, from: string, to: string) {
  const cookies = await page.context().cookies();
  const value = (name: string) => decodeURIComponent(cookies.find((c) => c.name === name)?.value ?? '');
  const headers = { authorization: `Bearer ${value('token')}`, shop: value('location') };
  const range = `from=${from}T00:00:00%2B03:00&to=${to}T23:59:59%2B03:00&kinds=appointment,shift`;
  const res = await page.request.get(`/api/planner/events?${range}`, { headers });
  expect(res.status(), await res.text()).toBe(200);
  for (const e of (await res.json()) as Array<{ id: string; kind: string; title: string }>) {
    if (e.kind === 'shift' || /^Замена экрана \d+$/.test(e.title)) expect((await page.request.delete(`/api/planner/events/${e.id}`, { headers })).status()).toBe(200);
  }
}

/** The centre x of a day's column and the top y of an hour's row in the time grid. */
async function gridPoint(page: Page, date: string, hour: number) {
  const column = (await page.locator(`[data-date="${date}"]`).last().boundingBox())!;
  const row = (await page.locator(`[data-time="${String(hour).padStart(2, '0')}:00:00"]`).last().boundingBox())!;
  return { x: column.x + column.width / 2, y: row.y };
}

async function selectSlot(page: Page, date: string, fromHour: number, toHour: number) {
  // Both ends on screen (near an edge FullCalendar would scroll the page under the mouse).
  const row = (h: number) => page.locator(`[data-time="${String(h).padStart(2, '0')}:00:00"]`).last();
  await row(Math.min(toHour + 1, 23)).scrollIntoViewIfNeeded();
  await row(fromHour).scrollIntoViewIfNeeded();
  const a = await gridPoint(page, date, fromHour);
  const b = await gridPoint(page, date, toHour);
  await page.mouse.move(a.x, a.y + 4);
  await page.mouse.down();
  await page.mouse.move(a.x, (a.y + b.y) / 2, { steps: 5 });
  await page.mouse.move(b.x, b.y - 4, { steps: 5 });
  await page.mouse.up();
}

async function pickEmployee(page: Page, dialog: Locator, name: string) {
  await dialog.getByLabel('Сотрудник').fill(name);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: name }).first().click();
}

test('запись в планировщике: создать, перенести, растянуть, коллега видит; пересекающаяся смена отклонена; запись → заказ', async ({ browser, page, loginAs, consoleGuard }) => {
  test.setTimeout(120_000);
  consoleGuard.allow(/409 \(Conflict\)/);
  const { day, next, third } = targetDays();
  const title = `Замена экрана ${Date.now() % 100000}`;
  const week = `/planner?view=timeGridWeek&date=${day}`;

  // A colleague (the engineer) watches the same week.
  const colleagueContext = await browser.newContext();
  const colleague = await colleagueContext.newPage();
  await loginThroughForm(colleague, '9000000003', 'demo1234');
  await expect(colleague.getByTestId('realtime-status')).toContainText('Подключено');
  await switchTo(colleague, 'Сервис+ на Арбате');
  await colleague.goto(week);
  await expect(colleague.locator(`[data-date="${day}"]`).first()).toBeVisible();
  await expect(colleague.getByTestId('realtime-status')).toContainText('Подключено');

  await loginAs('owner');
  await switchTo(page, 'Сервис+ на Арбате');
  await removeEarlierRuns(page, day, third);
  await page.goto(week);
  await expect(page.locator(`[data-date="${day}"]`).first()).toBeVisible();
  // Monday first, 24 hours.
  await expect(page.locator('[data-time="18:00:00"]').first()).toContainText('18:00');

  // Select 10:00–11:00 → the form, prefilled with the slot.
  await selectSlot(page, day, 10, 11);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Начало')).toHaveValue(/ 10:00$/);
  await expect(dialog.getByLabel('Конец')).toHaveValue(/ 11:00$/);
  await dialog.getByLabel('Услуга').fill(title);
  await pickEmployee(page, dialog, 'Иванов Дмитрий');
  await dialog.getByLabel('Тип устройства').fill('Смартфон');
  await dialog.getByLabel('Бренд').fill('Apple');
  await dialog.getByLabel('Модель').fill('iPhone 13');
  const created = page.waitForResponse((r) => r.url().endsWith('/api/planner/events') && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Создать' }).click();
  expect((await created).status()).toBe(201);
  const event = page.locator('.planner-event-body').filter({ hasText: title });
  await expect(event).toBeVisible();
  await expect(event).toContainText('10:00');

  // The colleague's calendar, without a reload.
  await expect(colleague.locator('.planner-event-body').filter({ hasText: title })).toBeVisible();

  // Drag it to the next day.
  const box = (await event.boundingBox())!;
  const target = await gridPoint(page, next, 10);
  const moved = page.waitForResponse((r) => /\/api\/planner\/events\/[^/]+$/.test(r.url()) && r.request().method() === 'PATCH');
  await page.mouse.move(box.x + box.width / 2, box.y + 6);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 20, box.y + 10, { steps: 4 });
  await page.mouse.move(target.x, target.y + 6, { steps: 12 });
  await page.mouse.up();
  expect((await moved).status()).toBe(200);
  const afterMove = (await moved).request().postDataJSON() as { start: string; end: string };
  expect(new Date(afterMove.end).getTime() - new Date(afterMove.start).getTime()).toBe(3_600_000);
  await expect(colleague.locator('.planner-event-body').filter({ hasText: title })).toBeVisible();

  // Stretch it by an hour: its bottom edge to 12:00.
  const moved2 = (await event.boundingBox())!;
  const noon = await gridPoint(page, next, 12);
  await page.mouse.move(moved2.x + moved2.width / 2, moved2.y + moved2.height - 4);
  await event.hover();
  const resized = page.waitForResponse((r) => /\/api\/planner\/events\/[^/]+$/.test(r.url()) && r.request().method() === 'PATCH');
  await page.mouse.move(moved2.x + moved2.width / 2, moved2.y + moved2.height - 3);
  await page.mouse.down();
  await page.mouse.move(moved2.x + moved2.width / 2, moved2.y + moved2.height + 10, { steps: 4 });
  await page.mouse.move(noon.x, noon.y - 3, { steps: 10 });
  await page.mouse.up();
  expect((await resized).status()).toBe(200);
  const afterResize = (await resized).request().postDataJSON() as { start: string; end: string };
  expect(new Date(afterResize.end).getTime() - new Date(afterResize.start).getTime()).toBe(2 * 3_600_000);
  await expect(event).toContainText('12:00');

  // A shift 14:00–18:00, then one overlapping it (12:00–15:00) for the same employee: refused.
  await selectSlot(page, third, 14, 18);
  await dialog.getByText('Смена', { exact: true }).click();
  await pickEmployee(page, dialog, 'Иванов Дмитрий');
  const shift = page.waitForResponse((r) => r.url().endsWith('/api/planner/events') && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Создать' }).click();
  expect((await shift).status()).toBe(201);
  await expect(dialog).toBeHidden();
  await selectSlot(page, third, 12, 15);
  await dialog.getByText('Смена', { exact: true }).click();
  await pickEmployee(page, dialog, 'Иванов Дмитрий');
  const refused = page.waitForResponse((r) => r.url().endsWith('/api/planner/events') && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Создать' }).click();
  expect((await refused).status()).toBe(409);
  await expect(dialog).toContainText('Смены сотрудника пересекаются');
  await dialog.getByRole('button', { name: 'Отмена' }).click();

  // The appointment → «Оформить заказ» → the intake, prefilled → the order.
  await event.click();
  const drawer = page.locator('.ant-drawer').filter({ hasText: title });
  await drawer.getByRole('button', { name: 'Оформить заказ' }).click();
  await expect(page).toHaveURL(/\/orders\?new=1&appointment=/);
  const intake = page.locator('.ant-drawer').filter({ hasText: 'Приём устройства в ремонт' });
  await expect(intake.getByLabel('Заявленная неисправность')).toHaveValue(title);
  await expect(intake.getByLabel('Модель')).toHaveValue('iPhone 13');
  await intake.getByText('Новый клиент').click();
  await intake.getByLabel('Телефон').fill(`9${String(Date.now()).slice(-9)}`);
  await intake.getByLabel('Имя').fill('Клиент из планировщика');
  const order = page.waitForResponse((r) => r.url().endsWith('/api/orders') && r.request().method() === 'POST');
  await intake.getByRole('button', { name: 'Принять и распечатать квитанцию' }).click();
  const orderResponse = await order;
  expect(orderResponse.status()).toBe(201);
  expect(orderResponse.request().postDataJSON()).toMatchObject({ appointmentId: expect.any(String), device: { type: 'Смартфон', brand: 'Apple', model: 'iPhone 13' } });
  const number = ((await orderResponse.json()) as { number: string }).number;
  await expect(page).toHaveURL(/\/orders\/[^/?]+/);

  // Back in the planner, the appointment links to its order.
  await page.goto(`/planner?view=timeGridWeek&date=${day}`);
  await page.locator('.planner-event-body').filter({ hasText: title }).click();
  await expect(page.locator('.ant-drawer').filter({ hasText: title }).getByRole('link', { name: number })).toBeVisible();

  await colleagueContext.close();
});
