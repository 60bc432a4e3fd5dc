import { expect, test } from '../support/fixtures';

// A real 8×8 PNG, so the server's content check and thumbnailing run for real.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEklEQVR4nGP4z8CAFWEXHbQSACj/P8Fu7N9hAAAAAElFTkSuQmCC',
  'base64',
);

test.describe('Настройки магазина', () => {
  test('владелец добавляет магазин, меняет его, загружает и удаляет фото, удаляет магазин', async ({ page, loginAs, consoleGuard }) => {
    consoleGuard.allow(/status of 409/);
    await loginAs('owner');
    await page.getByRole('menuitem', { name: /Настройки/ }).click();
    await expect(page.locator('#page-title')).toHaveText('Настройки магазина');

    await page.getByRole('button', { name: 'Добавить магазин' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('button', { name: 'Добавить' }).click();
    await expect(drawer.getByText('Укажите название')).toBeVisible();
    await drawer.getByLabel('Название').fill('Сервис+ на Соколе');
    await drawer.getByLabel('Адрес').fill('г. Москва, Ленинградский пр-т, д. 75');
    await drawer.getByLabel('Часы работы').fill('Ежедневно 10:00–21:00');
    await drawer.getByRole('button', { name: 'Добавить' }).click();

    const card = page.locator('[data-testid^="location-card-"]').filter({ hasText: 'Сервис+ на Соколе' });
    await expect(card).toBeVisible();
    await expect(card).toContainText('Ленинградский пр-т, д. 75');

    await card.getByRole('button', { name: /Изменить/ }).click();
    // The form is filled from the shop as it opens; type only once it shows the shop, as a person would.
    await expect(drawer.getByLabel('Название')).toHaveValue('Сервис+ на Соколе');
    await drawer.getByLabel('Телефон').fill('+7 (495) 111-22-33');
    await drawer.getByRole('button', { name: 'Сохранить' }).click();
    await expect(card).toContainText('+7 (495) 111-22-33');

    await card.locator('input[type=file]').setInputFiles({ name: 'vitrina.png', mimeType: 'image/png', buffer: png });
    const thumb = card.getByRole('img', { name: /Фото магазина/ });
    await expect(thumb).toBeVisible();
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    await card.getByRole('button', { name: 'Удалить фото' }).click();
    await page.locator('.ant-popover:visible').getByRole('button', { name: 'Удалить' }).click();
    await expect(card.getByRole('img', { name: /Фото магазина/ })).toHaveCount(0);

    await card.getByRole('button', { name: /Удалить «Сервис\+ на Соколе»/ }).click();
    await page.locator('.ant-popover:visible').getByRole('button', { name: 'Удалить' }).click();
    await expect(card).toHaveCount(0);

    // A shop that staff are assigned to cannot be deleted: the server's reason is shown.
    const first = page.locator('[data-testid^="location-card-"]').filter({ hasText: 'Текущий' });
    await first.getByRole('button', { name: /Удалить «/ }).click();
    await page.locator('.ant-popover:visible').getByRole('button', { name: 'Удалить' }).click();
    await expect(page.locator('.Toastify__toast').filter({ hasText: 'Магазин нельзя удалить' })).toBeVisible();
    await expect(first).toBeVisible();

    // The refused call is kept in the debug list, which can be cleared.
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Отладка' }).click();
    await expect(page.locator('#page-title')).toHaveText('Отладка');
    await expect(page.getByRole('row').filter({ hasText: 'Магазин нельзя удалить' })).toHaveCount(1);
    await page.getByRole('button', { name: /Очистить/ }).click();
    await expect(page.getByRole('row').filter({ hasText: 'Магазин нельзя удалить' })).toHaveCount(0);
  });
});

test.describe('Профиль', () => {
  test('сотрудник меняет имя, видит свой сеанс и получает ошибку у поля при неверном пароле', async ({ page, loginAs, consoleGuard }) => {
    consoleGuard.allow(/status of 400/);
    await loginAs('engineer');
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Профиль' }).click();
    await expect(page.locator('#page-title')).toHaveText('Профиль');

    const name = page.getByLabel('Имя');
    await expect(name).not.toHaveValue('');
    // Alternate between two names so that the test also passes when repeated on the same database.
    const newName = (await name.inputValue()) === 'Кузнецов Дмитрий Олегович' ? 'Кузнецов Дмитрий' : 'Кузнецов Дмитрий Олегович';
    await name.fill(newName);
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await expect(page.getByTestId('user-menu')).toContainText(newName);

    await expect(page.getByRole('row').filter({ hasText: 'Текущий' })).toHaveCount(1);

    await page.getByLabel('Текущий пароль').fill('not-my-password');
    await page.getByLabel('Новый пароль', { exact: true }).fill('new-password-1');
    await page.getByLabel('Повторите новый пароль').fill('new-password-1');
    await page.getByRole('button', { name: 'Изменить пароль' }).click();
    // The message stands under the field (the seed's toast repeats it, as for every failed call).
    await expect(page.locator('.ant-form-item').filter({ has: page.getByLabel('Текущий пароль') }).locator('.ant-form-item-explain-error')).toHaveText('Неверный текущий пароль');
  });

  test('«Выйти на всех устройствах» завершает все сеансы, и другое устройство сразу попадает на вход', async ({ browser, page, loginAs, consoleGuard }) => {
    consoleGuard.allow(/status of 403/);
    // The same employee on a second device, idle on the main page.
    const otherContext = await browser.newContext();
    const other = await otherContext.newPage();
    await other.goto('/login');
    await other.getByLabel('Телефон').fill('9000000002');
    await other.getByLabel('Пароль').fill('demo1234');
    await other.getByRole('button', { name: 'Войти' }).click();
    await expect(other.getByTestId('realtime-status')).toContainText('Подключено');

    await loginAs('manager');
    await page.goto('/profile');
    await expect(page.getByRole('row').filter({ hasText: 'Завершить' })).not.toHaveCount(0);
    await page.getByRole('button', { name: /Выйти на всех устройствах/ }).click();
    await page.locator('.ant-popover:visible').getByRole('button', { name: 'Выйти везде' }).click();
    await expect(page).toHaveURL(/\/login/);
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login/);

    // The other device learns it over the WebSocket (close 4401) without doing anything.
    await expect(other).toHaveURL(/\/login/);
    await otherContext.close();
  });
});
