import { hasRule } from '@repo/contracts';
import { useAuth } from '@repo/shared-core';

const none: readonly string[] = [];

/** What the employee may do with locations; the server enforces the same rules, this only hides buttons. */
export function useLocationRights() {
  // A constant fallback: a fresh [] per render would make the store selector loop.
  const rules = useAuth((s) => s.profile?.role.rules ?? none);
  return {
    canCreate: hasRule(rules, 'create:location'),
    canEdit: hasRule(rules, 'edit:location'),
    canDelete: hasRule(rules, 'delete:location'),
  };
}
