import MockAdapter from 'axios-mock-adapter';
import type { RealtimeEvent } from '@repo/contracts';
import { api } from '../api/instance';
import { bus } from '../bus';
import { isOwnProfileEvent, refreshProfile, watchOwnProfile } from '../live-profile';
import { clearSession, signIn } from '../session';
import { authStore } from '../stores/auth';
import { uiStore } from '../stores/ui';
import { clearCookies, makeProfile } from './helpers';

const event = (entity: string, id: string): RealtimeEvent => ({ type: 'updated', entity, id, locationId: null }) as unknown as RealtimeEvent;
const flush = async () => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
};

let mock: MockAdapter;
let stop: () => void;
beforeEach(() => {
  clearCookies();
  clearSession();
  mock = new MockAdapter(api);
  stop = watchOwnProfile();
});
afterEach(() => {
  stop();
  mock.restore();
});

describe('isOwnProfileEvent', () => {
  const me = makeProfile(['view:sale:location']);
  it('matches the own role and the own employee record only', () => {
    expect(isOwnProfileEvent({ entity: 'role', id: 'role-1' }, me)).toBe(true);
    expect(isOwnProfileEvent({ entity: 'role', id: 'role-2' }, me)).toBe(false);
    expect(isOwnProfileEvent({ entity: 'employee', id: 'emp-1' }, me)).toBe(true);
    expect(isOwnProfileEvent({ entity: 'employee', id: 'emp-2' }, me)).toBe(false);
    expect(isOwnProfileEvent({ entity: 'sale', id: 'role-1' }, me)).toBe(false);
    expect(isOwnProfileEvent({ entity: 'role', id: 'role-1' }, null)).toBe(false);
  });
});

describe('live profile', () => {
  it('re-reads /auth/me on an event about the own role and replaces the profile and its rules', async () => {
    signIn('tok-1', makeProfile(['view:sale:location']));
    expect(uiStore.getState().change_location).toBe(false);
    const widened = makeProfile(['view:sale:location', 'view:report:location', 'change_location']);
    mock.onGet('auth/me').reply(200, widened);

    bus.emit('realtime:event', event('role', 'role-1'));
    await flush();

    expect(mock.history.get).toHaveLength(1);
    expect(authStore.getState().profile?.role.rules).toEqual(widened.role.rules);
    expect(uiStore.getState().change_location).toBe(true);
    expect(authStore.getState().isAuthenticated).toBe(true);
  });

  it('re-reads on an event about the employee themself', async () => {
    signIn('tok-1', makeProfile(['view:sale:location']));
    mock.onGet('auth/me').reply(200, makeProfile([]));
    bus.emit('realtime:event', event('employee', 'emp-1'));
    await flush();
    expect(authStore.getState().profile?.role.rules).toEqual([]);
  });

  it('ignores other roles, other employees and other entities', async () => {
    signIn('tok-1', makeProfile(['view:sale:location']));
    mock.onGet('auth/me').reply(200, makeProfile([]));
    bus.emit('realtime:event', event('role', 'role-9'));
    bus.emit('realtime:event', event('employee', 'emp-9'));
    bus.emit('realtime:event', event('sale', 'emp-1'));
    await flush();
    expect(mock.history.get).toHaveLength(0);
    expect(authStore.getState().profile?.role.rules).toEqual(['view:sale:location']);
  });

  it('folds a burst of events into at most two reads', async () => {
    signIn('tok-1', makeProfile(['view:sale:location']));
    mock.onGet('auth/me').reply(200, makeProfile(['view:client:location']));
    for (let i = 0; i < 5; i++) bus.emit('realtime:event', event('role', 'role-1'));
    await flush();
    expect(mock.history.get.length).toBeLessThanOrEqual(2);
    expect(authStore.getState().profile?.role.rules).toEqual(['view:client:location']);
  });

  it('keeps the profile when the read fails, and drops an answer that arrives after sign-out', async () => {
    signIn('tok-1', makeProfile(['view:sale:location']));
    mock.onGet('auth/me').networkError();
    await refreshProfile();
    expect(authStore.getState().profile?.role.rules).toEqual(['view:sale:location']);

    mock.onGet('auth/me').reply(() => {
      clearSession();
      return [200, makeProfile(['view:client:location'])];
    });
    await refreshProfile();
    expect(authStore.getState().profile).toBeNull();
  });
});
