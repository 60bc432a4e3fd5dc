import { createRemoteLoader, parseRemotesManifest, type RemoteLoaderDeps } from '../remote-loader';

const Screen = () => null;
const manifest = {
  stock: { name: 'stock', version: '0.1.0-aaa', entry: '/mfe/stock/0.1.0-aaa/remoteEntry.js' },
  'sales-orders': { name: 'salesOrders', version: '0.1.0-bbb', entry: '/mfe/sales-orders/0.1.0-bbb/remoteEntry.js' },
};

function deps(overrides: Partial<RemoteLoaderDeps> = {}) {
  return {
    fetchManifest: jest.fn(async () => manifest),
    register: jest.fn(),
    load: jest.fn(async () => ({ routes: [{ path: '/stock', Component: Screen }] })),
    timeoutMs: 200,
    ...overrides,
  };
}

describe('remote loader', () => {
  it('registers the entry from /remotes.json and loads <name>/routes, once per area', async () => {
    const d = deps();
    const loader = createRemoteLoader(d);
    const [a, b] = await Promise.all([loader.loadArea('stock'), loader.loadArea('stock')]);
    expect(a).toBe(b);
    expect(a.routes[0].path).toBe('/stock');
    expect(d.register).toHaveBeenCalledTimes(1);
    expect(d.register).toHaveBeenCalledWith({ name: 'stock', entry: '/mfe/stock/0.1.0-aaa/remoteEntry.js', force: false });
    expect(d.load).toHaveBeenCalledWith('stock/routes');
  });

  it('rejects when loadRemote fails, and a reset retries with a fresh manifest and a new entry URL', async () => {
    const d = deps({
      load: jest
        .fn()
        .mockRejectedValueOnce(new Error('RUNTIME-008 Failed to load script resources'))
        .mockResolvedValueOnce({ routes: [{ path: '/sales', Component: Screen }] }),
    });
    const loader = createRemoteLoader(d);
    await expect(loader.loadArea('sales-orders')).rejects.toThrow('RUNTIME-008');
    // Still failed until someone asks for a retry: the cached promise is not re-run on every render.
    await expect(loader.loadArea('sales-orders')).rejects.toThrow('RUNTIME-008');
    expect(d.load).toHaveBeenCalledTimes(1);

    loader.reset('sales-orders');
    await expect(loader.loadArea('sales-orders')).resolves.toEqual({ routes: [{ path: '/sales', Component: Screen }] });
    expect(d.fetchManifest).toHaveBeenCalledTimes(2);
    expect(d.register).toHaveBeenLastCalledWith({
      name: 'salesOrders',
      entry: '/mfe/sales-orders/0.1.0-bbb/remoteEntry.js?retry=1',
      force: true,
    });
  });

  it('fails an area missing from /remotes.json without touching the runtime', async () => {
    const d = deps();
    const loader = createRemoteLoader(d);
    await expect(loader.loadArea('crm-finance')).rejects.toThrow(/crm-finance.*remotes\.json/);
    expect(d.register).not.toHaveBeenCalled();
  });

  it('fails when the exposed module is not a routes list', async () => {
    const loader = createRemoteLoader(deps({ load: jest.fn(async () => ({ default: {} })) }));
    await expect(loader.loadArea('stock')).rejects.toThrow(/маршрутов/);
  });

  it('gives up on a hanging remote within the timeout', async () => {
    const loader = createRemoteLoader(deps({ load: jest.fn(() => new Promise(() => undefined)), timeoutMs: 50 }));
    const t0 = Date.now();
    await expect(loader.loadArea('stock')).rejects.toThrow(/не ответил за 50 мс/);
    expect(Date.now() - t0).toBeLessThan(1000);
  });

  it('a failed /remotes.json fetch is retried on the next attempt', async () => {
    const d = deps({ fetchManifest: jest.fn().mockRejectedValueOnce(new Error('HTTP 502')).mockResolvedValue(manifest) });
    const loader = createRemoteLoader(d);
    await expect(loader.loadArea('stock')).rejects.toThrow('HTTP 502');
    loader.reset('stock');
    await expect(loader.loadArea('stock')).resolves.toBeTruthy();
  });
});

describe('parseRemotesManifest', () => {
  it('keeps well-formed entries of known areas only', () => {
    expect(
      parseRemotesManifest({
        stock: manifest.stock,
        'crm-finance': { name: 'crmFinance' },
        unknown: { name: 'x', version: '1', entry: '/x.js' },
      }),
    ).toEqual({ stock: manifest.stock });
    expect(parseRemotesManifest(null)).toEqual({});
  });
});
