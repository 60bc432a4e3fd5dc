import { expect, test } from '../support/fixtures';

test.describe('Журнал изменений', () => {
  test('владелец меняет часы работы магазина и видит это в журнале', async ({ page, loginAs }) => {
    await loginAs('owner');
    await page.goto('/settings');
    await expect(page.locator('#page-title')).toHaveText('Настройки магазина');

    const card = page.locator('[data-testid^="location-card-"]').first();
    await card.getByRole('button', { name: /Изменить/ }).click();
    const drawer = page.getByRole('dialog');
    // The form is filled from the location when it opens; read the old hours only after that.
    await expect(drawer.getByLabel('Название')).not.toHaveValue('');
    const hours = drawer.getByLabel('Часы работы');
    const before = (await hours.inputValue()) || '—';
    const after = `Ежедневно 09:00–21:${String(Date.now() % 60).padStart(2, '0')} без перерыва`;
    await hours.fill(after);
    await drawer.getByRole('button', { name: 'Сохранить' }).click();
    await expect(drawer).toBeHidden();

    await page.getByRole('tab', { name: 'Журнал изменений' }).click();
    await expect(page).toHaveURL(/[?&]tab=audit/);
    const row = page.getByRole('row').filter({ hasText: `Часы работы: ${before} → ${after}` });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Смирнов Алексей Петрович');
    await expect(row).toContainText('Изменение');
    await expect(row).toContainText('Магазин');

    // The tab is in the URL: a reload (or a link sent to a colleague) opens the journal again.
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Журнал изменений', selected: true })).toBeVisible();
    await page.getByRole('checkbox', { name: 'Только мои действия' }).check();
    await expect(row).toHaveCount(1);
  });

  test('кассир не видит журнал, даже по ссылке', async ({ page, loginAs }) => {
    await loginAs('cashier');
    await page.goto('/settings?tab=audit');
    // Settings need `view:settings` (issue #22): the cashier gets «Нет доступа».
    await expect(page.locator('#page-title')).toHaveText('Нет доступа');
    await expect(page.getByRole('tab', { name: 'Журнал изменений' })).toHaveCount(0);
    await expect(page.getByText('Журнал изменений')).toHaveCount(0);
  });
});
