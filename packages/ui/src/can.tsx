import { hasRule, type RequiredRule } from '@repo/contracts';
import { useAuth } from '@repo/shared-core';
import type { ReactNode } from 'react';

const none: readonly string[] = [];

/** The signed-in employee's rules (profile.role.rules), and whether the role is the owner's. */
export function useRules(): { rules: readonly string[]; isOwner: boolean } {
  // A constant fallback: a fresh [] per render would make the store selector loop.
  const rules = useAuth((s) => s.profile?.role.rules ?? none);
  const isOwner = useAuth((s) => s.profile?.role.name === 'owner');
  return { rules, isOwner };
}

/** Whether rules allow `required`; several rules: any of them (`mode: 'all'` for every one). Owners may do everything, as on the server. */
export function allows(
  rules: readonly string[],
  required: RequiredRule | readonly RequiredRule[],
  { isOwner = false, mode = 'any' }: { isOwner?: boolean; mode?: 'any' | 'all' } = {},
): boolean {
  if (isOwner) return true;
  const list = typeof required === 'string' ? [required] : required;
  return mode === 'all' ? list.every((r) => hasRule(rules, r)) : list.some((r) => hasRule(rules, r));
}

/**
 * Whether the employee has the rule (`'edit:location'` — any scope; or a special right like
 * `'manage_settings'`). It only hides what the server would refuse anyway.
 */
export function useRule(required: RequiredRule | readonly RequiredRule[], mode: 'any' | 'all' = 'any'): boolean {
  const { rules, isOwner } = useRules();
  return allows(rules, required, { isOwner, mode });
}

export interface CanProps {
  rule: RequiredRule | readonly RequiredRule[];
  mode?: 'any' | 'all';
  /** Shown instead when the rule is missing (nothing by default). */
  fallback?: ReactNode;
  children: ReactNode;
}

/** Renders its children only for an employee with the rule: `<Can rule="create:repair_order"><Button…/></Can>`. */
export function Can({ rule, mode, fallback = null, children }: CanProps) {
  return <>{useRule(rule, mode) ? children : fallback}</>;
}
