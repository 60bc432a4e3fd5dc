import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { allRules, type Location, type Profile } from '@repo/contracts';
import { api, authStore, locationStore } from '@repo/shared-core';
import { apiFailure, renderPage, settle } from '../../__tests__/helpers';
import { checkImage } from '../location-images';
import { SettingsPage } from '../settings-page';

jest.mock('@repo/shared-core', () => {
  const actual = jest.requireActual('@repo/shared-core');
  actual.api.get = jest.fn();
  actual.api.post = jest.fn();
  actual.api.patch = jest.fn();
  actual.api.delete = jest.fn();
  return actual;
});

const get = api.get as jest.Mock;
const patch = api.patch as jest.Mock;

const centre: Location = {
  _id: 'l1',
  id: 'l1',
  name: 'Центр',
  address: 'ул. Ленина, 1',
  phone: '+7 (900) 111-22-33',
  workingHours: 'Пн–Пт 10:00–20:00',
  images: [
    {
      id: 'i1',
      url: '/api/location/images/i1',
      thumbnailUrl: '/api/location/images/i1/thumbnail',
      mime: 'image/jpeg',
      size: 1000,
      width: 800,
      height: 600,
    },
  ],
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
};

function signInWith(rules: string[]) {
  const profile: Profile = {
    id: 'e1',
    name: 'Ольга',
    phone: '+79000000001',
    position: null,
    location: { id: 'l1', name: 'Центр' },
    locations: [{ id: 'l1', name: 'Центр' }],
    role: { id: 'r', name: 'x', title: 'X', rules },
  };
  act(() => authStore.getState().setProfile(profile));
}

// antd's drawer and form are heavy in jsdom; a slow CI machine needs more than the default 5 s.
jest.setTimeout(20000);

describe('SettingsPage', () => {
  beforeEach(() => {
    get.mockReset();
    patch.mockReset();
  });

  it('lists locations with contacts, hours and thumbnails', async () => {
    signInWith(allRules());
    get.mockResolvedValue({ data: [centre] });
    renderPage(<SettingsPage />, { route: '/settings', path: '/settings' });
    expect(await screen.findByText('ул. Ленина, 1')).toBeInTheDocument();
    expect(screen.getByText('Пн–Пт 10:00–20:00')).toBeInTheDocument();
    expect(screen.getByAltText('Фото магазина «Центр»')).toHaveAttribute('src', '/api/location/images/i1/thumbnail');
    expect(get).toHaveBeenCalledWith('location');
  });

  it('puts the server field errors on the form fields', async () => {
    signInWith(allRules());
    get.mockResolvedValue({ data: [centre] });
    patch.mockRejectedValue(
      apiFailure(400, {
        message: 'Проверьте правильность заполнения полей',
        code: 'validation',
        errors: { name: 'Магазин с таким названием уже есть', workingHours: 'Часы работы: не больше 200 символов' },
      }),
    );
    renderPage(<SettingsPage />, { route: '/settings', path: '/settings' });
    fireEvent.click(await screen.findByLabelText('Изменить «Центр»'));
    const drawer = await screen.findByRole('dialog');
    const name = within(drawer).getByLabelText('Название');
    await waitFor(() => expect(name).toHaveValue('Центр'));
    fireEvent.change(name, { target: { value: 'Север' } });
    fireEvent.click(within(drawer).getByText('Сохранить'));

    expect(await within(drawer).findByText('Магазин с таким названием уже есть')).toBeInTheDocument();
    expect(within(drawer).getByText('Часы работы: не больше 200 символов')).toBeInTheDocument();
    expect(patch).toHaveBeenCalledWith('location/l1', {
      name: 'Север',
      address: 'ул. Ленина, 1',
      phone: '+7 (900) 111-22-33',
      workingHours: 'Пн–Пт 10:00–20:00',
    });
  });

  it('refuses a too-short name on the client without a request', async () => {
    signInWith(allRules());
    get.mockResolvedValue({ data: [centre] });
    renderPage(<SettingsPage />, { route: '/settings?location=new', path: '/settings' });
    const drawer = await screen.findByRole('dialog');
    fireEvent.change(within(drawer).getByLabelText('Название'), { target: { value: 'А' } });
    fireEvent.click(within(drawer).getByText('Добавить'));
    expect(await within(drawer).findByText('Название должно быть не короче 2 символов')).toBeInTheDocument();
    expect(api.post).not.toHaveBeenCalled();
  });

  it('after a save refreshes the list and hands it to the location store', async () => {
    signInWith(allRules());
    const renamed = { ...centre, name: 'Центральный' };
    get.mockResolvedValueOnce({ data: [centre] }).mockResolvedValue({ data: [renamed] });
    patch.mockResolvedValue({ data: renamed });
    renderPage(<SettingsPage />, { route: '/settings?location=l1', path: '/settings' });
    const drawer = await screen.findByRole('dialog');
    await waitFor(() => expect(within(drawer).getByLabelText('Название')).toHaveValue('Центр'));
    fireEvent.change(within(drawer).getByLabelText('Название'), { target: { value: 'Центральный' } });
    fireEvent.click(within(drawer).getByText('Сохранить'));
    await waitFor(() => expect(locationStore.getState().list).toEqual([renamed]));
    await settle();
  });

  it('hides create, edit and delete without the location rules', async () => {
    signInWith(['view:location:all']);
    get.mockResolvedValue({ data: [centre] });
    renderPage(<SettingsPage />, { route: '/settings', path: '/settings' });
    await screen.findByText('ул. Ленина, 1');
    expect(screen.queryByRole('button', { name: /Добавить магазин/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Изменить «Центр»' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Удалить «Центр»' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Загрузить фото' })).not.toBeInTheDocument();
  });

  it('shows an empty state with a create button, and an error state with retry', async () => {
    signInWith(allRules());
    get.mockResolvedValueOnce({ data: [] });
    const { unmount } = renderPage(<SettingsPage />, { route: '/settings', path: '/settings' });
    expect(await screen.findByText('Магазинов пока нет')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Добавить магазин/ })).toBeInTheDocument();
    unmount();

    get.mockRejectedValueOnce(apiFailure(500, { message: 'Ошибка сервера' })).mockResolvedValue({ data: [centre] });
    renderPage(<SettingsPage />, { route: '/settings', path: '/settings' });
    expect(await screen.findByText('Не удалось загрузить магазины')).toBeInTheDocument();
    fireEvent.click(screen.getByText('Повторить'));
    expect(await screen.findByText('ул. Ленина, 1')).toBeInTheDocument();
  });

  it('refuses images of the wrong type or above the size limit before uploading', () => {
    expect(checkImage({ type: 'image/gif', size: 10 })).toBe('Можно загрузить только JPEG, PNG или WebP');
    expect(checkImage({ type: 'image/png', size: 5 * 1024 * 1024 + 1 })).toBe('Файл больше 5 МБ');
    expect(checkImage({ type: 'image/webp', size: 5 * 1024 * 1024 })).toBeNull();
  });
});
