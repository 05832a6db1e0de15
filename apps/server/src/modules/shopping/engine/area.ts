import type { AdjustmentArea } from '@portal/contract/api/agency-config';
import type { Continent } from '../../reference/types.ts';

/**
 * The price-adjustment area of an itinerary (spec point 3, agency price adjustment), from the countries of every airport
 * it touches:
 * - chinaMainland: every airport is in CN (Hong Kong HK, Macao MO and Taiwan TW are separate codes, so not mainland);
 * - domestic: every airport is in one other country;
 * - intraContinental: every airport is on one continent (CN with HK counts here, both being in Asia);
 * - intercontinental: anything else, including an itinerary whose continent is unknown.
 * An empty list (no airports) is treated as intercontinental, the widest area, rather than guessed.
 */
export function adjustmentArea(countryCodes: readonly string[], continentOf: (cc: string) => Continent | null | undefined): AdjustmentArea {
  if (countryCodes.length === 0) return 'intercontinental';
  const first = countryCodes[0].toUpperCase();
  let oneCountry = true;
  for (let i = 1; i < countryCodes.length; i++) {
    if (countryCodes[i].toUpperCase() !== first) {
      oneCountry = false;
      break;
    }
  }
  if (oneCountry) return first === 'CN' ? 'chinaMainland' : 'domestic';
  const continent = continentOf(first);
  for (let i = 1; i < countryCodes.length; i++) {
    if (continentOf(countryCodes[i].toUpperCase()) !== continent) return 'intercontinental';
  }
  return continent ? 'intraContinental' : 'intercontinental';
}
