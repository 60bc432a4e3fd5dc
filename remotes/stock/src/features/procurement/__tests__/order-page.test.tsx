import type { PurchaseOrder } from '@repo/contracts';
import { createFakeApi, renderPage, respondError } from '@repo/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { OrderPage, describeOrderEntry } from '../pages/order-page';

const warehouse = { id: 'w1', name: 'Основной склад', locationId: 'l1', locationName: 'Сервис+ на Арбате', isDefault: true, archived: false };
const display = { id: 'p1', name: 'Дисплей iPhone 13', sku: 'DSP-IP13', barcodes: ['4600000000017'], serialTracked: false, unit: 'шт', kind: 'good' };

const draft: PurchaseOrder = {
  id: 'o1',
  number: 'ЗП-000010',
  status: 'draft',
  closed: false,
  locationId: 'l1',
  supplierId: 's1',
  supplierName: 'ДисплейОпт',
  warehouseId: 'w1',
  warehouseName: 'Основной склад',
  expectedAt: null,
  overdue: false,
  comment: null,
  total: 0,
  totalQty: 0,
  receivedQty: 0,
  authorId: 'e1',
  authorName: 'Иван',
  createdAt: '2024-06-01T10:00:00Z',
  updatedAt: '2024-06-01T10:00:00Z',
  orderedAt: null,
  orderedByName: null,
  closedAt: null,
  closedByName: null,
  lines: [],
  receipts: [],
};

const rules = ['view:purchase_order:all', 'create:purchase_order:all', 'edit:purchase_order:all', 'post:purchase_order:all', 'cancel:purchase_order:all', 'post:stock_document:all', 'see_cost'];

describe('a draft order', () => {
  const server = createFakeApi();
  afterEach(() => server.reset());
  afterAll(() => server.restore());

  function open() {
    server.get('stock/warehouses', [warehouse]);
    server.get('procurement/orders/:id', draft);
    server.get('clients', { items: [{ id: 's1', name: 'ДисплейОпт' }], total: 1 });
    server.get('catalog/products', { items: [display], total: 1 });
    server.get('procurement/prices', ({ query }) => (query.productId === 'p1' && query.supplierId === 's1' ? [{ productId: 'p1', productName: display.name, supplierId: 's1', supplierName: 'ДисплейОпт', price: 420000, at: '2024-05-20T10:00:00Z', documentId: 'd1', documentNumber: 'ПР-000003' }] : []));
    server.get('templates', []);
    server.get('audit', { items: [], total: 0 });
    return renderPage(<OrderPage />, { route: '/procurement/o1', path: '/procurement/:id', rules, api: server, routes: <Route path="/procurement" element={<div>Список</div>} /> });
  }

  it('offers the supplier’s last price for an added line, saves before ordering, and shows the server’s refusal', async () => {
    server.patch('procurement/orders/:id', ({ body }) => ({ ...draft, ...(body as object), lines: [] }));
    server.post('procurement/orders/:id/order', respondError(400, 'Укажите поставщика перед тем, как заказать', 'validation', { supplierId: 'Укажите поставщика перед тем, как заказать' }));
    open();

    expect(await screen.findByText(/Добавьте товары/)).toBeInTheDocument();
    // The scanner adds the display, at ДисплейОпт's last price.
    for (const ch of display.barcodes[0]!) fireEvent.keyDown(document.body, { key: ch, code: `Digit${ch}` });
    fireEvent.keyDown(document.body, { key: 'Enter', code: 'Enter' });
    const price = await screen.findByLabelText('Цена: Дисплей iPhone 13');
    await waitFor(() => expect(price).toHaveValue('4200,00'));
    fireEvent.change(screen.getByLabelText('Количество: Дисплей iPhone 13'), { target: { value: '3' } });
    fireEvent.blur(screen.getByLabelText('Количество: Дисплей iPhone 13'));

    fireEvent.click(screen.getByRole('button', { name: /Заказать/ }));
    await waitFor(() => expect(server.calls('post', 'procurement/orders/:id/order')).toHaveLength(1));
    expect(server.calls('patch', 'procurement/orders/:id')[0]!.body).toMatchObject({ supplierId: 's1', warehouseId: 'w1', lines: [{ productId: 'p1', qty: 3, price: 420000 }] });
    expect(await screen.findByRole('alert')).toHaveTextContent('Укажите поставщика');
  }, 30_000);

  it('an ordered order shows per line what came and what is still expected, and offers receiving', async () => {
    server.get('procurement/orders/:id', {
      ...draft,
      status: 'partial',
      orderedAt: '2024-06-01T11:00:00Z',
      orderedByName: 'Иван',
      expectedAt: '2024-06-03',
      overdue: true,
      totalQty: 5,
      receivedQty: 2,
      lines: [{ id: 'l1', productId: 'p1', productName: display.name, sku: display.sku, unit: 'шт', serialTracked: false, qty: 5, price: 420000, amount: 2100000, received: 2, expected: 3 }],
      receipts: [{ id: 'd9', number: 'ПР-000009', status: 'posted', postedAt: '2024-06-02T10:00:00Z', totalQty: 2, total: 840000, authorName: 'Иван' }],
    } satisfies PurchaseOrder);
    server.get('stock/warehouses', [warehouse]);
    server.get('templates', []);
    server.get('audit', { items: [], total: 0 });
    renderPage(<OrderPage />, { route: '/procurement/o1', path: '/procurement/:id', rules, api: server });

    const row = await screen.findByRole('row', { name: /Дисплей iPhone 13/ });
    expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual(expect.arrayContaining(['5 шт', '2', '3']));
    expect(screen.getByRole('link', { name: 'ПР-000009' })).toHaveAttribute('href', '/stock/posting/d9');
    expect(screen.getAllByText('просрочен').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: /Закрыть заказ/ })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /Принять товар/ }));
    expect(await screen.findByLabelText('Принять: Дисплей iPhone 13')).toHaveValue('3');
  }, 30_000);
});

describe('the order’s history', () => {
  const entry = (action: 'create' | 'post' | 'update' | 'cancel', diff: Record<string, { before?: unknown; after?: unknown }>) => ({
    id: 'a', createdAt: '', employeeId: null, employeeName: null, locationId: null, entity: 'purchase_order', entityId: 'o1', action, diff, ip: null,
  });
  it('reads as the buyer says it', () => {
    expect(describeOrderEntry(entry('post', { status: { before: 'draft', after: 'ordered' } }))).toBe('Заказан у поставщика');
    expect(describeOrderEntry(entry('update', { receipt: { after: 'ПР-000004' }, receivedQty: { before: 0, after: 2 }, status: { before: 'ordered', after: 'partial' } }))).toBe(
      'Принят товар по ПР-000004 (2 шт.): Заказан → Частично получен',
    );
    expect(describeOrderEntry(entry('update', { receiptCancelled: { after: 'ПР-000004' }, status: { before: 'received', after: 'partial' } }))).toBe('Отменено оприходование ПР-000004: Получен → Частично получен');
    expect(describeOrderEntry(entry('cancel', { status: { before: 'partial', after: 'received' }, closed: { after: true } }))).toBe('Заказ закрыт: остаток больше не ожидается');
  });
});
