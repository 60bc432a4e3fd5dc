import type { Product } from '@repo/contracts';
import { makeProfile, renderPage } from '@repo/testing';
import { screen, within } from '@testing-library/react';
import { ProductsPage } from '../pages/products-page';

// antd pages are heavy in jsdom: a busy machine needs more than the default 5 s per test.
jest.setTimeout(30_000);

/** The demo cashier and engineer read the catalogue only (server/src/db/seed/roles.ts). */
const viewer = ['view:product:location', 'view:category:all'];
const owner = makeProfile({ role: { id: 'r0', name: 'owner', title: 'Владелец', rules: [] } });

const product: Product = {
  id: 'p1',
  kind: 'good',
  name: 'Дисплей iPhone 12',
  sku: 'D-12',
  barcodes: [],
  unit: 'шт',
  price: 500000,
  categoryId: null,
  serialTracked: false,
  warrantyDays: 30,
  minStock: [],
  description: null,
  images: [],
  archivedAt: null,
  createdAt: '2026-11-25T10:00:00.000Z',
  updatedAt: '2026-11-25T10:00:00.000Z',
};
const api = {
  'get catalog/products': { items: [product], total: 1 },
  'get catalog/products/:id': product,
  'get catalog/categories': [],
  'get stock/warehouses': [],
  'get stock/products/summaries': { items: [] },
  'get stock/products/:id/summary': { productId: 'p1', qty: 0, reserved: 0, free: 0, inTransit: 0, warehouses: [] },
};

async function openCard(who: { rules?: string[]; profile?: ReturnType<typeof makeProfile> }) {
  renderPage(<ProductsPage />, { route: '/products?open=p1', ...who, api });
  const card = await screen.findByRole('dialog');
  expect(await within(card).findByDisplayValue('Дисплей iPhone 12')).toBeInTheDocument();
  return card;
}

describe('the catalogue hides what the role may not do', () => {
  it('a cashier or an engineer only reads: no new, import, export, save or archive', async () => {
    const card = await openCard({ rules: viewer });
    for (const name of [/Новый товар/, /Импорт из Excel/, /^(download )?Excel$/]) expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    expect(within(card).getByDisplayValue('Дисплей iPhone 12')).toBeDisabled();
    expect(within(card).queryByRole('button', { name: /Сохранить/ })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /В архив/ })).not.toBeInTheDocument();
  });

  it('editing does not bring the archive: that is delete:product on the server', async () => {
    const card = await openCard({ rules: [...viewer, 'edit:product:all'] });
    expect(within(card).getByRole('button', { name: /Сохранить/ })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /В архив/ })).not.toBeInTheDocument();
  });

  it('the owner gets every action', async () => {
    const card = await openCard({ profile: owner });
    for (const name of [/Новый товар/, /Импорт из Excel/, /^(download )?Excel$/]) expect(screen.getByRole('button', { name })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: /Сохранить/ })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: /В архив/ })).toBeInTheDocument();
  });
});
