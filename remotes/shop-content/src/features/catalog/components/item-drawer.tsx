import { DeleteOutlined } from '@ant-design/icons';
import { shopLimits, shopMessages, type ShopCatalogItem, type ShopImage } from '@repo/contracts';
import { notify } from '@repo/shared-core';
import { QueryError, useRule } from '@repo/ui';
import { Alert, Button, Drawer, Flex, Form, Input, InputNumber, Popconfirm, Skeleton, Switch, Typography } from 'antd';
import { useEffect } from 'react';
import { putServerErrors } from '../../../shared/form-errors';
import { ImageGallery } from '../../../shared/images';
import { priceText, roublesInput, roublesToKopecks, toRoubles } from '../../../shared/money';
import { useCatalogItem, useCatalogMutations } from '../api';
import { DescriptionField, DescriptionView } from './description-field';
import { ItemTags } from './item-tags';

export interface ItemValues {
  title: string;
  description: string;
  images: ShopImage[];
  /** Roubles; empty = the product's retail price. */
  price: number | null;
  published: boolean;
}

export const itemValues = (i: ShopCatalogItem): ItemValues => ({
  title: i.title,
  description: i.description,
  images: i.images,
  price: toRoubles(i.priceOverride),
  published: i.published,
});

/** Only what changed, as the PATCH body (`price: null` goes back to the retail price). */
export function changedItemFields(item: ShopCatalogItem, v: ItemValues) {
  const body: Record<string, unknown> = {};
  if (v.title.trim() !== item.title) body.title = v.title.trim();
  if ((v.description ?? '') !== item.description) body.description = v.description ?? '';
  const ids = (v.images ?? []).map((i) => i.id);
  if (ids.join() !== item.images.map((i) => i.id).join()) body.imageIds = ids;
  const price = roublesToKopecks(v.price);
  if (price !== item.priceOverride) body.price = price;
  if (v.published !== item.published) body.published = v.published;
  return body;
}

/** The open item (`?item=<id>`): title, description, images, price, published; delete. */
export function ItemDrawer({ id, initial, onClose }: { id: string | null; initial?: ShopCatalogItem; onClose: () => void }) {
  const query = useCatalogItem(id, initial);
  const canEdit = useRule('edit:shop_content');
  const canDelete = useRule('delete:shop_content');
  const { update, remove } = useCatalogMutations();
  const [form] = Form.useForm<ItemValues>();
  const item = query.data;

  useEffect(() => {
    if (item) form.setFieldsValue(itemValues(item));
  }, [item?.id, item?.updatedAt]); // eslint-disable-line react-hooks/exhaustive-deps

  async function save(v: ItemValues) {
    if (!item) return;
    const body = changedItemFields(item, v);
    if (Object.keys(body).length === 0) {
      notify.info('Изменений нет');
      return;
    }
    try {
      await update.mutateAsync({ id: item.id, ...body });
      notify.success('Товар витрины сохранён', { autoClose: 2500 });
    } catch (e) {
      putServerErrors(form, e, { rename: { imageIds: 'images' }, conflict: { status: 409, field: 'published', when: (m) => m === shopMessages.archivedProduct } });
    }
  }

  async function del() {
    if (!item) return;
    await remove.mutateAsync(item.id);
    notify.success(`«${item.title}» убран с сайта`);
    onClose();
  }

  return (
    <Drawer
      open={!!id}
      onClose={onClose}
      size={640}
      title={item ? item.title : 'Товар витрины'}
      destroyOnHidden
      extra={item ? <ItemTags item={item} /> : null}
      footer={
        item && (canEdit || canDelete) ? (
          <Flex justify="space-between">
            {canEdit ? (
              <Button type="primary" onClick={() => form.submit()} loading={update.isPending}>
                Сохранить
              </Button>
            ) : (
              <span />
            )}
            {canDelete ? (
              <Popconfirm title="Убрать товар с сайта?" description="Товар останется в каталоге магазина." okText="Убрать" okButtonProps={{ danger: true }} cancelText="Отмена" onConfirm={() => del()}>
                <Button danger icon={<DeleteOutlined />} loading={remove.isPending}>
                  Удалить
                </Button>
              </Popconfirm>
            ) : null}
          </Flex>
        ) : null
      }
    >
      {query.isError && !item ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} title="Не удалось открыть товар" bare />
      ) : !item ? (
        <Skeleton active />
      ) : (
        <>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
            Товар: {item.productName}
            {item.sku ? ` · арт. ${item.sku}` : ''}
            {item.categoryName ? ` · ${item.categoryName}` : ''}
          </Typography.Paragraph>
          {item.archived ? <Alert type="warning" showIcon style={{ marginBottom: 12 }} message="Товар в архиве: сайт его не показывает, опубликовать его нельзя." /> : null}
          <Form<ItemValues> form={form} layout="vertical" disabled={!canEdit} onFinish={(v) => void save(v)} data-testid="catalog-item-form" requiredMark="optional">
            <Form.Item label="Название на сайте" name="title" rules={[{ required: true, whitespace: true, message: shopMessages.titleRequired }, { max: shopLimits.titleMax, message: shopMessages.titleTooLong }]}>
              <Input maxLength={shopLimits.titleMax} />
            </Form.Item>
            <Form.Item label="Описание" name="description" rules={[{ max: shopLimits.descriptionMax, message: shopMessages.descriptionTooLong }]}>
              {canEdit ? <DescriptionField /> : <DescriptionView html={item.description} />}
            </Form.Item>
            <Form.Item label="Изображения" name="images">
              <ImageGallery disabled={!canEdit} />
            </Form.Item>
            <Flex gap={16} wrap align="flex-start">
              <Form.Item
                label="Цена на сайте"
                name="price"
                style={{ flex: '1 1 220px' }}
                extra={item.retailPrice !== null ? `Пусто — розничная цена: ${priceText(item.retailPrice)}` : 'Пусто — розничная цена (не задана)'}
              >
                <InputNumber {...roublesInput} style={{ width: '100%' }} placeholder={item.retailPrice !== null ? String(item.retailPrice / 100) : 'Розничная'} aria-label="Цена на сайте" />
              </Form.Item>
              <Form.Item label="Опубликован" name="published" valuePropName="checked" style={{ flex: '0 0 auto' }}>
                <Switch aria-label="Опубликован" disabled={!canEdit || (item.archived && !item.published)} />
              </Form.Item>
            </Flex>
            <button type="submit" hidden aria-hidden tabIndex={-1} />
          </Form>
        </>
      )}
    </Drawer>
  );
}
