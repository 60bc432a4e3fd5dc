import { shopMessages } from '@repo/contracts';
import { renderPage, respondError } from '@repo/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { catalogItem, contentRules, ids, page } from '../../../shared/__tests__/fixtures';
import { CatalogPage } from '../pages/catalog-page';

jest.mock('../components/rich-text-editor', () => ({ __esModule: true, default: () => <textarea aria-label="Описание" /> }));
jest.setTimeout(30_000);

const product = (over: Record<string, unknown> = {}) => ({
  id: ids.product,
  kind: 'good',
  name: 'Чехол iPhone 15',
  sku: 'CASE-15',
  barcodes: [],
  unit: 'шт',
  price: 129000,
  categoryId: null,
  serialTracked: false,
  warrantyDays: 0,
  minStock: [],
  description: null,
  images: [],
  archivedAt: null,
  createdAt: '',
  updatedAt: '',
  ...over,
});

async function pick(dialog: HTMLElement) {
  const box = within(dialog).getByLabelText('Товар каталога');
  fireEvent.mouseDown(box);
  fireEvent.change(box, { target: { value: 'чехол' } });
  // The search waits for the typing to stop.
  await act(async () => new Promise((r) => setTimeout(r, 400)));
  fireEvent.click(await screen.findByText('Чехол iPhone 15 · CASE-15'));
}

describe('«Добавить товар»', () => {
  it('finds a product by the catalogue’s search, adds it and opens the new item', async () => {
    const created = catalogItem({ id: ids.item3, title: 'Чехол iPhone 15', published: false });
    const view = renderPage(<CatalogPage />, {
      route: '/catalog?new=1',
      path: '/catalog',
      rules: contentRules,
      api: {
        'get shop/catalog': page([]),
        'get catalog/categories': [],
        'get catalog/products': { ...page([product()]), pageSize: 20 },
        'post shop/catalog': created,
        'get shop/catalog/:id': created,
      },
    });
    const dialog = await screen.findByRole('dialog');
    await pick(dialog);
    await waitFor(() => expect(view.api!.lastCall('get', 'catalog/products')!.query).toEqual({ search: 'чехол', kind: 'good', pageSize: '20' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Добавить' }));
    await waitFor(() => expect(view.location()).toBe(`/catalog?item=${ids.item3}`));
    expect(view.api!.lastCall('post', 'shop/catalog')!.body).toEqual({ productId: ids.product, published: false });
  });

  it('asks for a product, and shows «already listed» on the field', async () => {
    const view = renderPage(<CatalogPage />, {
      route: '/catalog?new=1',
      path: '/catalog',
      rules: contentRules,
      api: {
        'get shop/catalog': page([]),
        'get catalog/categories': [],
        'get catalog/products': { ...page([product()]), pageSize: 20 },
        'post shop/catalog': respondError(409, shopMessages.productAlreadyListed, 'conflict'),
      },
    });
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Добавить' }));
    expect(await within(dialog).findByText('Выберите товар')).toBeInTheDocument();
    expect(view.api!.calls('post')).toHaveLength(0);
    await pick(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Добавить' }));
    expect(await within(dialog).findByText(shopMessages.productAlreadyListed)).toBeInTheDocument();
    expect(view.location()).toBe('/catalog?new=1');
  });
});
