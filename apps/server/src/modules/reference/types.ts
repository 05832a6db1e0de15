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
}

export interface City {
  code: string;
  countryCode: string;
  name: LocalizedName;
  /** Full pinyin without tones for Chinese cities ("beijing"), null elsewhere. */
  pinyin: string | null;
  /** First letters of the pinyin syllables ("bj" for Beijing), null where pinyin is null. */
  pinyinInitials: string | null;
  /** Its airports, busiest first. */
  airports: string[];
  lat: number;
  lon: number;
  timeZone: string;
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
