import { hostMenu, hostRoutes, isHostPath, layoutRoutes } from '../route-table';

describe('host routes', () => {
  it('are the host-owned routes of seed §2 with their titles (areas bring their own)', () => {
    expect(Object.fromEntries(hostRoutes.map((r) => [r.path, r.title]))).toEqual({
      '/login': 'Вход',
      '/': 'Главная',
      '/settings': 'Настройки магазина',
      '/profile': 'Профиль',
      '/debug': 'Отладка',
    });
  });

  it('require authentication everywhere except /login', () => {
    expect(hostRoutes.filter((r) => !r.auth).map((r) => r.path)).toEqual(['/login']);
    expect(layoutRoutes.map((r) => r.path)).toEqual(['/', '/settings', '/profile', '/debug']);
  });

  it('recognise host paths exactly', () => {
    expect(isHostPath('/')).toBe(true);
    expect(isHostPath('/settings/')).toBe(true);
    expect(isHostPath('/settings/x')).toBe(false);
    expect(isHostPath('/stock')).toBe(false);
  });

  it('put the host’s own Settings item at order 110 of the main menu', () => {
    expect(hostMenu).toEqual([expect.objectContaining({ menu: 'main', name: 'Settings', label: 'Настройки', route: '/settings', order: 110 })]);
  });
});
