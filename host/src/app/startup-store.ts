import { useSyncExternalStore } from 'react';
import { checkSession, type StartupResult } from './session';

export type StartupStatus = 'idle' | 'checking' | StartupResult;

let status: StartupStatus = 'idle';
let running: Promise<StartupResult> | null = null;
const listeners = new Set<() => void>();

function setStatus(next: StartupStatus) {
  status = next;
  listeners.forEach((l) => l());
}

export function getStartupStatus(): StartupStatus {
  return status;
}

/** Runs the start-up check once (again after `rerunStartup`). */
export function runStartup(): Promise<StartupResult> {
  if (!running) {
    setStatus('checking');
    running = checkSession().then((result) => {
      setStatus(result);
      return result;
    });
  }
  return running;
}

export function rerunStartup(): Promise<StartupResult> {
  running = null;
  return runStartup();
}

/** Marks the session as started after the login page signed in (no second check needed). */
export function markSignedIn(): void {
  running = Promise.resolve('signed-in');
  setStatus('signed-in');
}

export function useStartupStatus(): StartupStatus {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    getStartupStatus,
    getStartupStatus,
  );
}
