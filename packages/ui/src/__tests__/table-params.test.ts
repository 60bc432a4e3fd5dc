import { defineTableParams, parseTableParams, serializeTableParams, toApiQuery } from '../table-params';

const spec = defineTableParams({
  filters: { status: 'strings', q: 'string', locationId: 'string', min: 'number', paid: 'boolean' },
  sort: ['createdAt', 'number'],
  defaultSort: { field: 'createdAt', order: 'desc' },
});

describe('table params in the URL', () => {
  it('parses typed values and ignores junk', () => {
    const p = parseTableParams(new URLSearchParams('page=3&pageSize=50&sort=number&order=asc&status=new&status=paid&min=100&paid=true&q=iphone&tab=x'), spec);
    expect(p).toEqual({
      page: 3,
      pageSize: 50,
      sort: { field: 'number', order: 'asc' },
      filters: { status: ['new', 'paid'], min: 100, paid: true, q: 'iphone' },
    });
    const junk = parseTableParams(new URLSearchParams('page=-2&pageSize=7&sort=password&min=abc&paid=maybe'), spec);
    expect(junk).toEqual({ page: 1, pageSize: 20, sort: { field: 'createdAt', order: 'desc' }, filters: {} });
  });

  it('serializes back, keeping other params and leaving defaults out', () => {
    const base = new URLSearchParams('tab=orders&page=9');
    const out = serializeTableParams(
      { page: 1, pageSize: 20, sort: { field: 'createdAt', order: 'desc' }, filters: { status: ['new', 'paid'], q: '' } },
      spec,
      base,
    );
    expect(out.toString()).toBe('tab=orders&status=new&status=paid');
    const round = parseTableParams(
      serializeTableParams({ page: 2, pageSize: 100, sort: { field: 'number', order: 'asc' }, filters: { min: 5 } }, spec),
      spec,
    );
    expect(round).toEqual({ page: 2, pageSize: 100, sort: { field: 'number', order: 'asc' }, filters: { min: 5 } });
  });

  it('prefixes params of a second table and gives the API query', () => {
    const second = defineTableParams({ prefix: 'tasks', filters: { q: 'string' } });
    const out = serializeTableParams({ page: 2, pageSize: 20, sort: null, filters: { q: 'a' } }, second);
    expect(out.toString()).toBe('tasks.page=2&tasks.q=a');
    expect(toApiQuery(parseTableParams(out, second))).toEqual({ page: 2, pageSize: 20, q: 'a' });
  });
});
