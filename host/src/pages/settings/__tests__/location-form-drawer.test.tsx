import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Location } from '@repo/contracts';
import { useState } from 'react';
import { createFakeApi, renderPage, respondError, settle } from '../../__tests__/helpers';
import { LocationFormDrawer } from '../location-form-drawer';

const shop = (over: Partial<Location> = {}): Location => ({
  _id: 'l1',
  id: 'l1',
  name: 'Сервис+ на Арбате',
  address: 'г. Москва, ул. Арбат, д. 24',
  phone: null,
  workingHours: 'Пн–Пт 10:00–20:00',
  images: [],
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  ...over,
});

/** Stands in for the settings page: «refetch» hands the drawer the next object, as the list query would. */
function Harness({ initial, next }: { initial: Location; next: Location }) {
  const [location, setLocation] = useState(initial);
  return (
    <>
      <button onClick={() => setLocation(next)}>refetch</button>
      <LocationFormDrawer open location={location} onClose={() => undefined} />
    </>
  );
}

describe('LocationFormDrawer', () => {
  it('keeps what is being typed when the list is refetched (a new object for the same shop)', async () => {
    renderPage(<Harness initial={shop()} next={shop({ workingHours: 'Ежедневно 09:00–21:00' })} />);
    await settle();
    expect(screen.getByLabelText(/Название/)).toHaveValue('Сервис+ на Арбате');
    fireEvent.change(screen.getByLabelText(/Телефон/), { target: { value: '+7 (495) 111-22-33' } });

    // A colleague changed the hours: the refetched list hands the drawer a new object.
    fireEvent.click(screen.getByText('refetch', { ignore: false }));
    await settle();
    expect(screen.getByLabelText(/Телефон/)).toHaveValue('+7 (495) 111-22-33');
  });

  it('fills the form again when it turns to another shop', async () => {
    renderPage(<Harness initial={shop()} next={shop({ _id: 'l2', id: 'l2', name: 'Сервис+ на Соколе' })} />);
    await settle();
    fireEvent.click(screen.getByText('refetch', { ignore: false }));
    await settle();
    expect(screen.getByLabelText(/Название/)).toHaveValue('Сервис+ на Соколе');
  });

  describe('validation by createLocationRequestSchema', () => {
    const server = createFakeApi();
    afterEach(() => server.reset());
    afterAll(() => server.restore());

    it("checks the fields with the schema's messages before sending anything", async () => {
      renderPage(<LocationFormDrawer open onClose={() => undefined} />, { api: server });
      await settle();
      fireEvent.click(screen.getByRole('button', { name: 'Добавить' }));
      expect(await screen.findByText('Укажите название')).toBeInTheDocument();
      fireEvent.change(screen.getByLabelText(/Название/), { target: { value: ' С ' } });
      expect(await screen.findByText('Название должно быть не короче 2 символов')).toBeInTheDocument();
      // The input's own limit comes from the schema too.
      expect(screen.getByLabelText(/Адрес/)).toHaveAttribute('maxlength', '300');
      expect(server.calls()).toHaveLength(0);
    });

    it("sends empty optional fields as null and puts the server's field errors on the fields", async () => {
      server.post('location', respondError(400, 'Проверьте правильность заполнения полей', 'validation', { name: 'Магазин с таким названием уже есть' }));
      renderPage(<LocationFormDrawer open onClose={() => undefined} />, { api: server });
      await settle();
      fireEvent.change(screen.getByLabelText(/Название/), { target: { value: 'Сервис+ на Соколе' } });
      fireEvent.click(screen.getByRole('button', { name: 'Добавить' }));
      expect(await screen.findByText('Магазин с таким названием уже есть')).toBeInTheDocument();
      await waitFor(() =>
        expect(server.lastCall('post', 'location')?.body).toEqual({ name: 'Сервис+ на Соколе', address: null, phone: null, workingHours: null }),
      );
    });
  });
});
