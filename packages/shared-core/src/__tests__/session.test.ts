import MockAdapter from 'axios-mock-adapter';
import { api } from '../api/instance';
import { queryClient } from '../query';
import { realtime } from '../realtime/socket';
import { clearSession, loadProfile, signIn } from '../session';
import { authStore } from '../stores/auth';
import { locationStore } from '../stores/location';
import { uiStore } from '../stores/ui';
import { FakeSocket, clearCookies, cookieValue, makeProfile } from './helpers';

beforeEach(() => {
  clearCookies();
  clearSession();
});

describe('signIn', () => {
  it('sets the token cookie, the auth store, the rules and the location from the profile', () => {
    const cashier = makeProfile(['view:sale:location'], { id: 'loc-1', name: 'Центральный' });
    signIn('tok-9', cashier);

    expect(cookieValue('token')).toBe('tok-9');
    expect(authStore.getState()).toMatchObject({ token: 'tok-9', profile: cashier, isAuthenticated: true });
    expect(api.defaults.headers.common.Authorization).toBe('Bearer tok-9');
    expect(uiStore.getState().change_location).toBe(false);
    expect(locationStore.getState().current).toEqual({ _id: 'loc-1', id: 'loc-1', name: 'Центральный' });
    expect(cookieValue('location')).toBe('loc-1');
    expect(api.defaults.headers.common.Shop).toBe('loc-1');
  });

  it('keeps the location alone when the profile has none', () => {
    signIn('tok-9', makeProfile(['change_location'], null));
    expect(locationStore.getState().current).toBeNull();
    expect(uiStore.getState().change_location).toBe(true);
  });
});

describe('loadProfile', () => {
  it('GETs auth/me, stores the profile and applies its rules', async () => {
    const mock = new MockAdapter(api);
    mock.onGet('auth/me').reply(200, makeProfile(['view:sale:location'], { id: 'loc-4', name: 'Четвёртый' }));
    const profile = await loadProfile();
    expect(authStore.getState().profile).toEqual(profile);
    expect(uiStore.getState().change_location).toBe(false);
    expect(locationStore.getState().current?._id).toBe('loc-4');
    mock.restore();
  });
});

describe('clearSession', () => {
  it('signs out, removes both cookies, forgets the location and cached data, and disconnects realtime for good', () => {
    jest.useFakeTimers();
    FakeSocket.instances = [];
    realtime.configure({ WebSocketImpl: FakeSocket });
    signIn('tok-9', makeProfile(['view:sale:location']));
    realtime.connect();
    FakeSocket.last().serverOpen();
    queryClient.setQueryData(['sale'], [{ id: 's-1' }]);

    clearSession();

    expect(authStore.getState()).toMatchObject({ token: null, profile: null, isAuthenticated: false });
    expect(cookieValue('token')).toBeUndefined();
    expect(cookieValue('location')).toBeUndefined();
    expect(locationStore.getState().current).toBeNull();
    expect(api.defaults.headers.common.Shop).toBeUndefined();
    expect(queryClient.getQueryData(['sale'])).toBeUndefined();
    expect(uiStore.getState().change_location).toBe(true);
    expect(realtime.getState().connectionStatus).toBe('Отключено');
    expect(FakeSocket.last().closedByClient).toBe(true);
    jest.advanceTimersByTime(60_000);
    expect(FakeSocket.instances).toHaveLength(1);
    jest.useRealTimers();
  });
});
