import { DeleteOutlined, EditOutlined, EyeInvisibleOutlined, PlusOutlined, RightOutlined } from '@ant-design/icons';
import type { ShopImage } from '@repo/contracts';
import { QueryError } from '@repo/ui';
import { Badge, Button, Card, Empty, Flex, Popconfirm, Skeleton, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Thumb } from '../../../shared/images';
import { DragHandle, SortableList, useSortableItem } from '../../../shared/sortable';

export interface ColumnItem {
  id: string;
  name: string;
  image: ShopImage | null;
  published: boolean;
  /** The badge: models of a type or brand, price rows of a model. */
  count?: number;
  countTitle?: string;
  /** A second line («от 1 500 ₽»). */
  note?: string;
}

/**
 * A row's edit and delete buttons float over its right end while the row is hovered or focused inside
 * (so Tab still reaches them: they are only transparent, never removed).
 */
const rowCss = `.device-row .device-row-actions{position:absolute;right:4px;top:50%;transform:translateY(-50%);display:flex;gap:2px;padding-left:4px;border-radius:6px;opacity:0;transition:opacity .15s}
.device-row:hover .device-row-actions,.device-row:focus-within .device-row-actions{opacity:1}`;

function Row({
  item,
  selected,
  canOrder,
  canEdit,
  canDelete,
  deleteText,
  onSelect,
  onEdit,
  onDelete,
  testId,
}: {
  item: ColumnItem;
  selected: boolean;
  canOrder: boolean;
  canEdit: boolean;
  canDelete: boolean;
  deleteText: string;
  onSelect: () => void;
  onEdit: () => void;
  onDelete: () => Promise<unknown>;
  testId: string;
}) {
  const { setNodeRef, style, handle } = useSortableItem(item.id, !canOrder);
  return (
    <div
      ref={setNodeRef}
      style={{
        ...style,
        display: 'flex',
        alignItems: 'center',
        gap: 6,
        padding: '6px 6px',
        borderRadius: 8,
        background: selected ? '#e6f4ff' : style.zIndex ? '#fff' : undefined,
        border: selected ? '1px solid #91caff' : '1px solid transparent',
      }}
      data-testid={testId}
      data-name={item.name}
      data-selected={selected}
      className="device-row"
    >
      <DragHandle handle={handle} hidden={!canOrder} />
      <div
        role="button"
        tabIndex={0}
        aria-current={selected ? 'true' : undefined}
        aria-label={item.name}
        onClick={onSelect}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === ' ') {
            e.preventDefault();
            onSelect();
          }
        }}
        style={{ display: 'flex', alignItems: 'center', gap: 8, flex: 1, minWidth: 0, cursor: 'pointer', outlineOffset: 2 }}
      >
        <Thumb image={item.image} size={36} alt={item.name} />
        <div style={{ minWidth: 0, flex: 1 }}>
          <Typography.Text strong={selected} ellipsis style={{ display: 'block', color: item.published ? undefined : '#8c8c8c' }}>
            {item.name}
          </Typography.Text>
          {item.note ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {item.note}
            </Typography.Text>
          ) : null}
        </div>
        {!item.published ? (
          <Tooltip title="Не показывается на сайте">
            <EyeInvisibleOutlined style={{ color: '#8c8c8c' }} aria-label="скрыт" />
          </Tooltip>
        ) : null}
        {item.count !== undefined ? <Badge count={item.count} showZero color={item.count ? '#1677ff' : '#d9d9d9'} title={item.countTitle} overflowCount={999} /> : null}
        <RightOutlined style={{ color: selected ? '#1677ff' : '#d9d9d9', fontSize: 10 }} />
      </div>
      {canEdit || canDelete ? (
        <span className="device-row-actions" style={{ background: selected ? '#e6f4ff' : '#fff' }}>
          {canEdit ? (
            <Tooltip title="Изменить">
              <Button size="small" type="text" icon={<EditOutlined />} aria-label={`Изменить «${item.name}»`} onClick={onEdit} />
            </Tooltip>
          ) : null}
          {canDelete ? (
            <Popconfirm title={`Удалить «${item.name}»?`} description={deleteText} okText="Удалить" okButtonProps={{ danger: true }} cancelText="Отмена" onConfirm={() => onDelete().catch(() => undefined)}>
              <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={`Удалить «${item.name}»`} />
            </Popconfirm>
          ) : null}
        </span>
      ) : null}
    </div>
  );
}

/** One list of the devices screen (types, brands or models): select, order by dragging, add, edit, delete. */
export function DeviceColumn({
  title,
  testId,
  query,
  items,
  selectedId,
  onSelect,
  onMove,
  canOrder,
  canEdit,
  canDelete,
  canCreate,
  onCreate,
  onEdit,
  onDelete,
  createLabel,
  deleteText,
  emptyText,
  placeholder,
  footer,
  grow = 1,
}: {
  /** The column's share of the width (models get more: their names are longer). */
  grow?: number;
  title: string;
  testId: string;
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  items: ColumnItem[];
  selectedId?: string;
  onSelect: (id: string) => void;
  onMove: (activeId: string, overId: string) => unknown;
  canOrder: boolean;
  canEdit: boolean;
  canDelete: boolean;
  canCreate: boolean;
  onCreate: () => void;
  onEdit: (id: string) => void;
  onDelete: (id: string) => Promise<unknown>;
  createLabel: string;
  deleteText: string;
  emptyText: string;
  /** Shown instead of the list when it cannot be shown yet («Выберите тип и бренд»). */
  placeholder?: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <Card
      size="small"
      title={title}
      data-testid={testId}
      style={{ flex: `${grow} 1 0`, minWidth: 0 }}
      styles={{ body: { padding: 8, maxHeight: 'calc(100vh - 260px)', minHeight: 320, overflowY: 'auto' } }}
      extra={
        canCreate && !placeholder ? (
          <Button size="small" type="primary" ghost icon={<PlusOutlined />} onClick={onCreate}>
            {createLabel}
          </Button>
        ) : null
      }
      role="region"
      aria-label={title}
    >
      <style>{rowCss}</style>
      {placeholder ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={placeholder} />
      ) : query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} bare />
      ) : query.isPending ? (
        <Skeleton active paragraph={{ rows: 5 }} />
      ) : items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />
      ) : (
        <SortableList ids={items.map((i) => i.id)} onMove={onMove} names={(id) => items.find((i) => i.id === id)?.name}>
          <Flex vertical gap={2}>
            {items.map((item) => (
              <Row
                key={item.id}
                item={item}
                selected={item.id === selectedId}
                canOrder={canOrder && items.length > 1}
                canEdit={canEdit}
                canDelete={canDelete}
                deleteText={deleteText}
                onSelect={() => onSelect(item.id)}
                onEdit={() => onEdit(item.id)}
                onDelete={() => onDelete(item.id)}
                testId={`${testId}-row`}
              />
            ))}
          </Flex>
        </SortableList>
      )}
      {footer}
    </Card>
  );
}
