import type { PurchaseOrder } from '@repo/contracts';
import { notify } from '@repo/shared-core';
import { createFakeApi, renderPage, respondError } from '@repo/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ReceiveForm } from '../components/receive-panel';
import { receiveRequest, receiveRows, rowErrors, scanIntoRows } from '../receive-lines';

const line = (over: Partial<PurchaseOrder['lines'][number]>): PurchaseOrder['lines'][number] => ({
  id: 'l1',
  productId: 'p1',
  productName: 'Дисплей iPhone 13',
  sku: 'DSP-IP13',
  unit: 'шт',
  serialTracked: false,
  qty: 5,
  price: 450000,
  amount: 2250000,
  received: 2,
  expected: 3,
  ...over,
});

const order: PurchaseOrder = {
  id: 'o1',
  number: 'ЗП-000007',
  status: 'partial',
  closed: false,
  locationId: 'l1',
  supplierId: 's1',
  supplierName: 'ООО «Запчасти»',
  warehouseId: 'w1',
  warehouseName: 'Основной склад',
  expectedAt: '2024-06-10',
  overdue: false,
  comment: null,
  total: 2650000,
  totalQty: 7,
  receivedQty: 2,
  authorId: 'e1',
  authorName: 'Иван',
  createdAt: '2024-06-01T10:00:00Z',
  updatedAt: '2024-06-02T10:00:00Z',
  orderedAt: '2024-06-01T11:00:00Z',
  orderedByName: 'Иван',
  closedAt: null,
  closedByName: null,
  lines: [
    line({}),
    line({ id: 'l2', productId: 'p2', productName: 'Смартфон Apple iPhone 13', sku: 'PH-IP13', serialTracked: true, qty: 2, price: 2000000, amount: 4000000, received: 0, expected: 2 }),
  ],
  receipts: [],
};

const display = { id: 'p1', name: 'Дисплей iPhone 13', sku: 'DSP-IP13', barcodes: ['4600000000017'], serialTracked: false, unit: 'шт' };
const cable = { id: 'p9', name: 'Кабель USB-C', sku: 'CBL-C', barcodes: ['4600000000099'], serialTracked: false, unit: 'шт' };

/** A keyboard-wedge scanner: the code's keys in one burst, then Enter. */
function scan(code: string) {
  for (const ch of code) fireEvent.keyDown(document.body, { key: ch, code: `Digit${ch}` });
  fireEvent.keyDown(document.body, { key: 'Enter', code: 'Enter' });
}

const qtyOf = (name: string) => (screen.getByLabelText(`Принять: ${name}`) as HTMLInputElement).value;

describe('receiving lines (pure)', () => {
  it('default to what is still expected, at the order’s price', () => {
    const rows = receiveRows(order);
    expect(rows.map((r) => [r.productId, r.qty, r.cost])).toEqual([['p1', 3, 450000], ['p2', 2, 2000000]]);
  });

  it('a scan adds one to the line of its product; a product not in the order is refused', () => {
    const rows = receiveRows(order);
    expect(scanIntoRows(rows, 'p1')!.find((r) => r.productId === 'p1')!.qty).toBe(4);
    expect(scanIntoRows(rows, 'p9')).toBeNull();
  });

  it('sends only the lines with a quantity, the cost only to those who see costs, and maps field errors back', () => {
    const rows = receiveRows(order).map((r) => (r.productId === 'p1' ? { ...r, qty: 0 } : { ...r, serials: ['SN1', 'SN2'] }));
    const { body, sent } = receiveRequest(rows, { seesCost: false });
    expect(body).toEqual({ lines: [{ productId: 'p2', qty: 2, serials: ['SN1', 'SN2'] }] });
    expect(receiveRequest(rows, { seesCost: true, allowOver: true }).body).toEqual({ lines: [{ productId: 'p2', qty: 2, cost: 2000000, serials: ['SN1', 'SN2'] }], allowOver: true });
    expect(rowErrors({ 'lines.0.serials': 'Укажите 2 серийных номера', comment: 'x' }, sent)).toEqual({ 'p2.serials': 'Укажите 2 серийных номера', comment: 'x' });
  });
});

describe('the receiving panel', () => {
  const server = createFakeApi();
  afterEach(() => {
    server.reset();
    jest.restoreAllMocks();
  });
  afterAll(() => server.restore());

  it('defaults to what is expected, counts scans, warns about goods not in the order, and confirms an over-receipt', async () => {
    const warning = jest.spyOn(notify, 'warning').mockImplementation(() => 0);
    const success = jest.spyOn(notify, 'success').mockImplementation(() => 0);
    server.get('catalog/products', ({ query }) => ({ items: [display, cable].filter((p) => p.barcodes.includes(query.search!)), total: 1 }));
    const over = 'Принимается больше, чем ожидается: «Дисплей iPhone 13»: заказано 5, получено 2, принимается 4. Подтвердите приёмку сверх заказа';
    server.once('post', 'procurement/orders/:id/receive', respondError(409, over, 'over_receipt', { 'lines.0.qty': over }));
    server.post('procurement/orders/:id/receive', { order: { ...order, status: 'received' }, receipt: { id: 'd1', number: 'ПР-000042' } });
    const done = jest.fn();
    renderPage(<ReceiveForm order={order} onDone={done} />, { rules: ['post:purchase_order:all', 'post:stock_document:all', 'see_cost'], api: server });

    expect(qtyOf('Дисплей iPhone 13')).toBe('3');
    expect(qtyOf('Смартфон Apple iPhone 13')).toBe('2');

    scan('4600000000017');
    await waitFor(() => expect(qtyOf('Дисплей iPhone 13')).toBe('4'));
    scan('4600000000099');
    await waitFor(() => expect(warning).toHaveBeenCalledWith('«Кабель USB-C» нет в заказе ЗП-000007'));
    expect(qtyOf('Дисплей iPhone 13')).toBe('4');

    // The phones did not come this time: 0 skips their line.
    fireEvent.change(screen.getByLabelText('Принять: Смартфон Apple iPhone 13'), { target: { value: '0' } });
    fireEvent.blur(screen.getByLabelText('Принять: Смартфон Apple iPhone 13'));
    fireEvent.click(screen.getByRole('button', { name: /Принять и провести/ }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(over)).toBeInTheDocument();
    expect(server.calls('post', 'procurement/orders/:id/receive')[0]!.body).toEqual({ lines: [{ productId: 'p1', qty: 4, cost: 450000 }] });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Принять сверх заказа' }));
    await waitFor(() => expect(server.calls('post', 'procurement/orders/:id/receive')).toHaveLength(2));
    expect(server.calls('post', 'procurement/orders/:id/receive')[1]!.body).toEqual({ lines: [{ productId: 'p1', qty: 4, cost: 450000 }], allowOver: true });
    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(success).toHaveBeenCalledWith('Оприходование ПР-000042 проведено');
  }, 30_000);

  it('shows the server’s field errors on the line they belong to', async () => {
    server.post('procurement/orders/:id/receive', respondError(400, 'Проверьте строки', 'validation', { 'lines.0.serials': 'Укажите 2 серийных номера' }));
    renderPage(<ReceiveForm order={order} onDone={() => undefined} />, { rules: ['post:purchase_order:all', 'post:stock_document:all'], api: server });
    // Only the phones are received: the error of the first sent line is theirs.
    fireEvent.change(screen.getByLabelText('Принять: Дисплей iPhone 13'), { target: { value: '0' } });
    fireEvent.blur(screen.getByLabelText('Принять: Дисплей iPhone 13'));
    fireEvent.click(screen.getByRole('button', { name: /Принять и провести/ }));
    expect(await screen.findByText('Укажите 2 серийных номера')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Проверьте строки');
    // Without see_cost no cost is sent and no cost column is shown.
    expect(server.calls('post', 'procurement/orders/:id/receive')[0]!.body).toEqual({ lines: [{ productId: 'p2', qty: 2 }] });
    expect(screen.queryByLabelText(/Цена приёмки/)).toBeNull();
  }, 30_000);
});
