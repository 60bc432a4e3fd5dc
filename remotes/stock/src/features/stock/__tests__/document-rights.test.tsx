import { renderPage } from '@repo/testing';
import { screen } from '@testing-library/react';
import { DocumentPage } from '../pages/document-page';

// antd pages are heavy in jsdom: a busy machine needs more than the default 5 s per test.
jest.setTimeout(30_000);

const warehouse = { id: 'w1', name: 'Основной склад', locationId: 'l1', locationName: 'Центр', isDefault: true, archived: false };

describe('a new stock document without create:stock_document', () => {
  it('opens read-only (the direct link /stock/posting/new): no save, no post', async () => {
    renderPage(<DocumentPage type="receipt" />, { route: '/stock/posting/new', path: '/stock/posting/:id', rules: ['view:stock_document:location', 'edit:stock_document:location', 'post:stock_document:location'], api: { 'get stock/warehouses': [warehouse] } });
    expect(await screen.findByText(/Строк нет/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Сохранить черновик/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Провести/ })).not.toBeInTheDocument();
  });

  it('with it, the draft can be saved', async () => {
    renderPage(<DocumentPage type="receipt" />, { route: '/stock/posting/new', path: '/stock/posting/:id', rules: ['view:stock_document:location', 'create:stock_document:location'], api: { 'get stock/warehouses': [warehouse] } });
    expect(await screen.findByRole('button', { name: /Сохранить черновик/ })).toBeInTheDocument();
  });
});
