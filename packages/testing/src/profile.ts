import { allRules, type Profile } from '@repo/contracts';

/** A signed-in employee for tests; `rules` replace the role's rules, anything else overrides the defaults. */
export function makeProfile(over: Partial<Profile> & { rules?: readonly string[] } = {}): Profile {
  const { rules, ...rest } = over;
  const location = rest.location === undefined ? { id: 'l1', name: 'Центр' } : rest.location;
  const base: Profile = {
    id: 'e1',
    name: 'Ольга Смирнова',
    phone: '+79000000001',
    position: null,
    location,
    locations: location ? [location] : [],
    role: { id: 'r1', name: 'manager', title: 'Управляющий', rules: [...(rules ?? allRules())] },
  };
  return { ...base, ...rest, location, role: { ...base.role, ...rest.role, rules: [...(rules ?? rest.role?.rules ?? base.role.rules)] } };
}
