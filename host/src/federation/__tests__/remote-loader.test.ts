import { createRemoteLoader, entryFolder, parseRemotesManifest, preloadExposeAssets, type RemoteLoaderDeps } from '../remote-loader';
import { manifest } from './fixtures';

const routesModule = { routes: [{ path: '/stock', handle: { path: '/stock', title: 'Склад' }, lazy: async () => ({ Component: () => null }) }] };

function deps(overrides: Partial<RemoteLoaderDeps> = {}) {
  return {
    getEntry: jest.fn(async (area: keyof typeof manifest) => manifest[area]),
    register: jest.fn(),
    load: jest.fn(async () => routesModule),
    preload: jest.fn(async () => undefined),
    watch: jest.fn(() => () => undefined),
    reportFailure: jest.fn(),
    stallMs: 15_000,
    ...overrides,
  } satisfies RemoteLoaderDeps;
}

describe('remote loader', () => {
  afterEach(() => jest.useRealTimers());

  it('downloads the entry, registers it and loads <name>/routes, once per area', async () => {
    const d = deps();
    const loader = createRemoteLoader(d);
    const [a, b] = await Promise.all([loader.loadArea('stock'), loader.loadArea('stock')]);
    expect(a).toBe(b);
    expect(a).toMatchObject({ version: '0.1.0-aaa', fallback: false });
    expect(d.preload).toHaveBeenCalledTimes(1);
    expect((d.preload as jest.Mock).mock.calls[0][0]).toBe('/mfe/stock/0.1.0-aaa/remoteEntry.js');
    expect(d.watch).toHaveBeenCalledWith('/mfe/stock/0.1.0-aaa/', expect.any(Function));
    expect(d.register).toHaveBeenCalledWith({ name: 'stock', entry: '/mfe/stock/0.1.0-aaa/remoteEntry.js', force: false });
    expect(d.load).toHaveBeenCalledWith('stock/routes');
    expect(loader.loadedVersion('stock')).toBe('0.1.0-aaa');
  });

  it('keeps loading a slow remote for as long as bytes keep arriving', async () => {
    jest.useFakeTimers();
    let progress: () => void = () => undefined;
    let finish: () => void = () => undefined;
    const d = deps({
      preload: jest.fn((_url: string, onProgress: () => void) => {
        progress = onProgress;
        return new Promise<void>((resolve) => {
          finish = resolve;
        });
      }),
    });
    const loader = createRemoteLoader(d);
    const p = loader.loadArea('stock');
    let settled = false;
    p.then(
      () => (settled = true),
      () => (settled = true),
    );
    // 40 s in all, but never 15 s without a byte.
    for (let i = 0; i < 4; i++) {
      await jest.advanceTimersByTimeAsync(10_000);
      progress();
    }
    expect(settled).toBe(false);
    finish();
    await expect(p).resolves.toMatchObject({ version: '0.1.0-aaa' });
  });

  it('gives up after 15 s without progress', async () => {
    jest.useFakeTimers();
    const d = deps({ preload: jest.fn(() => new Promise<void>(() => undefined)) });
    const loader = createRemoteLoader(d);
    const p = loader.loadArea('stock');
    const caught = p.catch((e: Error) => e);
    await jest.advanceTimersByTimeAsync(14_900);
    await jest.advanceTimersByTimeAsync(200);
    expect(((await caught) as Error).message).toMatch(/не загружался 15 с/);
  });

  it('fails at once on an HTTP error, with no fallback to try', async () => {
    const d = deps({ preload: jest.fn(async () => Promise.reject(new Error('/mfe/stock/0.1.0-aaa/remoteEntry.js: HTTP 404'))) });
    const loader = createRemoteLoader(d);
    await expect(loader.loadArea('stock')).rejects.toThrow('HTTP 404');
    expect(d.register).not.toHaveBeenCalled();
    expect(d.reportFailure).toHaveBeenCalledWith('stock', '0.1.0-aaa', expect.stringContaining('HTTP 404'));
  });

  it('does not report a failure of this device\'s connection (no answer at all), but still tries the fallback', async () => {
    const d = deps({ preload: jest.fn(async () => Promise.reject(new TypeError('Failed to fetch'))) });
    const loader = createRemoteLoader(d);
    await expect(loader.loadArea('sales-orders')).rejects.toThrow(/не удалось загрузить.*Failed to fetch/);
    expect(d.preload).toHaveBeenCalledTimes(2);
    expect(d.reportFailure).not.toHaveBeenCalled();
  });

  it('quietly loads the last good version when the live one is broken, and reports the failure once', async () => {
    const d = deps({
      load: jest
        .fn()
        .mockRejectedValueOnce(new Error('RUNTIME-001: remoteEntry has no container'))
        .mockResolvedValue(routesModule),
    });
    const loader = createRemoteLoader(d);
    await expect(loader.loadArea('sales-orders')).resolves.toMatchObject({ version: '0.1.0-old', fallback: true });
    expect(d.register).toHaveBeenNthCalledWith(1, { name: 'salesOrders', entry: '/mfe/sales-orders/0.1.0-bbb/remoteEntry.js', force: false });
    // Same federation name, another entry: re-registered with force.
    expect(d.register).toHaveBeenNthCalledWith(2, { name: 'salesOrders', entry: '/mfe/sales-orders/0.1.0-old/remoteEntry.js', force: true });
    expect(d.reportFailure).toHaveBeenCalledTimes(1);
    expect(d.reportFailure).toHaveBeenCalledWith('sales-orders', '0.1.0-bbb', expect.stringContaining('RUNTIME-001'));
    expect(loader.loadedVersion('sales-orders')).toBe('0.1.0-old');
  });

  it('shows the live version’s error when the fallback fails too', async () => {
    const d = deps({ load: jest.fn().mockRejectedValueOnce(new Error('live broken')).mockRejectedValueOnce(new Error('old broken')) });
    const loader = createRemoteLoader(d);
    await expect(loader.loadArea('sales-orders')).rejects.toThrow('live broken');
  });

  it('keeps a failure until reset, then retries under a new entry URL', async () => {
    const d = deps({ load: jest.fn().mockRejectedValueOnce(new Error('RUNTIME-008')).mockResolvedValue(routesModule) });
    const loader = createRemoteLoader(d);
    await expect(loader.loadArea('stock')).rejects.toThrow('RUNTIME-008');
    await expect(loader.loadArea('stock')).rejects.toThrow('RUNTIME-008');
    expect(d.load).toHaveBeenCalledTimes(1);
    loader.reset('stock', { retry: true });
    await expect(loader.loadArea('stock')).resolves.toBeTruthy();
    expect(d.register).toHaveBeenLastCalledWith({ name: 'stock', entry: '/mfe/stock/0.1.0-aaa/remoteEntry.js?retry=1', force: true });
  });

  it('refuses a remote built for a newer shared-core than the host carries', async () => {
    const d = deps({ requiredSharedCore: jest.fn(async () => '0.2.0'), sharedCoreVersion: '0.1.0' });
    const loader = createRemoteLoader(d);
    await expect(loader.loadArea('stock')).rejects.toThrow(/shared-core 0\.2\.0.*0\.1\.0/);
    expect(d.register).not.toHaveBeenCalled();
    const same = createRemoteLoader(deps({ requiredSharedCore: jest.fn(async () => '0.1.0'), sharedCoreVersion: '0.1.0' }));
    await expect(same.loadArea('stock')).resolves.toBeTruthy();
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
});

describe('parseRemotesManifest', () => {
  it('keeps well-formed entries of known areas only, with their metadata and fallback', () => {
    expect(
      parseRemotesManifest({
        'sales-orders': manifest['sales-orders'],
        'crm-finance': { name: 'crmFinance' },
        unknown: { name: 'x', version: '1', entry: '/x.js' },
      }),
    ).toEqual({ 'sales-orders': manifest['sales-orders'] });
    expect(parseRemotesManifest(null)).toEqual({});
  });

  it('finds the folder of an entry', () => {
    expect(entryFolder('/mfe/stock/1/remoteEntry.js?retry=2')).toBe('/mfe/stock/1/');
  });
});

describe('preloadExposeAssets', () => {
  afterEach(() => document.head.querySelectorAll('link[rel="preload"]').forEach((l) => l.remove()));

  it("preloads the ./routes expose's own chunks from the entry's folder, once", () => {
    const mf = {
      exposes: [
        { path: './other', assets: { js: { sync: ['other.111111111111.js'] } } },
        { path: './routes', assets: { js: { sync: ['__federation_expose_routes.abcdef123456.js', '../escape.js', 'https://evil.example/x.js'] } } },
      ],
    };
    preloadExposeAssets('/mfe/stock/0.1.0-abc/remoteEntry.js?retry=1', mf);
    preloadExposeAssets('/mfe/stock/0.1.0-abc/remoteEntry.js', mf);
    const links = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')];
    expect(links.map((l) => [l.as, new URL(l.href).pathname])).toEqual([['script', '/mfe/stock/0.1.0-abc/__federation_expose_routes.abcdef123456.js']]);
  });

  it('does nothing without an expose list', () => {
    preloadExposeAssets('/mfe/stock/0.1.0-abc/remoteEntry.js', {});
    expect(document.head.querySelectorAll('link[rel="preload"]')).toHaveLength(0);
  });
});
