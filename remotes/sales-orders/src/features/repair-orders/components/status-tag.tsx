import type { OrderListItem } from '@repo/contracts';
import { Tag } from 'antd';

/** An order's status in its configured colour. */
export function StatusTag({ status }: { status: OrderListItem['status'] }) {
  return (
    <Tag color={status.colour} style={{ marginInlineEnd: 0 }}>
      {status.name}
    </Tag>
  );
}

/** «Apple iPhone 13» (the type is shown apart). */
export const deviceTitle = (d: { brand: string; model: string }) => `${d.brand} ${d.model}`.trim();
