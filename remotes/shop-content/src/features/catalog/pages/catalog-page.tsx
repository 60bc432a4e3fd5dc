import { PlusOutlined } from '@ant-design/icons';
import type { ShopCatalogItem } from '@repo/contracts';
import { getApiError, notify } from '@repo/shared-core';
import { Can, QueryError, useRule } from '@repo/ui';
import { Button, Empty, Flex, Input, Select, Switch, Table, Tag, Tooltip, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Thumb } from '../../../shared/images';
import { priceText } from '../../../shared/money';
import { DragHandle, SortableList, SortableRow } from '../../../shared/sortable';
import { useCatalogCategories, useCatalogItems, useCatalogMutations, useCatalogReorder } from '../api';
import { AddItemModal } from '../components/add-item-modal';
import { ItemDrawer } from '../components/item-drawer';
import { StockTag } from '../components/item-tags';
import { catalogPageSize, isCatalogFiltered, parseCatalogFilters, writeCatalogFilters, type CatalogFilters } from '../filters';

/** The URL state of the screen: filters, the open item (`?item=`), the add dialog (`?new=1`). */
export function useCatalogScreen() {
  const [search, setSearch] = useSearchParams();
  const filters = useMemo(() => parseCatalogFilters(search), [search]);
  const setFilters = useCallback((change: Partial<CatalogFilters>) => setSearch((p) => writeCatalogFilters(p, change)), [setSearch]);
  const patch = useCallback(
    (set: Record<string, string | null>) =>
      setSearch((p) => {
        const next = new URLSearchParams(p);
        for (const [k, v] of Object.entries(set)) {
          if (v === null) next.delete(k);
          else next.set(k, v);
        }
        return next;
      }),
    [setSearch],
  );
  return {
    filters,
    setFilters,
    openId: search.get('item'),
    openItem: (id: string | null) => patch({ item: id }),
    adding: search.get('new') === '1',
    setAdding: (on: boolean) => patch({ new: on ? '1' : null }),
    onCreated: (item: ShopCatalogItem) => patch({ new: null, item: item.id }),
  };
}

function PublishedSwitch({ item, disabled }: { item: ShopCatalogItem; disabled: boolean }) {
  const { update } = useCatalogMutations();
  const [pending, setPending] = useState(false);
  return (
    <Switch
      size="small"
      checked={item.published}
      loading={pending}
      disabled={disabled}
      aria-label={`Опубликован: ${item.title}`}
      onClick={(_, e) => e.stopPropagation()}
      onChange={(checked) => {
        setPending(true);
        update
          .mutateAsync({ id: item.id, published: checked, silent: true })
          .then(() => notify.success(checked ? `«${item.title}» на сайте` : `«${item.title}» скрыт с сайта`, { autoClose: 2000 }))
          .catch((e) => notify.error(getApiError(e).message))
          .finally(() => setPending(false));
      }}
    />
  );
}

function CatalogToolbar({ screen, total }: { screen: ReturnType<typeof useCatalogScreen>; total?: number }) {
  const { filters, setFilters } = screen;
  const categories = useCatalogCategories();
  const byId = new Map((categories.data ?? []).map((c) => [c.id, c]));
  return (
    <Flex gap={8} wrap align="center" style={{ marginBottom: 12 }}>
      <Input.Search
        allowClear
        placeholder="Название, товар или артикул"
        key={filters.q ?? ''}
        defaultValue={filters.q}
        onSearch={(v) => setFilters({ q: v.trim() || undefined })}
        style={{ width: 240 }}
        aria-label="Поиск по каталогу сайта"
      />
      <Select
        value={filters.published === undefined ? 'all' : String(filters.published)}
        onChange={(v) => setFilters({ published: v === 'all' ? undefined : v === 'true' })}
        style={{ width: 160 }}
        aria-label="Публикация"
        options={[
          { value: 'all', label: 'Все товары' },
          { value: 'true', label: 'Опубликованные' },
          { value: 'false', label: 'Скрытые' },
        ]}
      />
      {categories.data ? (
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="Категория каталога"
          value={filters.categoryId}
          onChange={(v: string | undefined) => setFilters({ categoryId: v })}
          style={{ width: 200 }}
          aria-label="Категория каталога"
          options={categories.data.map((c) => ({ value: c.id, label: c.parentId ? `${byId.get(c.parentId)?.name ?? ''} / ${c.name}` : c.name }))}
        />
      ) : null}
      {isCatalogFiltered(filters) ? (
        <Button type="link" onClick={() => setFilters({ q: undefined, published: undefined, categoryId: undefined })}>
          Сбросить фильтры
        </Button>
      ) : null}
      <Flex gap={8} align="center" style={{ marginInlineStart: 'auto' }}>
        {total !== undefined ? <Typography.Text type="secondary">Всего: {total}</Typography.Text> : null}
        <Can rule="create:shop_content">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => screen.setAdding(true)}>
            Добавить товар
          </Button>
        </Can>
      </Flex>
    </Flex>
  );
}

/** `/catalog`: the site's goods in the site's order (drag rows by the handle), filters in the URL, the open item in a drawer. */
export function CatalogPage() {
  const screen = useCatalogScreen();
  const { filters, setFilters, openItem } = screen;
  const query = useCatalogItems(filters);
  const reorder = useCatalogReorder(filters);
  const canEdit = useRule('edit:shop_content');
  const items = query.data?.items ?? [];
  const open = items.find((i) => i.id === screen.openId);

  return (
    <>
      <CatalogToolbar screen={screen} total={query.data?.total} />
      {query.isError && !query.data ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} title="Не удалось загрузить каталог сайта" />
      ) : (
        <SortableList ids={items.map((i) => i.id)} onMove={reorder} label="товар" names={(id) => items.find((i) => i.id === id)?.title}>
          <div data-testid="catalog-table">
            <Table<ShopCatalogItem>
              rowKey="id"
              size="middle"
              tableLayout="fixed"
              components={{ body: { row: SortableRow } }}
              loading={query.isFetching && !query.data ? true : query.isFetching ? { delay: 300, spinning: true } : false}
              dataSource={items}
              scroll={{ x: 860 }}
              onRow={(item) => ({ onClick: () => openItem(item.id), style: { cursor: 'pointer' }, 'data-sortable-disabled': !canEdit }) as never}
              locale={{
                emptyText: query.isPending ? ' ' : <Empty description={isCatalogFiltered(filters) ? 'Товаров с такими условиями нет: измените фильтры' : 'На сайте пока нет товаров: добавьте первый'} />,
              }}
              pagination={{
                current: filters.page,
                pageSize: catalogPageSize,
                total: query.data?.total ?? 0,
                showSizeChanger: false,
                hideOnSinglePage: true,
                onChange: (page) => setFilters({ ...filters, page }),
              }}
              columns={[
                ...(canEdit ? [{ key: 'drag', width: 40, render: () => <span onClick={(e) => e.stopPropagation()}><DragHandle /></span> }] : []),
                { key: 'image', width: 64, render: (_: unknown, i: ShopCatalogItem) => <Thumb image={i.images[0]} alt={i.title} /> },
                {
                  key: 'title',
                  title: 'Товар на сайте',
                  render: (_: unknown, i: ShopCatalogItem) => (
                    <>
                      <Typography.Link onClick={(e) => { e.stopPropagation(); openItem(i.id); }} style={{ display: 'block' }} ellipsis>
                        {i.title}
                      </Typography.Link>
                      <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis>
                        {[i.productName !== i.title ? `Товар: ${i.productName}` : null, i.sku ? `арт. ${i.sku}` : null, i.categoryName].filter(Boolean).join(' · ')}
                      </Typography.Text>
                      {i.archived ? (
                        <Tooltip title="Товар в архиве: сайт его не показывает">
                          <Tag color="red" style={{ marginInlineStart: 6 }}>
                            в архиве
                          </Tag>
                        </Tooltip>
                      ) : null}
                    </>
                  ),
                },
                {
                  key: 'price',
                  title: 'Цена',
                  width: 150,
                  align: 'right' as const,
                  render: (_: unknown, i: ShopCatalogItem) => (
                    <div>
                      <span style={{ whiteSpace: 'nowrap' }}>{priceText(i.price)}</span>
                      {i.priceOverride !== null ? (
                        <div>
                          <Tooltip title={i.retailPrice !== null ? `Розничная: ${priceText(i.retailPrice)}` : undefined}>
                            <Tag color="purple" style={{ marginInlineEnd: 0, fontSize: 11 }}>
                              своя цена
                            </Tag>
                          </Tooltip>
                        </div>
                      ) : null}
                    </div>
                  ),
                },
                { key: 'stock', title: 'Наличие', width: 110, render: (_: unknown, i: ShopCatalogItem) => <StockTag inStock={i.inStock} /> },
                { key: 'published', title: 'На сайте', width: 96, render: (_: unknown, i: ShopCatalogItem) => <PublishedSwitch item={i} disabled={!canEdit} /> },
              ]}
            />
          </div>
        </SortableList>
      )}
      {canEdit && items.length > 1 ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          Порядок на сайте — как в таблице: перетащите строку за ручку (с клавиатуры: Tab до ручки, пробел, стрелки, пробел).
        </Typography.Text>
      ) : null}
      <ItemDrawer id={screen.openId} initial={open} onClose={() => openItem(null)} />
      <AddItemModal open={screen.adding} onClose={() => screen.setAdding(false)} onCreated={screen.onCreated} />
    </>
  );
}
