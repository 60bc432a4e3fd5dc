import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { api, authStore, bus, locationStore, uiStore, useRealtimeInvalidation } from '@repo/shared-core';
import { useQueryClient } from '@tanstack/react-query';
import type { Location, Profile } from '@repo/contracts';
import { manifestWithMenu, seedMenuItems } from '../../federation/__tests__/fixtures';
import { areaRegistry } from '../../federation/area-registry';
import { renderPage, settle } from '../../pages/__tests__/helpers';
import { MainLayout } from '../main-layout';
import { readSiderChoices, siderStorageKey } from '../sider-preference';

jest.mock('@repo/shared-core', () => {
  const actual = jest.requireActual('@repo/shared-core');
  // Only the network is faked: stores, menus and the rules handler are the real ones.
  actual.api.get = jest.fn().mockResolvedValue({ data: {} });
  actual.api.post = jest.fn().mockResolvedValue({ data: { ok: true } });
  return actual;
});

const loc = (id: string, name: string): Location => ({
  _id: id,
  id,
  name,
  address: null,
  phone: null,
  workingHours: null,
  images: [],
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
});

const profile = (rules: string[]): Profile => ({
  id: 'e1',
  name: 'Ольга Петрова',
  phone: '+79000000001',
  position: null,
  location: { id: 'l1', name: 'Центр' },
  locations: [
    { id: 'l1', name: 'Центр' },
    { id: 'l2', name: 'Север' },
  ],
  role: { id: 'r1', name: 'owner', title: 'Владелец', rules },
});

/** jsdom's window is 1024 px wide; the polyfilled matchMedia answers against innerWidth. */
function setWindowWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
}

function signInAs(rules: string[]) {
  act(() => {
    authStore.getState().setProfile(profile(rules));
    locationStore.getState().setList([loc('l1', 'Центр'), loc('l2', 'Север')]);
    locationStore.getState().setLocation(loc('l1', 'Центр'));
  });
}

describe('MainLayout', () => {
  beforeEach(async () => {
    // The menus come from /remotes.json (the areas' metadata) and the host's own item.
    areaRegistry.reset(async () => manifestWithMenu());
    await areaRegistry.load();
    (api.get as jest.Mock).mockClear();
    (api.post as jest.Mock).mockClear();
    localStorage.clear();
    setWindowWidth(1024);
  });
  afterAll(() => setWindowWidth(1024));

  it("renders the seed's main menu in order, then the online-shop group", async () => {
    setWindowWidth(1440);
    signInAs(['change_location']);
    renderPage(<MainLayout />, { route: '/orders' });
    await settle();
    const nav = screen.getByRole('navigation', { name: 'Главное меню' });
    const labels = within(nav)
      .getAllByRole('menuitem')
      .map((el) => el.textContent?.trim());
    expect(labels).toEqual([
      'Склад',
      'Закупки',
      'Продажи',
      'Заказы / Ремонт',
      'Клиенты',
      'Финансы',
      'Отчеты',
      'Задачи',
      'Планировщик',
      'Профили сотрудников',
      'Настройки',
      'Каталог',
      'Устройства',
      'Заявки',
      'Конструкторы',
    ]);
    expect(within(nav).getByText('Интернет-магазин')).toBeInTheDocument();
    // The item of the current path is the selected one.
    const selected = nav.querySelector('.ant-menu-item-selected');
    expect(selected).toHaveTextContent('Заказы / Ремонт');
  });

  it('shows a menu item’s count from its badge source and reads it again on a realtime event of its entity', async () => {
    setWindowWidth(1440);
    signInAs(['change_location']);
    areaRegistry.reset(async () =>
      manifestWithMenu(
        seedMenuItems
          .filter((i) => i.name !== 'Settings')
          .map((i) => (i.name === 'Tasks' ? { ...i, badge: { url: '/api/tasks/counts', field: 'open', entity: 'task' } } : i)),
      ),
    );
    await areaRegistry.load();
    let open = 3;
    (api.get as jest.Mock).mockImplementation(async (url: string) => ({ data: url === 'tasks/counts' ? { open, overdue: 1 } : {} }));
    // As the host mounts it: realtime events invalidate the queries keyed by their entity.
    function WithRealtime() {
      useRealtimeInvalidation(useQueryClient());
      return <MainLayout />;
    }
    renderPage(<WithRealtime />, { route: '/orders' });
    await settle();
    const nav = screen.getByRole('navigation', { name: 'Главное меню' });
    const item = within(nav).getByText('Задачи').closest('li')!;
    await waitFor(() => expect(within(item).getByTestId('menu-badge')).toHaveTextContent('3'));
    // Only the item with a badge source has a count.
    expect(within(nav).getAllByTestId('menu-badge')).toHaveLength(1);
    open = 4;
    act(() => bus.emit('realtime:event', { type: 'created', entity: 'task', id: 't9', locationId: 'l1' }));
    await waitFor(() => expect(within(item).getByTestId('menu-badge')).toHaveTextContent('4'));
    open = 0;
    act(() => bus.emit('realtime:event', { type: 'updated', entity: 'task', id: 't9', locationId: 'l1' }));
    await waitFor(() => expect(within(item).queryByTestId('menu-badge')).not.toBeInTheDocument());
    (api.get as jest.Mock).mockResolvedValue({ data: {} });
  });

  it('hides a menu item whose rule the employee lacks (owners see everything)', async () => {
    signInAs(['change_location']);
    const manager = profile(['change_location']);
    act(() => authStore.getState().setProfile({ ...manager, role: { ...manager.role, name: 'manager' } }));
    areaRegistry.reset(async () =>
      manifestWithMenu([
        ...seedMenuItems.filter((i) => i.name !== 'Settings'),
        { menu: 'main', name: 'Secret', label: 'Секрет', icon: 'InboxOutlined', route: '/secret', order: 15, rule: 'view:secret' },
      ]),
    );
    await areaRegistry.load();
    renderPage(<MainLayout />, { route: '/orders' });
    await settle();
    const nav = screen.getByRole('navigation', { name: 'Главное меню' });
    expect(within(nav).queryByText('Секрет')).not.toBeInTheDocument();
    expect(within(nav).getByText('Склад')).toBeInTheDocument();
  });

  it('folds the menu to icons below 1200 px', async () => {
    signInAs(['change_location']);
    renderPage(<MainLayout />, { route: '/orders' });
    await settle();
    expect(screen.getByTestId('side-menu')).toHaveClass('ant-layout-sider-collapsed');
    expect(screen.getByRole('button', { name: 'Развернуть меню' })).toHaveAttribute('aria-expanded', 'false');
    // Folded, the items keep their titles as their accessible names (and in tooltips).
    const nav = screen.getByRole('navigation', { name: 'Главное меню' });
    expect(within(nav).getByRole('menuitem', { name: /Клиенты/ })).toBeInTheDocument();
  });

  it('keeps the menu unfolded on a wide screen', async () => {
    setWindowWidth(1440);
    signInAs(['change_location']);
    renderPage(<MainLayout />, { route: '/orders' });
    await settle();
    expect(screen.getByTestId('side-menu')).not.toHaveClass('ant-layout-sider-collapsed');
    expect(screen.getByRole('button', { name: 'Свернуть меню' })).toHaveAttribute('aria-expanded', 'true');
  });

  it("remembers the employee's own choice for the next visit, and only for them", async () => {
    signInAs(['change_location']);
    const first = renderPage(<MainLayout />, { route: '/orders' });
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Развернуть меню' }));
    expect(screen.getByTestId('side-menu')).not.toHaveClass('ant-layout-sider-collapsed');
    expect(readSiderChoices('e1')).toEqual({ narrow: false });
    first.unmount();

    // The next visit of the same employee: unfolded as they left it.
    renderPage(<MainLayout />, { route: '/orders' });
    await settle();
    expect(screen.getByTestId('side-menu')).not.toHaveClass('ant-layout-sider-collapsed');

    // Another employee on this browser: the default for the width.
    act(() => authStore.getState().setProfile({ ...profile(['change_location']), id: 'e2' }));
    await settle();
    expect(screen.getByTestId('side-menu')).toHaveClass('ant-layout-sider-collapsed');
    expect(localStorage.getItem(siderStorageKey('e2'))).toBeNull();
  });

  it('disables the location switcher when change_location is false', async () => {
    signInAs([]);
    expect(uiStore.getState().change_location).toBe(false);
    renderPage(<MainLayout />);
    await settle();
    const switcher = screen.getByTestId('location-switcher');
    expect(switcher).toHaveClass('ant-select-disabled');
    expect(switcher).toHaveTextContent('Центр');
  });

  it('switches location: store, server, then refetch', async () => {
    signInAs(['change_location']);
    renderPage(<MainLayout />);
    await settle();
    const switcher = screen.getByTestId('location-switcher');
    expect(switcher).not.toHaveClass('ant-select-disabled');
    fireEvent.mouseDown(within(switcher).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Север'));
    await waitFor(() => expect(api.get).toHaveBeenCalledWith('location/current/l2'));
    expect(locationStore.getState().current?._id).toBe('l2');
  });

  it('shows the realtime status as words and the employee name', async () => {
    signInAs(['change_location']);
    renderPage(<MainLayout />);
    await settle();
    expect(screen.getByTestId('realtime-status')).toHaveTextContent('Отключено');
    expect(screen.getByTestId('user-menu')).toHaveTextContent('Ольга Петрова');
  });

  it('signs out through the server, then goes to the login page', async () => {
    signInAs(['change_location']);
    renderPage(<MainLayout />);
    await settle();
    fireEvent.click(screen.getByTestId('user-menu'));
    fireEvent.click(await screen.findByText('Выйти'));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('auth/logout'));
    expect(await screen.findByText('Страница входа')).toBeInTheDocument();
    expect(authStore.getState().isAuthenticated).toBe(false);
  });
});
