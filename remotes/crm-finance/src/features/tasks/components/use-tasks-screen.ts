import { taskLinkKinds, type Task, type TaskLinkKind } from '@repo/contracts';
import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { parseFilters, writeFilters, type TaskFilters } from '../filters';

/**
 * The URL state both tasks screens share: the filters, the open task (`?task=<id>`), the create form
 * (`?new=1`, prefilled by `&linkKind=repair_order&linkId=<id>` from an order's or a client's card),
 * and the view (`/tasks` list, `/tasks/board` board, filters kept when switching).
 */
export function useTasksScreen() {
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const filters = useMemo(() => parseFilters(search), [search]);
  const view: 'list' | 'board' = pathname.replace(/\/$/, '').endsWith('/board') ? 'board' : 'list';

  const setFilters = useCallback((change: Partial<TaskFilters>) => setSearch((p) => writeFilters(p, parseFilters(p), change)), [setSearch]);
  const patch = useCallback(
    (set: Record<string, string | null>) =>
      setSearch((p) => {
        const next = new URLSearchParams(p);
        for (const [k, v] of Object.entries(set)) {
          if (v === null) next.delete(k);
          else next.set(k, v);
        }
        return next;
      }),
    [setSearch],
  );

  const openId = search.get('task');
  const openTask = useCallback((id: string | null) => patch({ task: id }), [patch]);

  const creating = search.get('new') === '1';
  const kind = search.get('linkKind');
  const linkId = search.get('linkId');
  const initialLink = useMemo(
    () => (kind && linkId && (taskLinkKinds as readonly string[]).includes(kind) ? { kind: kind as TaskLinkKind, id: linkId } : null),
    [kind, linkId],
  );
  const setCreating = useCallback((on: boolean) => patch(on ? { new: '1' } : { new: null, linkKind: null, linkId: null }), [patch]);
  const onCreated = useCallback((t: Task) => patch({ new: null, linkKind: null, linkId: null, task: t.id }), [patch]);

  const setView = useCallback(
    (v: 'list' | 'board') => {
      const next = new URLSearchParams(search);
      next.delete('page');
      const qs = next.toString();
      navigate(`/tasks${v === 'board' ? '/board' : ''}${qs ? `?${qs}` : ''}`);
    },
    [navigate, search],
  );

  return { filters, setFilters, view, setView, openId, openTask, creating, setCreating, initialLink, onCreated };
}
