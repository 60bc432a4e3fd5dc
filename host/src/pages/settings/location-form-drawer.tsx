import { createLocationRequestSchema, type CreateLocationRequest, type Location } from '@repo/contracts';
import { notify } from '@repo/shared-core';
import { useZodForm } from '@repo/ui';
import { Button, Drawer, Flex, Form, Input } from 'antd';
import { useEffect } from 'react';
import { useCreateLocation } from './api/create-location';
import { useUpdateLocation } from './api/update-location';

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

/**
 * Create or edit a location. The fields are checked by createLocationRequestSchema itself (the schema
 * the server validates with, messages included); server field errors land on the fields.
 */
export function LocationFormDrawer({ open, location, onClose }: Props) {
  const { form, field, maxLength, setServerErrors } = useZodForm<typeof createLocationRequestSchema, FormValues>(createLocationRequestSchema);
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
      onError: (e: unknown) => setServerErrors(e),
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
        <Form.Item label="Название" {...field('name')}>
          <Input placeholder="Например, Сервис на Ленина" autoFocus maxLength={maxLength.name} />
        </Form.Item>
        <Form.Item label="Адрес" {...field('address')}>
          <Input.TextArea placeholder="Город, улица, дом" autoSize={{ minRows: 2, maxRows: 4 }} maxLength={maxLength.address} />
        </Form.Item>
        <Form.Item label="Телефон" {...field('phone')}>
          <Input type="tel" placeholder="+7 (___) ___-__-__" maxLength={maxLength.phone} />
        </Form.Item>
        <Form.Item
          label="Часы работы"
          {...field('workingHours')}
          extra="Так, как их увидит клиент: «Пн–Пт 10:00–20:00, Сб–Вс 11:00–18:00»"
        >
          <Input placeholder="Пн–Пт 10:00–20:00" maxLength={maxLength.workingHours} />
        </Form.Item>
        {/* Enter in a single-line field submits, as in any form. */}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Drawer>
  );
}
