import type { ShopCatalogQuery } from '@repo/contracts';

/**
 * The catalogue's filters and open item, kept in the URL so a view can be shared and survives a reload:
 * `/catalog?q=iphone&published=false&categoryId=…&page=2&item=<id>` (`new=1`: the «Добавить товар» dialog).
 * Unknown values are dropped rather than sent (the server would refuse the whole query).
 */
export interface CatalogFilters {
  q?: string;
  published?: boolean;
  categoryId?: string;
  page: number;
}

export const catalogPageSize = 50;

const ownKeys = ['q', 'published', 'categoryId', 'page'] as const;

export function parseCatalogFilters(search: URLSearchParams): CatalogFilters {
  const page = Number(search.get('page'));
  const published = search.get('published');
  return {
    q: search.get('q')?.trim() || undefined,
    published: published === 'true' ? true : published === 'false' ? false : undefined,
    categoryId: search.get('categoryId') || undefined,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** Writes `change` into a copy of `search`: a filter change goes back to page 1, defaults leave no key, other keys stay. */
export function writeCatalogFilters(search: URLSearchParams, change: Partial<CatalogFilters>): URLSearchParams {
  const merged: CatalogFilters = { ...parseCatalogFilters(search), ...change, page: change.page ?? 1 };
  const next = new URLSearchParams(search);
  for (const key of ownKeys) next.delete(key);
  if (merged.q?.trim()) next.set('q', merged.q.trim());
  if (merged.published !== undefined) next.set('published', String(merged.published));
  if (merged.categoryId) next.set('categoryId', merged.categoryId);
  if (merged.page > 1) next.set('page', String(merged.page));
  return next;
}

/** The API's query (`GET /api/shop/catalog`). */
export function toCatalogQuery(f: CatalogFilters): ShopCatalogQuery {
  const q: Record<string, unknown> = { page: f.page, pageSize: catalogPageSize };
  if (f.q) q.search = f.q;
  if (f.published !== undefined) q.published = String(f.published);
  if (f.categoryId) q.categoryId = f.categoryId;
  return q as ShopCatalogQuery;
}

export const isCatalogFiltered = (f: CatalogFilters) => !!f.q || f.published !== undefined || !!f.categoryId;
