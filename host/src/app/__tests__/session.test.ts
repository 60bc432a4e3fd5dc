import { api, authStore, clearSession } from '@repo/shared-core';
import { warmAreaFor } from '../../federation/federation-runtime';
import { checkSession } from '../session';

jest.mock('../../federation/federation-runtime', () => ({ warmAreaFor: jest.fn() }));

jest.mock('@repo/shared-core', () => {
  const actual = jest.requireActual('@repo/shared-core');
  return { ...actual, api: { get: jest.fn() }, clearSession: jest.fn() };
});

const get = api.get as jest.Mock;
const profile = { id: 'e1', name: 'Ольга', location: { id: 'l1', name: 'Центр' }, role: { name: 'owner', rules: [] } };

describe('start-up check (seed §2)', () => {
  beforeEach(() => {
    get.mockReset();
    (clearSession as jest.Mock).mockReset();
    authStore.getState().setToken('token-1');
    authStore.setState({ profile: null });
  });

  it('goes to Login without a call when there is no token', async () => {
    authStore.setState({ token: null, isAuthenticated: false });
    expect(await checkSession()).toBe('signed-out');
    expect(get).not.toHaveBeenCalled();
    expect(warmAreaFor).not.toHaveBeenCalled();
  });

  it('starts loading the area of the page alongside the check (not after it)', async () => {
    window.history.replaceState(null, '', '/stock/leftovers');
    let answer!: (v: unknown) => void;
    get.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const started = checkSession();
    await new Promise((r) => setTimeout(r, 0));
    expect(warmAreaFor).toHaveBeenCalledWith('/stock/leftovers');
    answer({ data: { status: 'valid', profile } });
    expect(await started).toBe('signed-in');
    window.history.replaceState(null, '', '/');
  });

  it('clears the session when the server calls the token invalid', async () => {
    get.mockResolvedValue({ data: { status: 'invalid' } });
    expect(await checkSession()).toBe('signed-out');
    expect(clearSession).toHaveBeenCalled();
    expect(authStore.getState().profile).toBeNull();
  });

  it('checks the token and loads the profile in one call (one round trip, not two in a row)', async () => {
    get.mockResolvedValue({ data: { status: 'valid', profile } });
    expect(await checkSession()).toBe('signed-in');
    expect(get).toHaveBeenCalledTimes(1);
    expect(get).toHaveBeenCalledWith('auth/bootstrap', { silent: true });
    expect(authStore.getState().profile).toMatchObject({ id: 'e1' });
  });

  it('never applies a profile without a valid status', async () => {
    get.mockResolvedValue({ data: { status: 'invalid', profile } });
    expect(await checkSession()).toBe('signed-out');
    expect(authStore.getState().profile).toBeNull();
  });

  it('keeps the token and offers a retry when the server cannot be reached', async () => {
    get.mockRejectedValue(new Error('Network Error'));
    expect(await checkSession()).toBe('unavailable');
    expect(clearSession).not.toHaveBeenCalled();
  });
});
