import { shopLimits, shopLinkSchema, shopMessages, type ShopImage, type ShopSlide } from '@repo/contracts';
import { dayjs } from '@repo/shared-core';
import { zodRule } from '@repo/ui';
import { Button, DatePicker, Flex, Form, Input, Modal, Space, Switch } from 'antd';
import type { Dayjs } from 'dayjs';
import { putServerErrors } from '../../../shared/form-errors';
import { ImagePicker } from '../../../shared/images';
import { useSlideMutations } from '../api';

export interface SlideValues {
  title: string;
  text?: string;
  buttonText?: string;
  link?: string;
  image: ShopImage | null;
  activeFrom?: Dayjs | null;
  activeTo?: Dayjs | null;
  published: boolean;
}

export const dateFormat = 'DD.MM.YYYY';
const day = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : null);

export const slideValues = (s: ShopSlide): SlideValues => ({
  title: s.title,
  text: s.text ?? '',
  buttonText: s.buttonText ?? '',
  link: s.link ?? '',
  image: s.image,
  activeFrom: s.activeFrom ? dayjs(s.activeFrom) : null,
  activeTo: s.activeTo ? dayjs(s.activeTo) : null,
  published: s.published,
});

/** The form's values as the API's body (both for create and for PATCH: every field sent). */
export function toSlideBody(v: SlideValues) {
  return {
    title: v.title.trim(),
    text: v.text?.trim() || null,
    buttonText: v.buttonText?.trim() || null,
    link: v.link?.trim() || null,
    imageId: v.image?.id ?? null,
    activeFrom: day(v.activeFrom),
    activeTo: day(v.activeTo),
    published: v.published,
  };
}

/** A slide's form in a modal: image, title, text, button and link, the days it is shown, published. */
export function SlideFormModal({ slide, open, onClose }: { slide?: ShopSlide; open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<SlideValues>();
  const { create, update } = useSlideMutations();
  const pending = create.isPending || update.isPending;

  async function submit(v: SlideValues) {
    try {
      if (slide) await update.mutateAsync({ id: slide.id, ...toSlideBody(v) });
      else await create.mutateAsync(toSlideBody(v));
      onClose();
    } catch (e) {
      putServerErrors(form as never, e, { rename: { imageId: 'image' } });
    }
  }

  return (
    <Modal
      open={open}
      title={slide ? `Слайд: ${slide.title}` : 'Новый слайд'}
      onCancel={onClose}
      destroyOnHidden
      width={640}
      footer={
        <Space>
          <Button onClick={onClose}>Отмена</Button>
          <Button type="primary" loading={pending} onClick={() => form.submit()}>
            {slide ? 'Сохранить' : 'Создать'}
          </Button>
        </Space>
      }
    >
      <Form<SlideValues>
        form={form}
        layout="vertical"
        requiredMark="optional"
        initialValues={slide ? slideValues(slide) : { title: '', text: '', buttonText: '', link: '', image: null, activeFrom: null, activeTo: null, published: true }}
        onFinish={(v) => void submit(v)}
        data-testid="slide-form"
      >
        <Form.Item label="Изображение" name="image" extra="Лучше широкое: от 1600×600 px.">
          <ImagePicker size={96} />
        </Form.Item>
        <Form.Item label="Заголовок" name="title" rules={[{ required: true, whitespace: true, message: shopMessages.titleRequired }, { max: shopLimits.titleMax, message: shopMessages.titleTooLong }]}>
          <Input autoFocus maxLength={shopLimits.titleMax} />
        </Form.Item>
        <Form.Item label="Текст" name="text" rules={[{ max: shopLimits.slideTextMax, message: `Текст: не больше ${shopLimits.slideTextMax} символов` }]}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={shopLimits.slideTextMax} showCount />
        </Form.Item>
        <Flex gap={12} wrap>
          <Form.Item label="Текст кнопки" name="buttonText" style={{ flex: '1 1 180px' }} rules={[{ max: shopLimits.buttonTextMax, message: `Текст кнопки: не больше ${shopLimits.buttonTextMax} символов` }]}>
            <Input maxLength={shopLimits.buttonTextMax} placeholder="Например: Записаться" />
          </Form.Item>
          <Form.Item label="Ссылка" name="link" style={{ flex: '2 1 260px' }} rules={[zodRule(shopLinkSchema)]}>
            <Input maxLength={shopLimits.linkMax} placeholder="/repair или https://…" />
          </Form.Item>
        </Flex>
        <Flex gap={12} wrap>
          <Form.Item label="Показывать с" name="activeFrom" style={{ flex: '1 1 180px' }}>
            <DatePicker format={dateFormat} style={{ width: '100%' }} placeholder="Сразу" aria-label="Показывать с" />
          </Form.Item>
          <Form.Item
            label="Показывать по"
            name="activeTo"
            dependencies={['activeFrom']}
            style={{ flex: '1 1 180px' }}
            rules={[
              ({ getFieldValue }) => ({
                validator: async (_, value: Dayjs | null | undefined) => {
                  const from = getFieldValue('activeFrom') as Dayjs | null | undefined;
                  if (value && from && day(value)! < day(from)!) throw new Error(shopMessages.slideDates);
                },
              }),
            ]}
          >
            <DatePicker format={dateFormat} style={{ width: '100%' }} placeholder="Без срока" aria-label="Показывать по" />
          </Form.Item>
          <Form.Item label="Опубликован" name="published" valuePropName="checked" style={{ flex: '0 0 auto' }}>
            <Switch aria-label="Опубликован" />
          </Form.Item>
        </Flex>
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}
