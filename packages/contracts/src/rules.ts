/**
 * Permissions are action × entity × scope (product.md). A rule is written `action:entity:scope`
 * (`edit:location:all`); special rights are single words (`change_location`). `role.rules` in
 * `/auth/me` lists them, and both the client (to hide) and the server (to enforce) read the same strings.
 */
export const actions = ['view', 'create', 'edit', 'delete', 'post', 'cancel', 'print', 'export'] as const;
export type Action = (typeof actions)[number];

export const entities = [
  'location',
  'employee',
  'role',
  'settings',
  'audit',
  'category',
  'product',
  'stock_document',
  'purchase_order',
  'sale',
  'repair_order',
  'template',
  'credit_offer',
  'client',
  'finance',
  'payroll',
  'report',
  'task',
  'planner',
  'shop_content',
] as const;
export type Entity = (typeof entities)[number];

/** own: rows the employee authored or is assigned to; location: the current location; all: every location the employee may work in. */
export const scopes = ['own', 'location', 'all'] as const;
export type Scope = (typeof scopes)[number];

export const specialRights = [
  'change_location',
  'see_cost',
  'see_client_contacts',
  'edit_closed_period',
  'manage_settings',
  /** Issue a repair order (or post a sale) with money still owed: the debt shows on the client. */
  'issue_on_credit',
] as const;
export type SpecialRight = (typeof specialRights)[number];

export type Rule = `${Action}:${Entity}:${Scope}` | SpecialRight;
/** What a route declares: an action on an entity (any scope satisfies it; the service narrows rows by scope), or a special right. */
export type RequiredRule = `${Action}:${Entity}` | SpecialRight;

export const scopeRank: Record<Scope, number> = { own: 1, location: 2, all: 3 };

export function isRule(value: string): value is Rule {
  if ((specialRights as readonly string[]).includes(value)) return true;
  const [a, e, s, extra] = value.split(':');
  return (
    extra === undefined &&
    (actions as readonly string[]).includes(a) &&
    (entities as readonly string[]).includes(e) &&
    (scopes as readonly string[]).includes(s)
  );
}

/** The widest scope the rules give for an action on an entity, or null when they give none. */
export function ruleScope(rules: readonly string[], action: Action, entity: Entity): Scope | null {
  let best: Scope | null = null;
  for (const scope of scopes) {
    if (rules.includes(`${action}:${entity}:${scope}`) && (!best || scopeRank[scope] > scopeRank[best])) best = scope;
  }
  return best;
}

export function hasRule(rules: readonly string[], required: RequiredRule): boolean {
  if ((specialRights as readonly string[]).includes(required)) return rules.includes(required);
  const [action, entity] = required.split(':') as [Action, Entity];
  return ruleScope(rules, action, entity) !== null;
}

/** Every rule there is: the owner role has all of them. */
export function allRules(): Rule[] {
  const out: Rule[] = [];
  for (const e of entities) for (const a of actions) out.push(`${a}:${e}:all`);
  return [...out, ...specialRights];
}

/** Russian names for messages like «Нет права: изменение — магазины». */
export const actionLabels: Record<Action, string> = {
  view: 'просмотр',
  create: 'создание',
  edit: 'изменение',
  delete: 'удаление',
  post: 'проведение',
  cancel: 'отмена',
  print: 'печать',
  export: 'экспорт',
};
export const entityLabels: Record<Entity, string> = {
  location: 'магазины',
  employee: 'сотрудники',
  role: 'роли',
  settings: 'настройки',
  audit: 'журнал изменений',
  category: 'категории',
  product: 'товары и услуги',
  stock_document: 'складские документы',
  purchase_order: 'закупки',
  sale: 'продажи',
  repair_order: 'заказы на ремонт',
  template: 'шаблоны документов',
  credit_offer: 'кредитные предложения',
  client: 'клиенты',
  finance: 'финансы',
  payroll: 'зарплата',
  report: 'отчёты',
  task: 'задачи',
  planner: 'планировщик',
  shop_content: 'контент интернет-магазина',
};
export const specialRightLabels: Record<SpecialRight, string> = {
  change_location: 'смена магазина',
  see_cost: 'просмотр себестоимости и прибыли',
  see_client_contacts: 'просмотр контактов клиентов',
  edit_closed_period: 'изменение закрытого периода',
  manage_settings: 'управление настройками',
  issue_on_credit: 'выдача заказов в долг',
};

/** «Нет права: изменение — магазины» — the 403 `forbidden` message naming what is missing. */
export function missingRuleMessage(required: RequiredRule): string {
  if ((specialRights as readonly string[]).includes(required)) {
    return `Нет права: ${specialRightLabels[required as SpecialRight]}`;
  }
  const [action, entity] = required.split(':') as [Action, Entity];
  return `Нет права: ${actionLabels[action]} — ${entityLabels[entity]}`;
}
