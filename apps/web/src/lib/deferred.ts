import { useSyncExternalStore } from 'react';

/**
 * A module a page can draw without at first and upgrade to once a user reaches for what needs it (issue 14, page
 * weight): a focus, a click or a pointer over a field fetches it, and every component waiting on it then renders with
 * it. Nothing is fetched while nobody acts, so the page's load carries none of its weight nor the work of evaluating it.
 */
export interface Deferred<T> {
  /** Starts the fetch (once); resolves with the module. */
  load: () => Promise<T>;
  /** The module once it has arrived, else undefined. */
  loaded: () => T | undefined;
  /** Calls `listener` when the module arrives; returns the unsubscribe. */
  subscribe: (listener: () => void) => () => void;
}

export function deferred<T>(importer: () => Promise<T>): Deferred<T> {
  let value: T | undefined;
  let pending: Promise<T> | undefined;
  const listeners = new Set<() => void>();
  const load = () => {
    pending ??= importer().then(
      (m) => {
        value = m;
        for (const l of [...listeners]) l();
        return m;
      },
      (e: unknown) => {
        // A failed fetch (a deploy replaced the chunk, the network dropped) is tried again on the next reach.
        pending = undefined;
        throw e;
      },
    );
    return pending;
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  return { load, loaded: () => value, subscribe };
}

/** The module of `d` once it is here (undefined before), and `reach`, which fetches it now (for a focus or a click). */
export function useDeferred<T>(d: Deferred<T>): [T | undefined, () => void] {
  const module = useSyncExternalStore(d.subscribe, d.loaded, d.loaded);
  const reach = () => void d.load().catch(() => undefined);
  return [module, reach];
}
