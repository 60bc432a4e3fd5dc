import { createFakeApi, renderPage } from '@repo/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { DocumentPage } from '../pages/document-page';

const warehouse = { id: 'w1', name: 'Основной склад', locationId: 'l1', locationName: 'Сервис+ на Арбате', isDefault: true, archived: false };

describe('a new stocktake', () => {
  const server = createFakeApi();
  afterAll(() => server.restore());

  it('cannot be created before the shop’s warehouses are known, then is created on the default one', async () => {
    // The warehouses answer only when the test says so (a slow link): a click before that would send
    // no warehouse and get «Выберите склад» back from the server.
    // (The shop's warehouses and the company's come from one route.)
    const pending: Array<(v: unknown) => void> = [];
    server.get('stock/warehouses', () => new Promise((resolve) => pending.push(resolve)));
    server.post('stock/stocktakes', ({ body }) => ({ id: 'd1', ...(body as object) }));
    server.get('stock/stocktakes/:id', { id: 'd1' });
    renderPage(<DocumentPage type="stocktake" />, { route: '/stock/inventory/new', path: '/stock/inventory/:id', rules: ['create:stock_document:location', 'edit:stock_document:location', 'post:stock_document:location'], api: server });

    const button = () => screen.getByRole('button', { name: /Создать лист/ });
    expect(await screen.findByRole('button', { name: /Создать лист/ })).toBeDisabled();
    await waitFor(() => expect(pending.length).toBeGreaterThan(0));
    expect(button()).toBeDisabled();
    for (const answer of pending) answer([warehouse]);
    await waitFor(() => expect(button()).toBeEnabled());
    fireEvent.click(button());
    await waitFor(() => expect(server.calls('post', 'stock/stocktakes')).toHaveLength(1));
    expect(server.calls('post', 'stock/stocktakes')[0].body).toMatchObject({ warehouseId: 'w1' });
  }, 30_000);
});
