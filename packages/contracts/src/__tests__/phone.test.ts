import { formatPhone, normalizePhone, phoneSchema } from '../phone';
import { hasRule, isRule, missingRuleMessage, ruleScope } from '../rules';

describe('normalizePhone', () => {
  it.each([
    ['+7 (900) 000-00-01', '+79000000001'],
    ['8 900 000 00 01', '+79000000001'],
    ['89000000001', '+79000000001'],
    ['9000000001', '+79000000001'],
    ['7-900-000-00-01', '+79000000001'],
  ])('%s → %s', (input, out) => expect(normalizePhone(input)).toBe(out));

  it.each(['', '123', '+1 202 555 0100', '+7 (100) 000-00-01', 'abc9000000001'])('rejects %s', (input) =>
    expect(normalizePhone(input)).toBeNull(),
  );

  it('formats for display and reports a Russian field error', () => {
    expect(formatPhone('89000000001')).toBe('+7 (900) 000-00-01');
    const r = phoneSchema.safeParse('12');
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toMatch(/Неверный формат телефона/);
  });
});

describe('rules', () => {
  it('matches an action on an entity at any scope, and special rights exactly', () => {
    const rules = ['view:location:own', 'edit:location:all', 'change_location'];
    expect(hasRule(rules, 'view:location')).toBe(true);
    expect(hasRule(rules, 'delete:location')).toBe(false);
    expect(hasRule(rules, 'change_location')).toBe(true);
    expect(hasRule(rules, 'see_cost')).toBe(false);
    expect(ruleScope(rules, 'edit', 'location')).toBe('all');
    expect(isRule('edit:location:all')).toBe(true);
    expect(isRule('edit:nothing:all')).toBe(false);
    expect(missingRuleMessage('delete:location')).toBe('Нет права: удаление — магазины');
  });
});
