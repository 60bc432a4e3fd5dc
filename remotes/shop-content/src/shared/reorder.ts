import { getApiError, notify } from '@repo/shared-core';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { api } from '@repo/shared-core';

/**
 * The ids of a list after dragging `activeId` onto `overId`'s place (dnd-kit's `arrayMove` semantics);
 * null when nothing moves (dropped on itself, outside the list, or an unknown id).
 */
export function movedIds(ids: readonly string[], activeId: string, overId: string | null | undefined): string[] | null {
  if (!overId || activeId === overId) return null;
  const from = ids.indexOf(activeId);
  const to = ids.indexOf(overId);
  if (from < 0 || to < 0) return null;
  const next = [...ids];
  next.splice(from, 1);
  next.splice(to, 0, activeId);
  return next;
}

/** The records in the order of `ids` (those not named keep their place at the end). */
export function inOrder<T extends { id: string }>(items: readonly T[], ids: readonly string[]): T[] {
  const rank = new Map(ids.map((id, i) => [id, i]));
  return [...items].sort((a, b) => (rank.get(a.id) ?? Number.MAX_SAFE_INTEGER) - (rank.get(b.id) ?? Number.MAX_SAFE_INTEGER));
}

/** `POST …/reorder { ids }`: quiet (the caller says what went wrong, once). */
export async function postReorder(url: string, ids: string[]): Promise<void> {
  await api.post(url, { ids }, { silent: true });
}

interface ListData<T> {
  items: T[];
}

/**
 * A row dragged to another place in a list cached under `key` (`{ items }`, a page or a whole list):
 * the list shows the new order at once, `POST url { ids }` sends the ids of the list in it, and on a
 * refusal the old order comes back with the server's reason. The `invalidate` keys refetch after either way.
 */
export function useReorder<T extends { id: string }>(key: QueryKey, url: string, invalidate: QueryKey = key) {
  const qc = useQueryClient();
  return async function reorder(activeId: string, overId: string | null | undefined): Promise<boolean> {
    const before = qc.getQueryData<ListData<T>>(key);
    if (!before) return false;
    const ids = movedIds(
      before.items.map((i) => i.id),
      activeId,
      overId,
    );
    if (!ids) return false;
    await qc.cancelQueries({ queryKey: key });
    qc.setQueryData<ListData<T>>(key, { ...before, items: inOrder(before.items, ids) });
    try {
      await postReorder(url, ids);
      return true;
    } catch (e) {
      qc.setQueryData(key, before);
      notify.error(`Порядок не сохранён: ${getApiError(e).message}`);
      return false;
    } finally {
      void qc.invalidateQueries({ queryKey: invalidate });
    }
  };
}
