import { fitColumns, type ColumnDrop } from '../fit-columns';

// The repair orders' choice: «Принят» and «Мастер» give way at 1024 px (912 px of list), «К оплате» on a narrower list.
const orders = ['number', 'createdAt', 'status', 'device', 'client', 'engineer', 'dueAt', 'total', 'due'].map((key) => ({ key }));
const orderDrops: ColumnDrop[] = [
  { below: 1100, keys: ['createdAt', 'engineer'] },
  { below: 820, keys: ['due'] },
];
const keys = (width: number | undefined) => fitColumns(orders, width, orderDrops).map((c) => c.key);

// The clients list's choice: e-mail and source give way at 1024 px, the tags on a narrower list.
const clients = ['name', 'phones', 'email', 'source', 'tags', 'discount', 'balance'].map((key) => ({ key }));
const clientDrops: ColumnDrop[] = [
  { below: 1100, keys: ['email', 'source'] },
  { below: 760, keys: ['tags'] },
];

describe('fitColumns', () => {
  it('keeps every column on a wide list', () => {
    expect(keys(1144)).toEqual(orders.map((c) => c.key));
    expect(keys(1100)).toHaveLength(9);
  });

  it('drops the secondary columns first as the list narrows, keeping the order', () => {
    expect(keys(912)).toEqual(['number', 'status', 'device', 'client', 'dueAt', 'total', 'due']);
    expect(keys(728)).toEqual(['number', 'status', 'device', 'client', 'dueAt', 'total']);
    expect(fitColumns(clients, 912, clientDrops).map((c) => c.key)).toEqual(['name', 'phones', 'tags', 'discount', 'balance']);
    expect(fitColumns(clients, 700, clientDrops).map((c) => c.key)).toEqual(['name', 'phones', 'discount', 'balance']);
  });

  it('keeps everything while the width is unknown (not measured yet, or 0 in jsdom)', () => {
    expect(keys(undefined)).toHaveLength(9);
    expect(keys(0)).toHaveLength(9);
  });

  it('never drops a column without a key (an action column)', () => {
    expect(fitColumns([{ key: 'engineer' }, {}], 500, orderDrops)).toEqual([{}]);
  });
});
