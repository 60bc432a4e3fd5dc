import { useCallback, useState } from 'react';

/**
 * The side menu is folded to icons below this window width (antd's `xl`): at 1024 the full menu
 * would take a quarter of the screen from the work area.
 */
export const SIDER_FOLD_BELOW = 1200;

/** A narrow window (below `SIDER_FOLD_BELOW`) and a wide one each keep their own choice. */
export type SiderWidthClass = 'narrow' | 'wide';

/** The employee's own choices: absent means «as the width suggests» (folded when narrow). */
export type SiderChoices = Partial<Record<SiderWidthClass, boolean>>;

const keyPrefix = 'host.sider.collapsed.';

/**
 * Where an employee's choice lives: this browser's localStorage, keyed by the employee's id, so two
 * people sharing the counter computer each get their own menu (the client state of the seed spec
 * keeps only the token and the location in cookies; a UI preference stays on the device).
 */
export const siderStorageKey = (employeeId: string) => `${keyPrefix}${employeeId}`;

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;

function defaultStorage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined; // storage blocked (private mode, sandboxed frame)
  }
}

export function readSiderChoices(employeeId: string | undefined, storage: Storage | undefined = defaultStorage()): SiderChoices {
  if (!employeeId || !storage) return {};
  try {
    const raw: unknown = JSON.parse(storage.getItem(siderStorageKey(employeeId)) ?? '{}');
    if (!raw || typeof raw !== 'object') return {};
    const out: SiderChoices = {};
    for (const k of ['narrow', 'wide'] as const) {
      const v = (raw as Record<string, unknown>)[k];
      if (typeof v === 'boolean') out[k] = v;
    }
    return out;
  } catch {
    return {}; // a hand-edited or foreign value: start from the defaults
  }
}

export function writeSiderChoices(employeeId: string | undefined, choices: SiderChoices, storage: Storage | undefined = defaultStorage()) {
  if (!employeeId || !storage) return;
  try {
    storage.setItem(siderStorageKey(employeeId), JSON.stringify(choices));
  } catch {
    // Quota or private mode: the choice holds for this visit only.
  }
}

/** Folded or not: the employee's choice for this width class, otherwise folded when narrow. */
export function isSiderCollapsed(choices: SiderChoices, width: SiderWidthClass): boolean {
  return choices[width] ?? width === 'narrow';
}

/**
 * The sider's folded state for the signed-in employee at the current width class, and the toggle that
 * remembers their choice for that class (a choice made on the 1024 counter screen does not fold the
 * menu on the manager's 1440 monitor, and the other way round).
 */
export function useSiderCollapsed(employeeId: string | undefined, width: SiderWidthClass): [boolean, () => void] {
  const [state, setState] = useState(() => ({ employeeId, choices: readSiderChoices(employeeId) }));
  // Another employee signed in on this browser: their own choices.
  let choices = state.choices;
  if (state.employeeId !== employeeId) {
    choices = readSiderChoices(employeeId);
    setState({ employeeId, choices });
  }
  const collapsed = isSiderCollapsed(choices, width);
  const toggle = useCallback(() => {
    setState((s) => {
      const next = { ...s.choices, [width]: !isSiderCollapsed(s.choices, width) };
      writeSiderChoices(s.employeeId, next);
      return { ...s, choices: next };
    });
  }, [width]);
  return [collapsed, toggle];
}
