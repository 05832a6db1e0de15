import { useSyncExternalStore } from 'react';

/** Requests in flight; the shell shows a thin progress bar while it is above zero (spec point 7). */
let inFlight = 0;
const listeners = new Set<() => void>();

function emit() {
  for (const l of listeners) l();
}

export function beginRequest(): () => void {
  inFlight += 1;
  emit();
  let done = false;
  return () => {
    if (done) return;
    done = true;
    inFlight -= 1;
    emit();
  };
}

export function isLoading(): boolean {
  return inFlight > 0;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useApiLoading(): boolean {
  return useSyncExternalStore(subscribe, isLoading, isLoading);
}
