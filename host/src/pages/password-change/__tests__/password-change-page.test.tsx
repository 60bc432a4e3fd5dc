import { api, authStore } from '@repo/shared-core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createFakeApi, makeProfile, renderPage, respondError } from '../../__tests__/helpers';
import { PasswordChangePage } from '../password-change-page';

const server = createFakeApi();
beforeEach(() => server.reset());

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the temporary password gate', () => {
  it('changes the password, reads the profile again and goes on to the main page', async () => {
    const temp = makeProfile({ id: 'e7', name: 'Новиков Пётр', rules: ['view:repair_order:location'], mustChangePassword: true });
    server.on('post', 'auth/password', { ok: true });
    server.on('get', 'auth/me', { ...temp, mustChangePassword: false });
    const page = renderPage(<PasswordChangePage />, { route: '/password', profile: temp, api: server });

    expect(screen.getByText('Смена временного пароля')).toBeInTheDocument();
    fill('Временный пароль', 'tmpPass42');
    fill('Новый пароль', 'my-own-pass');
    fill('Повторите новый пароль', 'my-own-pass');
    fireEvent.click(screen.getByRole('button', { name: /Сменить пароль/ }));

    await waitFor(() => expect(page.location()).toBe('/'));
    expect(server.calls('post', 'auth/password')[0].body).toEqual({ currentPassword: 'tmpPass42', newPassword: 'my-own-pass' });
    expect(authStore.getState().profile?.mustChangePassword).toBe(false);
  });

  it('checks the fields with the contract before sending, and puts a wrong temporary password on its field', async () => {
    const temp = makeProfile({ mustChangePassword: true });
    server.on('post', 'auth/password', respondError(400, 'Неверный текущий пароль', 'validation', { currentPassword: 'Неверный текущий пароль' }));
    renderPage(<PasswordChangePage />, { route: '/password', profile: temp, api: server });

    fill('Временный пароль', 'tmpPass42');
    fill('Новый пароль', 'short');
    fill('Повторите новый пароль', 'other');
    fireEvent.click(screen.getByRole('button', { name: /Сменить пароль/ }));
    expect(await screen.findByText('Пароль должен быть не короче 8 символов')).toBeInTheDocument();
    expect(screen.getByText('Пароли не совпадают')).toBeInTheDocument();
    expect(server.calls('post', 'auth/password')).toHaveLength(0);

    fill('Новый пароль', 'long-enough-1');
    fill('Повторите новый пароль', 'long-enough-1');
    fireEvent.click(screen.getByRole('button', { name: /Сменить пароль/ }));
    expect(await screen.findByText('Неверный текущий пароль')).toBeInTheDocument();
    expect(authStore.getState().profile?.mustChangePassword).toBe(true);
  });

  it('any API 403 `password_change_required` sends the signed-in employee to the gate', async () => {
    authStore.getState().setProfile(makeProfile({ mustChangePassword: false }));
    server.on('get', 'sales', respondError(403, 'Смените временный пароль, чтобы продолжить работу', 'password_change_required'));
    await expect(api.get('sales')).rejects.toBeTruthy();
    expect(authStore.getState().profile?.mustChangePassword).toBe(true);
  });
});
