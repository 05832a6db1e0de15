import { storage } from '../../../lib/storage';

/** The URL query of the last search run on this browser; /flight/booking without parameters reopens it. */
const KEY = 'portal.flight.lastSearch';

export const lastSearch = {
  get: (): string | null => storage.get(KEY),
  set: (search: string) => storage.set(KEY, search),
  clear: () => storage.set(KEY, null),
};
