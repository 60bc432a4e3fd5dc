import { useEffect, useRef, useState } from 'react';

/**
 * The rows that appeared in a list while it was open (a request that came in live): highlighted for
 * `ms`. Compared only within one view (`viewKey`: the filters and the page), so paging or filtering
 * never counts as an arrival; pass `ids` undefined while the list shows the previous view's rows.
 */
export function useFreshRows(viewKey: string, ids: readonly string[] | undefined, ms = 5000): ReadonlySet<string> {
  const seen = useRef<{ key: string; ids: Set<string> } | null>(null);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const [fresh, setFresh] = useState<ReadonlySet<string>>(() => new Set());
  const joined = ids?.join(',');

  useEffect(() => {
    if (joined === undefined) return;
    const now = joined ? joined.split(',') : [];
    const before = seen.current;
    seen.current = { key: viewKey, ids: new Set(now) };
    if (!before || before.key !== viewKey) return;
    const added = now.filter((id) => !before.ids.has(id));
    if (added.length === 0) return;
    setFresh((s) => new Set([...s, ...added]));
    timers.current.push(
      setTimeout(() => {
        setFresh((s) => new Set([...s].filter((id) => !added.includes(id))));
      }, ms),
    );
  }, [viewKey, joined, ms]);

  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  return fresh;
}
