import { allowedBy, areaForPath, matchAreaRoute } from '../area-registry';
import { manifest, salesMeta } from './fixtures';

describe('areaForPath', () => {
  it('finds the owning area by its prefixes, segment by segment', () => {
    expect(areaForPath(manifest, '/stock/posting')).toMatchObject({ area: 'stock', prefix: '/stock' });
    expect(areaForPath(manifest, '/categories')).toMatchObject({ area: 'stock', prefix: '/categories' });
    expect(areaForPath(manifest, '/orders/12')).toMatchObject({ area: 'sales-orders', prefix: '/orders' });
    expect(areaForPath(manifest, '/stockx')).toBeUndefined();
    expect(areaForPath(manifest, '/nope')).toBeUndefined();
  });
});

describe('matchAreaRoute', () => {
  it('matches static routes before parameters, and optional parameters', () => {
    expect(matchAreaRoute(salesMeta.routes, '/orders')?.title).toBe('Заказы/Ремонт');
    expect(matchAreaRoute(salesMeta.routes, '/orders/archive')?.title).toBe('Архив заказов');
    expect(matchAreaRoute(salesMeta.routes, '/orders/7')?.title).toBe('Заказ');
    expect(matchAreaRoute(salesMeta.routes, '/orders/7/x')).toBeUndefined();
    const request = [{ path: '/request/:id?', title: 'Заявки' }];
    expect(matchAreaRoute(request, '/request')?.title).toBe('Заявки');
    expect(matchAreaRoute(request, '/request/42')?.title).toBe('Заявки');
    expect(matchAreaRoute(request, '/request/42/1')).toBeUndefined();
  });
});

describe('allowedBy', () => {
  it('lets through routes without a rule, holders of the rule, and owners', () => {
    expect(allowedBy(undefined, [])).toBe(true);
    expect(allowedBy('view:x', ['view:x'])).toBe(true);
    expect(allowedBy('view:x', [])).toBe(false);
    expect(allowedBy('view:x', undefined)).toBe(false);
    expect(allowedBy('view:x', [], 'owner')).toBe(true);
  });

  it('a route’s action:entity is met by the rule at any scope; a special right only by itself', () => {
    expect(allowedBy('view:purchase_order', ['view:purchase_order:own'])).toBe(true);
    expect(allowedBy('view:purchase_order', ['view:purchase_order:all'])).toBe(true);
    expect(allowedBy('view:purchase_order', ['create:purchase_order:all', 'view:stock_document:all'])).toBe(false);
    expect(allowedBy('see_cost', ['see_cost'])).toBe(true);
    expect(allowedBy('see_cost', ['view:purchase_order:all'])).toBe(false);
  });
});

describe('allowedBy with a list of rules', () => {
  it('allows when any one of them is held, a string still works, and an empty list needs nothing', () => {
    expect(allowedBy(['view:report', 'view:finance'], ['view:finance:location'])).toBe(true);
    expect(allowedBy(['view:report', 'view:finance'], ['view:sale:location'])).toBe(false);
    expect(allowedBy(['see_cost', 'view:finance'], ['see_cost'])).toBe(true);
    expect(allowedBy(['view:report'], undefined)).toBe(false);
    expect(allowedBy(['view:report'], [], 'owner')).toBe(true);
    expect(allowedBy([], [])).toBe(true);
    expect(allowedBy('view:finance', ['view:finance:own'])).toBe(true);
  });
});
