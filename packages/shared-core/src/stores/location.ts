import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { messages, type Location } from '@repo/contracts';
import { api } from '../api/instance';
import { bus } from '../bus';
import { cookies } from '../cookies';
import { notify } from '../notify/notify';
import type { CurrentLocation, LocationInput } from './location-types';

export type { CurrentLocation, LocationInput } from './location-types';

export interface LocationState {
  /** The locations the employee may work in (`GET location`). */
  list: Location[];
  current: CurrentLocation | null;
  setList: (list: Location[]) => void;
  /** Seed §4/§5: needs `_id`; writes the `location` cookie and the `Shop` header. False when refused. */
  setLocation: (location: LocationInput) => boolean;
  /** `GET location/current/{id}`; no id and no cookie gives false without a call. */
  getCurrentLocation: (id?: string | null) => Promise<Location | false>;
  /** Forgets the list and the current location (sign-out); the cookie is handled by clearSession. */
  reset: () => void;
}

/** Sets the `Shop` header of the shared client. An empty value is refused with the seed's message. */
export function setShopHeader(value: string | null | undefined): boolean {
  const id = typeof value === 'string' ? value.trim() : '';
  if (!id) {
    notify.error(messages.locationSetError);
    return false;
  }
  api.defaults.headers.common.Shop = id;
  return true;
}

export const locationStore = createStore<LocationState>()((set, get) => ({
  list: [],
  current: null,
  setList: (list) => {
    // The stub from the profile ({ id, name }) is upgraded to the full row once the list arrives.
    const current = get().current;
    const full = current ? list.find((l) => l._id === current._id) : undefined;
    set(full ? { list, current: full } : { list });
  },
  setLocation: (location) => {
    if (!location?._id) {
      notify.error(messages.missingLocationId);
      return false;
    }
    // The header is checked before anything is written, so a refusal changes nothing.
    if (!setShopHeader(String(location._id))) return false;
    const id = String(location._id).trim();
    cookies.setLocation(id);
    const previous = get().current;
    const merged = { ...(previous?._id === id ? previous : {}), ...location, _id: id, id: location.id ?? id };
    const current = { ...merged, name: merged.name ?? '' } as CurrentLocation;
    set({ current });
    if (previous?._id !== id) bus.emit('location:changed', current);
    return true;
  },
  getCurrentLocation: async (id) => {
    const target = id || cookies.getLocation();
    if (!target) return false;
    try {
      const { data } = await api.get<Location>(`location/current/${encodeURIComponent(target)}`);
      return get().setLocation(data) ? data : false;
    } catch {
      // The client's interceptor has already shown and logged the error; callers only need "no".
      return false;
    }
  },
  reset: () => {
    delete api.defaults.headers.common.Shop;
    set({ list: [], current: null });
  },
}));

export function useLocationStore(): LocationState;
export function useLocationStore<T>(selector: (state: LocationState) => T): T;
export function useLocationStore<T>(selector?: (state: LocationState) => T) {
  return useStore(locationStore, selector ?? ((s: LocationState) => s as unknown as T));
}
