import { createFakeApi } from '@repo/testing';
import { fetchAllPages, moneyCell } from '../excel';

describe('fetchAllPages (exports)', () => {
  it('reads every page under the filters, leaving empty filters out, and stops at the total', async () => {
    const fake = createFakeApi();
    const seen: Array<Record<string, string>> = [];
    fake.on('get', 'finance/ledger', (call) => {
      seen.push(call.query);
      const page = Number(call.query.page);
      return { items: page < 3 ? [page * 10, page * 10 + 1] : [30], total: 5 };
    });
    const rows = await fetchAllPages<number>('finance/ledger', { cashboxId: 'c1', from: undefined, owes: false, to: '' }, 2);
    expect(rows).toEqual([10, 11, 20, 21, 30]);
    expect(seen.map((q) => q.page)).toEqual(['1', '2', '3']);
    expect(seen[0]).toEqual({ cashboxId: 'c1', page: '1', pageSize: '2' });
    fake.restore();
  });

  it('reads past a capped total («более 1000») until a short page', async () => {
    const fake = createFakeApi();
    fake.on('get', 'clients', (call) => {
      const page = Number(call.query.page);
      return { items: page < 3 ? ['a', 'b'] : ['c'], total: 2, totalExact: false };
    });
    expect(await fetchAllPages<string>('clients', {}, 2)).toEqual(['a', 'b', 'a', 'b', 'c']);
    fake.restore();
  });

  it('writes kopecks as roubles', () => {
    expect(moneyCell(123450)).toMatchObject({ value: 1234.5, format: '#,##0.00' });
  });
});
