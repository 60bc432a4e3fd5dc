import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { distDir, repoRoot } from '../support/dist-dir';
import { demo, expect, test } from '../support/fixtures';

async function ownerToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/auth/login', { data: { phone: `+7${demo.owner.phone}`, password: demo.owner.password } });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { token: string }).token;
}

async function activate(request: APIRequestContext, token: string, area: string, version: string) {
  const res = await request.post(`/api/releases/${area}/activate`, { headers: { Authorization: `Bearer ${token}` }, data: { version } });
  expect(res.ok(), await res.text()).toBe(true);
}

test('раздел выпускает новый подмаршрут, и работающая оболочка отдаёт его без пересборки', async ({ page, loginAs, request }) => {
  test.setTimeout(300_000);
  const token = await ownerToken(request);
  const list = await request.get('/api/releases', { headers: { Authorization: `Bearer ${token}` } });
  expect(list.ok()).toBe(true);
  const areas = ((await list.json()) as { areas: Array<{ area: string; live: string | null }> }).areas;
  const before = areas.find((a) => a.area === 'sales-orders')?.live;
  expect(before).toBeTruthy();

  // A tab that already runs the area.
  await loginAs('owner');
  await page.goto('/sales');
  await expect(page.locator('#page-title')).toHaveText('Продажи');
  // The area's real screen (the counter) runs in this tab.
  await expect(page.getByTestId('sale-total')).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Архив заказов' })).toHaveCount(0);

  // Build the variant with two more screens and a menu item into a new version folder, then release it.
  const version = `0.1.0-e2e${Date.now().toString(36)}`;
  execFileSync(process.execPath, [path.join(repoRoot, 'e2e/support/build-area-variant.mjs'), 'sales-orders', version, distDir], {
    stdio: 'pipe',
    timeout: 200_000,
  });
  await activate(request, token, 'sales-orders', version);
  try {
    // The open tab hears of it and offers to switch, quietly.
    const notice = page.getByTestId('release-notice');
    await expect(notice).toBeVisible({ timeout: 20_000 });
    await notice.getByRole('button', { name: 'Обновить раздел' }).click();

    // Menu, title and screen come from the new version's metadata and code.
    await page.getByRole('menuitem', { name: 'Архив заказов' }).click();
    await expect(page).toHaveURL('/orders/archive');
    await expect(page.locator('#page-title')).toHaveText('Архив заказов');
    await expect(page.getByText(/ещё не создан/)).toBeVisible();

    // A detail screen the host never heard of titles itself; a fresh load serves it too.
    await page.goto('/orders/archive/123');
    await expect(page.locator('#page-title')).toHaveText('Архивный заказ №123');
    await expect(page).toHaveTitle(/^Архивный заказ №123/);
    await expect(page.getByRole('link', { name: 'Заказы/Ремонт' })).toBeVisible();
  } finally {
    await activate(request, token, 'sales-orders', before!);
    // The variant was only for this run: keep the build folder (the product's dist) as it was.
    fs.rmSync(path.join(distDir, 'mfe', 'sales-orders', version), { recursive: true, force: true });
  }

  // Back on the old version, /orders/archive/123 is the host's not-found again.
  await page.goto('/orders/archive/123');
  await expect(page.locator('#page-title')).toHaveText('Страница не найдена');
});

test('сломанная версия раздела: сотрудник работает на последней исправной, сбой виден в «Версии разделов», откат в один щелчок', async ({
  page,
  loginAs,
  request,
  consoleGuard,
}) => {
  consoleGuard.allow(/remoteEntry|RUNTIME-|salesOrders|SyntaxError|Unexpected/i);
  const token = await ownerToken(request);
  const auth = { Authorization: `Bearer ${token}` };
  const list = await request.get('/api/releases', { headers: auth });
  expect(list.ok()).toBe(true);
  const before = ((await list.json()) as { areas: Array<{ area: string; live: string | null }> }).areas.find(
    (a) => a.area === 'sales-orders',
  )!.live!;

  // A copy of the live build whose entry does not even parse.
  const broken = `0.1.0-e2ebroken${Date.now().toString(36)}`;
  const folder = path.join(distDir, 'mfe', 'sales-orders');
  fs.cpSync(path.join(folder, before), path.join(folder, broken), { recursive: true });
  for (const f of ['remoteEntry.js.br', 'remoteEntry.js.gz']) fs.rmSync(path.join(folder, broken, f), { force: true });
  fs.writeFileSync(path.join(folder, broken, 'remoteEntry.js'), 'var salesOrders = (function ( {;\n');
  await activate(request, token, 'sales-orders', broken);
  try {
    await loginAs('owner');
    await page.goto('/sales');
    await expect(page.locator('#page-title')).toHaveText('Продажи');
    // The last good version runs (the counter); nothing alarming is shown.
    await expect(page.getByTestId('sale-total')).toBeVisible();
    await expect(page.getByText('Раздел временно недоступен')).toHaveCount(0);
    // The failure reached the server.
    await expect
      .poll(async () => {
        const res = await request.get('/api/releases', { headers: auth });
        const area = ((await res.json()) as { areas: Array<{ area: string; failures: Array<{ version: string }> }> }).areas.find(
          (a) => a.area === 'sales-orders',
        );
        return area?.failures.some((f) => f.version === broken) ?? false;
      })
      .toBe(true);

    // Ops see the failure in «Версии разделов» and roll back in one click.
    await page.goto('/settings?tab=releases');
    const card = page.getByTestId('area-releases-sales-orders');
    await expect(card.getByText('Последние сбои загрузки')).toBeVisible();
    await expect(card.getByRole('cell', { name: broken }).first()).toBeVisible();
    await card.getByRole('button', { name: 'Откатить' }).click();
    await page.getByRole('tooltip').getByRole('button', { name: 'Откатить' }).click();
    await expect
      .poll(async () => {
        const res = await request.get('/api/releases', { headers: auth });
        return ((await res.json()) as { areas: Array<{ area: string; live: string | null }> }).areas.find((a) => a.area === 'sales-orders')?.live;
      })
      .toBe(before);
    // The screen follows the realtime event: the restored version carries the «рабочая» tag in the history.
    await expect(card.getByRole('cell', { name: new RegExp(`^${before.replace(/\./g, '\\.')}\\s*рабочая$`) })).toBeVisible();
  } finally {
    await activate(request, token, 'sales-orders', before);
    fs.rmSync(path.join(folder, broken), { recursive: true, force: true });
  }
});
