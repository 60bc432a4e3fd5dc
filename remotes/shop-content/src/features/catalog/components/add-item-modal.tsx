import { shopMessages, type Product, type ShopCatalogItem } from '@repo/contracts';
import { formatMoney } from '@repo/shared-core';
import { Button, Checkbox, Form, Modal, Select, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { putServerErrors } from '../../../shared/form-errors';
import { useCatalogMutations, useProductSearch } from '../api';

interface AddValues {
  productId?: string;
  published: boolean;
}

function useDebounced(value: string, ms = 300) {
  const [out, setOut] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setOut(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return out;
}

const productLabel = (p: Product) => `${p.name}${p.sku ? ` · ${p.sku}` : ''}`;

/**
 * «Добавить товар»: a product of the store's catalogue (search by name, SKU or barcode) becomes an item
 * of the site, with its name, photos and retail price; it then opens for editing.
 */
export function AddItemModal({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (item: ShopCatalogItem) => void }) {
  const [form] = Form.useForm<AddValues>();
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search);
  const products = useProductSearch(debounced, open);
  const { create } = useCatalogMutations();

  async function submit(v: AddValues) {
    try {
      const item = await create.mutateAsync({ productId: v.productId!, published: v.published });
      form.resetFields();
      onCreated(item);
    } catch (e) {
      if (!putServerErrors(form as never, e, { conflict: { status: 409, field: 'productId', when: (m) => m !== shopMessages.archivedProduct } })) {
        putServerErrors(form as never, e, { conflict: { status: 409, field: 'published' } });
      }
    }
  }

  return (
    <Modal
      open={open}
      title="Добавить товар на сайт"
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>Отмена</Button>
          <Button type="primary" loading={create.isPending} onClick={() => form.submit()}>
            Добавить
          </Button>
        </Space>
      }
    >
      <Form<AddValues> form={form} layout="vertical" initialValues={{ published: false }} onFinish={(v) => void submit(v)} data-testid="catalog-add-form">
        <Form.Item label="Товар каталога" name="productId" rules={[{ required: true, message: 'Выберите товар' }]} extra="Название, фото и розничная цена возьмутся из карточки товара; их можно изменить для сайта.">
          <Select
            autoFocus
            popupMatchSelectWidth={472}
            showSearch={{ filterOption: false, onSearch: setSearch }}
            placeholder="Название, артикул или штрихкод"
            aria-label="Товар каталога"
            loading={products.isFetching}
            notFoundContent={products.isFetching ? 'Поиск…' : products.isError ? 'Нет доступа к каталогу товаров' : 'Ничего не найдено'}
            options={(products.data?.items ?? []).map((p) => ({
              value: p.id,
              label: productLabel(p),
              disabled: !!p.archivedAt,
              title: productLabel(p),
              price: p.price,
            }))}
            optionRender={(o) => (
              <Space style={{ width: '100%', justifyContent: 'space-between' }}>
                <span>{o.label}</span>
                <Typography.Text type="secondary">{formatMoney((o.data as { price: number }).price)}</Typography.Text>
              </Space>
            )}
          />
        </Form.Item>
        <Form.Item name="published" valuePropName="checked">
          <Checkbox>Сразу опубликовать</Checkbox>
        </Form.Item>
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}
