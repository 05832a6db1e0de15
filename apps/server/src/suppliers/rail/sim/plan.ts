import type { TrainType } from '@portal/contract/api/trains';
import type { ConsistId } from './consists.ts';

/**
 * The simulated railway's service plan: which trains each line runs a day, between which stations, how they stop and
 * in which train set. Trains run both ways: down (in the line's order, away from Beijing where the line touches it)
 * with odd numbers, up with the next even number, as China Railway numbers them (G1 Beijing South-Shanghai
 * Hongqiao, G2 back). Number ranges follow the real style per corridor (G1-G40 and G101- on Beijing-Shanghai, G7001-
 * for Shanghai-Nanjing, C2001- Beijing-Tianjin...). Peak trains run on Fridays, Sundays and some other days.
 *
 * Stopping patterns: express, 1-3 hubs; major, the hubs and some cities; regular, most cities and a few small
 * stations; all, every station; intercity, about every other station.
 */
export type Stopping = 'express' | 'major' | 'regular' | 'all' | 'intercity';
/** When trains leave their first station: HSR days (06:00 on, arriving before midnight), nights (17:00-22:00), any. */
export type DepartureWindow = 'day' | 'night' | 'any';

export interface Pattern {
  corridor: string;
  /** First and last station, in the corridor's order (the down direction). */
  from: string;
  to: string;
  type: TrainType;
  /** First (odd) number of the range: down trains first, first + 2, ...; up trains first + 1, first + 3, ... */
  first: number;
  /** Trains per direction. */
  count: number;
  stopping: Stopping;
  consist: ConsistId;
  window: DepartureWindow;
  /** Sold at the railway's premium fare (the fastest Beijing-Shanghai expresses). */
  premium?: boolean;
  /** Runs on peak days only. */
  peak?: boolean;
}

export const PLAN: readonly Pattern[] = [
  // Beijing-Shanghai HSR
  { corridor: 'beijing-shanghai-hsr', from: 'VNP', to: 'AOH', type: 'G', first: 1, count: 8, stopping: 'express', consist: 'CR400AF-A', window: 'day', premium: true },
  { corridor: 'beijing-shanghai-hsr', from: 'VNP', to: 'AOH', type: 'G', first: 101, count: 16, stopping: 'major', consist: 'CR400AF', window: 'day' },
  { corridor: 'beijing-shanghai-hsr', from: 'VNP', to: 'NKH', type: 'G', first: 201, count: 4, stopping: 'regular', consist: 'CR400AF', window: 'day' },
  { corridor: 'beijing-shanghai-hsr', from: 'VNP', to: 'JGK', type: 'G', first: 171, count: 4, stopping: 'all', consist: 'CR400AF', window: 'day' },
  { corridor: 'beijing-shanghai-hsr', from: 'NKH', to: 'AOH', type: 'G', first: 7001, count: 10, stopping: 'all', consist: 'CR400AF', window: 'day' },
  { corridor: 'beijing-shanghai-hsr', from: 'VNP', to: 'AOH', type: 'G', first: 41, count: 4, stopping: 'major', consist: 'CR400AF-A', window: 'day', peak: true },
  // Beijing-Guangzhou-Shenzhen HSR
  { corridor: 'beijing-guangzhou-shenzhen-hsr', from: 'BXP', to: 'IOQ', type: 'G', first: 61, count: 6, stopping: 'express', consist: 'CR400AF-A', window: 'day' },
  { corridor: 'beijing-guangzhou-shenzhen-hsr', from: 'BXP', to: 'IZQ', type: 'G', first: 81, count: 6, stopping: 'major', consist: 'CR400AF', window: 'day' },
  { corridor: 'beijing-guangzhou-shenzhen-hsr', from: 'BXP', to: 'CWQ', type: 'G', first: 501, count: 8, stopping: 'major', consist: 'CR400AF', window: 'day' },
  { corridor: 'beijing-guangzhou-shenzhen-hsr', from: 'BXP', to: 'ZAF', type: 'G', first: 601, count: 4, stopping: 'regular', consist: 'CR400AF', window: 'day' },
  { corridor: 'beijing-guangzhou-shenzhen-hsr', from: 'WHN', to: 'IZQ', type: 'G', first: 1001, count: 8, stopping: 'regular', consist: 'CR400AF', window: 'day' },
  { corridor: 'beijing-guangzhou-shenzhen-hsr', from: 'IZQ', to: 'IOQ', type: 'G', first: 6001, count: 12, stopping: 'all', consist: 'CR400AF', window: 'day' },
  { corridor: 'beijing-guangzhou-shenzhen-hsr', from: 'BXP', to: 'WHN', type: 'G', first: 421, count: 4, stopping: 'major', consist: 'CR400AF', window: 'day', peak: true },
  // Shanghai-Kunming HSR
  { corridor: 'shanghai-kunming-hsr', from: 'AOH', to: 'KOM', type: 'G', first: 1371, count: 4, stopping: 'major', consist: 'CR400AF', window: 'day' },
  { corridor: 'shanghai-kunming-hsr', from: 'AOH', to: 'CWQ', type: 'G', first: 1301, count: 8, stopping: 'major', consist: 'CR400AF', window: 'day' },
  { corridor: 'shanghai-kunming-hsr', from: 'AOH', to: 'HGH', type: 'G', first: 7301, count: 12, stopping: 'all', consist: 'CR400AF', window: 'day' },
  { corridor: 'shanghai-kunming-hsr', from: 'HGH', to: 'NXG', type: 'D', first: 3101, count: 4, stopping: 'regular', consist: 'CRH2A', window: 'day' },
  { corridor: 'shanghai-kunming-hsr', from: 'CWQ', to: 'KOM', type: 'G', first: 1531, count: 4, stopping: 'regular', consist: 'CR400AF', window: 'day' },
  // Xuzhou-Lanzhou HSR
  { corridor: 'xuzhou-lanzhou-hsr', from: 'UUH', to: 'LAJ', type: 'G', first: 1911, count: 4, stopping: 'major', consist: 'CR400AF', window: 'day' },
  { corridor: 'xuzhou-lanzhou-hsr', from: 'ZAF', to: 'EAY', type: 'G', first: 2001, count: 8, stopping: 'regular', consist: 'CR400AF', window: 'day' },
  { corridor: 'xuzhou-lanzhou-hsr', from: 'EAY', to: 'LAJ', type: 'G', first: 2201, count: 6, stopping: 'regular', consist: 'CR400AF', window: 'day' },
  { corridor: 'xuzhou-lanzhou-hsr', from: 'ZAF', to: 'EAY', type: 'D', first: 2501, count: 4, stopping: 'all', consist: 'CR300BF', window: 'day' },
  // Shanghai-Wuhan-Chengdu (250 km/h lines: D trains)
  { corridor: 'shanghai-wuhan-chengdu', from: 'AOH', to: 'ICW', type: 'D', first: 351, count: 3, stopping: 'major', consist: 'CR300BF', window: 'day' },
  { corridor: 'shanghai-wuhan-chengdu', from: 'AOH', to: 'HKN', type: 'D', first: 3001, count: 6, stopping: 'major', consist: 'CRH2A', window: 'day' },
  { corridor: 'shanghai-wuhan-chengdu', from: 'HKN', to: 'CUW', type: 'D', first: 2261, count: 4, stopping: 'regular', consist: 'CR300BF', window: 'day' },
  // Harbin-Dalian HSR
  { corridor: 'harbin-dalian-hsr', from: 'VAB', to: 'DFT', type: 'G', first: 1201, count: 8, stopping: 'major', consist: 'CR400AF', window: 'day' },
  { corridor: 'harbin-dalian-hsr', from: 'SBT', to: 'DFT', type: 'D', first: 5001, count: 4, stopping: 'all', consist: 'CRH2A', window: 'day' },
  // Chengdu-Chongqing HSR
  { corridor: 'chengdu-chongqing-hsr', from: 'ICW', to: 'CYW', type: 'G', first: 8501, count: 4, stopping: 'express', consist: 'CR400AF', window: 'day' },
  { corridor: 'chengdu-chongqing-hsr', from: 'ICW', to: 'CYW', type: 'G', first: 8551, count: 8, stopping: 'regular', consist: 'CR400AF', window: 'day' },
  // Intercity
  { corridor: 'beijing-tianjin-intercity', from: 'VNP', to: 'TJP', type: 'C', first: 2001, count: 24, stopping: 'intercity', consist: 'CR400AF', window: 'day' },
  { corridor: 'guangzhou-shenzhen-intercity', from: 'GGQ', to: 'SZQ', type: 'C', first: 7001, count: 16, stopping: 'intercity', consist: 'CRH2A', window: 'day' },
  // Conventional lines: night expresses with sleepers, and fast trains
  { corridor: 'beijing-shanghai-railway', from: 'BJP', to: 'SHH', type: 'Z', first: 281, count: 2, stopping: 'express', consist: 'sleeper-25T', window: 'night' },
  { corridor: 'beijing-shanghai-railway', from: 'BJP', to: 'SHH', type: 'T', first: 109, count: 2, stopping: 'major', consist: 'express-25K', window: 'night' },
  { corridor: 'beijing-shanghai-railway', from: 'BJP', to: 'SHH', type: 'K', first: 101, count: 3, stopping: 'regular', consist: 'fast-25G', window: 'any' },
  { corridor: 'beijing-guangzhou-railway', from: 'BXP', to: 'GZQ', type: 'Z', first: 13, count: 2, stopping: 'express', consist: 'sleeper-25T', window: 'night' },
  { corridor: 'beijing-guangzhou-railway', from: 'BXP', to: 'GZQ', type: 'T', first: 15, count: 2, stopping: 'major', consist: 'express-25K', window: 'night' },
  { corridor: 'beijing-guangzhou-railway', from: 'BXP', to: 'GZQ', type: 'K', first: 599, count: 3, stopping: 'regular', consist: 'fast-25G', window: 'any' },
];
