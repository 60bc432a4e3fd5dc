import { fireEvent, screen, waitFor } from '@testing-library/react';
import { authStore } from '@repo/shared-core';
import { createFakeApi, makeProfile, renderPage, respondError } from '../../__tests__/helpers';
import { PasswordCard } from '../password-card';
import { ProfileInfoCard } from '../profile-info-card';

// antd forms are heavy in jsdom; a slow CI machine needs more than the default 5 s.
jest.setTimeout(20000);

const server = createFakeApi();
afterEach(() => server.reset());
afterAll(() => server.restore());

describe('PasswordCard: changePasswordRequestSchema checks the fields', () => {
  it('lengths and «совпадает с текущим» come from the schema, the repeat check stays on the page', async () => {
    renderPage(<PasswordCard />, { api: server, rules: [] });
    fireEvent.change(screen.getByLabelText('Текущий пароль'), { target: { value: 'demo1234' } });
    fireEvent.change(screen.getByLabelText('Новый пароль'), { target: { value: 'short' } });
    expect(await screen.findByText('Пароль должен быть не короче 8 символов')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Новый пароль'), { target: { value: 'demo1234' } });
    expect(await screen.findByText('Новый пароль совпадает с текущим')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Новый пароль'), { target: { value: 'new-pass-42' } });
    fireEvent.change(screen.getByLabelText('Повторите новый пароль'), { target: { value: 'other' } });
    fireEvent.click(screen.getByRole('button', { name: 'Изменить пароль' }));
    expect(await screen.findByText('Пароли не совпадают')).toBeInTheDocument();
    expect(server.calls()).toHaveLength(0);
  });

  it('a wrong current password lands on its field', async () => {
    server.post('auth/password', respondError(401, 'Неверный текущий пароль', 'invalid_credentials'));
    renderPage(<PasswordCard />, { api: server, rules: [] });
    fireEvent.change(screen.getByLabelText('Текущий пароль'), { target: { value: 'wrong-one' } });
    fireEvent.change(screen.getByLabelText('Новый пароль'), { target: { value: 'new-pass-42' } });
    fireEvent.change(screen.getByLabelText('Повторите новый пароль'), { target: { value: 'new-pass-42' } });
    fireEvent.click(screen.getByRole('button', { name: 'Изменить пароль' }));
    await waitFor(() => expect(server.lastCall('post', 'auth/password')?.body).toEqual({ currentPassword: 'wrong-one', newPassword: 'new-pass-42' }));
    expect(await screen.findAllByText('Неверный текущий пароль')).not.toHaveLength(0);
  });
});

describe('ProfileInfoCard: updateProfileRequestSchema checks the name', () => {
  it("shows the schema's message and the server's field error", async () => {
    server.patch('auth/me', respondError(400, 'Проверьте правильность заполнения полей', 'validation', { name: 'Имя занято' }));
    renderPage(<ProfileInfoCard />, { api: server, profile: makeProfile({ name: 'Ольга' }) });
    expect(authStore.getState().profile?.name).toBe('Ольга');
    const input = await screen.findByLabelText('Имя');
    fireEvent.change(input, { target: { value: 'О' } });
    expect(await screen.findByText('Имя должно быть не короче 2 символов')).toBeInTheDocument();
    fireEvent.change(input, { target: { value: 'Ольга Петровна' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Имя занято')).toBeInTheDocument();
    expect(server.lastCall('patch', 'auth/me')?.body).toEqual({ name: 'Ольга Петровна' });
  });
});
