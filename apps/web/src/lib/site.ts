import { useQuery } from '@tanstack/react-query';
import type { SiteInfo } from '@portal/contract/api/site';
import { api } from './api';
import { storage, STORAGE_KEYS } from './storage';

export const SITE_CONFIG_PATH = '/base/v2/config/getSiteConfig';
/** Spec point 9: the cached site info is refreshed when older than 10 minutes. */
export const SITE_CONFIG_MAX_AGE = 10 * 60 * 1000;

interface Cached {
  at: number;
  data: SiteInfo;
}

export function readCachedSite(): Cached | null {
  const cached = storage.getJson<Cached>(STORAGE_KEYS.siteConfig);
  return cached && typeof cached.at === 'number' && cached.data ? cached : null;
}

async function fetchSiteConfig(): Promise<SiteInfo> {
  const data = await api.get<SiteInfo>(SITE_CONFIG_PATH);
  storage.setJson(STORAGE_KEYS.siteConfig, { at: Date.now(), data } satisfies Cached);
  return data;
}

export const siteConfigQuery = {
  queryKey: ['site-config'] as const,
  queryFn: fetchSiteConfig,
  staleTime: SITE_CONFIG_MAX_AGE,
  initialData: () => readCachedSite()?.data,
  initialDataUpdatedAt: () => readCachedSite()?.at,
};

/** Site info: served from localStorage at once, fetched again when the copy is older than 10 minutes. */
export function useSiteConfig() {
  return useQuery(siteConfigQuery);
}

export { siteName } from '@portal/contract/site-name';
