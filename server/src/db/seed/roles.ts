import { actions, allRules, entities, type Action, type Entity, type Rule, type Scope } from '@repo/contracts';

/** Every rule of these actions on this entity at one scope. */
const on = (entity: Entity, acts: readonly Action[], scope: Scope): Rule[] => acts.map((a) => `${a}:${entity}:${scope}` as Rule);

/**
 * Manager: runs the whole chain day to day. Everything at scope `all`, except what could lock the owner
 * out or change the company's set-up: roles and settings are read-only, locations cannot be deleted,
 * employees cannot be deleted (block them instead), and the audit log is read-only by nature.
 */
function managerRules(): Rule[] {
  const rules: Rule[] = [];
  for (const entity of entities) {
    if (entity === 'role' || entity === 'settings') rules.push(...on(entity, ['view'], 'all'));
    else if (entity === 'audit') rules.push(...on(entity, ['view', 'export'], 'all'));
    else if (entity === 'location') rules.push(...on(entity, ['view', 'create', 'edit'], 'all'));
    else if (entity === 'employee') rules.push(...on(entity, ['view', 'create', 'edit'], 'all'));
    else rules.push(...on(entity, actions, 'all'));
  }
  return [...rules, 'change_location', 'see_cost', 'see_client_contacts', 'issue_on_credit'];
}

/** Engineer: repair orders of the current location, edits the ones they own; reads the catalogue and clients. */
function engineerRules(): Rule[] {
  return [
    'view:location:all',
    'view:repair_order:location',
    'create:repair_order:location',
    'print:repair_order:location',
    'edit:repair_order:own',
    'view:product:location',
    'view:category:all',
    'view:client:location',
    ...on('task', ['view', 'create', 'edit'], 'own'),
    // The shop's calendar; books and moves their own appointments.
    'view:planner:location',
    ...on('planner', ['create', 'edit'], 'own'),
    'change_location',
  ];
}

/** Cashier: sells and takes money at one counter; no switching locations, no costs, no client contacts. */
function cashierRules(): Rule[] {
  return [
    'view:location:all',
    ...on('sale', ['view', 'create', 'post', 'print'], 'location'),
    ...on('client', ['view', 'create'], 'location'),
    ...on('finance', ['view', 'create'], 'location'),
    // Takes payments for repair orders and issues them at the counter.
    ...on('repair_order', ['view', 'post', 'print'], 'location'),
    'view:product:location',
    'view:category:all',
    // Shows the customer the partners' instalment and credit payments (company-wide offers).
    'view:credit_offer:all',
  ];
}

export interface BuiltInRole {
  name: 'owner' | 'manager' | 'engineer' | 'cashier';
  title: string;
  rules: Rule[];
  /** The discount cap at the counter (%), above it a manager confirms. */
  maxDiscountPercent: number;
}

/** The four roles every company starts with. The owner's stored rules are informative: the auth plugin always grants it `allRules()`. */
export function builtInRoles(): BuiltInRole[] {
  return [
    { name: 'owner', title: 'Владелец', rules: allRules(), maxDiscountPercent: 100 },
    { name: 'manager', title: 'Управляющий', rules: managerRules(), maxDiscountPercent: 50 },
    { name: 'engineer', title: 'Инженер', rules: engineerRules(), maxDiscountPercent: 0 },
    { name: 'cashier', title: 'Кассир', rules: cashierRules(), maxDiscountPercent: 10 },
  ];
}
