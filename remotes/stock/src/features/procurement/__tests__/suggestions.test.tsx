import type { Suggestion } from '@repo/contracts';
import { notify } from '@repo/shared-core';
import { createFakeApi, renderPage } from '@repo/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { SuggestionsPage } from '../pages/suggestions-page';
import { applyEdit, draftCount, orderSuggestionsBody } from '../suggestions';

const warehouses = [
  { id: 'w1', name: 'Основной склад', locationId: 'l1', locationName: 'Сервис+ на Арбате', isDefault: true, archived: false },
  { id: 'w2', name: 'Витрина', locationId: 'l1', locationName: 'Сервис+ на Арбате', isDefault: false, archived: false },
];

const suggestion = (over: Partial<Suggestion>): Suggestion => ({
  productId: 'p1',
  productName: 'Дисплей iPhone 13',
  sku: 'DSP-IP13',
  unit: 'шт',
  warehouseId: 'w1',
  minStock: 5,
  onHand: 1,
  expected: 0,
  qty: 4,
  supplierId: 's1',
  supplierName: 'ООО «Запчасти»',
  price: 450000,
  ...over,
});

const suggestions = [
  suggestion({}),
  suggestion({ productId: 'p2', productName: 'Стекло защитное', sku: 'GLS', minStock: 10, onHand: 2, expected: 3, qty: 5, supplierId: 's2', supplierName: 'ИП Петров', price: 15000 }),
  suggestion({ productId: 'p3', productName: 'Аккумулятор iPhone 11', sku: 'BAT-IP11', minStock: 3, onHand: 0, qty: 3, supplierId: null, supplierName: null, price: null }),
];

describe('suggestions → the request (pure)', () => {
  it('sends the chosen products and only what the buyer changed', () => {
    const body = orderSuggestionsBody('w1', suggestions, new Set(['p1', 'p3']), {
      p1: { qty: 6 },
      p2: { qty: 9 }, // not chosen: not sent
      p3: { supplierId: 's2', supplierName: 'ИП Петров' },
    });
    expect(body).toEqual({ warehouseId: 'w1', productIds: ['p1', 'p3'], lines: [{ productId: 'p1', qty: 6 }, { productId: 'p3', supplierId: 's2' }] });
    expect(orderSuggestionsBody('w1', suggestions, new Set(['p2']), { p2: { qty: 5 } })).toEqual({ warehouseId: 'w1', productIds: ['p2'] });
  });

  it('counts one draft per supplier and one for the goods without one; another supplier’s price is not shown', () => {
    expect(draftCount(suggestions, new Set(['p1', 'p2', 'p3']))).toBe(3);
    const moved = applyEdit(suggestions[0]!, { supplierId: 's2', supplierName: 'ИП Петров' });
    expect(moved).toMatchObject({ supplierId: 's2', supplierName: 'ИП Петров', price: null, edited: true });
    expect(draftCount([moved, suggestions[1]!], new Set(['p1', 'p2']))).toBe(1);
  });
});

describe('the suggestions page', () => {
  const server = createFakeApi();
  afterEach(() => {
    server.reset();
    jest.restoreAllMocks();
  });
  afterAll(() => server.restore());

  function open(route = '/procurement/suggestions') {
    server.get('stock/warehouses', warehouses);
    server.get('procurement/suggestions', ({ query }) => (query.warehouseId === 'w1' ? suggestions : []));
    return renderPage(<SuggestionsPage />, {
      route,
      path: '/procurement/suggestions',
      rules: ['view:purchase_order:all', 'create:purchase_order:all', 'see_cost'],
      api: server,
      routes: (
        <>
          <Route path="/procurement" element={<div>Список заказов</div>} />
          <Route path="/procurement/:id" element={<div>Заказ</div>} />
        </>
      ),
    });
  }

  it('chooses every suggestion of the default warehouse; the chosen ones and the changed quantity become the request', async () => {
    const success = jest.spyOn(notify, 'success').mockImplementation(() => 0);
    server.post('procurement/suggestions/order', { orders: [{ id: 'o1', number: 'ЗП-000010', supplierId: 's1' }, { id: 'o2', number: 'ЗП-000011', supplierId: null }] });
    const page = open();

    expect(await screen.findByText('Стекло защитное')).toBeInTheDocument();
    expect(server.lastCall('get', 'procurement/suggestions')!.query).toEqual({ warehouseId: 'w1' });
    expect(screen.getByRole('button', { name: /Создать заказы \(3\)/ })).toBeEnabled();
    // The goods nobody supplied yet say so.
    expect(within(screen.getByRole('row', { name: /Аккумулятор iPhone 11/ })).getByText('без поставщика')).toBeInTheDocument();

    // Untick the glass, order 6 displays instead of 4.
    fireEvent.click(within(screen.getByRole('row', { name: /Стекло защитное/ })).getByRole('checkbox'));
    const qty = screen.getByLabelText('Заказать: Дисплей iPhone 13');
    fireEvent.change(qty, { target: { value: '6' } });
    fireEvent.blur(qty);
    expect(screen.getByTestId('suggestions-summary')).toHaveTextContent('2 черновика');

    fireEvent.click(screen.getByRole('button', { name: /Создать заказы \(2\)/ }));
    await waitFor(() => expect(server.calls('post', 'procurement/suggestions/order')).toHaveLength(1));
    expect(server.calls('post', 'procurement/suggestions/order')[0]!.body).toEqual({ warehouseId: 'w1', productIds: ['p1', 'p3'], lines: [{ productId: 'p1', qty: 6 }] });
    await waitFor(() => expect(page.location()).toBe('/procurement?status=draft'));
    expect(success).toHaveBeenCalledWith('Создано 2 черновика заказа: ЗП-000010, ЗП-000011');
  }, 30_000);

  it('opens the one draft it made', async () => {
    jest.spyOn(notify, 'success').mockImplementation(() => 0);
    server.post('procurement/suggestions/order', { orders: [{ id: 'o7', number: 'ЗП-000012', supplierId: 's1' }] });
    const page = open('/procurement/suggestions?warehouseId=w1');
    await screen.findByText('Дисплей iPhone 13');
    for (const name of [/Стекло защитное/, /Аккумулятор iPhone 11/]) fireEvent.click(within(screen.getByRole('row', { name })).getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: /Создать заказы \(1\)/ }));
    await waitFor(() => expect(page.location()).toBe('/procurement/o7'));
    expect(server.calls('post', 'procurement/suggestions/order')[0]!.body).toEqual({ warehouseId: 'w1', productIds: ['p1'] });
  }, 30_000);

  it('shows that nothing is to be ordered for a warehouse without suggestions', async () => {
    open('/procurement/suggestions?warehouseId=w2');
    expect(await screen.findByText(/нет товаров ниже минимального остатка/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Создать заказы \(0\)/ })).toBeDisabled();
  }, 30_000);
});
