import { api, authStore, clearSession, loadProfile } from '@repo/shared-core';
import { checkSession } from '../session';

jest.mock('@repo/shared-core', () => {
  const actual = jest.requireActual('@repo/shared-core');
  return { ...actual, api: { get: jest.fn() }, loadProfile: jest.fn(), clearSession: jest.fn() };
});

const get = api.get as jest.Mock;

describe('start-up check (seed §2)', () => {
  beforeEach(() => {
    get.mockReset();
    (loadProfile as jest.Mock).mockReset();
    (clearSession as jest.Mock).mockReset();
    authStore.getState().setToken('token-1');
  });

  it('goes to Login without a call when there is no token', async () => {
    authStore.setState({ token: null, isAuthenticated: false });
    expect(await checkSession()).toBe('signed-out');
    expect(get).not.toHaveBeenCalled();
  });

  it('clears the session when the server calls the token invalid', async () => {
    get.mockResolvedValue({ data: { status: 'invalid' } });
    expect(await checkSession()).toBe('signed-out');
    expect(get).toHaveBeenCalledWith('auth/check-token', { silent: true });
    expect(clearSession).toHaveBeenCalled();
    expect(loadProfile).not.toHaveBeenCalled();
  });

  it('loads the profile when the token is valid', async () => {
    get.mockResolvedValue({ data: { status: 'valid' } });
    (loadProfile as jest.Mock).mockResolvedValue({ id: 'e1' });
    expect(await checkSession()).toBe('signed-in');
    expect(loadProfile).toHaveBeenCalledTimes(1);
  });

  it('keeps the token and offers a retry when the server cannot be reached', async () => {
    get.mockRejectedValue(new Error('Network Error'));
    expect(await checkSession()).toBe('unavailable');
    expect(clearSession).not.toHaveBeenCalled();
  });
});
