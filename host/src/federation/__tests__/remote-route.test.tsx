import { act, fireEvent, render, screen } from '@testing-library/react';
import type { RemoteArea } from '@repo/contracts';
import { MemoryRouter } from 'react-router-dom';
import type { RemoteLoader, RemoteRoutesModule } from '../remote-loader';
import { RemoteLoaderContext } from '../remote-loader-context';
import { RemoteRoute } from '../remote-route';

/** A loader whose per-area behaviour the test scripts; caches like the real one. */
function fakeLoader(impl: (area: RemoteArea, attempt: number) => Promise<RemoteRoutesModule>) {
  const cache = new Map<RemoteArea, Promise<RemoteRoutesModule>>();
  const attempts = new Map<RemoteArea, number>();
  const loader: RemoteLoader & { calls: RemoteArea[] } = {
    calls: [],
    loadArea(area) {
      if (!cache.has(area)) {
        loader.calls.push(area);
        const p = impl(area, attempts.get(area) ?? 0);
        p.catch(() => undefined);
        cache.set(area, p);
      }
      return cache.get(area)!;
    },
    reset(area) {
      cache.delete(area);
      attempts.set(area, (attempts.get(area) ?? 0) + 1);
    },
  };
  return loader;
}

const ok = (path: string, text: string): RemoteRoutesModule => ({ routes: [{ path, Component: () => <p>{text}</p> }] });

async function renderRoutes(loader: RemoteLoader, routes: Array<{ area: RemoteArea; path: string }>) {
  // An awaited act lets the suspended `use(promise)` resolve inside React's act scope.
  await act(async () => {
    render(
    <MemoryRouter>
      <RemoteLoaderContext.Provider value={loader}>
        {routes.map((r) => (
          <section key={r.path} data-testid={`slot-${r.area}`}>
            <RemoteRoute area={r.area} path={r.path} />
          </section>
        ))}
      </RemoteLoaderContext.Provider>
    </MemoryRouter>,
    );
  });
}

describe('RemoteRoute', () => {
  beforeEach(() => {
    // React reports errors caught by boundaries on console.error; they are expected here.
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('renders the remote component that matches the host path', async () => {
    const loader = fakeLoader(async () => ({
      routes: [
        { path: '/stock', Component: () => <p>склад</p> },
        { path: '/stock/posting', Component: () => <p>оприходование</p> },
      ],
    }));
    await renderRoutes(loader, [{ area: 'stock', path: '/stock/posting' }]);
    expect(await screen.findByText('оприходование')).toBeInTheDocument();
    expect(screen.queryByText('склад')).not.toBeInTheDocument();
  });

  it('shows the Russian "area unavailable" card when loadRemote fails, while another area works', async () => {
    const loader = fakeLoader(async (area) => {
      if (area === 'sales-orders') throw new Error('RUNTIME-008');
      return ok('/clients', 'экран клиентов');
    });
    await renderRoutes(loader, [
      { area: 'sales-orders', path: '/sales' },
      { area: 'crm-finance', path: '/clients' },
    ]);
    expect(await screen.findByText('Раздел временно недоступен')).toBeInTheDocument();
    expect(screen.getByText(/Раздел «Продажи и заказы» сейчас не загрузился/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Повторить/ })).toBeInTheDocument();
    expect(await screen.findByText('экран клиентов')).toBeInTheDocument();
    expect(screen.getByTestId('slot-crm-finance')).not.toHaveTextContent('недоступен');
  });

  it('«Повторить» asks the loader again and shows the screen once the remote is back', async () => {
    const loader = fakeLoader(async (_area, attempt) => {
      if (attempt === 0) throw new Error('down');
      return ok('/sales', 'экран продаж');
    });
    await renderRoutes(loader, [{ area: 'sales-orders', path: '/sales' }]);
    const retry = await screen.findByRole('button', { name: /Повторить/ });
    await act(async () => fireEvent.click(retry));
    expect(await screen.findByText('экран продаж')).toBeInTheDocument();
    expect(loader.calls).toEqual(['sales-orders', 'sales-orders']);
    expect(screen.queryByText('Раздел временно недоступен')).not.toBeInTheDocument();
  });

  it('catches a remote component that throws while rendering', async () => {
    const Broken = () => {
      throw new Error('boom');
    };
    const loader = fakeLoader(async () => ({ routes: [{ path: '/catalog', Component: Broken }] }));
    await renderRoutes(loader, [{ area: 'shop-content', path: '/catalog' }]);
    expect(await screen.findByText('Раздел временно недоступен')).toBeInTheDocument();
    expect(screen.getByText(/Интернет-магазин/)).toBeInTheDocument();
  });

  it('treats a remote without the requested screen as unavailable', async () => {
    const loader = fakeLoader(async () => ok('/stock', 'склад'));
    await renderRoutes(loader, [{ area: 'stock', path: '/products' }]);
    expect(await screen.findByText('Раздел временно недоступен')).toBeInTheDocument();
    await act(async () => undefined);
  });
});
