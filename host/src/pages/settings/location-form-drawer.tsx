import type { CreateLocationRequest, Location } from '@repo/contracts';
import { notify } from '@repo/shared-core';
import { Button, Drawer, Flex, Form, Input } from 'antd';
import { useEffect } from 'react';
import { useCreateLocation } from './api/create-location';
import { useUpdateLocation } from './api/update-location';
import { setServerFieldErrors } from '../shared/server-field-errors';

interface FormValues {
  name: string;
  address?: string | null;
  phone?: string | null;
  workingHours?: string | null;
}

interface Props {
  open: boolean;
  /** The location being edited; absent when creating a new one. */
  location?: Location | null;
  onClose: () => void;
}

// Empty inputs mean "not set": the schema stores them as null, so send null rather than ''.
const toBody = (v: FormValues): CreateLocationRequest => ({
  name: v.name.trim(),
  address: v.address?.trim() || null,
  phone: v.phone?.trim() || null,
  workingHours: v.workingHours?.trim() || null,
});

/** Create or edit a location. Rules mirror createLocationRequestSchema; server field errors land on the fields. */
export function LocationFormDrawer({ open, location, onClose }: Props) {
  const [form] = Form.useForm<FormValues>();
  const create = useCreateLocation();
  const update = useUpdateLocation();
  const editing = Boolean(location);
  const pending = create.isPending || update.isPending;

  // Fill the form when the drawer opens or turns to another record, and only then: a refetch of the
  // list (after our own save, or a colleague's change arriving in real time) hands us a new object
  // for the same shop, and must not wipe what is being typed.
  const locationId = location?._id ?? null;
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (location) {
      form.setFieldsValue({
        name: location.name,
        address: location.address,
        phone: location.phone,
        workingHours: location.workingHours,
      });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on the record's id on purpose (see above)
  }, [open, locationId, form]);

  const onFinish = (values: FormValues) => {
    const body = toBody(values);
    const handlers = {
      onSuccess: () => {
        notify.success(editing ? 'Изменения сохранены' : 'Магазин добавлен');
        onClose();
      },
      onError: (e: unknown) => setServerFieldErrors(form, e),
    };
    if (location) update.mutate({ id: location._id, ...body }, handlers);
    else create.mutate(body, handlers);
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={editing ? `Магазин «${location?.name}»` : 'Новый магазин'}
      size={480}
      destroyOnHidden
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onClose}>Отмена</Button>
          <Button type="primary" loading={pending} onClick={() => form.submit()}>
            {editing ? 'Сохранить' : 'Добавить'}
          </Button>
        </Flex>
      }
    >
      <Form<FormValues> form={form} layout="vertical" onFinish={onFinish} name="location-form" requiredMark="optional">
        <Form.Item
          label="Название"
          name="name"
          rules={[
            { required: true, whitespace: true, message: 'Укажите название' },
            { min: 2, message: 'Название должно быть не короче 2 символов' },
            { max: 120, message: 'Название: не больше 120 символов' },
          ]}
        >
          <Input placeholder="Например, Сервис на Ленина" autoFocus maxLength={120} />
        </Form.Item>
        <Form.Item label="Адрес" name="address" rules={[{ max: 300, message: 'Адрес: не больше 300 символов' }]}>
          <Input.TextArea placeholder="Город, улица, дом" autoSize={{ minRows: 2, maxRows: 4 }} maxLength={300} />
        </Form.Item>
        <Form.Item label="Телефон" name="phone" rules={[{ max: 40, message: 'Телефон: не больше 40 символов' }]}>
          <Input type="tel" placeholder="+7 (___) ___-__-__" maxLength={40} />
        </Form.Item>
        <Form.Item
          label="Часы работы"
          name="workingHours"
          rules={[{ max: 200, message: 'Часы работы: не больше 200 символов' }]}
          extra="Так, как их увидит клиент: «Пн–Пт 10:00–20:00, Сб–Вс 11:00–18:00»"
        >
          <Input placeholder="Пн–Пт 10:00–20:00" maxLength={200} />
        </Form.Item>
        {/* Enter in a single-line field submits, as in any form. */}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Drawer>
  );
}
