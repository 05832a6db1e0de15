import type { Language } from '@portal/contract/languages';

export type LocalizedName = Record<Language, string>;

export interface Airport {
  /** IATA airport code, e.g. PKX. */
  code: string;
  /** IATA city (metropolitan area) code, e.g. BJS; a single-airport city uses its airport's city code (often the same). */
  cityCode: string;
  countryCode: string;
  name: LocalizedName;
  lat: number;
  lon: number;
  /** IANA time zone, e.g. Asia/Shanghai. */
  timeZone: string;
  /** Busier airports first: rank 1 is the busiest; used to order search results and pick hubs. */
  rank: number;
  /**
   * Closed to civil flights at present (Ukraine's since February 2022): kept so that old PNRs and documents that name
   * it still resolve; searches refuse it and the simulators fly nothing there (data/build/src/suspended.txt).
   */
  suspended?: boolean;
}

export interface City {
  code: string;
  countryCode: string;
  name: LocalizedName;
  /** Full pinyin without tones for Chinese cities ("beijing"), null elsewhere. */
  pinyin: string | null;
  /** First letters of the pinyin syllables ("bj" for Beijing), null where pinyin is null. */
  pinyinInitials: string | null;
  /** Other names it is searched by (old names, islands and resorts it serves, abbreviations), any language. */
  aliases?: string[];
  /** Its airports, busiest first. */
  airports: string[];
  /** Point and time zone of its busiest airport. */
  lat: number;
  lon: number;
  timeZone: string;
}

/** A country or territory as the location search knows it: its names and the cities a search for it lists. */
export interface CountryEntry {
  /** ISO 3166-1 alpha-2. */
  code: string;
  name: LocalizedName;
  aliases?: string[];
  /** Its main cities, busiest first. */
  cities: string[];
}

export const ALLIANCES = ['Star Alliance', 'oneworld', 'SkyTeam'] as const;
export type Alliance = (typeof ALLIANCES)[number];

export interface Airline {
  /** IATA designator, e.g. CA. */
  code: string;
  name: LocalizedName;
  countryCode: string;
  alliance: Alliance | null;
  lowCost: boolean;
  /**
   * Whether the carrier flies long-haul (segments beyond ~4,500 km great-circle, in practice wide-body
   * intercontinental). Absent means false: a regional or short-haul carrier.
   */
  longHaul?: boolean;
  /** Airports the carrier connects passengers through, busiest first. */
  hubs: string[];
}

export type Continent = 'AF' | 'AN' | 'AS' | 'EU' | 'NA' | 'OC' | 'SA';
