import fs from 'node:fs';
import { expect, test } from '../support/fixtures';

/**
 * Settings → «Резервные копии» (docs/operations.md): the owner sees the last state, makes a backup that
 * fails (its folder cannot be created: a file stands where it should be, as in server/test/backup.test.ts)
 * and sees it in red with the server's message, then one that succeeds with its time and size; the
 * cashier (no `manage_settings`) has no such tab.
 *
 * The server runs on this machine (playwright.config.ts), so the test can block the folder the tab names.
 */

/** The tab's own size format (backups-tab.tsx), to compare with the file on disk. */
function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} КБ`;
  return `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} МБ`;
}

const moscowDate = () => new Date().toLocaleDateString('ru-RU', { timeZone: 'Europe/Moscow' });

test.describe('Резервные копии', () => {
  test('владелец видит последнюю копию, неудачную попытку красным с причиной и новую копию с временем и размером', async ({ page, loginAs }, testInfo) => {
    await loginAs('owner');
    await page.getByRole('menuitem', { name: /Настройки/ }).click();
    await expect(page.locator('#page-title')).toHaveText('Настройки магазина');
    await page.getByRole('tab', { name: 'Резервные копии' }).click();
    await expect(page).toHaveURL(/[?&]tab=backups/);

    const tab = page.getByRole('tabpanel');
    await expect(tab.getByRole('heading', { name: 'Резервные копии' })).toBeVisible();
    // The last state: a fresh server has none yet (a daily backup may have run during a long suite).
    const last = tab.getByTestId('backup-last');
    await expect(last.or(tab.getByText('Копий ещё не было'))).toBeVisible();

    // The schedule names the folder the server writes into.
    const dirCell = tab.getByTestId('backup-dir');
    await expect(dirCell).toHaveText(/\/backups$/);
    const dir = (await dirCell.textContent())!.trim();
    await expect(tab.getByText('в 03:00 (время сервера)')).toBeVisible();

    // A file where the folder should be: the backup fails, and says why.
    const aside = `${dir}.e2e-aside`;
    const existed = fs.existsSync(dir);
    if (existed) fs.renameSync(dir, aside);
    fs.writeFileSync(dir, 'not a folder');
    try {
      const create = tab.getByRole('button', { name: 'Создать копию сейчас' });
      await expect(create).toBeEnabled();
      const answered = page.waitForResponse((r) => r.url().endsWith('/api/backup') && r.request().method() === 'POST');
      await create.click();
      expect((await (await answered).json()).status).toBe('failed');

      const failed = tab.getByTestId('backup-failed');
      await expect(failed).toBeVisible();
      await expect(failed).toHaveClass(/ant-alert-error/);
      await expect(failed).toContainText('Последняя копия не создана');
      await expect(failed).toContainText('из настроек');
      await expect(failed).toContainText(/EEXIST|ENOTDIR|exists|not a directory/);
      await expect(failed).toContainText('Папку для копий не удалось создать');
      // Red: the alert's colours and the message in the danger colour.
      await expect(failed).toHaveCSS('background-color', 'rgb(255, 242, 240)');
      await expect(failed.locator('.ant-typography-danger')).toHaveCSS('color', 'rgb(255, 77, 79)');
      const failedRow = tab.locator('.ant-table tbody tr').filter({ has: page.locator('.ant-tag', { hasText: 'ошибка' }) }).first();
      await expect(failedRow).toContainText(/EEXIST|ENOTDIR|exists|not a directory/);
      await expect(failedRow.locator('.ant-tag')).toHaveClass(/ant-tag-red/);

      for (const [width, height] of [
        [1440, 900],
        [1024, 768],
      ]) {
        await page.setViewportSize({ width, height });
        await expect(failed).toBeVisible();
        await page.screenshot({ path: testInfo.outputPath(`backups-failed-${width}x${height}.png`), fullPage: true });
        // Nothing in the tab is wider than the page.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `horizontal scroll at ${width}×${height}`).toBeLessThanOrEqual(0);
      }
      await page.setViewportSize({ width: 1440, height: 900 });
    } finally {
      fs.rmSync(dir, { force: true });
      if (existed) fs.renameSync(aside, dir);
    }

    // The folder is back: «Создать копию сейчас» makes one, shown with its time, size and file.
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/backup') && r.request().method() === 'POST');
    await tab.getByRole('button', { name: 'Создать копию сейчас' }).click();
    const made = (await (await answered).json()) as { status: string; file: string; fileName: string; size: number };
    expect(made.status).toBe('ok');
    expect(fs.statSync(made.file).size).toBe(made.size);

    await expect(tab.getByTestId('backup-failed')).toHaveCount(0);
    await expect(last).toBeVisible();
    await expect(last).toContainText(made.fileName);
    await expect(last).toContainText(formatSize(made.size));
    await expect(last).toContainText(new RegExp(`${moscowDate().replace(/\./g, '\\.')}, \\d{2}:\\d{2}:\\d{2}`));
    const okRow = tab.locator('.ant-table tbody tr').filter({ hasText: made.fileName });
    await expect(okRow.locator('.ant-tag')).toHaveText('готова');
    await expect(okRow).toContainText(formatSize(made.size));
    // The failed attempt stays in the list below.
    await expect(tab.locator('.ant-table tbody tr').filter({ has: page.locator('.ant-tag', { hasText: 'ошибка' }) })).toHaveCount(1);

    for (const [width, height] of [
      [1440, 900],
      [1024, 768],
    ]) {
      await page.setViewportSize({ width, height });
      await expect(last).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`backups-ok-${width}x${height}.png`), fullPage: true });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `horizontal scroll at ${width}×${height}`).toBeLessThanOrEqual(0);
    }
  });

  test('кассир не видит вкладку резервных копий', async ({ page, loginAs }) => {
    await loginAs('cashier');
    await page.goto('/settings?tab=backups');
    // Settings need `view:settings` (issue #22): the cashier gets «Нет доступа», no tab at all.
    await expect(page.locator('#page-title')).toHaveText('Нет доступа');
    await expect(page.getByRole('tab', { name: 'Резервные копии' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Создать копию сейчас' })).toHaveCount(0);
    await expect(page.getByText('Последняя удачная копия')).toHaveCount(0);
  });
});
