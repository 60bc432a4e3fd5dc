import { useAuth } from '@repo/shared-core';
import { useTaskStaff } from '../api';

/** The assignee picker's options: the current shop's employees, or at least the signed-in one (and `extra`). */
export function useAssigneeOptions(extra: { id: string; name: string }[] = []) {
  const staff = useTaskStaff();
  const me = useAuth((s) => s.profile);
  const seen = new Map<string, string>();
  for (const s of staff.data ?? []) seen.set(s.id, s.position ? `${s.name} · ${s.position}` : s.name);
  if (me && !seen.has(me.id)) seen.set(me.id, me.name);
  for (const e of extra) if (!seen.has(e.id)) seen.set(e.id, e.name);
  return [...seen].map(([value, label]) => ({ value, label }));
}
