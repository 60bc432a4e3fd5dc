import { chromium } from '@playwright/test';
const base = process.env.BASE ?? 'http://127.0.0.1:3300';
const pages = (process.env.PAGES ?? '/profileworker/payroll,/profileworker,/settings?tab=roles').split(',');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
for (const width of [1440, 1024]) {
  const ctx = await browser.newContext({ viewport: { width, height: 900 }, locale: 'ru-RU', timezoneId: 'Europe/Moscow' });
  const page = await ctx.newPage();
  await page.goto(base + '/login');
  await page.getByLabel(/Телефон/).fill(process.env.PHONE ?? '9000000001');
  await page.getByLabel(/Пароль/).fill('demo1234');
  await page.getByRole('button', { name: /Войти/ }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
  for (const p of pages) {
    await page.goto(base + p);
    await page.waitForTimeout(2500);
    const name = p.replace(/[^a-z0-9]+/gi, '_');
    await page.screenshot({ path: `/tmp/shots/${name}-${width}.png`, fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    console.log(p, width, 'overflow', overflow);
  }
  await ctx.close();
}
await browser.close();
