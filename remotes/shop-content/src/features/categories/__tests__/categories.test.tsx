import { shopMessages } from '@repo/contracts';
import { renderPage, respondError } from '@repo/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { contentRules, ids, shopCategory } from '../../../shared/__tests__/fixtures';
import { CategoriesPage } from '../pages/categories-page';

jest.setTimeout(30_000);

const catalogCategories = [
  { id: ids.cat, name: 'Телефоны', parentId: null, productCount: 3, totalProductCount: 3, createdAt: '', updatedAt: '' },
  { id: ids.item3, name: 'Смартфоны', parentId: ids.cat, productCount: 3, totalProductCount: 3, createdAt: '', updatedAt: '' },
];
const list = { items: [shopCategory({ catalogCategoryIds: [ids.cat], catalogCategories: [{ id: ids.cat, name: 'Телефоны' }], itemCount: 12 })] };

describe('/constructorGeneralCategory', () => {
  it('lists the categories with their address, linked catalogue categories and item count', async () => {
    renderPage(<CategoriesPage />, { route: '/constructorGeneralCategory', path: '/constructorGeneralCategory', rules: contentRules, api: { 'get shop/categories': list } });
    const table = await screen.findByTestId('categories-table');
    const row = (await within(table).findByText('Смартфоны')).closest('tr')!;
    expect(row).toHaveTextContent('/smartfony');
    expect(row).toHaveTextContent('Телефоны');
    expect(row).toHaveTextContent('12');
    expect(within(row).getByRole('button', { name: 'Перетащить' })).toBeInTheDocument();
  });

  it('fills the slug from the name until it is typed by hand, and leaves an untouched one to the server', async () => {
    const view = renderPage(<CategoriesPage />, {
      route: '/constructorGeneralCategory?new=1',
      path: '/constructorGeneralCategory',
      rules: contentRules,
      api: { 'get shop/categories': { items: [] }, 'get catalog/categories': catalogCategories, 'post shop/categories': (c: { body: unknown }) => shopCategory(c.body as never) },
    });
    const form = await screen.findByTestId('category-form');
    const name = within(form).getByLabelText('Название');
    const slug = within(form).getByLabelText('Адрес (slug)');
    fireEvent.change(name, { target: { value: 'Смартфоны и планшеты' } });
    await waitFor(() => expect(slug).toHaveValue('smartfony-i-planshety'));
    fireEvent.change(name, { target: { value: 'Ноутбуки' } });
    await waitFor(() => expect(slug).toHaveValue('noutbuki'));
    fireEvent.click(screen.getByRole('button', { name: 'Создать' }));
    await waitFor(() => expect(view.api!.calls('post')).toHaveLength(1));
    expect(view.api!.lastCall('post', 'shop/categories')!.body).toEqual({ name: 'Ноутбуки', imageId: null, published: true, catalogCategoryIds: [] });
    await waitFor(() => expect(view.location()).toBe('/constructorGeneralCategory'));
  });

  it('a slug typed by hand stays; the server’s 409 lands on it', async () => {
    const view = renderPage(<CategoriesPage />, {
      route: '/constructorGeneralCategory?new=1',
      path: '/constructorGeneralCategory',
      rules: contentRules,
      api: { 'get shop/categories': { items: [] }, 'get catalog/categories': catalogCategories, 'post shop/categories': respondError(409, shopMessages.slugTaken, 'conflict') },
    });
    const form = await screen.findByTestId('category-form');
    const name = within(form).getByLabelText('Название');
    const slug = within(form).getByLabelText('Адрес (slug)');
    fireEvent.change(name, { target: { value: 'Смартфоны' } });
    await waitFor(() => expect(slug).toHaveValue('smartfony'));
    fireEvent.change(slug, { target: { value: 'phones' } });
    fireEvent.change(name, { target: { value: 'Телефоны' } });
    await waitFor(() => expect(name).toHaveValue('Телефоны'));
    expect(slug).toHaveValue('phones');
    fireEvent.click(screen.getByRole('button', { name: 'Создать' }));
    expect(await within(form).findByText(shopMessages.slugTaken)).toBeInTheDocument();
    expect(view.api!.lastCall('post', 'shop/categories')!.body).toMatchObject({ name: 'Телефоны', slug: 'phones' });
    // An invalid slug is refused before sending.
    fireEvent.change(slug, { target: { value: 'Телефоны!' } });
    expect(await within(form).findByText(shopMessages.slugInvalid)).toBeInTheDocument();
  });

  it('an existing category keeps its address when renamed', async () => {
    const view = renderPage(<CategoriesPage />, {
      route: `/constructorGeneralCategory?category=${ids.item1}`,
      path: '/constructorGeneralCategory',
      rules: contentRules,
      api: { 'get shop/categories': list, 'get catalog/categories': catalogCategories, 'patch shop/categories/:id': (c: { body: unknown }) => shopCategory(c.body as never) },
    });
    const form = await screen.findByTestId('category-form');
    fireEvent.change(within(form).getByLabelText('Название'), { target: { value: 'Телефоны' } });
    expect(within(form).getByLabelText('Адрес (slug)')).toHaveValue('smartfony');
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(view.api!.calls('patch')).toHaveLength(1));
    expect(view.api!.lastCall('patch')!.body).toEqual({ name: 'Телефоны', slug: 'smartfony', imageId: null, published: true, catalogCategoryIds: [ids.cat] });
  });
});
