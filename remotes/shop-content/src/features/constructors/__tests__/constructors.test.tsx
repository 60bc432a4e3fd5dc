import type { ShopSettings } from '@repo/contracts';
import { makeProfile, renderPage, respondError } from '@repo/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ConstructorsPage } from '../pages/constructors-page';
import { originsMessage, toSettingsBody, valuesOf } from '../settings';

jest.setTimeout(30_000);

const settings = (over: Partial<ShopSettings> = {}): ShopSettings => ({
  siteName: 'Ремонт у дома',
  phone: '+79001234567',
  requestLocationIds: ['l1'],
  allowedOrigins: ['https://shop.example.ru'],
  requestsOpen: true,
  timezone: 'Europe/Moscow',
  updatedAt: '2026-11-20T09:00:00.000Z',
  ...over,
});

const locations = [
  { _id: 'l1', id: 'l1', name: 'Центр', address: null, phone: null, workingHours: null, images: [], createdAt: '', updatedAt: '' },
  { _id: 'l2', id: 'l2', name: 'Север', address: null, phone: null, workingHours: null, images: [], createdAt: '', updatedAt: '' },
];

const slide = (active: boolean) => ({ id: String(Math.random()), active, published: true });
const api = (over: Record<string, unknown> = {}) => ({
  'get shop/settings': settings(),
  'get location': locations,
  'get shop/slides': { items: [slide(true), slide(false), slide(true)] },
  'get shop/categories': { items: [{ id: 'c1', published: true }, { id: 'c2', published: false }] },
  ...over,
});

describe('settings serialisation', () => {
  it('the form shows the phone masked, and the body carries it normalised; an empty mask is no phone', () => {
    const v = valuesOf(settings());
    expect(v.phone).toBe('+7 (900) 123-45-67');
    expect(toSettingsBody({ ...v, siteName: '  Ремонт  ', allowedOrigins: [' HTTPS://Shop.Example.ru ', 'https://shop.example.ru', 'http://localhost:3000'], requestLocationIds: ['l1', 'l2', 'l1'] })).toEqual({
      siteName: 'Ремонт',
      phone: '+79001234567',
      requestLocationIds: ['l1', 'l2'],
      allowedOrigins: ['https://shop.example.ru', 'http://localhost:3000'],
      requestsOpen: true,
      timezone: 'Europe/Moscow',
    });
    expect(toSettingsBody({ ...v, phone: '+7' }).phone).toBeNull();
    expect(toSettingsBody({ ...v, phone: '' }).phone).toBeNull();
    expect(valuesOf(settings({ phone: null })).phone).toBe('');
  });

  it('checks each origin as the contract does', () => {
    expect(originsMessage(['https://shop.example.ru', 'http://localhost:3000'])).toBeNull();
    expect(originsMessage(['https://shop.example.ru/catalog'])).toBe('https://shop.example.ru/catalog: Адрес сайта: схема и домен, например https://shop.example.ru');
    expect(originsMessage(['shop.example.ru'])).toMatch(/^shop\.example\.ru: /);
    expect(originsMessage(Array.from({ length: 21 }, (_, i) => `https://s${i}.ru`))).toBe('Не больше 20 адресов');
  });
});

describe('/constructors', () => {
  it('links to the constructors with their counts and to the preview in a new tab', async () => {
    renderPage(<ConstructorsPage />, { route: '/constructors', path: '/constructors', profile: makeProfile(), api: api() });
    const slides = await screen.findByTestId('hub-slides');
    expect(slides.closest('a')).toHaveAttribute('href', '/constructorMainSlider');
    expect(await within(slides).findByText('Показываются сейчас: 2 из 3')).toBeInTheDocument();
    const categories = screen.getByTestId('hub-categories');
    expect(categories.closest('a')).toHaveAttribute('href', '/constructorGeneralCategory');
    expect(await within(categories).findByText('Опубликовано: 1 из 2')).toBeInTheDocument();
    const preview = screen.getByTestId('hub-preview').closest('a')!;
    expect(preview).toHaveAttribute('href', '/storefront');
    expect(preview).toHaveAttribute('target', '_blank');
  });

  it('saves the settings as the contract’s body, and puts the server’s 400 on the fields', async () => {
    const view = renderPage(<ConstructorsPage />, {
      route: '/constructors',
      path: '/constructors',
      profile: makeProfile(),
      api: api({
        'put shop/settings': respondError(400, 'Проверьте поля', 'validation', { siteName: 'Укажите название сайта', 'allowedOrigins.0': 'Адрес сайта: схема и домен, например https://shop.example.ru' }),
      }),
    });
    const form = await screen.findByTestId('shop-settings-form');
    await waitFor(() => expect(within(form).getByLabelText('Название сайта')).toHaveValue('Ремонт у дома'));
    expect(within(form).getByLabelText(/Телефон на сайте/)).toHaveValue('+7 (900) 123-45-67');
    expect(within(form).getByText('https://shop.example.ru')).toBeInTheDocument();

    fireEvent.change(within(form).getByLabelText(/Телефон на сайте/), { target: { value: '8 912 000 11 22' } });
    expect(within(form).getByLabelText(/Телефон на сайте/)).toHaveValue('+7 (912) 000-11-22');
    fireEvent.click(within(form).getByRole('switch', { name: 'Приём заявок с сайта' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Сохранить настройки' }));

    await waitFor(() => expect(view.api!.calls('put')).toHaveLength(1));
    expect(view.api!.lastCall('put', 'shop/settings')!.body).toEqual({
      siteName: 'Ремонт у дома',
      phone: '+79120001122',
      requestLocationIds: ['l1'],
      allowedOrigins: ['https://shop.example.ru'],
      requestsOpen: false,
      timezone: 'Europe/Moscow',
    });
    expect(await within(form).findByText('Укажите название сайта')).toBeInTheDocument();
    expect(within(form).getByText('https://shop.example.ru: Адрес сайта: схема и домен, например https://shop.example.ru')).toBeInTheDocument();
  });

  it('refuses a bad phone before asking', async () => {
    const view = renderPage(<ConstructorsPage />, { route: '/constructors', path: '/constructors', profile: makeProfile(), api: api() });
    const form = await screen.findByTestId('shop-settings-form');
    await waitFor(() => expect(within(form).getByLabelText('Название сайта')).toHaveValue('Ремонт у дома'));
    fireEvent.change(within(form).getByLabelText(/Телефон на сайте/), { target: { value: '912 00' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Сохранить настройки' }));
    expect(await within(form).findByText('Неверный формат телефона: +7 (XXX) XXX-XX-XX')).toBeInTheDocument();
    expect(view.api!.calls('put')).toHaveLength(0);
  });

  it('is read-only without edit:shop_content', async () => {
    renderPage(<ConstructorsPage />, { route: '/constructors', path: '/constructors', rules: ['view:shop_content:all'], api: api() });
    const form = await screen.findByTestId('shop-settings-form');
    await waitFor(() => expect(within(form).getByLabelText('Название сайта')).toHaveValue('Ремонт у дома'));
    expect(within(form).getByLabelText('Название сайта')).toBeDisabled();
    expect(within(form).queryByRole('button', { name: 'Сохранить настройки' })).not.toBeInTheDocument();
  });

  it('says so when the settings cannot be loaded', async () => {
    renderPage(<ConstructorsPage />, { route: '/constructors', path: '/constructors', profile: makeProfile(), api: api({ 'get shop/settings': respondError(500, 'Сервер недоступен') }) });
    expect(await screen.findByText('Не удалось загрузить настройки')).toBeInTheDocument();
  });
});
