import { expect, test } from '../support/fixtures';

/**
 * The client base as staff click it (issue #9): a cashier finds a client by the last four digits of a
 * phone (and sees it masked, without the contacts right); a new client with a phone that is already in
 * the base is warned about, linked to the existing client, and saved only after a confirmation.
 */
test.describe('Клиенты', () => {
  test('кассир находит клиента по последним четырём цифрам телефона', async ({ page, loginAs }) => {
    await loginAs('cashier');
    await page.goto('/clients');
    await page.getByLabel('Поиск клиента').fill('2233');
    await page.getByLabel('Поиск клиента').press('Enter');
    await expect(page).toHaveURL(/search=2233/);
    const row = page.getByRole('row').filter({ hasText: 'Иван Петров' });
    await expect(row).toBeVisible();
    // No `see_client_contacts`: the phone is masked, the last digits still show.
    await expect(row).toContainText('+7 (916) ***-**-33');
    await row.getByText('Иван Петров').click();
    await expect(page).toHaveURL(/open=[0-9a-f-]{36}/);
    await expect(page.getByRole('dialog').getByText('Контакты скрыты')).toBeVisible();
  });

  test('предупреждение о дубле телефона: ссылка на существующего и сохранение с подтверждением', async ({ page, loginAs, consoleGuard }) => {
    // The first save is answered 409 duplicate_phone on purpose; the browser logs that response.
    consoleGuard.allow(/409 \(Conflict\).*\/api\/clients/);
    await loginAs('owner');
    await page.goto('/clients');
    await page.getByRole('button', { name: 'Новый клиент' }).click();
    await expect(page).toHaveURL(/open=new/);
    const drawer = page.getByRole('dialog');
    await drawer.getByLabel('Имя и фамилия').fill('Мария Смирнова-Дубль');
    const phone = drawer.getByLabel('Телефон 1');
    await phone.pressSequentially('89262223344');
    await expect(phone).toHaveValue('+7 (926) 222-33-44');
    await drawer.getByLabel('E-mail').click();
    const warning = drawer.getByTestId('duplicate-warning');
    await expect(warning).toContainText('Этот телефон уже есть в базе');
    await expect(warning.getByText('Мария Смирнова', { exact: true })).toBeVisible();

    await drawer.getByRole('button', { name: 'Добавить клиента' }).click();
    const confirm = page.locator('.ant-modal-confirm');
    await expect(confirm).toContainText('Такой телефон уже есть');
    await expect(confirm).toContainText('Мария Смирнова');
    await confirm.getByRole('button', { name: 'Сохранить всё равно' }).click();
    await expect(page).toHaveURL(/open=[0-9a-f-]{36}/);
    await expect(page.locator('.ant-drawer-title')).toHaveText('Мария Смирнова-Дубль');

    // Both are found by the phone now; the link in the warning leads to the existing one.
    await page.goto('/clients?search=2223344');
    await expect(page.getByRole('row').filter({ hasText: 'Мария Смирнова' })).toHaveCount(2);
  });
});
