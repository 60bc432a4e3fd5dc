import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { createMainMenu, createShopContentMenu, type MenuItem, type MenuSource } from './menus';

/** `[from, to]` as ISO dates (`YYYY-MM-DD`), or null for "no filter". */
export type DateRange = [string, string] | null;

export interface DebugEntry {
  /** ISO timestamp of when the error was recorded. */
  createdDate: string;
  error: unknown;
}

export interface UiState {
  /** Date-range filters keyed by the page that owns them (`sales`, `reports` ...). */
  range_date_filters: Record<string, DateRange>;
  list_page: MenuItem[];
  shop_content_page: MenuItem[];
  /** Whether the employee may switch location; set from role.rules by applyRules. */
  change_location: boolean;
  debug: DebugEntry[];
  reports: { isAllLocations: boolean };
  addDebug: (error: unknown) => void;
  clearDebug: () => void;
  setChangeLocation: (allowed: boolean) => void;
  setRangeDateFilters: (key: string, range: DateRange) => void;
  setReportsAllLocations: (all: boolean) => void;
  /** Fills `list_page` and `shop_content_page` from the areas' metadata and the host's own items. */
  setMenuItems: (items: readonly MenuSource[]) => void;
}

/** The debug list only helps with recent failures; capping it keeps a long shift from leaking memory. */
export const maxDebugEntries = 200;

export const uiStore = createStore<UiState>()((set) => ({
  range_date_filters: {},
  list_page: createMainMenu(),
  shop_content_page: createShopContentMenu(),
  change_location: true,
  debug: [],
  reports: { isAllLocations: true },
  addDebug: (error) =>
    set((s) => ({ debug: [...s.debug, { createdDate: new Date().toISOString(), error }].slice(-maxDebugEntries) })),
  clearDebug: () => set({ debug: [] }),
  setChangeLocation: (allowed) => set({ change_location: allowed }),
  setRangeDateFilters: (key, range) => set((s) => ({ range_date_filters: { ...s.range_date_filters, [key]: range } })),
  setReportsAllLocations: (all) => set((s) => ({ reports: { ...s.reports, isAllLocations: all } })),
  setMenuItems: (items) => set({ list_page: createMainMenu(items), shop_content_page: createShopContentMenu(items) }),
}));

export function useUi(): UiState;
export function useUi<T>(selector: (state: UiState) => T): T;
export function useUi<T>(selector?: (state: UiState) => T) {
  return useStore(uiStore, selector ?? ((s: UiState) => s as unknown as T));
}
