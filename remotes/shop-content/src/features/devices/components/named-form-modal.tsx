import { shopLimits, shopMessages, type ShopImage } from '@repo/contracts';
import { Button, Form, Input, Modal, Space, Switch } from 'antd';
import { putServerErrors } from '../../../shared/form-errors';
import { ImagePicker } from '../../../shared/images';

export interface NamedValues {
  name: string;
  image: ShopImage | null;
  published: boolean;
}

/**
 * Create or edit a type, a brand or a model: a name (unique in its list: 409 on the field), an image
 * and whether the site shows it. `onSubmit` gets the API body; its refusal lands on the fields.
 */
export function NamedFormModal({
  open,
  title,
  initial,
  extra,
  onClose,
  onSubmit,
  pending,
}: {
  open: boolean;
  title: string;
  initial?: Partial<NamedValues>;
  /** A line under the title («Смартфоны · Apple»). */
  extra?: string;
  onClose: () => void;
  onSubmit: (body: { name: string; imageId: string | null; published: boolean }) => Promise<unknown>;
  pending?: boolean;
}) {
  const [form] = Form.useForm<NamedValues>();

  async function submit(v: NamedValues) {
    try {
      await onSubmit({ name: v.name.trim(), imageId: v.image?.id ?? null, published: v.published });
      onClose();
    } catch (e) {
      putServerErrors(form as never, e, { rename: { imageId: 'image' }, conflict: { status: 409, field: 'name' } });
    }
  }

  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>Отмена</Button>
          <Button type="primary" loading={pending} onClick={() => form.submit()}>
            Сохранить
          </Button>
        </Space>
      }
    >
      {extra ? <div style={{ color: '#8c8c8c', marginBottom: 12 }}>{extra}</div> : null}
      <Form<NamedValues> form={form} layout="vertical" initialValues={{ name: '', image: null, published: true, ...initial }} onFinish={(v) => void submit(v)} data-testid="device-form">
        <Form.Item label="Название" name="name" rules={[{ required: true, whitespace: true, message: shopMessages.nameRequired }, { max: shopLimits.nameMax, message: shopMessages.nameTooLong }]}>
          <Input autoFocus maxLength={shopLimits.nameMax} />
        </Form.Item>
        <Form.Item label="Изображение" name="image">
          <ImagePicker size={88} />
        </Form.Item>
        <Form.Item label="Показывать на сайте" name="published" valuePropName="checked">
          <Switch aria-label="Показывать на сайте" />
        </Form.Item>
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}
