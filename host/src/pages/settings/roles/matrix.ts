import { actions, entities, scopeRank, scopes, specialRights, type Action, type Entity, type Scope, type SpecialRight } from '@repo/contracts';

/**
 * The role editor's matrix as pure functions over the rule strings (`action:entity:scope`, special
 * rights as words): a cell holds one scope or none, so setting a cell drops the other scopes of it.
 */

/** The scope a cell gives (the widest, should a stored role hold two), or null. */
export function cellScope(rules: readonly string[], action: Action, entity: Entity): Scope | null {
  let best: Scope | null = null;
  for (const s of scopes) if (rules.includes(`${action}:${entity}:${s}`) && (!best || scopeRank[s] > scopeRank[best])) best = s;
  return best;
}

/** The rules with one cell set to a scope (null: no right), in a stable order. */
export function setCell(rules: readonly string[], action: Action, entity: Entity, scope: Scope | null): string[] {
  const prefix = `${action}:${entity}:`;
  const kept = rules.filter((r) => !r.startsWith(prefix));
  return normalise(scope ? [...kept, `${prefix}${scope}`] : kept);
}

/** Every action of a row at one scope (null: none of them). */
export function setRow(rules: readonly string[], entity: Entity, scope: Scope | null): string[] {
  let out = [...rules];
  for (const a of actions) out = setCell(out, a, entity, scope);
  return out;
}

/** The quick buttons of a row: «нет», «всё в магазине», «всё». */
export const rowPresets: readonly { key: string; label: string; scope: Scope | null }[] = [
  { key: 'none', label: 'нет', scope: null },
  { key: 'location', label: 'всё в магазине', scope: 'location' },
  { key: 'all', label: 'всё', scope: 'all' },
];

export function toggleSpecial(rules: readonly string[], right: SpecialRight, on: boolean): string[] {
  const kept = rules.filter((r) => r !== right);
  return normalise(on ? [...kept, right] : kept);
}

/** The order of the matrix: entities, then actions, then the special rights; duplicates go. */
export function normalise(rules: readonly string[]): string[] {
  const rank = (r: string): number => {
    const special = (specialRights as readonly string[]).indexOf(r);
    if (special >= 0) return 10_000 + special;
    const [a, e] = r.split(':');
    return (entities as readonly string[]).indexOf(e as Entity) * 100 + (actions as readonly string[]).indexOf(a as Action);
  };
  return [...new Set(rules)].sort((x, y) => rank(x) - rank(y) || x.localeCompare(y));
}

/** The next scope of a cell as it is clicked: none → свои → магазин → все → none. */
export function nextScope(scope: Scope | null): Scope | null {
  if (scope === null) return 'own';
  const i = scopes.indexOf(scope);
  return i === scopes.length - 1 ? null : scopes[i + 1];
}

export const scopeLabels: Record<Scope, string> = { own: 'свои', location: 'магазин', all: 'все' };
export const scopeHints: Record<Scope, string> = {
  own: 'только свои записи',
  location: 'записи текущего магазина',
  all: 'записи всех магазинов',
};
