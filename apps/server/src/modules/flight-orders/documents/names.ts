import type { Language } from '@portal/contract/languages';
import { getAirline, getAirport, getCity } from '../../reference/reference.ts';

/** Names of codes in the document's language; a code the lookup does not know prints as the code. */
export interface DocumentNames {
  airline(code: string): string;
  airport(code: string): string;
  city(code: string): string;
}

export function documentNamesFor(lang: Language): DocumentNames {
  return {
    airline: (code) => getAirline(code)?.name[lang] ?? code,
    airport: (code) => getAirport(code)?.name[lang] ?? code,
    // Segments carry airport codes: PVG prints as Shanghai, so route headings read as cities.
    city: (code) => (getCity(getAirport(code)?.cityCode ?? code) ?? getCity(code))?.name[lang] ?? code,
  };
}
