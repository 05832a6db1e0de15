import type { Language } from '@portal/contract/languages';
import { getStation } from '../reference/stations.ts';

/**
 * Stations as train search shows them, from the railway station reference (the whole 12306 list, which every rail
 * supplier's stations are part of); a search's from and to are read by the reference's stationsFor, so the picker
 * and the search agree.
 */

/** The station's city key, or undefined for a code the reference does not know. */
export const cityOf = (code: string): string | undefined => getStation(code)?.cityCode;

/** The station's name in the reader's language; the code itself for a station the reference does not know. */
export const stationName = (code: string, lang: Language): string => getStation(code)?.name[lang] ?? code;
