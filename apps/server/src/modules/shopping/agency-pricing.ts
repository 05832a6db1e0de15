import { createHash } from 'node:crypto';
import type { AdjustmentArea, FlightConfig } from '@portal/contract/api/agency-config';
import type { FareChoice, Solution } from '@portal/contract/api/shopping';
import { DEFAULT_CURRENCY, isCurrency, type Currency, type RateMap } from '@portal/contract/currency';
import type { DbOrTx } from '../../db/client.ts';
import type { SupplierOffer } from '../../suppliers/air/types.ts';
import type { CompanyRow } from '../users/user.mapper.ts';
import { continentOf, countryOf } from '../reference/reference.ts';
import { currentRateMap } from '../site/rates.service.ts';
import { adjustmentArea } from './engine/area.ts';
import { PricingError, priceOffer } from './engine/pricing.ts';
import { buildSolutions } from './engine/solutions.ts';
import { flightConfigOf, offerAllowed } from './agency-filters.ts';
import type { NormalizedSearch } from './search-request.ts';

/** Everything that turns a search's supplier offers into this agency's priced fares. */
export interface AgencyPricing {
  config: FlightConfig;
  currency: Currency;
  rateMap: RateMap;
  area: AdjustmentArea;
  search: NormalizedSearch;
  /** Changes whenever any input of the pricing changes: part of the solution cache key. */
  fingerprint: string;
}

/** The fare id a client sends back to verify: the supplier code, then the supplier's own offer id. */
export const fareIdOf = (offer: Pick<SupplierOffer, 'supplier' | 'offerId'>) => `${offer.supplier}:${offer.offerId}`;

export function parseFareId(fareId: string): { supplier: string; offerId: string } | null {
  const i = fareId.indexOf(':');
  if (i <= 0 || i === fareId.length - 1) return null;
  return { supplier: fareId.slice(0, i), offerId: fareId.slice(i + 1) };
}

/** The price-adjustment area from the countries of every journey's origin and destination. */
export function areaOf(search: NormalizedSearch): AdjustmentArea {
  const countries: string[] = [];
  for (const j of search.journeys) {
    for (const code of [j.origin, j.destination]) {
      const cc = countryOf(code);
      if (cc) countries.push(cc);
    }
  }
  return adjustmentArea(countries, continentOf);
}

export async function agencyPricing(db: DbOrTx, company: CompanyRow, search: NormalizedSearch): Promise<AgencyPricing> {
  const config = flightConfigOf(company);
  const settlement = company.commonConfig.settlementCurrency;
  // Spec point 9: settlement currency falls back to CNY.
  const currency: Currency = settlement && isCurrency(settlement) ? settlement : DEFAULT_CURRENCY;
  const rateMap = (await currentRateMap(db)) as RateMap;
  const area = areaOf(search);
  const fingerprint = createHash('sha1').update(JSON.stringify([config, currency, rateMap, area])).digest('base64url');
  return { config, currency, rateMap, area, search, fingerprint };
}

/** One offer priced for the agency, or null when the agency may not see it or it cannot be priced. */
export function priceFor(offer: SupplierOffer, p: AgencyPricing): FareChoice | null {
  if (!offerAllowed(offer, p.config)) return null;
  try {
    return priceOffer(offer, {
      fareId: fareIdOf(offer),
      config: p.config,
      area: p.area,
      settlementCurrency: p.currency,
      rateMap: p.rateMap,
      showSupplier: p.config.showSuppliers,
      passengers: p.search.passengers,
    });
  } catch (err) {
    if (err instanceof PricingError) return null;
    throw err;
  }
}

export interface PricedOffer {
  offer: SupplierOffer;
  fare: FareChoice;
}

/** The offers the agency may see, each priced for it. */
export function pricedOffers(offers: readonly SupplierOffer[], p: AgencyPricing): PricedOffer[] {
  const priced: PricedOffer[] = [];
  for (const offer of offers) {
    const fare = priceFor(offer, p);
    if (fare) priced.push({ offer, fare });
  }
  return priced;
}

export function solutionsFrom(offers: readonly SupplierOffer[], p: AgencyPricing): Solution[] {
  return buildSolutions(pricedOffers(offers, p));
}
