import { entityKeys } from '../query-keys';
import { locationStore } from '../stores/location';

const setShop = (id: string | null) =>
  locationStore.setState({ current: id ? ({ _id: id, id, name: id } as never) : null });

describe('entityKeys', () => {
  afterEach(() => setShop(null));

  it('starts every key with the entity, so a realtime event invalidates them all', () => {
    setShop('shop-a');
    const keys = entityKeys('repair_order');
    expect(keys.all).toEqual(['repair_order']);
    expect(keys.list({ page: 2 })[0]).toBe('repair_order');
    expect(keys.detail('42')[0]).toBe('repair_order');
    expect(keys.company('x')).toEqual(['repair_order', 'company', 'x']);
  });

  it('puts the current shop into location-scoped keys: a switch asks under a new key', () => {
    const keys = entityKeys('sale');
    setShop('shop-a');
    const before = keys.list({ q: 'x' });
    setShop('shop-b');
    const after = keys.list({ q: 'x' });
    expect(before).toEqual(['sale', 'shop-a', 'list', { q: 'x' }]);
    expect(after).toEqual(['sale', 'shop-b', 'list', { q: 'x' }]);
    expect(keys.detail('7')).toEqual(['sale', 'shop-b', 'detail', '7']);
    expect(keys.scope()).toEqual(['sale', 'shop-b']);
  });
});
