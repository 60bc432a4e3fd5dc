import { startEarly, takeEarly } from '../../early-start';

describe('early start (main.js asks for the first screen’s data before the app has loaded)', () => {
  const fetchMock = jest.fn(async () => ({ ok: true }) as Response);
  beforeEach(() => {
    fetchMock.mockClear();
    (globalThis as { fetch: unknown }).fetch = fetchMock;
    for (const c of document.cookie.split(';')) document.cookie = `${c.split('=')[0].trim()}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
    takeEarly('bootstrap');
    takeEarly('remotes');
  });

  it('with a session cookie: the start-up check (with the Shop) and /remotes.json, each taken once', () => {
    window.history.pushState({}, '', '/stock/leftovers');
    document.cookie = 'token=abc.def; path=/';
    document.cookie = 'location=l1; path=/';
    startEarly();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/bootstrap', expect.objectContaining({ headers: expect.objectContaining({ Authorization: 'Bearer abc.def', Shop: 'l1' }) }));
    expect(fetchMock).toHaveBeenCalledWith('/remotes.json', expect.objectContaining({ cache: 'no-store' }));
    expect(takeEarly('bootstrap')).toBeDefined();
    expect(takeEarly('bootstrap')).toBeUndefined();
  });

  it('asks nothing without a session cookie or on the sign-in page', () => {
    window.history.pushState({}, '', '/stock/leftovers');
    startEarly();
    window.history.pushState({}, '', '/login');
    document.cookie = 'token=abc.def; path=/';
    startEarly();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(takeEarly('remotes')).toBeUndefined();
  });
});
