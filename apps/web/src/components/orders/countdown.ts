import { useSyncExternalStore } from 'react';

/**
 * One clock for every countdown on screen (a list of 100 unpaid orders runs one interval, not 100); it ticks only
 * while something is listening.
 */
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | null = null;
let now = Date.now();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const l of listeners) l();
    }, 1000);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
}

/** The current time in milliseconds, refreshed every second. */
export function useNow(): number {
  return useSyncExternalStore(subscribe, () => now, () => now);
}

export interface Remaining {
  days: number;
  /** "HH:MM:SS" of what is left after the days. */
  clock: string;
  expired: boolean;
}

/** What is left until `deadline` (an ISO instant) at `at`, in whole seconds. */
export function remaining(deadline: string, at: number): Remaining {
  const ms = Date.parse(deadline) - at;
  if (!Number.isFinite(ms) || ms <= 0) return { days: 0, clock: '00:00:00', expired: true };
  const total = Math.floor(ms / 1000);
  const days = Math.floor(total / 86_400);
  const pad = (n: number) => String(n).padStart(2, '0');
  const clock = `${pad(Math.floor((total % 86_400) / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
  return { days, clock, expired: false };
}
