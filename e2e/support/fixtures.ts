import { test as base, expect, type Page } from '@playwright/test';

export const demo = {
  owner: { phone: '9000000001', password: 'demo1234' },
  manager: { phone: '9000000002', password: 'demo1234' },
  engineer: { phone: '9000000003', password: 'demo1234' },
  cashier: { phone: '9000000004', password: 'demo1234' },
} as const;
export type DemoAccount = keyof typeof demo;

interface ConsoleGuard {
  /** Console errors matching these are expected in this test (e.g. the browser's own line about a 401). */
  allow(pattern: RegExp): void;
}

/**
 * Every test fails on an unexpected console error or uncaught page error (InvenTree's rule):
 * a broken screen often shows itself only there.
 */
export const test = base.extend<{ consoleGuard: ConsoleGuard; loginAs: (who: DemoAccount) => Promise<void> }>({
  consoleGuard: [
    async ({ page }, use) => {
      const allowed: RegExp[] = [];
      const problems: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() !== 'error') return;
        const text = `${msg.text()} ${msg.location()?.url ?? ''}`;
        if (!allowed.some((re) => re.test(text))) problems.push(text);
      });
      page.on('pageerror', (err) => {
        if (!allowed.some((re) => re.test(err.message))) problems.push(`pageerror: ${err.message}`);
      });
      await use({ allow: (re) => allowed.push(re) });
      expect(problems, 'unexpected console errors').toEqual([]);
    },
    { auto: true },
  ],
  loginAs: async ({ page }, use) => {
    await use(async (who) => {
      await loginThroughForm(page, demo[who].phone, demo[who].password);
      await expect(page).not.toHaveURL(/\/login/);
      await expect(page.getByTestId('location-switcher')).toBeVisible();
    });
  },
});

export async function loginThroughForm(page: Page, phone: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Телефон').fill(phone);
  await page.getByLabel('Пароль').fill(password);
  await page.getByRole('button', { name: 'Войти' }).click();
}

export { expect };

/**
 * Switches the shop in the header. The server remembers the choice for the next start, so this waits
 * for its answer: a navigation before it would cut the request off and the page would come back in
 * the old shop.
 */
export async function switchTo(page: Page, name: string) {
  const switcher = page.getByTestId('location-switcher');
  await expect(switcher).toContainText(/Сервис\+ на/);
  if (((await switcher.textContent()) ?? '').includes(name)) return;
  await switcher.click();
  const remembered = page.waitForResponse((r) => r.url().includes('/api/location/current/') && r.ok());
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: name }).click();
  await expect(switcher).toContainText(name);
  await remembered;
}
