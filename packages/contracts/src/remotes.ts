import { z } from 'zod';

/** The list of remote areas: the one place that names them (host, build, server and releases read it). */
export const remoteAreas = ['stock', 'sales-orders', 'crm-finance', 'shop-content'] as const;
export type RemoteArea = (typeof remoteAreas)[number];
export const remoteAreaSchema = z.enum(remoteAreas);

/** Which menu an item belongs to: the main menu or the online-shop content menu (seed §2). */
export const menuKinds = ['main', 'shop'] as const;
export type MenuKind = (typeof menuKinds)[number];

/**
 * The rule a screen or menu item needs: `action:entity` (any scope) or a special right, as `config.rule`
 * on the server; a list means any one of them (a screen that reads either of two things).
 */
export const areaRuleSchema = z.union([z.string(), z.array(z.string()).min(1)]);
export type AreaRule = z.infer<typeof areaRuleSchema>;

/**
 * One menu entry an area (or the host) contributes. `order` places it among every other area's items:
 * the seed's order is Stock 10, Procurement 20, Sales 30, Orders 40, Clients 50, Finance 60, Reports 70,
 * Tasks 80, Planner 90, ProfileWorker 100, Settings 110; shop menu ShopCatalog 10 … ShopConstructors 40.
 */
export const areaMenuItemSchema = z.object({
  menu: z.enum(menuKinds),
  /** The seed's named route (`Stock`, `ShopRequest`). */
  name: z.string(),
  label: z.string(),
  /** An `@ant-design/icons` export name; the host maps it to a component. */
  icon: z.string(),
  route: z.string(),
  order: z.number(),
  /** One line under the item's quick-link card on the main page. */
  description: z.string().optional(),
  /** Hidden for employees without this rule (several: any of them). */
  rule: areaRuleSchema.optional(),
  /**
   * A count beside the item (open tasks, new requests): `GET url` (an /api path, with the employee's
   * session and shop) answers JSON whose `field` is the number; fetched again on every realtime event of
   * `entity`. Zero or an error shows nothing.
   */
  badge: z.object({ url: z.string().startsWith('/api/'), field: z.string(), entity: z.string() }).optional(),
});
export type AreaMenuItem = z.infer<typeof areaMenuItemSchema>;

/** A screen's facts the host needs without loading the area's code. */
export const areaRouteMetaSchema = z.object({
  /** react-router pattern from the site root (`/orders`, `/orders/:id`, `/request/:id?`). */
  path: z.string(),
  /** Page header and document title; a detail screen may title itself at runtime («Заказ №123»). */
  title: z.string(),
  /** The rule needed to see it (several: any of them); without it the host shows a 403 page and hides its menu item. */
  rule: areaRuleSchema.optional(),
  /** Parent screen for a breadcrumb (the stock tabs under `/stock`). */
  parent: z.string().optional(),
});
export type AreaRouteMeta = z.infer<typeof areaRouteMetaSchema>;

/**
 * What an area's build publishes beside its entry (`area.json` in the version folder) and what
 * `/remotes.json` carries for it: the host mounts `prefixes` as splat routes and draws the menu,
 * titles, 404s and hidden items from this alone.
 */
export const areaMetaSchema = z.object({
  area: remoteAreaSchema,
  /** Russian name of the area («Склад и товары»), for the "area unavailable" card. */
  title: z.string(),
  /** Top-level path prefixes the area owns (`/stock`, `/categories`); the host mounts `<prefix>/*`. */
  prefixes: z.array(z.string()).min(1),
  routes: z.array(areaRouteMetaSchema),
  menu: z.array(areaMenuItemSchema),
});
export type AreaMeta = z.infer<typeof areaMetaSchema>;

/** `/remotes.json`: which immutable build of each remote is live. */
export const remoteEntrySchema = z.object({
  /** The federation name (`stock`, `salesOrders`, ...). */
  name: z.string(),
  version: z.string(),
  /** URL of the remote's `remoteEntry.js`. */
  entry: z.string(),
  /** Route and menu metadata of this version (absent in old manifests: the host then knows only the area). */
  meta: areaMetaSchema.optional(),
  /** The last version that loaded well, tried when the live one fails to load in a browser. */
  fallback: z.object({ version: z.string(), entry: z.string() }).optional(),
});
export type RemoteEntry = z.infer<typeof remoteEntrySchema>;
/** Areas never released (no live version) are absent, so the record is partial. */
export const remotesManifestSchema = z.partialRecord(remoteAreaSchema, remoteEntrySchema);
export type RemotesManifest = z.infer<typeof remotesManifestSchema>;
