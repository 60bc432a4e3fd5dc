import type { CDPSession, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';

/**
 * Issue 20, item 7: the first visit to an area without the federation's cost, and a repeat visit that
 * asks the network only for what must be fresh. Requests are watched through CDP: Playwright's own
 * events do not say whether an answer came from the HTTP cache, nor the request's priority.
 */
interface Seen {
  url: string;
  path: string;
  type?: string;
  priority?: string;
  fromCache: boolean;
  status?: number;
  finished: boolean;
  phase: string;
}

async function watchNetwork(page: Page): Promise<{ cdp: CDPSession; seen: Map<string, Seen>; phase: { name: string } }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const seen = new Map<string, Seen>();
  const phase = { name: 'start' };
  cdp.on('Network.requestWillBeSent', (e) => {
    if (seen.has(e.requestId)) return;
    const u = new URL(e.request.url);
    seen.set(e.requestId, { url: e.request.url, path: u.pathname + u.search, type: e.type, priority: e.request.initialPriority, fromCache: false, finished: false, phase: phase.name });
  });
  cdp.on('Network.requestServedFromCache', (e) => {
    const r = seen.get(e.requestId);
    if (r) r.fromCache = true;
  });
  cdp.on('Network.responseReceived', (e) => {
    const r = seen.get(e.requestId);
    if (!r) return;
    r.status = e.response.status;
    r.type = e.type;
    if (e.response.fromDiskCache || e.response.fromPrefetchCache || e.response.fromServiceWorker) r.fromCache = true;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = seen.get(e.requestId);
    if (r) r.finished = true;
  });
  return { cdp, seen, phase };
}

/** The live entry of an area (from /remotes.json, as the host reads it). */
async function liveEntry(page: Page, area: string): Promise<string> {
  const manifest = (await (await page.request.get('/remotes.json')).json()) as Record<string, { entry: string }>;
  return manifest[area].entry;
}

test('после входа в простое входы разделов скачаны с низким приоритетом, а переход в раздел их не скачивает снова', async ({ page, loginAs }) => {
  const { seen, phase } = await watchNetwork(page);
  phase.name = 'signin';
  await loginAs('owner');
  const stockEntry = await liveEntry(page, 'stock');
  const salesEntry = await liveEntry(page, 'sales-orders');
  const folder = stockEntry.slice(0, stockEntry.lastIndexOf('/') + 1);
  const fetched = (p: string) => [...seen.values()].some((r) => r.phase === 'signin' && r.path === p && r.finished && !r.fromCache);

  // The main layout is up; once the page's network is idle the host fetches every permitted area's
  // entry, manifest and `./routes` chunk.
  await expect.poll(() => fetched(stockEntry) && fetched(`${folder}mf-manifest.json`) && fetched(salesEntry), { timeout: 20_000 }).toBe(true);
  const prefetched = [...seen.values()].filter((r) => r.phase === 'signin' && r.path.startsWith('/mfe/'));
  const routesChunk = prefetched.find((r) => r.path.startsWith(`${folder}__federation_expose_routes`));
  expect(routesChunk, 'the ./routes chunk of the stock area').toBeTruthy();
  await expect.poll(() => routesChunk!.finished).toBe(true);
  // Low priority: the screen in front of the employee comes first.
  for (const r of prefetched) expect(['Low', 'VeryLow'], r.path).toContain(r.priority);

  // A later menu click to the area downloads none of them again (HTTP-cache hits, no revalidation).
  phase.name = 'visit';
  await page.getByRole('menuitem', { name: /Склад/ }).click();
  await expect(page).toHaveURL('/stock');
  await expect(page.locator('#page-title')).toHaveText('Склад');
  // The area's own screen (its tabs) has rendered: its code has loaded.
  await expect(page.getByRole('tab', { name: 'Остатки' })).toBeVisible();
  const again = () => [...seen.values()].filter((r) => r.phase === 'visit' && [stockEntry, `${folder}mf-manifest.json`, routesChunk!.path].includes(r.path));
  await expect.poll(() => again().length > 0 && again().every((r) => r.finished), { message: 'the loader and the runtime still ask for the files' }).toBe(true);
  expect(again().filter((r) => !r.fromCache).map((r) => `${r.path} ${r.status}`)).toEqual([]);
});

test('без сохранения трафика (saveData) разделы заранее не скачиваются', async ({ page, loginAs }) => {
  await page.addInitScript(() => Object.defineProperty(navigator, 'connection', { configurable: true, value: { saveData: true } }));
  const { seen } = await watchNetwork(page);
  await loginAs('owner');
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(2500);
  expect([...seen.values()].filter((r) => r.path.startsWith('/mfe/')).map((r) => r.path)).toEqual([]);
});

test('повторный заход на /stock/leftovers (перезагрузка) идёт в сеть только за документом, /remotes.json и /api', async ({ page, loginAs }) => {
  const { seen, phase } = await watchNetwork(page);
  await loginAs('owner');
  await page.getByRole('menuitem', { name: /Склад/ }).click();
  await page.getByRole('tab', { name: 'Остатки' }).click();
  await expect(page).toHaveURL('/stock/leftovers');
  await expect(page.getByTestId('leftovers-summary')).toBeVisible();
  // The session so far has been idle long enough for the host to prefetch every area (as on a real day).
  const manifest = (await (await page.request.get('/remotes.json')).json()) as Record<string, { entry: string }>;
  const entries = Object.values(manifest).map((e) => e.entry);
  await expect
    .poll(() => entries.every((entry) => [...seen.values()].some((r) => r.path === entry && r.finished)), { timeout: 20_000 })
    .toBe(true);
  await page.waitForLoadState('networkidle');

  phase.name = 'reload';
  await page.reload();
  await expect(page.getByTestId('leftovers-summary')).toBeVisible();
  await page.waitForLoadState('networkidle');
  const reload = [...seen.values()].filter((r) => r.phase === 'reload');
  const overNetwork = reload.filter((r) => !r.fromCache && !/^(data|blob):/.test(r.url));
  const allowed = (r: Seen) => r.type === 'Document' || /^\/remotes\.json(\?|$)/.test(r.path) || r.path.startsWith('/api/');
  // Nothing the first visit downloaded is downloaded again. One exception is tolerated, and only one: a
  // host chunk the first visit never needed. The lent antd Input asks for its Password/Search pieces as a
  // chunk of their own, which the host's pages carry inline, so a session that reached the area by the menu
  // never fetched it (issue #22 left this open: docs/performance.md).
  const startPaths = new Set([...seen.values()].filter((r) => r.phase !== 'reload').map((r) => r.path));
  const fetched = overNetwork.filter((r) => !allowed(r));
  expect(fetched.filter((r) => startPaths.has(r.path)).map((r) => `${r.path} ${r.status ?? ''}`)).toEqual([]);
  expect(fetched.filter((r) => !/^\/\d+\.[0-9a-f]+\.js$/.test(r.path)).map((r) => r.path)).toEqual([]);
  expect(fetched.length).toBeLessThanOrEqual(1);
  // The page did load its scripts: from the cache.
  expect(reload.filter((r) => r.fromCache && /\.js(\?|$)/.test(r.path)).length).toBeGreaterThan(5);
  // The start-up check: one call (token status and profile), not check-token then me.
  expect(overNetwork.filter((r) => /^\/api\/auth\/(bootstrap|check-token|me)/.test(r.path)).map((r) => r.path)).toEqual(['/api/auth/bootstrap']);
});
