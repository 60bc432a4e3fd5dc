import { expect, test } from '../support/fixtures';

/** What the page reports through `securitypolicyviolation` (collected in Node, so page loads do not lose it). */
interface Violation {
  directive: string;
  blocked: string;
  source: string;
}

test('страница приходит с CSP, а вход, главная и два раздела работают без единого нарушения политики', async ({ page, loginAs }) => {
  const violations: Violation[] = [];
  await page.exposeFunction('reportCspViolation', (v: Violation) => void violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { reportCspViolation(v: unknown): void }).reportCspViolation;
      report({ directive: e.effectiveDirective, blocked: e.blockedURI, source: `${e.sourceFile}:${e.lineNumber}` });
    });
  });
  const socketUrls: string[] = [];
  page.on('websocket', (ws) => socketUrls.push(ws.url()));

  const response = await page.goto('/login');
  const policy = response?.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("script-src 'self'");
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).toContain("object-src 'none'");
  expect(policy).not.toContain('unsafe-eval');
  expect(response?.headers()['x-content-type-options']).toBe('nosniff');
  expect(response?.headers()['referrer-policy']).toBeTruthy();
  // Plain http: no HSTS.
  expect(response?.headers()['strict-transport-security']).toBeUndefined();

  await loginAs('owner');
  await expect(page.locator('#page-title')).toHaveText('Главная');
  await expect(page.getByTestId('realtime-status')).toContainText('Подключено');

  // Two areas (two remotes, each loaded through Module Federation) opened from the menu.
  await page.getByRole('menuitem', { name: /Склад/ }).click();
  await expect(page.locator('#page-title')).toHaveText('Склад');
  await page.getByRole('menuitem', { name: /Клиенты/ }).click();
  await expect(page.locator('#page-title')).toHaveText('Клиенты');
  await page.getByRole('menuitem', { name: /Настройки/ }).click();
  await expect(page.locator('[data-testid^="location-card-"]').first()).toBeVisible();

  expect(violations).toEqual([]);
  // The socket signs in with the cookie: no token in its address.
  expect(socketUrls.length).toBeGreaterThan(0);
  for (const url of socketUrls) expect(url).not.toMatch(/token/i);
});
