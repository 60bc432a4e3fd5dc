import { act, render, screen } from '@testing-library/react';
import { defineAreaRoutes } from '../area-routes';
import { screenTitleStore, useScreenTitle } from '../screen-title';

const Screen = () => null;
const meta = { routes: [{ path: '/orders', title: 'Заказы/Ремонт' }, { path: '/orders/:id', title: 'Заказ' }] };

describe('defineAreaRoutes', () => {
  it('pairs every metadata route with its screen loader and handle', async () => {
    const routes = defineAreaRoutes(meta, {
      '/orders': async () => ({ Component: Screen }),
      '/orders/:id': async () => ({ Component: Screen }),
    });
    expect(routes.map((r) => [r.path, r.handle.title])).toEqual([
      ['/orders', 'Заказы/Ремонт'],
      ['/orders/:id', 'Заказ'],
    ]);
    await expect(routes[1].lazy()).resolves.toEqual({ Component: Screen });
  });

  it('refuses a route without a screen and a screen without a route', () => {
    expect(() => defineAreaRoutes(meta, { '/orders': async () => ({ Component: Screen }) })).toThrow('/orders/:id');
    expect(() =>
      defineAreaRoutes(meta, {
        '/orders': async () => ({ Component: Screen }),
        '/orders/:id': async () => ({ Component: Screen }),
        '/order': async () => ({ Component: Screen }),
      }),
    ).toThrow('/order');
  });
});

describe('useScreenTitle', () => {
  function Detail({ n }: { n?: number }) {
    useScreenTitle(n ? `Заказ №${n}` : null);
    return <p>деталь</p>;
  }

  it('sets the override while mounted and clears it on unmount', () => {
    const { rerender, unmount } = render(<Detail />);
    expect(screen.getByText('деталь')).toBeTruthy();
    expect(screenTitleStore.getState().title).toBeNull();
    rerender(<Detail n={123} />);
    expect(screenTitleStore.getState().title).toBe('Заказ №123');
    act(() => unmount());
    expect(screenTitleStore.getState().title).toBeNull();
  });
});
