import { fireEvent, screen, waitFor } from '@testing-library/react';
import { api, signIn } from '@repo/shared-core';
import { apiFailure, renderPage } from '../../__tests__/helpers';
import { LoginPage } from '../login-page';

jest.mock('@repo/shared-core', () => {
  const actual = jest.requireActual('@repo/shared-core');
  return { ...actual, api: { post: jest.fn() }, signIn: jest.fn() };
});

const post = api.post as jest.Mock;

function fill(phone: string, password: string) {
  fireEvent.change(screen.getByLabelText('Телефон'), { target: { value: phone } });
  fireEvent.change(screen.getByLabelText('Пароль'), { target: { value: password } });
}

describe('LoginPage', () => {
  beforeEach(() => {
    post.mockReset();
    (signIn as jest.Mock).mockReset();
  });

  it('masks the phone as it is typed', () => {
    renderPage(<LoginPage />, { route: '/login', path: '/login' });
    fireEvent.change(screen.getByLabelText('Телефон'), { target: { value: '89001234567' } });
    expect(screen.getByLabelText('Телефон')).toHaveValue('+7 (900) 123-45-67');
  });

  it('shows the server message inline and the field errors on the fields', async () => {
    post.mockRejectedValue(
      apiFailure(401, {
        message: 'Введен неверный логин или пароль',
        code: 'invalid_credentials',
        errors: { password: 'Неверный пароль' },
      }),
    );
    renderPage(<LoginPage />, { route: '/login', path: '/login' });
    fill('+7 (900) 000-00-01', 'wrong-one');
    fireEvent.click(screen.getByRole('button', { name: /Войти/ }));

    expect(await screen.findByTestId('login-error')).toHaveTextContent('Введен неверный логин или пароль');
    expect(await screen.findByText('Неверный пароль')).toBeInTheDocument();
    // The phone goes out normalised, whatever the mask drew.
    expect(post).toHaveBeenCalledWith('auth/login', { phone: '+79000000001', password: 'wrong-one' });
    expect(signIn).not.toHaveBeenCalled();
  });

  it('shows the throttling message of a 429 inline', async () => {
    post.mockRejectedValue(apiFailure(429, { message: 'Слишком много попыток входа. Повторите через 60 с', code: 'too_many_requests' }));
    renderPage(<LoginPage />, { route: '/login', path: '/login' });
    fill('+7 (900) 000-00-01', 'x');
    fireEvent.click(screen.getByRole('button', { name: /Войти/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Слишком много попыток входа');
  });

  it('signs in and returns to the page the user came from', async () => {
    const profile = { id: '1', name: 'Ольга', phone: '+79000000001', position: null, location: null, locations: [], role: { id: 'r', name: 'owner', title: 'Владелец', rules: [] } };
    post.mockResolvedValue({ data: { token: 't-1', profile } });
    renderPage(<LoginPage />, { route: '/login', path: '/login' });
    fill('+7 (900) 000-00-01', 'demo1234');
    fireEvent.click(screen.getByRole('button', { name: /Войти/ }));
    await waitFor(() => expect(signIn).toHaveBeenCalledWith('t-1', profile));
    expect(await screen.findByText('Главная страница')).toBeInTheDocument();
  });

  it('refuses an empty form without calling the server', async () => {
    renderPage(<LoginPage />, { route: '/login', path: '/login' });
    fireEvent.click(screen.getByRole('button', { name: /Войти/ }));
    expect(await screen.findByText('Укажите телефон')).toBeInTheDocument();
    expect(screen.getByText('Укажите пароль')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });

  it('checks a field when it is left, but an empty one only on submit', async () => {
    renderPage(<LoginPage />, { route: '/login', path: '/login' });
    const phone = screen.getByLabelText('Телефон');
    fireEvent.blur(phone);
    expect(screen.queryByText('Укажите телефон')).not.toBeInTheDocument();
    fireEvent.change(phone, { target: { value: '+7 (900) 12' } });
    fireEvent.blur(phone);
    expect(await screen.findByText('Неверный формат телефона: +7 (XXX) XXX-XX-XX')).toBeInTheDocument();
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    // Typing again clears the message until the field is left again.
    fireEvent.change(phone, { target: { value: '+7 (900) 123' } });
    expect(screen.queryByText(/Неверный формат телефона/)).not.toBeInTheDocument();
  });

  it('fills the form from a demo account', () => {
    renderPage(<LoginPage />, { route: '/login', path: '/login' });
    fireEvent.click(screen.getByRole('button', { name: /Кассир/ }));
    expect(screen.getByLabelText('Телефон')).toHaveValue('+7 (900) 000-00-04');
    expect(screen.getByLabelText('Пароль')).toHaveValue('demo1234');
  });
});
