import { useMemo } from 'react';
import type { MeAnswer, SessionAnswer, SingleLoginBody } from '@portal/contract/api/auth';
import { api, isAbort } from './api';
import { sessionStore, useSessionState } from './session-store';

export { sessionStore } from './session-store';

const ME = '/base/v2/me';

function adopt(answer: SessionAnswer): SessionAnswer {
  const { token, ...me } = answer;
  sessionStore.set({ token, me, embedded: answer.embedded, restoring: false, endedInvoluntarily: false });
  return answer;
}

export function loginWithPassword(username: string, password: string): Promise<SessionAnswer> {
  return api.post<SessionAnswer>('/base/v2/login', { username, password }).then(adopt);
}

/** Single-login links open the portal embedded in a partner site (spec point 2). */
export function singleLogin(body: SingleLoginBody): Promise<SessionAnswer> {
  return api.post<SessionAnswer>('/base/v2/single-login', body).then((answer) => adopt({ ...answer, embedded: true }));
}

export async function logout(): Promise<void> {
  try {
    if (sessionStore.get().token) await api.del<null>(ME);
  } finally {
    // Forget the token even if the server is unreachable: the user asked to leave.
    sessionStore.clear(false);
  }
}

let current: AbortController | null = null;

/** GET /me; a newer call aborts the older one so a slow answer cannot overwrite a fresh one (spec point 7). */
export async function refresh(): Promise<void> {
  current?.abort();
  const controller = new AbortController();
  current = controller;
  if (!sessionStore.get().token) {
    sessionStore.set({ me: null, restoring: false });
    return;
  }
  try {
    const me = await api.get<MeAnswer>(ME, { signal: controller.signal });
    if (current === controller) sessionStore.set({ me, embedded: sessionStore.get().embedded || me.embedded, restoring: false });
  } catch (err) {
    if (isAbort(err) || current !== controller) return;
    // Session codes already cleared the store in the API client; other failures keep the token for a retry.
    sessionStore.set({ restoring: false });
    throw err;
  } finally {
    if (current === controller) current = null;
  }
}

export interface Session {
  me: MeAnswer | null;
  token: string | null;
  embedded: boolean;
  /** The stored token is being checked: render a spinner, not a redirect. */
  restoring: boolean;
  endedInvoluntarily: boolean;
  loginWithPassword(username: string, password: string): Promise<SessionAnswer>;
  singleLogin(body: SingleLoginBody): Promise<SessionAnswer>;
  logout(): Promise<void>;
  refresh(): Promise<void>;
}

export function useSession(): Session {
  const state = useSessionState();
  return useMemo(
    () => ({
      me: state.me,
      token: state.token,
      embedded: state.embedded,
      restoring: state.restoring,
      endedInvoluntarily: state.endedInvoluntarily,
      loginWithPassword,
      singleLogin,
      logout,
      refresh,
    }),
    [state],
  );
}

/** Applies a change the server confirmed (profile, avatar, favourites) to the session without a new GET /me. */
export function patchUserInfo(patch: Partial<MeAnswer['userInfo']>): void {
  const me = sessionStore.get().me;
  if (me) sessionStore.set({ me: { ...me, userInfo: { ...me.userInfo, ...patch } } });
}
