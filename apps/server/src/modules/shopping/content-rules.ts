import type { CommonConfig } from '@portal/contract/api/auth';
import { Code } from '@portal/contract/codes';
import type { MessageKey } from '@portal/contract/messages';
import { AppError } from '../../plugins/errors.ts';
import type { SupplierOffer } from '../../suppliers/air/types.ts';
import { airportsFor, countryOf } from '../reference/reference.ts';
import type { NormalizedSearch } from './search-request.ts';

/**
 * Agency content rules (spec point 3, "hide mainland content"): an agency with hideMainlandContent sees no mainland
 * China place in the location search, may not search a journey from or to one, and is shown no solution that flies
 * through one. Mainland China is the ISO country CN; Hong Kong (HK), Macao (MO) and Taiwan (TW) are not part of it.
 */
export const MAINLAND_CHINA = 'CN';

export interface ContentRules {
  hideMainland: boolean;
}

type WithCommonConfig = { commonConfig?: Pick<CommonConfig, 'hideMainlandContent'> | null };

/** A row stored before the switch existed lacks it: nothing hidden. */
export function contentRulesOf(company: WithCommonConfig): ContentRules {
  return { hideMainland: company.commonConfig?.hideMainlandContent === true };
}

/**
 * The rules carried along with the agency's flight config (flightConfigOf), so every place that filters offers with
 * that config applies them and the solution cache key, which hashes the config, changes with them. Only a rule that
 * is on is added: the config of an agency without rules stays as it was.
 */
export function contentRulesForConfig(company: WithCommonConfig): Partial<ContentRules> {
  return contentRulesOf(company).hideMainland ? { hideMainland: true } : {};
}

/** Countries the agency's location search leaves out. */
export function hiddenCountries(company: WithCommonConfig): string[] {
  return contentRulesOf(company).hideMainland ? [MAINLAND_CHINA] : [];
}

/** A city or airport code in mainland China (a city counts when any of its airports is there). */
export function isMainland(code: string): boolean {
  return countryOf(code) === MAINLAND_CHINA || airportsFor(code).some((a) => countryOf(a) === MAINLAND_CHINA);
}

/** Where a journey's end points are reported: journeys.N.* for a route search, segments.N.* for an exact one. */
function endpointFields(search: NormalizedSearch): { origin: string; destination: string }[] {
  if (!search.exact) return search.journeys.map((_, i) => ({ origin: `journeys.${i}.origin`, destination: `journeys.${i}.destination` }));
  let first = 0;
  return search.exact.map((flights) => {
    const at = { origin: `segments.${first}.origin`, destination: `segments.${first + flights.length - 1}.destination` };
    first += flights.length;
    return at;
  });
}

/**
 * Refuses a search that starts or ends a journey in mainland China for an agency that hides mainland content: a 400
 * with shopping.search.mainlandHidden on each such field (a place already reported, like the way back of a return,
 * is not repeated). Connections through the mainland are removed from the results instead (offerHiddenByContentRules).
 */
export function checkSearchContent(company: WithCommonConfig, search: NormalizedSearch): void {
  if (!contentRulesOf(company).hideMainland) return;
  const fields: Record<string, MessageKey> = {};
  const reported = new Set<string>();
  const at = endpointFields(search);
  search.journeys.forEach((j, i) => {
    for (const end of ['origin', 'destination'] as const) {
      const code = j[end];
      if (!isMainland(code) || reported.has(code)) continue;
      reported.add(code);
      fields[at[i]?.[end] ?? `journeys.${i}.${end}`] = 'shopping.search.mainlandHidden';
    }
  });
  if (Object.keys(fields).length > 0) throw new AppError(Code.VALIDATION, 'shopping.search.mainlandHidden', {}, fields);
}

/** Whether the agency's rules hide an offer: with hideMainland, any segment leaving or reaching a mainland airport. */
export function offerHiddenByContentRules(offer: SupplierOffer, rules: Partial<ContentRules> | undefined): boolean {
  if (!rules?.hideMainland) return false;
  return offer.legs.some((leg) => leg.segments.some((s) => countryOf(s.origin) === MAINLAND_CHINA || countryOf(s.destination) === MAINLAND_CHINA));
}
