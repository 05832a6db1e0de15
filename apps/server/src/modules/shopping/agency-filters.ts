import { DEFAULT_FLIGHT_CONFIG, type FlightConfig } from '@portal/contract/api/agency-config';
import type { CommonConfig } from '@portal/contract/api/auth';
import type { SupplierOffer, SupplierSegment } from '../../suppliers/air/types.ts';
import { cityCodeOf } from '../reference/reference.ts';
import type { ExactFlight } from './search-request.ts';
import { normalizeFlightNumber } from './flight-number.ts';
import { contentRulesForConfig, offerHiddenByContentRules, type ContentRules } from './content-rules.ts';

/**
 * The agency's flight settings as shopping reads them: a stored config missing newer fields gets their defaults, plus
 * the content rules of its common settings (content-rules.ts) when one is on.
 */
export function flightConfigOf(company: { flightConfig: FlightConfig | null; commonConfig?: CommonConfig | null }): FlightConfig & Partial<ContentRules> {
  return { ...DEFAULT_FLIGHT_CONFIG, ...(company.flightConfig ?? {}), ...contentRulesForConfig(company) };
}

/**
 * Which suppliers a search asks. filterMode applies to the supplier list: whitelist = only those, blacklist = all but
 * those. An empty whitelist means "no restriction" (an agency that whitelists airlines only would otherwise see
 * nothing). In hotRoutes mode every journey's city pair (either direction) must be a listed hot route, or nobody is
 * asked and the search completes at once with no results.
 */
export function chooseSuppliers(available: string[], config: FlightConfig, journeys: { origin: string; destination: string }[]): string[] {
  if (config.searchMode === 'hotRoutes') {
    const hot = new Set(config.hotRoutes);
    const allHot = journeys.every((j) => {
      const o = cityCodeOf(j.origin) ?? j.origin;
      const d = cityCodeOf(j.destination) ?? j.destination;
      return hot.has(`${o}-${d}`) || hot.has(`${d}-${o}`);
    });
    if (!allHot) return [];
  }
  const listed = new Set(config.suppliers);
  if (config.filterMode === 'whitelist') return listed.size === 0 ? available : available.filter((c) => listed.has(c));
  return available.filter((c) => !listed.has(c));
}

const carriersOf = (offer: SupplierOffer) => {
  const set = new Set<string>([offer.validatingCarrier]);
  for (const leg of offer.legs) for (const s of leg.segments) set.add(s.marketingCarrier);
  return set;
};

/**
 * Whether the agency may be shown an offer: the airline whitelist/blacklist (validating and every marketing carrier;
 * an empty whitelist means no restriction), fareBasisOnly (every fare component names its fare basis) and
 * freeBaggageOnly (at least one free checked piece).
 */
export function offerAllowed(offer: SupplierOffer, config: FlightConfig & Partial<ContentRules>): boolean {
  if (offerHiddenByContentRules(offer, config)) return false;
  if (config.airlines.length > 0) {
    const listed = new Set(config.airlines);
    const carriers = [...carriersOf(offer)];
    if (config.filterMode === 'whitelist' && !carriers.every((c) => listed.has(c))) return false;
    if (config.filterMode === 'blacklist' && carriers.some((c) => listed.has(c))) return false;
  }
  if (config.fareBasisOnly && (offer.fareBasis.length === 0 || offer.fareBasis.some((f) => !f || !f.trim()))) return false;
  if (config.freeBaggageOnly && !(offer.baggage.checked.pieces > 0)) return false;
  return true;
}

const segmentFlight = (s: SupplierSegment) => normalizeFlightNumber(s.flightNumber, s.marketingCarrier);

/** Accurate search: the offer flies exactly these flights, journey by journey, on these dates (and booking classes). */
export function matchesExact(offer: SupplierOffer, exact: ExactFlight[][]): boolean {
  if (offer.legs.length !== exact.length) return false;
  return offer.legs.every((leg, j) => {
    const wanted = exact[j];
    if (leg.segments.length !== wanted.length) return false;
    return leg.segments.every((s, i) => {
      const w = wanted[i];
      return segmentFlight(s) === w.flightNumber && s.departure.slice(0, 10) === w.date && (!w.bookingClass || s.bookingClass === w.bookingClass);
    });
  });
}
