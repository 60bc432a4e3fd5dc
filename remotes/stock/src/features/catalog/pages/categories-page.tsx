import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { Category } from '@repo/contracts';
import { getApiError, notify } from '@repo/shared-core';
import { Can, QueryState } from '@repo/ui';
import { Button, Flex, Form, Input, Modal, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useCategories, useCategoryMutations } from '../api';

interface Row extends Category {
  children?: Row[];
}

/** Top-level categories with their sub-categories as children; `subOnly` lists sub-categories flat (/subcategories). */
export function categoryTree(list: Category[], subOnly = false): Row[] {
  if (subOnly) return list.filter((c) => c.parentId !== null);
  return list
    .filter((c) => c.parentId === null)
    .map((top) => {
      const children = list.filter((c) => c.parentId === top.id);
      return children.length ? { ...top, children } : { ...top };
    });
}

type Editing = { mode: 'create'; parentId: string | null } | { mode: 'edit'; category: Category } | null;

/** `/categories` (the tree) and `/subcategories` (sub-categories with their parent): create, rename, move, delete. */
export function CategoriesPage({ subOnly = false }: { subOnly?: boolean }) {
  const query = useCategories();
  const { create, update, remove } = useCategoryMutations();
  const [editing, setEditing] = useState<Editing>(null);
  const [form] = Form.useForm<{ name: string; parentId: string | null }>();
  const list = query.data ?? [];
  const tops = list.filter((c) => c.parentId === null);
  const nameOf = (id: string | null) => list.find((c) => c.id === id)?.name ?? '—';

  const open = (e: Editing) => {
    setEditing(e);
    form.setFieldsValue(e?.mode === 'edit' ? { name: e.category.name, parentId: e.category.parentId } : { name: '', parentId: e?.parentId ?? null });
  };
  const save = async () => {
    const values = await form.validateFields();
    try {
      if (editing?.mode === 'edit') await update.mutateAsync({ id: editing.category.id, name: values.name, parentId: values.parentId ?? null });
      else await create.mutateAsync({ name: values.name, parentId: values.parentId ?? null });
      notify.success(editing?.mode === 'edit' ? 'Категория сохранена' : 'Категория создана');
      setEditing(null);
    } catch (e) {
      const err = getApiError(e);
      if (err.errors) form.setFields(Object.entries(err.errors).map(([name, msg]) => ({ name: name === '_' ? 'name' : name, errors: [msg] })) as never);
      else form.setFields([{ name: 'name', errors: [err.message] }]);
    }
  };

  return (
    <>
      <Flex justify="space-between" align="center" style={{ marginBottom: 12 }} wrap gap={8}>
        <Typography.Text type="secondary">
          {subOnly ? 'Подкатегории всех категорий. ' : 'Два уровня: категория и подкатегории. '}
          В скобках — товаров и услуг, включая подкатегории.
        </Typography.Text>
        <Can rule="create:category">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => open({ mode: 'create', parentId: subOnly ? (tops[0]?.id ?? null) : null })}>
            {subOnly ? 'Новая подкатегория' : 'Новая категория'}
          </Button>
        </Can>
      </Flex>
      <QueryState query={query} isEmpty={(d) => d.length === 0} empty="Категорий пока нет: создайте первую">
        {() => (
          <Table<Row>
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={categoryTree(list, subOnly)}
            expandable={{ defaultExpandAllRows: true }}
            columns={[
              {
                key: 'name',
                title: 'Название',
                render: (_, c) => (
                  <Space>
                    <Link to={`/products?categoryId=${c.id}`}>{c.name}</Link>
                    <Tag>{c.totalProductCount}</Tag>
                  </Space>
                ),
              },
              ...(subOnly ? [{ key: 'parent', title: 'Категория', render: (_: unknown, c: Row) => nameOf(c.parentId) }] : []),
              {
                key: 'actions',
                title: '',
                width: 260,
                align: 'right' as const,
                render: (_, c) => (
                  <Space size={4}>
                    {c.parentId === null ? (
                      <Can rule="create:category">
                        <Button size="small" type="text" icon={<PlusOutlined />} onClick={() => open({ mode: 'create', parentId: c.id })}>
                          Подкатегория
                        </Button>
                      </Can>
                    ) : null}
                    <Can rule="edit:category">
                      <Button size="small" type="text" icon={<EditOutlined />} aria-label={`Изменить «${c.name}»`} onClick={() => open({ mode: 'edit', category: c })} />
                    </Can>
                    <Can rule="delete:category">
                      <Popconfirm
                        title={`Удалить «${c.name}»?`}
                        okText="Удалить"
                        cancelText="Нет"
                        onConfirm={async () => {
                          try {
                            await remove.mutateAsync(c.id);
                            notify.success('Категория удалена');
                          } catch (e) {
                            notify.error(getApiError(e).message);
                          }
                        }}
                      >
                        <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={`Удалить «${c.name}»`} />
                      </Popconfirm>
                    </Can>
                  </Space>
                ),
              },
            ]}
          />
        )}
      </QueryState>
      <Modal
        open={editing !== null}
        title={editing?.mode === 'edit' ? 'Категория' : 'Новая категория'}
        okText="Сохранить"
        cancelText="Отмена"
        onOk={() => void save()}
        confirmLoading={create.isPending || update.isPending}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={() => void save()}>
          <Form.Item name="name" label="Название" rules={[{ required: true, whitespace: true, message: 'Укажите название категории' }, { max: 100, message: 'Не больше 100 символов' }]}>
            <Input autoFocus maxLength={100} />
          </Form.Item>
          <Form.Item name="parentId" label="Родительская категория" extra="Пусто — категория верхнего уровня">
            <Select
              allowClear
              placeholder="Верхний уровень"
              options={tops.filter((t) => editing?.mode !== 'edit' || t.id !== editing.category.id).map((t) => ({ value: t.id, label: t.name }))}
            />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
