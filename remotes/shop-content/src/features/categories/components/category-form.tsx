import { shopLimits, shopMessages, slugify, slugPattern, type ShopCategory, type ShopImage } from '@repo/contracts';
import { Button, Flex, Form, Input, Modal, Select, Space, Switch, Typography } from 'antd';
import { useState } from 'react';
import { putServerErrors } from '../../../shared/form-errors';
import { ImagePicker } from '../../../shared/images';
import { useCatalogCategoryOptions, useShopCategoryMutations } from '../api';

export interface CategoryValues {
  name: string;
  slug: string;
  image: ShopImage | null;
  published: boolean;
  catalogCategoryIds: string[];
}

/**
 * The slug follows the name (`slugify`) until it is typed by hand; emptied, it follows the name again.
 * A category that exists keeps its address (a changed address breaks links to it) unless edited.
 */
export function useSlugFollow(initiallyByHand: boolean) {
  const [byHand, setByHand] = useState(initiallyByHand);
  return {
    byHand,
    /** The slug after the name changed: a new one while it follows, else null (leave it). */
    onName: (name: string) => (byHand ? null : slugify(name)),
    onSlug: (slug: string) => setByHand(slug.trim() !== ''),
  };
}

/** The form's values as the API's body; an untouched slug of a new category is left to the server (it makes it unique). */
export function toCategoryBody(v: CategoryValues, slugByHand: boolean, creating: boolean) {
  const body: Record<string, unknown> = {
    name: v.name.trim(),
    imageId: v.image?.id ?? null,
    published: v.published,
    catalogCategoryIds: v.catalogCategoryIds ?? [],
  };
  const slug = v.slug?.trim();
  if (slug && (slugByHand || !creating)) body.slug = slug;
  return body;
}

export function CategoryFormModal({ category, open, onClose }: { category?: ShopCategory; open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<CategoryValues>();
  const slug = useSlugFollow(!!category);
  const options = useCatalogCategoryOptions(open);
  const { create, update } = useShopCategoryMutations();
  const pending = create.isPending || update.isPending;
  const byId = new Map((options.data ?? []).map((c) => [c.id, c]));
  // Linked categories the list does not have (no right to see the catalogue's, or removed): shown by their stored names.
  const known = new Set((options.data ?? []).map((c) => c.id));
  const extraOptions = (category?.catalogCategories ?? []).filter((c) => !known.has(c.id)).map((c) => ({ value: c.id, label: c.name }));

  async function submit(v: CategoryValues) {
    try {
      const body = toCategoryBody(v, slug.byHand, !category);
      if (category) await update.mutateAsync({ id: category.id, ...body });
      else await create.mutateAsync(body as never);
      onClose();
    } catch (e) {
      putServerErrors(form as never, e, {
        rename: { imageId: 'image' },
        conflict: { status: 409, field: 'slug', when: (m) => m === shopMessages.slugTaken },
      });
    }
  }

  return (
    <Modal
      open={open}
      title={category ? `Категория: ${category.name}` : 'Новая категория витрины'}
      onCancel={onClose}
      destroyOnHidden
      width={620}
      footer={
        <Space>
          <Button onClick={onClose}>Отмена</Button>
          <Button type="primary" loading={pending} onClick={() => form.submit()}>
            {category ? 'Сохранить' : 'Создать'}
          </Button>
        </Space>
      }
    >
      <Form<CategoryValues>
        form={form}
        layout="vertical"
        requiredMark="optional"
        initialValues={
          category
            ? { name: category.name, slug: category.slug, image: category.image, published: category.published, catalogCategoryIds: category.catalogCategoryIds }
            : { name: '', slug: '', image: null, published: true, catalogCategoryIds: [] }
        }
        onValuesChange={(changed: Partial<CategoryValues>) => {
          if ('name' in changed) {
            const next = slug.onName(changed.name ?? '');
            if (next !== null) form.setFieldsValue({ slug: next });
          }
          if ('slug' in changed) {
            slug.onSlug(changed.slug ?? '');
            if (!changed.slug?.trim() && !category) form.setFieldsValue({ slug: slugify(form.getFieldValue('name') ?? '') });
          }
        }}
        onFinish={(v) => void submit(v)}
        data-testid="category-form"
      >
        <Form.Item label="Название" name="name" rules={[{ required: true, whitespace: true, message: shopMessages.nameRequired }, { max: shopLimits.nameMax, message: shopMessages.nameTooLong }]}>
          <Input autoFocus maxLength={shopLimits.nameMax} placeholder="Например: Смартфоны и планшеты" />
        </Form.Item>
        <Form.Item
          label="Адрес (slug)"
          name="slug"
          extra={slug.byHand ? 'Задан вручную.' : category ? undefined : 'Строится из названия, пока вы не измените его сами; занятый адрес сервер дополнит номером.'}
          rules={[{ pattern: slugPattern, message: shopMessages.slugInvalid }, { max: shopLimits.slugMax, message: shopMessages.slugInvalid }, ...(category ? [{ required: true, message: shopMessages.slugInvalid }] : [])]}
        >
          <Input maxLength={shopLimits.slugMax} aria-label="Адрес (slug)" placeholder="smartfony" />
        </Form.Item>
        <Form.Item label="Изображение" name="image">
          <ImagePicker size={88} />
        </Form.Item>
        <Form.Item
          label="Категории каталога"
          name="catalogCategoryIds"
          extra={options.isError ? 'Список категорий каталога недоступен (нет права на просмотр каталога).' : 'Витрина покажет опубликованные товары этих категорий.'}
        >
          <Select
            mode="multiple"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            loading={options.isPending && open}
            placeholder="Выберите категории"
            aria-label="Категории каталога"
            maxTagCount="responsive"
            options={[
              ...(options.data ?? []).map((c) => ({ value: c.id, label: c.parentId ? `${byId.get(c.parentId)?.name ?? ''} / ${c.name}` : c.name })),
              ...extraOptions,
            ]}
          />
        </Form.Item>
        <Flex gap={8} align="center">
          <Form.Item name="published" valuePropName="checked" noStyle>
            <Switch aria-label="Опубликована" />
          </Form.Item>
          <Typography.Text>Показывать на сайте</Typography.Text>
        </Flex>
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}
