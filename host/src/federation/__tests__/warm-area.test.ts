import type { AreaMeta } from '@repo/contracts';
import { areaRegistry } from '../area-registry';
import { remoteLoader, warmAreaFor } from '../federation-runtime';
import type { LoadedArea, RemotesManifestMap } from '../remote-loader';

jest.mock('@module-federation/enhanced/runtime', () => ({ init: jest.fn(), loadRemote: jest.fn(), registerRemotes: jest.fn() }));

const meta: AreaMeta = {
  area: 'stock',
  title: 'Склад',
  prefixes: ['/stock', '/products'],
  routes: [
    { path: '/stock', title: 'Склад' },
    { path: '/stock/leftovers', title: 'Остатки' },
    { path: '/products', title: 'Товары' },
  ],
  menu: [],
};
const entries: RemotesManifestMap = { stock: { name: 'stock', version: '1', entry: '/mfe/stock/1/remoteEntry.js', meta } };

describe('warmAreaFor: a signed-in page loads its area alongside the start-up check', () => {
  let loadArea: jest.SpyInstance;
  beforeEach(() => {
    areaRegistry.reset(async () => entries);
    loadArea = jest.spyOn(remoteLoader, 'loadArea').mockResolvedValue({} as LoadedArea);
  });
  afterEach(() => loadArea.mockRestore());

  const settle = () => new Promise((r) => setTimeout(r, 0));

  it('loads the area that owns a known screen of the URL', async () => {
    warmAreaFor('/stock/leftovers');
    await settle();
    expect(loadArea).toHaveBeenCalledWith('stock');
  });

  it('loads nothing for an unknown path inside an area, or a host page', async () => {
    warmAreaFor('/stock/nope');
    warmAreaFor('/profile');
    warmAreaFor('/');
    await settle();
    expect(loadArea).not.toHaveBeenCalled();
  });

  it('never fails the start-up: a failed manifest or load is swallowed', async () => {
    areaRegistry.reset(async () => {
      throw new Error('offline');
    });
    warmAreaFor('/stock/leftovers');
    await settle();
    expect(loadArea).not.toHaveBeenCalled();
    areaRegistry.reset(async () => entries);
    loadArea.mockRejectedValue(new Error('stall'));
    warmAreaFor('/products');
    await settle();
    expect(loadArea).toHaveBeenCalledWith('stock');
  });
});
