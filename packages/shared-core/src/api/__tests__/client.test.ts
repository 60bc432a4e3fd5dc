import MockAdapter from 'axios-mock-adapter';
import { api, configureApi } from '../client';
import { notify } from '../../notify/notify';
import { realtime } from '../../realtime/socket';
import { authStore } from '../../stores/auth';
import { uiStore } from '../../stores/ui';
import { FakeSocket, clearCookies, cookieValue } from '../../__tests__/helpers';

let mock: MockAdapter;
let error: jest.SpyInstance;
const onUnauthenticated = jest.fn();
let routeName: string | undefined;

beforeEach(() => {
  clearCookies();
  window.history.pushState({}, '', '/sales');
  routeName = 'Sales';
  configureApi({ apiRoot: '', onUnauthenticated, getRouteName: () => routeName });
  mock = new MockAdapter(api);
  error = jest.spyOn(notify, 'error').mockImplementation(() => 'toast');
  onUnauthenticated.mockReset();
  uiStore.getState().clearDebug();
});
afterEach(() => mock.restore());

function signedIn(location?: string) {
  authStore.getState().setToken('tok-1');
  if (location) document.cookie = `location=${location}; path=/`;
}

describe('axios client: requests', () => {
  it('uses <API root>/api/ as its base', () => {
    expect(api.defaults.baseURL).toBe('/api/');
    configureApi({ apiRoot: 'https://shop.example/' });
    expect(api.defaults.baseURL).toBe('https://shop.example/api/');
    configureApi({ apiRoot: '' });
  });

  it('sends the bearer token from the token cookie and the Shop header from the location cookie', async () => {
    signedIn('loc-5');
    document.cookie = 'token=cookie-token; path=/';
    mock.onGet('location').reply(200, []);
    await api.get('location');
    const headers = mock.history.get[0]!.headers!;
    expect(headers.Authorization).toBe('Bearer cookie-token');
    expect(headers.Shop).toBe('loc-5');
  });

  it('sends neither Authorization nor Shop without a token, even when a location cookie exists', async () => {
    authStore.getState().signOut();
    api.defaults.headers.common.Shop = 'stale';
    document.cookie = 'location=loc-5; path=/';
    mock.onGet('auth/check-token').reply(200, { status: 'invalid' });
    await api.get('auth/check-token');
    const headers = mock.history.get[0]!.headers!;
    expect(headers.Authorization).toBeUndefined();
    expect(headers.Shop).toBeUndefined();
    delete api.defaults.headers.common.Shop;
  });
});

describe('axios client: seed §8 error catalogue', () => {
  it.each([
    [404, 'Запрос не найден'],
    [401, 'Введен неверный логин или пароль'],
    [500, 'Ошибка сервера'],
    [502, 'Ошибка соединения'],
    [418, 'Ошибка соединения'],
  ])('status %i without a message shows "%s" and rejects', async (status, message) => {
    signedIn();
    mock.onGet('x').reply(status, {});
    await expect(api.get('x')).rejects.toMatchObject({ response: { status } });
    expect(error).toHaveBeenCalledWith(message, expect.anything());
  });

  it('a network failure (no response) shows "Ошибка соединения"', async () => {
    mock.onGet('x').networkError();
    await expect(api.get('x')).rejects.toThrow();
    expect(error).toHaveBeenCalledWith('Ошибка соединения', expect.anything());
  });

  it("prefers the server's data.message", async () => {
    mock.onPost('location').reply(400, { message: 'Проверьте правильность заполнения полей', code: 'validation' });
    await expect(api.post('location', {})).rejects.toThrow();
    expect(error).toHaveBeenCalledWith('Проверьте правильность заполнения полей', expect.anything());
  });

  it('stores every error in the debug list as { createdDate, error: { status, message, code, url, method } }', async () => {
    mock.onDelete('location/1').reply(404, { message: 'Магазин не найден', code: 'not_found' });
    await expect(api.delete('location/1')).rejects.toThrow();
    const [entry] = uiStore.getState().debug;
    expect(entry?.error).toEqual({ status: 404, message: 'Магазин не найден', code: 'not_found', url: 'location/1', method: 'DELETE' });
    expect(Number.isNaN(Date.parse(entry!.createdDate))).toBe(false);
  });

  it('shows no notification on the Login route (by name or by path) but still logs the error', async () => {
    mock.onPost('auth/login').reply(401, { message: 'Введен неверный логин или пароль', code: 'invalid_credentials' });
    routeName = 'Login';
    await expect(api.post('auth/login', {})).rejects.toThrow();
    routeName = undefined;
    window.history.pushState({}, '', '/login');
    await expect(api.post('auth/login', {})).rejects.toThrow();
    expect(error).not.toHaveBeenCalled();
    expect(uiStore.getState().debug).toHaveLength(2);
  });

  it('a silent call skips the toast but is still logged', async () => {
    mock.onGet('x').reply(500, {});
    await expect(api.get('x', { silent: true })).rejects.toThrow();
    expect(error).not.toHaveBeenCalled();
    expect(uiStore.getState().debug).toHaveLength(1);
  });

  it('a cancelled call is neither a toast nor a debug entry', async () => {
    mock.onGet('x').reply(200, {});
    const controller = new AbortController();
    controller.abort();
    await expect(api.get('x', { signal: controller.signal })).rejects.toThrow();
    expect(error).not.toHaveBeenCalled();
    expect(uiStore.getState().debug).toHaveLength(0);
  });
});

describe('axios client: 403', () => {
  it.each([
    ['unauthenticated', { message: 'Пользователь не авторизован', code: 'unauthenticated' }],
    ['no code', {}],
  ])('403 %s signs out, drops the cookies, disconnects realtime and goes to Login', async (_label, body) => {
    signedIn('loc-1');
    realtime.configure({ WebSocketImpl: FakeSocket });
    realtime.connect();
    FakeSocket.last().serverOpen();
    expect(realtimeStatus()).toBe('Подключено');
    mock.onGet('auth/me').reply(403, body);
    await expect(api.get('auth/me')).rejects.toThrow();
    expect(error).toHaveBeenCalledWith('Пользователь не авторизован', expect.anything());
    expect(authStore.getState().isAuthenticated).toBe(false);
    expect(cookieValue('token')).toBeUndefined();
    expect(cookieValue('location')).toBeUndefined();
    expect(onUnauthenticated).toHaveBeenCalledTimes(1);
    expect(realtimeStatus()).toBe('Отключено');
    expect(FakeSocket.last().closedByClient).toBe(true);
  });

  it('a socket closed with 4401 signs out like a 403 unauthenticated', () => {
    signedIn('loc-1');
    realtime.configure({ WebSocketImpl: FakeSocket });
    realtime.connect();
    FakeSocket.last().serverOpen();
    FakeSocket.last().serverClose(4401);
    expect(error).toHaveBeenCalledWith('Пользователь не авторизован', expect.anything());
    expect(authStore.getState().isAuthenticated).toBe(false);
    expect(cookieValue('token')).toBeUndefined();
    expect(onUnauthenticated).toHaveBeenCalledTimes(1);
    expect(realtimeStatus()).toBe('Отключено');
  });

  it('403 forbidden shows its message only: the employee stays signed in', async () => {
    signedIn('loc-1');
    mock.onGet('location/current/loc-9').reply(403, { message: 'Нет доступа к выбранному магазину', code: 'forbidden' });
    await expect(api.get('location/current/loc-9')).rejects.toThrow();
    expect(error).toHaveBeenCalledWith('Нет доступа к выбранному магазину', expect.anything());
    expect(authStore.getState().isAuthenticated).toBe(true);
    expect(cookieValue('token')).toBe('tok-1');
    expect(onUnauthenticated).not.toHaveBeenCalled();
  });
});

function realtimeStatus() {
  return realtime.getState().connectionStatus;
}
