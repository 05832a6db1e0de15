import { alpha2FromAlpha3 } from '@portal/contract/countries-alpha3';

/** A zone's 3-character state field ('CHN', 'D<<') as ISO alpha-2, or null for codes naming no country (UTO, UNO, XXA). */
export const countryOf = (field: string) => alpha2FromAlpha3(field.replace(/</g, ''));
