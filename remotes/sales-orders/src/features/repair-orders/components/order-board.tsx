import { DndContext, PointerSensor, KeyboardSensor, useDraggable, useDroppable, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { orderStatusGroupLabels, type OrderBoard as Board, type OrderListItem, type OrderStatus, type OrderStatusGroup } from '@repo/contracts';
import { formatMoney, getApiError, notify } from '@repo/shared-core';
import { QueryError } from '@repo/ui';
import { Badge, Card, Empty, Flex, Skeleton, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import { deviceTitle, StatusTag } from './status-tag';

/**
 * The status a card dropped on a column moves to: the first status of that group the order's current
 * status allows (the settings' order), or null when none is allowed.
 */
export function dropTarget(order: OrderListItem, group: OrderStatusGroup, statuses: OrderStatus[]): OrderStatus | null {
  if (order.status.group === group) return null;
  const current = statuses.find((s) => s.id === order.status.id);
  if (!current) return null;
  return statuses.find((s) => s.group === group && current.next.includes(s.id) && s.group !== 'closed') ?? null;
}

function OrderCard({ order, movable }: { order: OrderListItem; movable: boolean }) {
  const navigate = useNavigate();
  // A card the employee may not move (no `edit:repair_order` on it) does not drag: the server would refuse.
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({ id: order.id, data: { order }, disabled: !movable });
  return (
    <div
      ref={setNodeRef}
      {...listeners}
      {...attributes}
      data-testid={`board-card-${order.number}`}
      data-movable={movable}
      style={{ transform: transform ? `translate(${transform.x}px, ${transform.y}px)` : undefined, opacity: isDragging ? 0.6 : 1, zIndex: isDragging ? 10 : undefined, position: 'relative' }}
    >
      <Card
        size="small"
        hoverable
        onClick={() => navigate(`/orders/${order.id}`)}
        style={{ borderColor: order.overdue ? 'var(--ant-color-error, #ff4d4f)' : undefined }}
        styles={{ body: { padding: 10 } }}
      >
        <Flex justify="space-between" align="baseline" gap={6}>
          <Typography.Text strong>{order.number}</Typography.Text>
          <StatusTag status={order.status} />
        </Flex>
        <div style={{ marginTop: 4 }}>{deviceTitle(order.device)}</div>
        <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis={{ tooltip: order.malfunction }}>
          {order.malfunction}
        </Typography.Text>
        <Flex justify="space-between" align="center" style={{ marginTop: 6, fontSize: 12 }} gap={6} wrap>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {order.client.name}
          </Typography.Text>
          <span>
            {order.urgent ? <Tag color="volcano">срочно</Tag> : null}
            {order.overdue ? <Tag color="error">просрочен</Tag> : null}
          </span>
        </Flex>
        <Flex justify="space-between" gap={6} style={{ fontSize: 12, marginTop: 2 }}>
          <Typography.Text type="secondary" style={{ fontSize: 12, minWidth: 0 }} ellipsis={{ tooltip: order.engineerName ?? undefined }}>
            {order.engineerName ?? 'мастер не назначен'}
          </Typography.Text>
          <Typography.Text style={{ fontSize: 12, whiteSpace: 'nowrap' }}>{order.total ? formatMoney(order.total) : order.estimate ? `≈ ${formatMoney(order.estimate)}` : ''}</Typography.Text>
        </Flex>
      </Card>
    </div>
  );
}

function Column({ group, total, items, canMove }: { group: OrderStatusGroup; total: number; items: OrderListItem[]; canMove: (order: OrderListItem) => boolean }) {
  const { setNodeRef, isOver } = useDroppable({ id: group });
  return (
    <div
      ref={setNodeRef}
      data-testid={`board-column-${group}`}
      style={{
        flex: '1 1 0',
        minWidth: 230,
        background: isOver ? 'var(--ant-color-primary-bg, #e6f4ff)' : 'var(--ant-color-fill-quaternary, #fafafa)',
        borderRadius: 8,
        padding: 8,
        transition: 'background 0.15s',
      }}
    >
      <Flex justify="space-between" align="center" style={{ padding: '2px 4px 8px' }}>
        <Typography.Text strong>{orderStatusGroupLabels[group]}</Typography.Text>
        <Badge count={total} showZero color="#8c8c8c" overflowCount={9999} />
      </Flex>
      <Flex vertical gap={8}>
        {items.map((o) => (
          <OrderCard key={o.id} order={o} movable={canMove(o)} />
        ))}
        {items.length === 0 ? <Typography.Text type="secondary" style={{ padding: 8, fontSize: 12 }}>Нет заказов</Typography.Text> : null}
        {total > items.length ? (
          <Typography.Text type="secondary" style={{ fontSize: 12, padding: 4 }}>
            и ещё {total - items.length} — откройте таблицу с фильтром
          </Typography.Text>
        ) : null}
      </Flex>
    </div>
  );
}

/**
 * The working orders by status group. Dragging a card to another column moves the order to the first
 * status of that group its current status allows; a move the settings do not allow says so and stays.
 */
export function OrderBoard({
  query,
  statuses,
  onMove,
  canMove = () => true,
}: {
  query: { data?: Board; isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  statuses: OrderStatus[];
  onMove: (order: OrderListItem, status: OrderStatus) => Promise<unknown>;
  /** Whether this card may be dragged (the employee's `edit:repair_order` covers it). */
  canMove?: (order: OrderListItem) => boolean;
}) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }), useSensor(KeyboardSensor));
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  if (query.isPending || !query.data) return <Skeleton active paragraph={{ rows: 8 }} />;
  const board = query.data;
  if (board.columns.every((c) => c.total === 0)) return <Empty description="Заказов в работе нет" />;

  async function end(event: DragEndEvent) {
    const order = (event.active.data.current as { order: OrderListItem } | undefined)?.order;
    const group = event.over?.id as OrderStatusGroup | undefined;
    if (!order || !group || group === order.status.group) return;
    const target = dropTarget(order, group, statuses);
    if (!target) {
      notify.error(`Из статуса «${order.status.name}» нельзя перейти в группу «${orderStatusGroupLabels[group]}»`);
      return;
    }
    try {
      await onMove(order, target);
      notify.success(`${order.number}: ${target.name}`);
    } catch (e) {
      notify.error(getApiError(e).message);
    }
  }

  return (
    <DndContext sensors={sensors} onDragEnd={(e) => void end(e)}>
      <Flex gap={12} align="start" style={{ overflowX: 'auto', paddingBottom: 8 }}>
        {board.columns.map((c) => (
          <Column key={c.group} group={c.group} total={c.total} items={c.items} canMove={canMove} />
        ))}
      </Flex>
      {board.columns.some((c) => c.items.some(canMove)) ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          Перетащите карточку в другую колонку, чтобы сменить статус.
        </Typography.Text>
      ) : null}
    </DndContext>
  );
}
