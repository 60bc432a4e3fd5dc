import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { ShopCategory } from '@repo/contracts';
import { getApiError, notify } from '@repo/shared-core';
import { Can, EmptyState, QueryError, useRule } from '@repo/ui';
import { Button, Flex, Popconfirm, Space, Switch, Table, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Thumb } from '../../../shared/images';
import { DragHandle, SortableList, SortableRow } from '../../../shared/sortable';
import { useShopCategories, useShopCategoryMutations, useShopCategoryReorder } from '../api';
import { CategoryFormModal } from '../components/category-form';

function PublishedSwitch({ category, disabled }: { category: ShopCategory; disabled: boolean }) {
  const { update } = useShopCategoryMutations();
  const [pending, setPending] = useState(false);
  return (
    <Switch
      size="small"
      checked={category.published}
      loading={pending}
      disabled={disabled}
      aria-label={`Опубликована: ${category.name}`}
      onClick={(_, e) => e.stopPropagation()}
      onChange={(checked) => {
        setPending(true);
        update
          .mutateAsync({ id: category.id, published: checked, silent: true })
          .catch((e) => notify.error(getApiError(e).message))
          .finally(() => setPending(false));
      }}
    />
  );
}

/** `/constructorGeneralCategory`: the storefront's categories in the site's order (drag rows by the handle); the open one in a modal (`?category=<id>`, `?new=1`). */
export function CategoriesPage() {
  const [search, setSearch] = useSearchParams();
  const query = useShopCategories();
  const reorder = useShopCategoryReorder();
  const { remove } = useShopCategoryMutations();
  const canEdit = useRule('edit:shop_content');
  const canDelete = useRule('delete:shop_content');
  const items = query.data?.items ?? [];
  const openId = search.get('category');
  const open = items.find((c) => c.id === openId);
  const setParam = (key: string, value: string | null) =>
    setSearch((p) => {
      const next = new URLSearchParams(p);
      if (value === null) next.delete(key);
      else next.set(key, value);
      return next;
    });

  return (
    <>
      <Flex gap={8} wrap align="center" style={{ marginBottom: 12 }}>
        <Typography.Text type="secondary">Категории витрины собирают товары сайта из категорий каталога. Порядок — как на сайте: перетащите строку за ручку.</Typography.Text>
        <Can rule="create:shop_content">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setParam('new', '1')} style={{ marginInlineStart: 'auto' }}>
            Добавить категорию
          </Button>
        </Can>
      </Flex>
      {query.isError && !query.data ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} title="Не удалось загрузить категории витрины" />
      ) : !query.isPending && items.length === 0 ? (
        <EmptyState description="Категорий витрины пока нет: добавьте первую" />
      ) : (
        <SortableList ids={items.map((c) => c.id)} onMove={reorder} label="категория" names={(id) => items.find((c) => c.id === id)?.name}>
          <div data-testid="categories-table">
            <Table<ShopCategory>
              rowKey="id"
              size="middle"
              tableLayout="fixed"
              loading={query.isPending}
              components={{ body: { row: SortableRow } }}
              onRow={(c) => ({ 'data-sortable-disabled': !canEdit, onDoubleClick: () => canEdit && setParam('category', c.id) }) as never}
              dataSource={items}
              pagination={false}
              scroll={{ x: 820 }}
              columns={[
                ...(canEdit ? [{ key: 'drag', width: 40, render: () => <DragHandle /> }] : []),
                { key: 'image', width: 64, render: (_: unknown, c: ShopCategory) => <Thumb image={c.image} alt={c.name} /> },
                {
                  key: 'name',
                  title: 'Категория',
                  render: (_: unknown, c: ShopCategory) => (
                    <>
                      {canEdit ? (
                        <Typography.Link onClick={() => setParam('category', c.id)} style={{ display: 'block' }} ellipsis>
                          {c.name}
                        </Typography.Link>
                      ) : (
                        <Typography.Text strong style={{ display: 'block' }} ellipsis>
                          {c.name}
                        </Typography.Text>
                      )}
                      <Typography.Text type="secondary" style={{ fontSize: 12 }} copyable={{ text: c.slug, tooltips: ['Скопировать адрес', 'Скопировано'] }}>
                        /{c.slug}
                      </Typography.Text>
                    </>
                  ),
                },
                {
                  key: 'links',
                  title: 'Категории каталога',
                  render: (_: unknown, c: ShopCategory) =>
                    c.catalogCategories.length ? (
                      <Space size={[4, 4]} wrap>
                        {c.catalogCategories.map((cc) => (
                          <Tag key={cc.id} style={{ marginInlineEnd: 0 }}>
                            {cc.name}
                          </Tag>
                        ))}
                      </Space>
                    ) : (
                      <Typography.Text type="secondary">не связана — товаров не будет</Typography.Text>
                    ),
                },
                {
                  key: 'count',
                  title: 'Товаров',
                  width: 90,
                  align: 'right' as const,
                  render: (_: unknown, c: ShopCategory) => (
                    <Tooltip title="Опубликованных товаров сайта в ней сейчас">
                      <span>{c.itemCount}</span>
                    </Tooltip>
                  ),
                },
                { key: 'published', title: 'На сайте', width: 90, render: (_: unknown, c: ShopCategory) => <PublishedSwitch category={c} disabled={!canEdit} /> },
                ...(canEdit || canDelete
                  ? [
                      {
                        key: 'actions',
                        width: 84,
                        render: (_: unknown, c: ShopCategory) => (
                          <Flex gap={2}>
                            {canEdit ? <Button size="small" type="text" icon={<EditOutlined />} aria-label={`Изменить «${c.name}»`} onClick={() => setParam('category', c.id)} /> : null}
                            {canDelete ? (
                              <Popconfirm title={`Удалить «${c.name}»?`} description="Товары останутся на сайте, в других категориях." okText="Удалить" okButtonProps={{ danger: true }} cancelText="Отмена" onConfirm={() => remove.mutateAsync(c.id).catch(() => undefined)}>
                                <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={`Удалить «${c.name}»`} />
                              </Popconfirm>
                            ) : null}
                          </Flex>
                        ),
                      },
                    ]
                  : []),
              ]}
            />
          </div>
        </SortableList>
      )}
      {search.get('new') === '1' ? <CategoryFormModal open onClose={() => setParam('new', null)} /> : null}
      {open ? <CategoryFormModal key={open.id} category={open} open onClose={() => setParam('category', null)} /> : null}
    </>
  );
}
