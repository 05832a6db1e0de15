import { DATE_FORMATS, DEFAULT_DATE_FORMAT, type DateFormat } from '@portal/contract/api/auth';
import type { SiteInfo } from '@portal/contract/api/site';
import { DEFAULT_CURRENCY, isCurrency, type Currency } from '@portal/contract/currency';
import { LANGUAGES, normalizeLanguage, type Language } from '@portal/contract/languages';
import type { DbOrTx } from '../../db/client.ts';
import type { HotCaches } from '../cache/hot-caches.ts';
import { notFound } from '../../plugins/errors.ts';
import { fileUrl } from '../files/file-url.ts';
import { currentRateMap } from './rates.service.ts';
import { findDefaultSite, findSiteByHost, type SiteRow } from './site.repository.ts';

/** Host header value as matched against sites.hosts: no port, no IPv6 brackets, no trailing dot, lower case. */
export function normalizeHost(hostname: string): string {
  return hostname.trim().toLowerCase().replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
}

/** The white-label site serving this host; unknown hosts get the default site so the portal always renders. */
export async function resolveSite(db: DbOrTx, hostname: string): Promise<SiteRow> {
  const host = normalizeHost(hostname);
  const site = (host ? await findSiteByHost(db, host) : null) ?? (await findDefaultSite(db));
  // Only an unseeded installation has no default site.
  if (!site) throw notFound();
  return site;
}

/** With `caches` (outside a transaction), answered from memory until a site or a rate changes. */
export async function getSiteInfo(db: DbOrTx, hostname: string, caches?: HotCaches): Promise<SiteInfo> {
  const load = async () => toSiteInfo(await resolveSite(db, hostname), await currentRateMap(db, caches));
  return caches ? caches.site(normalizeHost(hostname), load) : load();
}

// Columns are free text in the database; anything the contract cannot describe falls back rather than failing the page.
function toSiteInfo(s: SiteRow, rateMap: Record<string, string>): SiteInfo {
  return {
    logo: fileUrl(s.logoFileId),
    whiteLogo: fileUrl(s.whiteLogoFileId),
    name: s.name,
    shortName: s.shortName,
    chineseName: s.chineseName,
    chineseShortName: s.chineseShortName,
    type: s.type,
    dateFormat: (DATE_FORMATS as readonly string[]).includes(s.dateFormat) ? (s.dateFormat as DateFormat) : DEFAULT_DATE_FORMAT,
    defaultCurrency: isCurrency(s.defaultCurrency) ? s.defaultCurrency : DEFAULT_CURRENCY,
    defaultLanguage: normalizeLanguage(s.defaultLanguage),
    currencies: s.currencies.filter((c): c is Currency => isCurrency(c)),
    languages: knownLanguages(s.languages),
    favicon: fileUrl(s.faviconFileId),
    isIcp: s.isIcp,
    icpCode: s.icpCode,
    isNetworkSecurity: s.isNetworkSecurity,
    networkSecurityCode: s.networkSecurityCode,
    rateMap,
  };
}

/** Stored values may be spelled as the spec does (zh-cn); unknown ones are dropped. */
function knownLanguages(values: string[]): Language[] {
  const found = values.map((v) => LANGUAGES.find((l) => l.toLowerCase() === v.toLowerCase().replace('_', '-')));
  return [...new Set(found.filter((l): l is Language => l !== undefined))];
}
