import type { Profile } from '@repo/contracts';
import { uiStore } from './stores/ui';

type ProfileWithRules = { role?: { rules?: readonly string[] | null } | null } | null | undefined;

/**
 * Applies `role.rules` to the interface (seed §6). Only `change_location` has a visible effect;
 * a profile without rules leaves the current flags alone rather than guessing.
 */
export function applyRules(profile: Profile | ProfileWithRules): void {
  const rules = profile?.role?.rules;
  if (!Array.isArray(rules)) return;
  uiStore.getState().setChangeLocation(rules.includes('change_location'));
}
