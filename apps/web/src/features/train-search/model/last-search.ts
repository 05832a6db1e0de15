import { storage } from '../../../lib/storage';

/** The URL query of the last train search on this browser; /train/booking without parameters reopens it. */
const KEY = 'portal.train.lastSearch';

export const lastTrainSearch = {
  get: (): string | null => storage.get(KEY),
  set: (search: string) => storage.set(KEY, search),
};
