import { purchaseOrderStatusLabels, type PurchaseOrderStatus } from '@repo/contracts';
import { defineStatuses } from '@repo/ui';

/** The order statuses in the seed's colours: a draft grey, ordered blue, partly received gold, received green, cancelled red. */
export const orderStatuses = defineStatuses<PurchaseOrderStatus>({
  draft: { label: purchaseOrderStatusLabels.draft, color: 'default' },
  ordered: { label: purchaseOrderStatusLabels.ordered, color: 'blue' },
  partial: { label: purchaseOrderStatusLabels.partial, color: 'gold' },
  received: { label: purchaseOrderStatusLabels.received, color: 'green' },
  cancelled: { label: purchaseOrderStatusLabels.cancelled, color: 'red' },
});

/** Where purchasing lives in the area. */
export const procurementBase = '/procurement';
export const orderUrl = (id: string) => `${procurementBase}/${id}`;

/** Whether an order still takes goods: ordered, partly received, or received but not closed (more than ordered, confirmed). */
export const canReceive = (o: { status: PurchaseOrderStatus; closed: boolean }) => (o.status === 'ordered' || o.status === 'partial' || o.status === 'received') && !o.closed;
