import { ruleScope, type Action, type OrderListItem } from '@repo/contracts';
import { useAuth, useLocationStore } from '@repo/shared-core';
import { useRules } from '@repo/ui';

/** What an order offers to decide a scoped rule: its location and its people (the order card also names the author). */
export type OrderPeople = Pick<OrderListItem, 'locationId' | 'engineerId' | 'managerId'> & { authorName?: string | null };

/**
 * Whether the employee may do `action` on this order, as the server's scope check decides it
 * (orders service `allowed`): own — they are its engineer, manager or author; location — the order is at
 * the current location; all — any. Owners may do everything. Only hides what the server would refuse:
 * the author is known by name alone (the intake makes its author the manager, so this rarely matters),
 * and an unknown current location leaves the server to decide.
 */
export function useOrderRight(action: Action): (order: OrderPeople) => boolean {
  const { rules, isOwner } = useRules();
  const me = useAuth((s) => s.profile);
  const here = useLocationStore((s) => s.current?._id);
  return (order) => {
    if (isOwner) return true;
    const scope = ruleScope(rules, action, 'repair_order');
    if (!scope) return false;
    if (scope === 'own') return !!me && (order.engineerId === me.id || order.managerId === me.id || (!!order.authorName && order.authorName === me.name));
    if (scope === 'location') return !here || order.locationId === here;
    return true;
  };
}
