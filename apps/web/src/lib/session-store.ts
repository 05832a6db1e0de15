import { useSyncExternalStore } from 'react';
import type { MeAnswer } from '@portal/contract/api/auth';
import { storage, STORAGE_KEYS } from './storage';

/**
 * The session as plain state, free of the API client so both the client (which ends sessions on session codes)
 * and the session hook can use it without an import cycle.
 */
export interface SessionState {
  token: string | null;
  me: MeAnswer | null;
  embedded: boolean;
  /** True while the first GET /me after a reload is pending: the guard waits instead of redirecting. */
  restoring: boolean;
  /** Set when the server ended the session (expired, revoked): the UI explains instead of silently logging out. */
  endedInvoluntarily: boolean;
}

function initialState(): SessionState {
  const token = storage.get(STORAGE_KEYS.token);
  return {
    token,
    me: null,
    embedded: storage.get(STORAGE_KEYS.embedded) === '1',
    restoring: Boolean(token),
    endedInvoluntarily: false,
  };
}

let state: SessionState = initialState();
const listeners = new Set<() => void>();

export const sessionStore = {
  get: (): SessionState => state,
  set(patch: Partial<SessionState>): void {
    state = { ...state, ...patch };
    if ('token' in patch) storage.set(STORAGE_KEYS.token, patch.token ?? null);
    if ('embedded' in patch) storage.set(STORAGE_KEYS.embedded, patch.embedded ? '1' : null);
    for (const l of listeners) l();
  },
  /** Forget everything; embedded mode ends with the session (spec point 4). */
  clear(involuntary: boolean): void {
    sessionStore.set({ token: null, me: null, embedded: false, restoring: false, endedInvoluntarily: involuntary });
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Tests only: re-read localStorage. */
  reset(): void {
    state = initialState();
    for (const l of listeners) l();
  },
};

export function useSessionState(): SessionState {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get);
}
