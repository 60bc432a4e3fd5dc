import type { ShopRequest, ShopRequestPage } from '@repo/contracts';

export const request = (over: Partial<ShopRequest> = {}): ShopRequest => ({
  id: '11111111-1111-4111-8111-111111111111',
  number: 'З-000123',
  kind: 'repair',
  status: 'new',
  name: 'Иван Петров',
  phone: '+79001234567',
  modelId: 'm1',
  modelName: 'Смартфон Apple iPhone 13',
  problem: 'Разбит экран',
  items: [],
  total: 0,
  locationId: 'l1',
  locationName: 'Центр',
  rejectReason: null,
  comment: null,
  orderId: null,
  orderNumber: null,
  saleId: null,
  saleNumber: null,
  repeats: 0,
  lastRepeatAt: null,
  createdAt: '2026-11-20T09:05:00.000Z',
  updatedAt: '2026-11-20T09:05:00.000Z',
  ...over,
});

export const goodsOrder = (over: Partial<ShopRequest> = {}): ShopRequest =>
  request({
    id: '22222222-2222-4222-8222-222222222222',
    number: 'З-000124',
    kind: 'order',
    modelId: null,
    modelName: null,
    problem: null,
    items: [
      { catalogItemId: 'c1', productId: 'p1', title: 'Чехол для iPhone 13', price: 99000, qty: 2 },
      { catalogItemId: 'c2', productId: 'p2', title: 'Защитное стекло', price: 50000, qty: 1 },
    ],
    total: 248000,
    ...over,
  });

export const page = (items: ShopRequest[]): ShopRequestPage => ({ items, total: items.length, page: 1, pageSize: 50 });
