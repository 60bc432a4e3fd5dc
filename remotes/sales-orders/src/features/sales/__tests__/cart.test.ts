import type { SaleLookupItem } from '@repo/contracts';
import { cartReducer, cashPart, emptyCart, missingSerials, priceCart, saleRequest } from '../cart';

const item = (over: Partial<SaleLookupItem> = {}): SaleLookupItem => ({
  productId: 'p1',
  name: 'Чехол',
  sku: 'CASE-1',
  price: 99000,
  isService: false,
  serialTracked: false,
  free: 5,
  match: 'barcode',
  serial: null,
  ...over,
});

describe('the counter cart', () => {
  it('a second scan of the same product adds one to its line', () => {
    let cart = cartReducer(emptyCart, { type: 'add', item: item() });
    cart = cartReducer(cart, { type: 'add', item: item() });
    expect(cart.lines).toHaveLength(1);
    expect(cart.lines[0].qty).toBe(2);
    cart = cartReducer(cart, { type: 'add', item: item({ productId: 'p2', name: 'Замена', isService: true, free: null }) });
    expect(cart.lines.map((l) => l.qty)).toEqual([2, 1]);
    expect(cart.lastKey).toBe(cart.lines[1].key);
  });

  it('scanned serials join their line; the same serial twice is ignored; a line without all serials is flagged', () => {
    const phone = item({ productId: 'ph', name: 'iPhone', serialTracked: true, match: 'serial' });
    let cart = cartReducer(emptyCart, { type: 'add', item: { ...phone, serial: 'SN1' } });
    cart = cartReducer(cart, { type: 'add', item: { ...phone, serial: 'sn1' } });
    cart = cartReducer(cart, { type: 'add', item: { ...phone, serial: 'SN2' } });
    expect(cart.lines[0]).toMatchObject({ qty: 2, serials: ['SN1', 'SN2'] });
    cart = cartReducer(cart, { type: 'qty', key: cart.lines[0].key, qty: 3 });
    expect(missingSerials(cart).map((l) => l.name)).toEqual(['iPhone']);
    cart = cartReducer(cart, { type: 'qty', key: cart.lines[0].key, qty: 1 });
    expect(cart.lines[0].serials).toEqual(['SN1']);
    expect(cartReducer(cart, { type: 'qty', key: cart.lines[0].key, qty: 0 }).lines[0].qty).toBe(1);
  });

  it('prices with line and sale discounts to the kopeck and builds the request', () => {
    let cart = cartReducer(emptyCart, { type: 'add', item: item({ price: 33333 }) });
    cart = cartReducer(cart, { type: 'add', item: item({ productId: 'p2', price: 66667 }) });
    cart = cartReducer(cart, { type: 'discount', key: cart.lines[0].key, discount: { percent: 10 } });
    const priced = priceCart(cart, { amount: 1001 });
    expect(priced.lines.reduce((s, l) => s + l.total, 0)).toBe(priced.total);
    expect(priced.total).toBe(33333 - 3333 + 66667 - 1001);
    const req = saleRequest(cart, { warehouseId: 'w', discount: undefined, payments: [] });
    expect(req).not.toHaveProperty('discount');
    expect(req.lines[0]).toEqual({ productId: 'p1', qty: 1, price: 33333, discount: { percent: 10 } });
    expect(saleRequest(cart, { warehouseId: 'w', discount: null, payments: [] }).discount).toBeNull();
  });

  it('the cash part is what card, transfer and credit leave; the change is what was given over it', () => {
    expect(cashPart(329000, { card: 100000, transfer: 0, credit: 0 }, 250000)).toEqual({ cash: 229000, change: 21000, short: 0 });
    expect(cashPart(329000, { card: 0, transfer: 0, credit: 0 }, 300000)).toEqual({ cash: 329000, change: 0, short: 29000 });
    expect(cashPart(1000, { card: 2000, transfer: 0, credit: 0 }, null)).toEqual({ cash: 0, change: 0, short: 0 });
  });
});
