import { api } from '../../api/instance';
import { bus } from '../../bus';
import { authStore } from '../auth';
import { uiStore } from '../ui';
import { clearCookies, cookieValue, makeProfile } from '../../__tests__/helpers';

beforeEach(() => {
  clearCookies();
  authStore.getState().signOut();
  uiStore.setState({ change_location: true });
});

describe('auth store', () => {
  it('starts signed out without a token cookie', () => {
    const { token, profile, isAuthenticated } = authStore.getState();
    expect({ token, profile, isAuthenticated }).toEqual({ token: null, profile: null, isAuthenticated: false });
  });

  it('setting a token signs in, sets the bearer header and the token cookie', () => {
    authStore.getState().setToken('abc123');
    expect(authStore.getState().token).toBe('abc123');
    expect(authStore.getState().isAuthenticated).toBe(true);
    expect(api.defaults.headers.common.Authorization).toBe('Bearer abc123');
    expect(cookieValue('token')).toBe('abc123');
  });

  it('stores the profile and applies its rules', () => {
    const profile = makeProfile(['view:sale:location']);
    authStore.getState().setProfile(profile);
    expect(authStore.getState().profile).toEqual(profile);
    expect(uiStore.getState().change_location).toBe(false);
  });

  it('signing out clears token, profile, cookie and header, and announces it once', () => {
    const onSignedOut = jest.fn();
    bus.on('auth:signed-out', onSignedOut);
    authStore.getState().setToken('abc123');
    authStore.getState().setProfile(makeProfile(['change_location']));

    authStore.getState().signOut();
    authStore.getState().signOut();

    const { token, profile, isAuthenticated } = authStore.getState();
    expect({ token, profile, isAuthenticated }).toEqual({ token: null, profile: null, isAuthenticated: false });
    expect(cookieValue('token')).toBeUndefined();
    expect(api.defaults.headers.common.Authorization).toBeUndefined();
    expect(onSignedOut).toHaveBeenCalledTimes(1);
    bus.off('auth:signed-out', onSignedOut);
  });

  it('an empty token is a sign-out, never a signed-in state without a token', () => {
    authStore.getState().setToken('abc123');
    authStore.getState().setToken('');
    expect(authStore.getState().isAuthenticated).toBe(false);
  });
});

describe('auth store start-up', () => {
  it('picks the token up from the cookie after a reload', () => {
    document.cookie = 'token=from-cookie; path=/';
    jest.isolateModules(() => {
      const fresh = jest.requireActual<typeof import('../auth')>('../auth');
      expect(fresh.authStore.getState().token).toBe('from-cookie');
      expect(fresh.authStore.getState().isAuthenticated).toBe(true);
    });
  });
});
