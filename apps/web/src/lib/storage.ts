/** localStorage that never throws (private mode, quota, tests): persistent settings are a convenience. */
export const storage = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string | null): void {
    try {
      if (value === null) window.localStorage.removeItem(key);
      else window.localStorage.setItem(key, value);
    } catch {
      // ignore: the value simply does not survive a reload
    }
  },
  getJson<T>(key: string): T | null {
    const raw = storage.get(key);
    if (!raw) return null;
    try {
      return JSON.parse(raw) as T;
    } catch {
      return null;
    }
  },
  setJson(key: string, value: unknown): void {
    storage.set(key, value === null || value === undefined ? null : JSON.stringify(value));
  },
};

export const STORAGE_KEYS = {
  token: 'portal.token',
  embedded: 'portal.embedded',
  language: 'portal.language',
  currency: 'portal.currency',
  siteConfig: 'portal.siteConfig',
} as const;
