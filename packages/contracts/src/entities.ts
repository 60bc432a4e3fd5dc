import { z } from 'zod';
import { entities as ruleEntities } from './rules';

/**
 * Records that are audited and announced over realtime but have no rules of their own: sessions (an
 * employee's own), location images (part of a location), area releases (under `manage_settings`), stock
 * balances (announced when a posting moves goods; governed by `stock_document` rules), product photos
 * (part of a product, under `edit:product`), and the money records governed by `finance` rules: cash
 * operations, cash balances (announced when money moves), cash shifts, cashboxes and finance categories;
 * repair order statuses (settings, under `manage_settings`); the online shop's records (under `shop_content`).
 */
export const recordOnlyEntities = ['session', 'location_image', 'release', 'stock_balance', 'product_image', 'cash_operation', 'cash_balance', 'cash_shift', 'cashbox', 'finance_category', 'order_status', 'shop_catalog_item', 'shop_device_type', 'shop_brand', 'shop_model', 'shop_slide', 'shop_category', 'shop_image', 'shop_settings', 'shop_request'] as const;

/**
 * The one list of entity names: every rule entity (`rules.ts`) plus the record-only ones. The audit
 * log's `entity`, the realtime event's `entity` and the first element of client query keys all use
 * these names, so a realtime event invalidates exactly the queries of its entity.
 */
export const entityNames = [...ruleEntities, ...recordOnlyEntities] as const;
export type EntityName = (typeof entityNames)[number];
export const entityNameSchema = z.enum(entityNames);

export function isEntityName(value: string): value is EntityName {
  return (entityNames as readonly string[]).includes(value);
}
