import type { FinanceCategory, FinanceCategoryKind } from '@repo/contracts';

export interface CategoryNode {
  value: string;
  title: string;
  key: string;
  category: FinanceCategory;
  children: CategoryNode[];
}

/**
 * The category tree of one kind for a TreeSelect / Tree: roots first, children under their parent, in
 * `position` then name order. `pickable` leaves out archived and system categories (a person never
 * posts to «Недостача по смене» by hand; the shift does).
 */
export function categoryTree(all: readonly FinanceCategory[], kind: FinanceCategoryKind, opts: { pickable?: boolean } = {}): CategoryNode[] {
  const list = all.filter((c) => c.kind === kind && (!opts.pickable || (!c.archived && c.code === null)));
  const ids = new Set(list.map((c) => c.id));
  const order = (a: FinanceCategory, b: FinanceCategory) => a.position - b.position || a.name.localeCompare(b.name, 'ru');
  const node = (c: FinanceCategory): CategoryNode => ({
    value: c.id,
    key: c.id,
    title: c.name,
    category: c,
    children: list.filter((x) => x.parentId === c.id).sort(order).map(node),
  });
  return list.filter((c) => c.parentId === null || !ids.has(c.parentId)).sort(order).map(node);
}

/** «Аренда» or «Хозяйственные расходы / Вода» for a category id. */
export function categoryPath(all: readonly FinanceCategory[], id: string | null | undefined): string {
  if (!id) return '';
  const byId = new Map(all.map((c) => [c.id, c]));
  const names: string[] = [];
  for (let c = byId.get(id), depth = 0; c && depth < 10; c = c.parentId ? byId.get(c.parentId) : undefined, depth++) names.unshift(c.name);
  return names.join(' / ');
}
