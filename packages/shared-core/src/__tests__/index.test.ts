import * as core from '../index';
import { bus } from '../bus';
import { makeLocation } from './helpers';

describe('public surface', () => {
  it('exports every name the host and the remotes are written against', () => {
    const expected = [
      'api', 'configureApi', 'getApiError', 'fieldErrors',
      'authStore', 'useAuth', 'locationStore', 'useLocationStore', 'uiStore', 'useUi',
      'realtime', 'useRealtime', 'bus', 'notify', 'toastDefaults', 'NotificationsContainer',
      'applyRules', 'queryClient', 'useRealtimeInvalidation',
      'patterns', 'phoneMask', 'cardMask', 'applyPhoneMask', 'applyCardMask',
      'formatMoney', 'formatDate', 'formatDateTime', 'dayjs', 'dialogTransitionMs',
      'usePageTitle', 'clearSession', 'signIn',
    ];
    for (const name of expected) expect([name, core[name as keyof typeof core]]).toEqual([name, expect.anything()]);
    expect('default' in core).toBe(false);
  });

  it('hands out the one bus the stores emit on', () => {
    expect(core.bus).toBe(bus);
    const changed = jest.fn();
    core.bus.on('location:changed', changed);
    core.locationStore.getState().setLocation(makeLocation('loc-1'));
    expect(changed).toHaveBeenCalledTimes(1);
  });

  it('installs the client interceptors when the package is imported', () => {
    expect(core.api.interceptors.request).toBeDefined();
    expect((core.api.interceptors.response as unknown as { handlers: unknown[] }).handlers.length).toBeGreaterThan(0);
  });
});
