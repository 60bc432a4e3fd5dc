import { AxiosError, AxiosHeaders } from 'axios';
import { fieldErrors, getApiError } from '../errors';

function axiosError(status: number, data: unknown) {
  const config = { headers: new AxiosHeaders() };
  return new AxiosError('failed', 'ERR_BAD_REQUEST', config, {}, { status, data, statusText: '', headers: {}, config });
}

describe('getApiError', () => {
  it('reads the error contract { message, code, errors } and the status', () => {
    const e = axiosError(400, { message: 'Проверьте правильность заполнения полей', code: 'validation', errors: { name: 'Укажите название' } });
    expect(getApiError(e)).toEqual({
      status: 400,
      message: 'Проверьте правильность заполнения полей',
      code: 'validation',
      errors: { name: 'Укажите название' },
    });
  });

  it('falls back to the seed text for the status, and to "Ошибка соединения" for anything else', () => {
    expect(getApiError(axiosError(404, 'Not Found')).message).toBe('Запрос не найден');
    expect(getApiError(axiosError(403, {})).message).toBe('Пользователь не авторизован');
    expect(getApiError(new Error('boom'))).toEqual({ status: undefined, message: 'Ошибка соединения' });
  });
});

describe('fieldErrors', () => {
  it('gives antd setFields entries, with dotted paths split and list indexes as numbers', () => {
    const e = axiosError(400, {
      message: 'Проверьте правильность заполнения полей',
      code: 'validation',
      errors: { name: 'Укажите название', 'items.0.qty': 'Больше нуля' },
    });
    expect(fieldErrors(e)).toEqual([
      { name: ['name'], errors: ['Укажите название'] },
      { name: ['items', 0, 'qty'], errors: ['Больше нуля'] },
    ]);
  });

  it('is empty when the server sent no field errors', () => {
    expect(fieldErrors(axiosError(500, { message: 'Ошибка сервера', code: 'server_error' }))).toEqual([]);
  });
});
