import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { authStore, queryClient } from '@repo/shared-core';
import type { AreaMeta, Profile } from '@repo/contracts';
import { renderPage, settle } from '../../pages/__tests__/helpers';
import { AreaIdlePrefetch } from '../../layouts/menu-prefetch';
import { SideMenu } from '../../layouts/side-menu';
import { areaRegistry } from '../area-registry';
import { areaPrefetcher, createAreaPrefetcher, scheduleIdlePrefetch, whenNetworkIdle } from '../area-prefetch';
import type { RemotesManifestMap } from '../remote-loader';

jest.mock('@repo/shared-core', () => {
  const actual = jest.requireActual('@repo/shared-core');
  actual.api.get = jest.fn().mockResolvedValue({ data: {} });
  return actual;
});

const meta = (area: AreaMeta['area'], prefix: string, label: string, rule?: string): AreaMeta => ({
  area,
  title: label,
  prefixes: [prefix],
  routes: [{ path: prefix, title: label, ...(rule ? { rule } : {}) }],
  menu: [{ menu: 'main', name: label, label, icon: 'InboxOutlined', route: prefix, order: 10, ...(rule ? { rule } : {}) }],
});

/** Three areas: stock for everyone, sales only with `view:sales`, clients only with `view:clients`. */
const entries: RemotesManifestMap = {
  stock: { name: 'stock', version: '1', entry: '/mfe/stock/1/remoteEntry.js', meta: meta('stock', '/stock', 'Склад') },
  'sales-orders': { name: 'salesOrders', version: '2', entry: '/mfe/sales-orders/2/remoteEntry.js', meta: meta('sales-orders', '/sales', 'Продажи', 'view:sales') },
  'crm-finance': { name: 'crmFinance', version: '3', entry: '/mfe/crm-finance/3/remoteEntry.js', meta: meta('crm-finance', '/clients', 'Клиенты', 'view:clients') },
};

const mfManifest = (chunk: string) => ({ exposes: [{ path: './routes', assets: { js: { sync: [chunk, '../evil.js'] } } }] });

function fakeFetch() {
  return jest.fn(async (url: string, init?: RequestInit) => {
    void init;
    const area = url.split('/')[2];
    return { ok: true, json: async () => mfManifest(`routes-${area}.abc123.js`), arrayBuffer: async () => new ArrayBuffer(0) } as unknown as Response;
  });
}

const cashier = (rules: string[]): Profile => ({
  id: 'e4',
  name: 'Кассир',
  phone: '+79000000004',
  position: null,
  location: { id: 'l1', name: 'Центр' },
  locations: [{ id: 'l1', name: 'Центр' }],
  role: { id: 'r4', name: 'cashier', title: 'Кассир', rules },
});

const setSaveData = (value: boolean | undefined) =>
  Object.defineProperty(navigator, 'connection', { configurable: true, value: value === undefined ? undefined : { saveData: value } });

// Rendering antd's Menu is slow on a busy two-core machine.
jest.setTimeout(30_000);

describe('area prefetch (issue 20, item 7)', () => {
  let fetchMock: ReturnType<typeof fakeFetch>;
  let idle: Array<() => void>;

  beforeEach(async () => {
    fetchMock = fakeFetch();
    (globalThis as { fetch: unknown }).fetch = fetchMock;
    idle = [];
    (window as unknown as { requestIdleCallback: unknown }).requestIdleCallback = jest.fn((cb: () => void) => idle.push(cb));
    setSaveData(undefined);
    areaRegistry.reset(async () => entries);
    await areaRegistry.load();
    queryClient.clear();
    areaPrefetcher.reset();
  });
  afterEach(() => {
    delete (window as unknown as { requestIdleCallback?: unknown }).requestIdleCallback;
    setSaveData(undefined);
  });

  const urls = () => fetchMock.mock.calls.map((c) => c[0]);

  it('downloads an area’s entry, manifest and routes chunk once, at low priority, from the entry’s folder', async () => {
    const p = createAreaPrefetcher();
    await p.prefetch(entries.stock);
    await p.prefetch(entries.stock);
    expect(urls()).toEqual(['/mfe/stock/1/remoteEntry.js', '/mfe/stock/1/mf-manifest.json', '/mfe/stock/1/routes-stock.abc123.js']);
    for (const [, init] of fetchMock.mock.calls) expect(init).toMatchObject({ priority: 'low', credentials: 'same-origin' });
  });

  it('never prefetches when the browser asks to save data', async () => {
    setSaveData(true);
    await createAreaPrefetcher().prefetch(entries.stock);
    const idleFn = jest.fn(() => () => undefined);
    scheduleIdlePrefetch(['stock'], entries, { idle: idleFn });
    expect(idleFn).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('waits for the network to be idle (no query running) and then for the main thread', async () => {
    let fetching = 1;
    const cb = jest.fn();
    whenNetworkIdle(cb, { busy: () => fetching > 0, sinceLastResource: () => Infinity, pollMs: 10 });
    await new Promise((r) => setTimeout(r, 60));
    expect(idle).toHaveLength(0);
    fetching = 0;
    await waitFor(() => expect(idle).toHaveLength(1));
    expect(cb).not.toHaveBeenCalled();
    idle[0]();
    expect(cb).toHaveBeenCalledTimes(1);
  });

  it('after the layout renders and the network is idle, prefetches only the areas the role may open', async () => {
    act(() => authStore.getState().setProfile(cashier(['view:clients'])));
    renderPage(
      <>
        <SideMenu collapsed={false} />
        <AreaIdlePrefetch />
      </>,
      { route: '/' },
    );
    await settle();
    expect(fetchMock).not.toHaveBeenCalled();
    await waitFor(() => expect(idle.length).toBeGreaterThan(0), { timeout: 3000 });
    act(() => idle.forEach((cb) => cb()));
    await waitFor(() => expect(urls()).toContain('/mfe/crm-finance/3/routes-crm-finance.abc123.js'));
    expect(urls()).toContain('/mfe/stock/1/remoteEntry.js');
    expect(urls().some((u) => u.includes('/sales-orders/'))).toBe(false);
  });

  it('does not schedule anything with saveData', async () => {
    setSaveData(true);
    act(() => authStore.getState().setProfile(cashier(['view:clients'])));
    renderPage(<AreaIdlePrefetch />, { route: '/' });
    await settle();
    await new Promise((r) => setTimeout(r, 400));
    expect(idle).toHaveLength(0);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('prefetches an item’s area at once on hover or on focus', async () => {
    act(() => authStore.getState().setProfile(cashier(['view:clients', 'view:sales'])));
    renderPage(<SideMenu collapsed={false} />, { route: '/' });
    await settle();
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.mouseOver(screen.getByRole('link', { name: 'Клиенты' }));
    await waitFor(() => expect(urls()).toContain('/mfe/crm-finance/3/remoteEntry.js'));
    expect(urls().some((u) => u.includes('/sales-orders/'))).toBe(false);
    act(() => screen.getByRole('link', { name: 'Продажи' }).focus());
    await waitFor(() => expect(urls()).toContain('/mfe/sales-orders/2/mf-manifest.json'));
    expect(urls().some((u) => u.includes('/stock/'))).toBe(false);
  });
});
