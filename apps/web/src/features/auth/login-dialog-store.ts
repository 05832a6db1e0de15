import { useSyncExternalStore } from 'react';

/** The login dialog is opened from the header, the guard and the profile page; one flag keeps them in step. */
let open = false;
const listeners = new Set<() => void>();

function set(next: boolean) {
  open = next;
  for (const l of listeners) l();
}

export const openLoginDialog = () => set(true);
export const closeLoginDialog = () => set(false);

export function useLoginDialogOpen(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => open,
    () => open,
  );
}
