import { applyRules } from '../rules-handler';
import { uiStore } from '../stores/ui';
import { makeProfile } from './helpers';

beforeEach(() => uiStore.getState().setChangeLocation(true));

describe('rules handler', () => {
  it('turns change_location off when role.rules lacks it (the cashier)', () => {
    applyRules(makeProfile(['view:sale:location', 'create:sale:location']));
    expect(uiStore.getState().change_location).toBe(false);
  });

  it('turns change_location on when role.rules has it', () => {
    uiStore.getState().setChangeLocation(false);
    applyRules(makeProfile(['change_location']));
    expect(uiStore.getState().change_location).toBe(true);
  });

  it('leaves the flag alone when the profile carries no rules', () => {
    uiStore.getState().setChangeLocation(false);
    applyRules({ role: {} });
    applyRules(null);
    expect(uiStore.getState().change_location).toBe(false);
  });
});
