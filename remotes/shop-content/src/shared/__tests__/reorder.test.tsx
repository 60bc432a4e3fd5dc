import { api, notify } from '@repo/shared-core';
import { renderPage, respondError } from '@repo/testing';
import { useQuery } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { inOrder, movedIds, useReorder } from '../reorder';
import { deferred } from './fixtures';

jest.setTimeout(30_000);

const key = ['shop_slide', 'company', 'list'];
const list = { items: [{ id: 'a' }, { id: 'b' }, { id: 'c' }, { id: 'd' }] };

function Harness() {
  const q = useQuery({ queryKey: key, queryFn: async () => (await api.get<typeof list>('shop/slides')).data });
  const reorder = useReorder(key, 'shop/slides/reorder');
  return (
    <div>
      <span data-testid="order">{q.data?.items.map((i) => i.id).join(',')}</span>
      <button onClick={() => void reorder('d', 'a')}>d → a</button>
      <button onClick={() => void reorder('b', 'b')}>b → b</button>
    </div>
  );
}

describe('reordering a list', () => {
  afterEach(() => jest.restoreAllMocks());

  it('computes the new ids as dnd-kit moves them, and nothing for a drop in place', () => {
    expect(movedIds(['a', 'b', 'c', 'd'], 'd', 'a')).toEqual(['d', 'a', 'b', 'c']);
    expect(movedIds(['a', 'b', 'c', 'd'], 'a', 'c')).toEqual(['b', 'c', 'a', 'd']);
    expect(movedIds(['a', 'b', 'c'], 'b', 'b')).toBeNull();
    expect(movedIds(['a', 'b', 'c'], 'b', null)).toBeNull();
    expect(movedIds(['a', 'b', 'c'], 'x', 'a')).toBeNull();
    expect(inOrder([{ id: 'a' }, { id: 'b' }, { id: 'c' }], ['c', 'a', 'b']).map((i) => i.id)).toEqual(['c', 'a', 'b']);
  });

  it('shows the new order at once and sends the list’s ids in it', async () => {
    const reply = deferred();
    let served = list;
    const view = renderPage(<Harness />, { api: { 'get shop/slides': () => served, 'post shop/slides/reorder': () => reply.promise } });
    await waitFor(() => expect(screen.getByTestId('order')).toHaveTextContent('a,b,c,d'));
    fireEvent.click(screen.getByRole('button', { name: 'd → a' }));
    await waitFor(() => expect(screen.getByTestId('order')).toHaveTextContent('d,a,b,c'));
    expect(view.api!.lastCall('post', 'shop/slides/reorder')!.body).toEqual({ ids: ['d', 'a', 'b', 'c'] });
    served = { items: [{ id: 'd' }, { id: 'a' }, { id: 'b' }, { id: 'c' }] };
    await act(async () => reply.resolve({ ok: true }));
    await waitFor(() => expect(view.api!.calls('get', 'shop/slides').length).toBeGreaterThan(1));
    expect(screen.getByTestId('order')).toHaveTextContent('d,a,b,c');
  });

  it('puts the old order back and says why when the server refuses', async () => {
    const error = jest.spyOn(notify, 'error').mockImplementation(() => 0);
    const reply = deferred();
    const view = renderPage(<Harness />, { api: { 'get shop/slides': list, 'post shop/slides/reorder': () => reply.promise } });
    await waitFor(() => expect(screen.getByTestId('order')).toHaveTextContent('a,b,c,d'));
    fireEvent.click(screen.getByRole('button', { name: 'd → a' }));
    await waitFor(() => expect(screen.getByTestId('order')).toHaveTextContent('d,a,b,c'));
    await act(async () => reply.resolve(respondError(400, 'В новом порядке есть записи другого списка')));
    await waitFor(() => expect(screen.getByTestId('order')).toHaveTextContent('a,b,c,d'));
    expect(error).toHaveBeenCalledWith('Порядок не сохранён: В новом порядке есть записи другого списка');
    // A drop in place sends nothing.
    fireEvent.click(screen.getByRole('button', { name: 'b → b' }));
    expect(view.api!.calls('post')).toHaveLength(1);
  });
});
