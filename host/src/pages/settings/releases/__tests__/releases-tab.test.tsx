import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AreaMeta, AreaReleases, ReleasesResponse } from '@repo/contracts';
import { bus, notify } from '@repo/shared-core';
import { createFakeApi, renderPage, respondError } from '@repo/testing';
import { areaRegistry } from '../../../../federation/area-registry';
import { SettingsPage } from '../../settings-page';
import { ReleasesTab } from '../releases-tab';

const meta = (area: AreaMeta['area'], title: string): AreaMeta => ({ area, title, prefixes: [`/${area}`], routes: [], menu: [] });

const stock: AreaReleases = {
  area: 'stock',
  live: '0.1.0-bbbbbbbbbb',
  lastGood: '0.1.0-aaaaaaaaaa',
  history: [
    { area: 'stock', version: '0.1.0-bbbbbbbbbb', commit: '3f2a9c1d7e5b', builtAt: null, releasedBy: 'Ольга Смирнова', activatedAt: '2026-11-22T09:30:00.000Z', failures: 3 },
    { area: 'stock', version: '0.1.0-aaaaaaaaaa', commit: '1111111aaaa', builtAt: null, releasedBy: 'ops', activatedAt: '2026-11-21T08:00:00.000Z', failures: 0 },
    { area: 'stock', version: '0.1.0-0000000000', commit: null, builtAt: null, releasedBy: null, activatedAt: '2026-11-20T08:00:00.000Z', failures: 0 },
  ],
  available: ['0.1.0-bbbbbbbbbb', '0.1.0-aaaaaaaaaa'],
  failures: [{ area: 'stock', version: '0.1.0-bbbbbbbbbb', message: 'remoteEntry.js: 500', at: '2026-11-22T09:35:00.000Z', employeeName: 'Иван Кассиров' }],
};
const sales: AreaReleases = {
  area: 'sales-orders',
  live: '0.1.0-cccccccccc',
  lastGood: '0.1.0-cccccccccc',
  history: [{ area: 'sales-orders', version: '0.1.0-cccccccccc', commit: 'abcdef0123', builtAt: null, releasedBy: 'ops', activatedAt: '2026-11-22T07:00:00.000Z', failures: 0 }],
  available: ['0.1.0-cccccccccc'],
  failures: [],
};
const releases: ReleasesResponse = { areas: [stock, sales] };

const server = createFakeApi();

// antd's tables and popconfirms are heavy in jsdom; a slow CI machine needs more than the default 5 s.
jest.setTimeout(30000);

beforeEach(async () => {
  server.reset();
  areaRegistry.reset(async () => ({
    stock: { name: 'stock', version: stock.live as string, entry: '/mfe/stock/x/remoteEntry.js', meta: meta('stock', 'Склад и товары') },
    'sales-orders': { name: 'salesOrders', version: sales.live as string, entry: '/mfe/sales-orders/x/remoteEntry.js', meta: meta('sales-orders', 'Продажи и заказы') },
  }));
  await areaRegistry.load();
});
afterAll(() => server.restore());

const card = (area: string) => screen.findByTestId(`area-releases-${area}`);
/** The history row of a version (its version cell is the only `code` with that text in the history table). */
const historyRow = (scope: HTMLElement, version: string) =>
  within(scope).getAllByText(version, { selector: 'code' })[0].closest('tr') as HTMLElement;

describe('ReleasesTab', () => {
  it("shows each area's live and last good versions, history and load failures", async () => {
    server.get('releases', releases);
    renderPage(<ReleasesTab />, { rules: ['manage_settings'], api: server });

    const stockEl = await card('stock');
    const stockCard = within(stockEl);
    expect(stockCard.getByText('Склад и товары')).toBeInTheDocument();
    const live = within(historyRow(stockEl, '0.1.0-bbbbbbbbbb'));
    expect(live.getByText('рабочая')).toBeInTheDocument();
    expect(live.getByText('3f2a9c1')).toBeInTheDocument();
    expect(live.getByText('Ольга Смирнова')).toBeInTheDocument();
    expect(live.getByText('22.11.2026 09:30')).toBeInTheDocument();
    expect(live.getByText('3')).toBeInTheDocument();
    expect(live.queryByRole('button')).not.toBeInTheDocument();
    const previous = within(historyRow(stockEl, '0.1.0-aaaaaaaaaa'));
    expect(previous.getByText('исправная')).toBeInTheDocument();
    expect(previous.getByRole('button', { name: 'Сделать активной' })).toBeInTheDocument();
    expect(within(historyRow(stockEl, '0.1.0-0000000000')).getByText('сборки нет на сервере')).toBeInTheDocument();
    expect(stockCard.getByText('remoteEntry.js: 500')).toBeInTheDocument();
    expect(stockCard.getByText('Иван Кассиров')).toBeInTheDocument();

    expect(within(await card('sales-orders')).getByText('Продажи и заказы')).toBeInTheDocument();
    // Nothing to roll back to: the only build is the live one.
    expect(within(await card('sales-orders')).getByRole('button', { name: /Откатить/ })).toBeDisabled();
    // An area the server knows nothing about is still listed, by its code.
    expect(within(await card('crm-finance')).getByText('Раздел ещё не выпускался')).toBeInTheDocument();
  });

  it('rolls an area back to the previous version after a confirmation', async () => {
    const success = jest.spyOn(notify, 'success');
    server.get('releases', releases);
    server.post('releases/:area/activate', (call) => ({ ...stock, live: (call.body as { version: string }).version }));
    renderPage(<ReleasesTab />, { rules: ['manage_settings'], api: server });

    fireEvent.click(within(await card('stock')).getByRole('button', { name: /Откатить/ }));
    expect(await screen.findByText('Откатить раздел «Склад и товары»?')).toBeInTheDocument();
    expect(server.calls('post')).toHaveLength(0);
    const popup = screen.getByText('Откатить раздел «Склад и товары»?').closest('.ant-popover') as HTMLElement;
    fireEvent.click(within(popup).getByRole('button', { name: 'Откатить' }));

    await waitFor(() => expect(server.calls('post', 'releases/:area/activate')).toHaveLength(1));
    expect(server.lastCall('post')).toMatchObject({ params: { area: 'stock' }, body: { version: '0.1.0-aaaaaaaaaa' } });
    await waitFor(() => expect(success).toHaveBeenCalledWith('Раздел «Склад и товары» откачен на версию 0.1.0-aaaaaaaaaa'));
    // The list is read again after the change.
    await waitFor(() => expect(server.calls('get', 'releases')).toHaveLength(2));
  });

  it('makes a history row live with «Сделать активной»', async () => {
    const success = jest.spyOn(notify, 'success');
    server.get('releases', releases);
    server.post('releases/:area/activate', (call) => ({ ...stock, live: (call.body as { version: string }).version }));
    renderPage(<ReleasesTab />, { rules: ['manage_settings'], api: server });

    const row = historyRow(await card('stock'), '0.1.0-aaaaaaaaaa');
    fireEvent.click(within(row).getByRole('button', { name: 'Сделать активной' }));
    const popup = (await screen.findByText('Сделать версию 0.1.0-aaaaaaaaaa рабочей?')).closest('.ant-popover') as HTMLElement;
    fireEvent.click(within(popup).getByRole('button', { name: 'Сделать активной' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Раздел «Склад и товары»: рабочая версия 0.1.0-aaaaaaaaaa'));
    expect(server.lastCall('post')?.body).toEqual({ version: '0.1.0-aaaaaaaaaa' });
  });

  it('shows the error with «Повторить», and an answer that breaks the contract is an error too', async () => {
    server.once('get', 'releases', respondError(500, 'Ошибка сервера'));
    server.once('get', 'releases', { areas: [{ area: 'nope' }] });
    server.get('releases', releases);
    renderPage(<ReleasesTab />, { rules: ['manage_settings'], api: server });

    expect(await screen.findByText('Не удалось загрузить версии разделов')).toBeInTheDocument();
    expect(screen.getByText('Ошибка сервера')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    await waitFor(() => expect(server.calls('get', 'releases')).toHaveLength(2));
    expect(await screen.findByText('Не удалось загрузить версии разделов')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await card('stock')).toBeInTheDocument();
  });

  it('shows the empty state when no area was ever released', async () => {
    server.get('releases', { areas: [] });
    renderPage(<ReleasesTab />, { rules: ['manage_settings'], api: server });
    expect(await screen.findByText('Разделы ещё ни разу не выпускались')).toBeInTheDocument();
  });

  it('reads the list again when a realtime `release` event arrives', async () => {
    server.get('releases', releases);
    renderPage(<ReleasesTab />, { rules: ['manage_settings'], api: server });
    await card('stock');
    expect(server.calls('get', 'releases')).toHaveLength(1);
    act(() => bus.emit('realtime:event', { type: 'updated', entity: 'release', id: 'stock', locationId: null }));
    await waitFor(() => expect(server.calls('get', 'releases')).toHaveLength(2));
  });
});

describe('SettingsPage tab «Версии разделов»', () => {
  it('is there only with manage_settings, and ?tab=releases opens it', async () => {
    server.get('location', []);
    server.get('releases', releases);
    const view = renderPage(<SettingsPage />, { route: '/settings?tab=releases', path: '/settings', rules: ['view:location:all', 'manage_settings'], api: server });
    expect(await screen.findByRole('tab', { name: 'Версии разделов', selected: true })).toBeInTheDocument();
    expect(await card('stock')).toBeInTheDocument();
    view.unmount();

    renderPage(<SettingsPage />, { route: '/settings?tab=releases', path: '/settings', rules: ['view:location:all', 'view:audit:all'], api: server });
    expect(await screen.findByRole('tab', { name: 'Магазины', selected: true })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Версии разделов' })).not.toBeInTheDocument();
  });
});
