import { notify, uiStore } from '@repo/shared-core';
import { areaRegistry } from '../area-registry';
import type { RemoteLoader, RemotesManifestMap } from '../remote-loader';
import { onRelease, reloadArea } from '../release-updates';
import { manifest, salesMeta } from './fixtures';

jest.mock('../federation-runtime', () => ({ remoteLoader: {} }));

const released: RemotesManifestMap = {
  ...manifest,
  'sales-orders': {
    ...manifest['sales-orders']!,
    version: '0.2.0-new',
    entry: '/mfe/sales-orders/0.2.0-new/remoteEntry.js',
    meta: {
      ...salesMeta,
      menu: [...salesMeta.menu, { menu: 'main', name: 'OrdersArchive', label: 'Архив заказов', icon: 'ToolOutlined', route: '/orders/archive', order: 45 }],
    },
  },
};

function loader(running: Partial<Record<string, string>>): RemoteLoader & { reset: jest.Mock } {
  return { loadArea: jest.fn(), reset: jest.fn(), loadedVersion: (area) => running[area] };
}

describe('release updates', () => {
  let serve: RemotesManifestMap;
  beforeEach(async () => {
    serve = manifest;
    areaRegistry.reset(async () => serve);
    await areaRegistry.load();
    serve = released;
  });
  afterEach(() => jest.restoreAllMocks());

  it('switches an area this tab has not loaded silently (menu from the new metadata)', async () => {
    const info = jest.spyOn(notify, 'info');
    await onRelease(loader({}));
    expect(info).not.toHaveBeenCalled();
    expect(areaRegistry.getState().entries['sales-orders']?.version).toBe('0.2.0-new');
    expect(uiStore.getState().list_page.map((m) => m.label)).toContain('Архив заказов');
  });

  it('offers «Обновить раздел» for an area whose code runs here, and changes nothing until asked', async () => {
    const info = jest.spyOn(notify, 'info').mockImplementation(() => 'id');
    const l = loader({ 'sales-orders': '0.1.0-bbb' });
    await onRelease(l);
    expect(info).toHaveBeenCalledTimes(1);
    expect(info.mock.calls[0][1]).toMatchObject({ toastId: 'release-sales-orders', autoClose: false });
    expect(areaRegistry.getState().entries['sales-orders']?.version).toBe('0.1.0-bbb');
    expect(l.reset).not.toHaveBeenCalled();
  });

  it('says nothing when the live version did not change (e.g. a failure was reported)', async () => {
    const info = jest.spyOn(notify, 'info');
    serve = manifest;
    await onRelease(loader({ 'sales-orders': '0.1.0-old' }));
    expect(info).not.toHaveBeenCalled();
  });

  it('«Обновить раздел» takes the new entry, forgets the loaded code and remounts the area', async () => {
    const l = loader({ 'sales-orders': '0.1.0-bbb' });
    const before = areaRegistry.getState().generation['sales-orders'] ?? 0;
    await reloadArea('sales-orders', l);
    expect(l.reset).toHaveBeenCalledWith('sales-orders');
    expect(areaRegistry.getState().entries['sales-orders']?.entry).toBe('/mfe/sales-orders/0.2.0-new/remoteEntry.js');
    expect(areaRegistry.getState().generation['sales-orders']).toBe(before + 1);
  });
});
