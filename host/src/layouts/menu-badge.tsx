import { api, type MenuBadge as Badge } from '@repo/shared-core';
import { useQuery } from '@tanstack/react-query';
import { Badge as AntBadge } from 'antd';

/** The number at `field` of `GET url` (the employee's session and shop); keyed by the entity, so its realtime events refetch it. */
export function useMenuBadge(badge: Badge | undefined): number {
  const query = useQuery({
    queryKey: [badge?.entity ?? 'none', 'menu-badge', badge?.url],
    enabled: Boolean(badge),
    staleTime: 30_000,
    queryFn: async () => {
      const data = (await api.get<Record<string, unknown>>(badge!.url.replace(/^\/api\//, ''), { silent: true })).data;
      const n = Number(data?.[badge!.field] ?? 0);
      return Number.isFinite(n) ? n : 0;
    },
  });
  return query.data ?? 0;
}

/**
 * A menu item's count (open tasks): beside the label, or a dot on the icon when the menu is folded.
 * Nothing when zero or when the count cannot be read.
 */
export function MenuBadge({ badge, label, dot = false }: { badge: Badge; label: string; dot?: boolean }) {
  const n = useMenuBadge(badge);
  if (!n) return null;
  return <AntBadge count={n} size="small" dot={dot} overflowCount={99} title={`${label}: ${n}`} aria-label={`${label}: ${n}`} data-testid="menu-badge" />;
}
