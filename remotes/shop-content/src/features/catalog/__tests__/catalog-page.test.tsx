import { shopMessages } from '@repo/contracts';
import { renderPage, respondError } from '@repo/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { catalogItem, contentRules, ids, page } from '../../../shared/__tests__/fixtures';
import { changedItemFields, itemValues } from '../components/item-drawer';
import { parseCatalogFilters, toCatalogQuery, writeCatalogFilters } from '../filters';
import { CatalogPage } from '../pages/catalog-page';

jest.mock('../components/rich-text-editor', () => ({
  __esModule: true,
  default: ({ value, onChange }: { value?: string; onChange?: (v: string) => void }) => <textarea aria-label="Описание" value={value ?? ''} onChange={(e) => onChange?.(e.target.value)} />,
}));
jest.setTimeout(30_000);

const items = [
  catalogItem(),
  catalogItem({ id: ids.item2, title: 'Стекло защитное', price: 50000, priceOverride: 50000, retailPrice: 70000, inStock: false, published: false }),
  catalogItem({ id: ids.item3, title: 'Старый кабель', archived: true, published: false }),
];
const categories = [{ id: ids.cat, name: 'Аксессуары', parentId: null, productCount: 3, totalProductCount: 3, createdAt: '', updatedAt: '' }];

describe('the catalogue’s URL', () => {
  it('reads the filters and drops what is unknown', () => {
    expect(parseCatalogFilters(new URLSearchParams(`q=%20чехол%20&published=false&categoryId=${ids.cat}&page=3&item=x`))).toEqual({ q: 'чехол', published: false, categoryId: ids.cat, page: 3 });
    expect(parseCatalogFilters(new URLSearchParams('published=maybe&page=-1'))).toEqual({ q: undefined, published: undefined, categoryId: undefined, page: 1 });
  });

  it('writes a change back on page 1, keeps the open item, and leaves no default behind', () => {
    const next = writeCatalogFilters(new URLSearchParams('item=abc&page=4&q=old'), { published: true });
    expect(next.toString()).toBe('item=abc&q=old&published=true');
    expect(writeCatalogFilters(new URLSearchParams('q=x&published=true'), { q: undefined, published: undefined }).toString()).toBe('');
    expect(toCatalogQuery({ q: 'чехол', published: false, page: 2 })).toEqual({ search: 'чехол', published: 'false', page: 2, pageSize: 50 });
  });
});

describe('/catalog', () => {
  it('asks with the URL’s filters and shows price, own price, stock and archive marks', async () => {
    const view = renderPage(<CatalogPage />, {
      route: '/catalog?q=чехол&published=false&page=2',
      path: '/catalog',
      rules: contentRules,
      api: { 'get shop/catalog': { ...page(items), total: 120, page: 2 }, 'get catalog/categories': categories },
    });
    const table = await screen.findByTestId('catalog-table');
    await within(table).findByText('Стекло защитное');
    expect(view.api!.lastCall('get', 'shop/catalog')!.query).toEqual({ search: 'чехол', published: 'false', page: '2', pageSize: '50' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('990,00 ₽');
    expect(rows[0]).toHaveTextContent('в наличии');
    expect(rows[0]).not.toHaveTextContent('своя цена');
    expect(rows[1]).toHaveTextContent('500,00 ₽');
    expect(rows[1]).toHaveTextContent('своя цена');
    expect(rows[1]).toHaveTextContent('под заказ');
    expect(rows[2]).toHaveTextContent('в архиве');
    expect(within(table).getAllByRole('button', { name: 'Перетащить' })).toHaveLength(3);
    expect(screen.getByRole('button', { name: /Добавить товар/ })).toBeInTheDocument();

    // A filter goes into the URL, back to page 1.
    fireEvent.change(screen.getByLabelText('Поиск по каталогу сайта'), { target: { value: 'стекло' } });
    fireEvent.keyDown(screen.getByLabelText('Поиск по каталогу сайта'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(view.location()).toBe('/catalog?q=%D1%81%D1%82%D0%B5%D0%BA%D0%BB%D0%BE&published=false'));
    await waitFor(() => expect(view.api!.lastCall('get', 'shop/catalog')!.query).toMatchObject({ search: 'стекло', page: '1' }));
  });

  it('opens an item through the URL, sends only what changed, and shows the archived refusal on «Опубликован»', async () => {
    const archivedOne = catalogItem({ id: ids.item2, title: 'Стекло защитное', published: false });
    const view = renderPage(<CatalogPage />, {
      route: '/catalog',
      path: '/catalog',
      rules: contentRules,
      api: {
        'get shop/catalog': page([catalogItem(), archivedOne]),
        'get catalog/categories': categories,
        'get shop/catalog/:id': archivedOne,
        'patch shop/catalog/:id': respondError(409, shopMessages.archivedProduct, 'conflict'),
      },
    });
    fireEvent.click(await screen.findByText('Стекло защитное'));
    await waitFor(() => expect(view.location()).toBe(`/catalog?item=${ids.item2}`));
    const form = await screen.findByTestId('catalog-item-form');
    await waitFor(() => expect(within(form).getByLabelText('Название на сайте')).toHaveValue('Стекло защитное'));
    fireEvent.click(within(form).getByRole('switch', { name: 'Опубликован' }));
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await within(form).findByText(shopMessages.archivedProduct)).toBeInTheDocument();
    expect(view.api!.lastCall('patch', 'shop/catalog/:id')!.body).toEqual({ published: true });
    expect(view.api!.lastCall('patch', 'shop/catalog/:id')!.path).toBe(`shop/catalog/${ids.item2}`);
  });

  it('turns the form into a PATCH of the changed fields: price in kopecks, empty price back to retail, images by id', () => {
    const item = catalogItem({ priceOverride: 120000 });
    expect(changedItemFields(item, itemValues(item))).toEqual({});
    expect(changedItemFields(item, { ...itemValues(item), price: 1499.5, title: ' Чехол ' })).toEqual({ price: 149950, title: 'Чехол' });
    expect(changedItemFields(item, { ...itemValues(item), price: null })).toEqual({ price: null });
    expect(changedItemFields(item, { ...itemValues(item), images: [] })).toEqual({ imageIds: [] });
  });

  it('a read-only employee sees the list without add, handles or switches to flip', async () => {
    renderPage(<CatalogPage />, {
      route: '/catalog',
      path: '/catalog',
      rules: ['view:shop_content:all'],
      api: { 'get shop/catalog': page(items), 'get catalog/categories': respondError(403, 'Нет доступа', 'forbidden') },
    });
    const table = await screen.findByTestId('catalog-table');
    await within(table).findByText('Стекло защитное');
    expect(within(table).queryByRole('button', { name: 'Перетащить' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Добавить товар/ })).not.toBeInTheDocument();
    within(table).getAllByRole('switch').forEach((s) => expect(s).toBeDisabled());
  });

  it('says so when the site has no items yet', async () => {
    renderPage(<CatalogPage />, { route: '/catalog', path: '/catalog', rules: contentRules, api: { 'get shop/catalog': page([]), 'get catalog/categories': categories } });
    expect(await screen.findByText('На сайте пока нет товаров: добавьте первый')).toBeInTheDocument();
  });
});
