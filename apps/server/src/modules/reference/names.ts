import type { ReferenceDataAnswer } from '@portal/contract/api/shopping';
import type { Language } from '@portal/contract/languages';
import { allAirlines, allAirports, getCity } from './reference.ts';

const cache = new Map<Language, ReferenceDataAnswer>();

/** Every airline and airport name in one language; built once per language (the data is static). */
export function referenceNames(lang: Language): ReferenceDataAnswer {
  let answer = cache.get(lang);
  if (!answer) {
    answer = {
      airlines: allAirlines().map((a) => ({ code: a.code, name: a.name[lang], alliance: a.alliance, lowCost: a.lowCost })),
      airports: allAirports().map((a) => ({
        code: a.code,
        name: a.name[lang],
        cityCode: a.cityCode,
        cityName: getCity(a.cityCode)?.name[lang] ?? a.name[lang],
        countryCode: a.countryCode,
      })),
    };
    cache.set(lang, answer);
  }
  return answer;
}
