import { trainPresaleWindow, type SeatClass } from '@portal/contract/api/trains';
import { seeded } from '../../air/schedule/prng.ts';
import type { TrainInventoryPlan } from '../inventory.ts';
import type { RailStop } from '../types.ts';
import { capacities, CONSISTS } from './consists.ts';
import type { FareInput } from './fares.ts';
import { STATIONS } from './network.ts';
import { isPeakDay, localTime, trainOn, type Train } from './timetable.ts';

/** What the simulator's calls share about a train on a date: its id, stops, fares, seats and the clock of China. */

const DAY_MS = 86_400_000;
/** 12306 stops selling a train shortly before it leaves the boarding station. */
export const SALES_CLOSE_MS = 5 * 60_000;
/** China Standard Time, UTC+8 all year. */
const CHINA_OFFSET_MS = 8 * 3_600_000;

export const serviceIdOf = (trainNumber: string, serviceDate: string) => `${trainNumber}@${serviceDate}`;

export function parseServiceId(id: string): { trainNumber: string; serviceDate: string } | null {
  const m = /^([GDCZTK]\d{1,4})@(\d{4}-\d{2}-\d{2})$/.exec(id);
  if (!m || Number.isNaN(Date.parse(`${m[2]}T00:00:00Z`))) return null;
  return { trainNumber: m[1], serviceDate: m[2] };
}

/** The train a service id names, if it runs that day. */
export function trainOfService(id: string): { train: Train; serviceDate: string } | null {
  const key = parseServiceId(id);
  const train = key && trainOn(key.trainNumber, key.serviceDate);
  return train ? { train, serviceDate: key.serviceDate } : null;
}

export const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** Whether 12306 sells a departure on `date` at `now`: today to today + 14 in China. */
export function inPresale(date: string, now: Date): boolean {
  const { first, last } = trainPresaleWindow(now);
  return date >= first && date <= last;
}

/** The instant (epoch ms) of a minute of a service date, China time. */
export const instantOf = (serviceDate: string, minutes: number) => Date.parse(`${serviceDate}T00:00:00Z`) + minutes * 60_000 - CHINA_OFFSET_MS;

export function stopsOf(train: Train, serviceDate: string): RailStop[] {
  return train.stops.map((s) => ({
    code: s.code,
    name: STATIONS[s.code].zh,
    arrival: s.arr === null ? null : localTime(serviceDate, s.arr),
    departure: s.dep === null ? null : localTime(serviceDate, s.dep),
    km: s.km,
  }));
}

/** Boarding at the last of `from` before the first of `to` that follows one of `from`: the shortest ride it offers. */
export function rideIndexes(train: Train, from: ReadonlySet<string>, to: ReadonlySet<string>): [number, number] | null {
  const first = train.stops.findIndex((s) => from.has(s.code));
  if (first < 0) return null;
  const j = train.stops.findIndex((s, k) => k > first && to.has(s.code));
  if (j < 0) return null;
  let i = first;
  for (let k = first + 1; k < j; k++) if (from.has(train.stops[k].code)) i = k;
  return [i, j];
}

export const fareInputOf = (train: Train, km: number): FareInput => ({ trainType: train.trainType, lineSpeed: train.corridor.lineSpeed, premium: train.premium, km });

export function classesOf(train: Train): { seatClass: SeatClass; capacity: number }[] {
  return capacities(CONSISTS[train.consist]);
}

/**
 * The rows a train's inventory starts with. The simulated railway has sold part of every train through its other
 * channels before the platform first asks (more on peak days, most in the small premium classes); the share is fixed
 * per date and train, so every process creates the same rows.
 */
export function inventoryPlanOf(train: Train, serviceDate: string): TrainInventoryPlan {
  const rnd = seeded('rail-load', train.trainNumber, serviceDate);
  const busy = isPeakDay(serviceDate) ? 0.25 : 0;
  return {
    serviceDate,
    trainNumber: train.trainNumber,
    segments: train.stops.length - 1,
    classes: classesOf(train).map(({ seatClass, capacity }) => {
      const premium = seatClass === 'business' || seatClass === 'first' || seatClass === 'soft_sleeper';
      const load = seatClass === 'no_seat' ? 0 : Math.min(premium ? 1 : 0.7, busy + rnd() * (premium ? 0.9 : 0.45));
      return { seatClass, capacity, presold: Math.floor(capacity * load) };
    }),
  };
}
