import { shopRequestTransitions, type ShopRequest, type ShopRequestStatus } from '@repo/contracts';

export interface StatusAction {
  to: ShopRequestStatus;
  label: string;
  /** Asks for a reason first (`rejected`). */
  needsReason: boolean;
  primary: boolean;
  danger: boolean;
}

/** The buttons a request in `status` offers, in the contract's order (shopRequestTransitions). */
export function statusActions(status: ShopRequestStatus): StatusAction[] {
  return shopRequestTransitions[status].map((to) => ({
    to,
    label: to === 'in_work' ? (status === 'new' ? 'Взять в работу' : 'Вернуть в работу') : to === 'done' ? 'Выполнена' : 'Отклонить',
    needsReason: to === 'rejected',
    primary: (status === 'new' && to === 'in_work') || (status === 'in_work' && to === 'done'),
    danger: to === 'rejected',
  }));
}

/** Which one-click conversions a request allows: repairs and call-backs become orders, goods orders and call-backs sales; once only. */
export function conversions(r: Pick<ShopRequest, 'kind' | 'orderId' | 'saleId' | 'items'>): { toOrder: boolean; toSale: boolean } {
  if (r.orderId || r.saleId) return { toOrder: false, toSale: false };
  return {
    toOrder: r.kind === 'repair' || r.kind === 'callback',
    toSale: r.kind === 'callback' || (r.kind === 'order' && r.items.length > 0),
  };
}
