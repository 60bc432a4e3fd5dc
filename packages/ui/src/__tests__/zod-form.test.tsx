import { fireEvent, screen, waitFor } from '@testing-library/react';
import { changePasswordRequestSchema, createLocationRequestSchema } from '@repo/contracts';
import { apiFailure, renderPage } from '@repo/testing';
import { Button, Form, Input } from 'antd';
import { z } from 'zod';
import { useZodForm, zodFieldMessage, zodFields } from '../zod-form';

const { shape } = createLocationRequestSchema;

describe('zodFieldMessage', () => {
  it("gives the schema's own Russian messages", () => {
    expect(zodFieldMessage(shape.name, undefined)).toBe('Укажите название');
    expect(zodFieldMessage(shape.name, '   ')).toBe('Укажите название');
    expect(zodFieldMessage(shape.name, ' a ')).toBe('Название должно быть не короче 2 символов');
    expect(zodFieldMessage(shape.name, 'x'.repeat(121))).toBe('Название: не больше 120 символов');
    expect(zodFieldMessage(shape.name, 'Сервис+')).toBeNull();
    expect(zodFieldMessage(shape.address, '')).toBeNull();
    expect(zodFieldMessage(shape.address, 'x'.repeat(301))).toBe('Адрес: не больше 300 символов');
  });

  it('falls back to Russian where the schema says nothing', () => {
    expect(zodFieldMessage(z.string(), undefined)).toBe('Заполните поле');
    expect(zodFieldMessage(z.string().max(3), 'abcd')).toBe('Не длиннее 3 символов');
    expect(zodFieldMessage(z.email(), 'nope')).toBe('Неверный формат');
  });

  it('marks required fields and reads the length limits', () => {
    const { required, maxLength } = zodFields(createLocationRequestSchema);
    expect(required).toEqual({ name: true, address: false, phone: false, workingHours: false });
    expect(maxLength).toEqual({ name: 120, address: 300, phone: 40, workingHours: 200 });
  });
});

function LocationForm({ onFinish }: { onFinish: (v: unknown) => void }) {
  const { form, field, setServerErrors } = useZodForm(createLocationRequestSchema);
  return (
    <Form form={form} onFinish={onFinish} requiredMark="optional">
      <Form.Item label="Название" {...field('name')}>
        <Input />
      </Form.Item>
      <Form.Item label="Адрес" {...field('address')}>
        <Input />
      </Form.Item>
      <Button htmlType="submit">Сохранить</Button>
      <Button onClick={() => setServerErrors(apiFailure(400, { message: 'Ошибка', code: 'validation', errors: { name: 'Такой магазин уже есть' } }))}>
        server
      </Button>
    </Form>
  );
}

describe('useZodForm', () => {
  it('validates with the schema and shows its messages on the fields', async () => {
    const onFinish = jest.fn();
    renderPage(<LocationForm onFinish={onFinish} />);
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Укажите название')).toBeInTheDocument();
    expect(screen.getByText('(необязательно)')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Название'), { target: { value: 'Сервис+ на Арбате' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ name: 'Сервис+ на Арбате', address: undefined }));
  });

  it("puts the server's field errors on the fields", async () => {
    renderPage(<LocationForm onFinish={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'server' }));
    expect(await screen.findByText('Такой магазин уже есть')).toBeInTheDocument();
  });

  it("runs the schema's cross-field refinements on the field they name", async () => {
    function PasswordForm() {
      const { form, field } = useZodForm(changePasswordRequestSchema);
      return (
        <Form form={form}>
          <Form.Item label="Текущий" {...field('currentPassword')}>
            <Input />
          </Form.Item>
          <Form.Item label="Новый" {...field('newPassword')} dependencies={['currentPassword']}>
            <Input />
          </Form.Item>
          <Button htmlType="submit">Изменить</Button>
        </Form>
      );
    }
    renderPage(<PasswordForm />);
    fireEvent.change(screen.getByLabelText('Текущий'), { target: { value: 'secret-123' } });
    fireEvent.change(screen.getByLabelText('Новый'), { target: { value: 'secret-123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Изменить' }));
    expect(await screen.findByText('Новый пароль совпадает с текущим')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Новый'), { target: { value: 'short' } });
    expect(await screen.findByText('Пароль должен быть не короче 8 символов')).toBeInTheDocument();
  });
});
