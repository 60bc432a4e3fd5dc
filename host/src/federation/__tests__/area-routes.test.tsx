import { act, fireEvent, render, screen } from '@testing-library/react';
import type { RemoteArea } from '@repo/contracts';
import { authStore, useScreenTitle, type AreaRoute } from '@repo/shared-core';
import { MemoryRouter, useParams } from 'react-router-dom';
import { areaRegistry } from '../area-registry';
import { AreaRoutes } from '../area-routes';
import type { LoadedArea, RemoteLoader } from '../remote-loader';
import { RemoteLoaderContext } from '../remote-loader-context';
import { manifest } from './fixtures';

/** A loader whose per-area behaviour the test scripts; caches like the real one. */
function fakeLoader(impl: (area: RemoteArea, attempt: number) => Promise<AreaRoute[]>) {
  const cache = new Map<RemoteArea, Promise<LoadedArea>>();
  const attempts = new Map<RemoteArea, number>();
  const loader: RemoteLoader & { calls: RemoteArea[] } = {
    calls: [],
    loadArea(area) {
      if (!cache.has(area)) {
        loader.calls.push(area);
        const p = impl(area, attempts.get(area) ?? 0).then((routes) => ({ routes, version: 'v', fallback: false }));
        p.catch(() => undefined);
        cache.set(area, p);
      }
      return cache.get(area)!;
    },
    reset(area) {
      cache.delete(area);
      attempts.set(area, (attempts.get(area) ?? 0) + 1);
    },
    loadedVersion: () => undefined,
  };
  return loader;
}

const route = (path: string, Component: () => React.ReactNode): AreaRoute => ({
  path,
  handle: { path, title: path },
  lazy: async () => ({ Component }),
});

function OrderDetails() {
  const { id } = useParams();
  useScreenTitle(`Заказ №${id}`);
  return <p>деталь заказа {id}</p>;
}

const areaRoutes: Record<string, AreaRoute[]> = {
  stock: [
    route('/stock', () => <p>склад</p>),
    route('/stock/posting', () => <p>оприходование</p>),
    route('/stock/secret', () => <p>секрет</p>),
    route('/categories', () => <p>категории</p>),
  ],
  'sales-orders': [
    route('/sales', () => <p>экран продаж</p>),
    route('/orders', () => <p>список заказов</p>),
    route('/orders/archive', () => <p>архив</p>),
    route('/orders/:id', OrderDetails),
  ],
};

async function renderAt(path: string, loader: RemoteLoader) {
  await act(async () => {
    render(
      <MemoryRouter initialEntries={[path]}>
        <RemoteLoaderContext.Provider value={loader}>
          <AreaRoutes />
        </RemoteLoaderContext.Provider>
      </MemoryRouter>,
    );
  });
  // Let the lazy screen resolve inside act.
  await act(async () => undefined);
}

const title = () => document.getElementById('page-title')?.textContent;

describe('AreaRoutes', () => {
  beforeEach(async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    areaRegistry.reset(async () => manifest);
    await areaRegistry.load();
    authStore.getState().setProfile({ role: { id: 'r', name: 'manager', title: 'Управляющий', rules: [] } } as never);
  });
  afterEach(() => jest.restoreAllMocks());

  it('mounts an area under its prefix and shows the screen with the title from the metadata', async () => {
    const loader = fakeLoader(async (area) => areaRoutes[area]);
    await renderAt('/stock/posting', loader);
    expect(await screen.findByText('оприходование')).toBeInTheDocument();
    expect(title()).toBe('Оприходование');
    expect(document.title).toBe('Оприходование — Сервис+');
    expect(screen.getByRole('link', { name: 'Склад' })).toHaveAttribute('href', '/stock');
  });

  it('mounts every prefix of an area (/categories belongs to stock), without a breadcrumb for a non-nested parent', async () => {
    const loader = fakeLoader(async (area) => areaRoutes[area]);
    await renderAt('/categories', loader);
    expect(await screen.findByText('категории')).toBeInTheDocument();
    expect(title()).toBe('Категории');
    expect(screen.queryByRole('link', { name: 'Склад' })).not.toBeInTheDocument();
  });

  it('serves a detail route the area added (/orders/:id), which titles itself', async () => {
    const loader = fakeLoader(async (area) => areaRoutes[area]);
    await renderAt('/orders/123', loader);
    expect(await screen.findByText('деталь заказа 123')).toBeInTheDocument();
    expect(title()).toBe('Заказ №123');
    expect(document.title).toBe('Заказ №123 — Сервис+');
  });

  it('prefers a static sub-route over a parameter (/orders/archive)', async () => {
    const loader = fakeLoader(async (area) => areaRoutes[area]);
    await renderAt('/orders/archive', loader);
    expect(await screen.findByText('архив')).toBeInTheDocument();
    expect(title()).toBe('Архив заказов');
  });

  it('shows the host not-found for an unknown path inside an area, without loading the area', async () => {
    const loader = fakeLoader(async (area) => areaRoutes[area]);
    await renderAt('/stock/nope', loader);
    expect(screen.getByText('Страница не найдена', { selector: '.ant-result-title' })).toBeInTheDocument();
    expect(title()).toBe('Страница не найдена');
    expect(loader.calls).toEqual([]);
  });

  it('shows «Нет доступа» for a route whose rule the employee lacks, without loading the area', async () => {
    const loader = fakeLoader(async (area) => areaRoutes[area]);
    await renderAt('/stock/secret', loader);
    expect(title()).toBe('Нет доступа');
    expect(loader.calls).toEqual([]);
  });

  it('lets an employee with the rule in', async () => {
    authStore.getState().setProfile({ role: { id: 'r', name: 'manager', title: 'Управляющий', rules: ['view:secret'] } } as never);
    const loader = fakeLoader(async (area) => areaRoutes[area]);
    await renderAt('/stock/secret', loader);
    expect(await screen.findByText('секрет')).toBeInTheDocument();
  });

  it('shows the «area unavailable» card when the area fails to load; «Повторить» loads it again', async () => {
    const loader = fakeLoader(async (area, attempt) => {
      if (attempt === 0) throw new Error('RUNTIME-008');
      return areaRoutes[area];
    });
    await renderAt('/sales', loader);
    expect(await screen.findByText('Раздел временно недоступен')).toBeInTheDocument();
    expect(screen.getByText(/Раздел «Продажи и заказы» сейчас не загрузился/)).toBeInTheDocument();
    expect(title()).toBe('Продажи');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Повторить/ })));
    await act(async () => undefined);
    expect(await screen.findByText('экран продаж')).toBeInTheDocument();
    expect(loader.calls).toEqual(['sales-orders', 'sales-orders']);
  });

  it('catches a remote screen that throws while rendering', async () => {
    const Broken = () => {
      throw new Error('boom');
    };
    const loader = fakeLoader(async () => [route('/stock', Broken)]);
    await renderAt('/stock', loader);
    expect(await screen.findByText('Раздел временно недоступен')).toBeInTheDocument();
  });
});

describe('area registry', () => {
  it('fills the menus from the host item and the areas’ metadata, in order', async () => {
    const { uiStore } = await import('@repo/shared-core');
    areaRegistry.reset(async () => manifest);
    expect(uiStore.getState().list_page.map((m) => m.label)).toEqual(['Настройки']);
    await areaRegistry.load();
    expect(uiStore.getState().list_page.map((m) => m.label)).toEqual(['Склад', 'Секрет', 'Продажи', 'Заказы / Ремонт', 'Настройки']);
    expect(uiStore.getState().list_page[0]).toMatchObject({ route: '/stock', icon: 'InboxOutlined', enabled: true, description: 'Остатки' });
  });
});
