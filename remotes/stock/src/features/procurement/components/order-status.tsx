import type { PurchaseOrderSummary } from '@repo/contracts';
import { DateCell, StatusCell } from '@repo/ui';
import { Space, Tag, Typography } from 'antd';
import { orderStatuses } from '../statuses';

/** The status tag, and «Закрыт» beside it when a partly received order was closed by hand. */
export function OrderStatus({ order }: { order: Pick<PurchaseOrderSummary, 'status' | 'closed'> }) {
  return (
    <Space size={4} wrap={false}>
      <StatusCell value={order.status} statuses={orderStatuses} />
      {order.closed ? <Tag style={{ marginInlineEnd: 0 }}>Закрыт</Tag> : null}
    </Space>
  );
}

/** The expected date; an overdue open order shows it in red with «просрочен». */
export function ExpectedDate({ order }: { order: Pick<PurchaseOrderSummary, 'expectedAt' | 'overdue'> }) {
  if (!order.expectedAt) return <Typography.Text type="secondary">—</Typography.Text>;
  if (!order.overdue) return <DateCell value={order.expectedAt} />;
  return (
    <Space size={4} wrap={false}>
      <Typography.Text type="danger">
        <DateCell value={order.expectedAt} />
      </Typography.Text>
      <Tag color="red" style={{ marginInlineEnd: 0 }}>
        просрочен
      </Tag>
    </Space>
  );
}
