import type { TrainType } from '@portal/contract/api/trains';
import { seeded } from '../../air/schedule/prng.ts';
import type { ConsistId } from './consists.ts';
import { CORRIDORS, type Corridor } from './network.ts';
import { PLAN, type DepartureWindow, type Pattern, type Stopping } from './plan.ts';

/**
 * The simulated railway's timetable, a pure function of the date: the same day always has the same trains at the same
 * times in every process. The daily trains are built once from the plan (each train's stops and times seeded by its
 * number, as a real timetable stays the same from day to day); peak trains join on peak days.
 *
 * Running times: each leg between stops takes its distance at the train's effective speed (its cruising speed, capped
 * by the line's, times an efficiency for curves and speed limits near cities) plus the minutes a stop costs in braking
 * and accelerating; each stop adds a dwell of 2 to 12 minutes by train type and station size.
 */

export interface TimetableStop {
  code: string;
  /** Kilometres from the train's first station. */
  km: number;
  /** Minutes from midnight of the service date (a night train's morning arrival is past 1440); null at the ends. */
  arr: number | null;
  dep: number | null;
}

export interface Train {
  trainNumber: string;
  trainType: TrainType;
  consist: ConsistId;
  corridor: Corridor;
  premium: boolean;
  stops: TimetableStop[];
}

interface Running {
  /** Cruising speed, km/h. */
  cruise: number;
  /** Share of the cruising speed a train averages between its accelerations. */
  efficiency: number;
  /** Minutes lost braking into and accelerating out of a stop. */
  stopLoss: number;
  /** Dwell minutes at a hub and elsewhere: [min, max]. */
  dwellHub: [number, number];
  dwellOther: [number, number];
}

function runningOf(type: TrainType, stopping: Stopping, lineSpeed: number): Running {
  const fast = stopping === 'express' || stopping === 'major';
  switch (type) {
    case 'G':
      return { cruise: Math.min(lineSpeed, fast ? 350 : 300), efficiency: 0.9, stopLoss: 4, dwellHub: [3, 6], dwellOther: [2, 3] };
    case 'D':
      return { cruise: Math.min(lineSpeed, 250), efficiency: 0.9, stopLoss: 3, dwellHub: [3, 5], dwellOther: [2, 3] };
    case 'C':
      return { cruise: Math.min(lineSpeed, 350), efficiency: 0.9, stopLoss: lineSpeed >= 300 ? 4 : 3, dwellHub: [2, 3], dwellOther: [2, 2] };
    case 'Z':
      return { cruise: Math.min(lineSpeed, 160), efficiency: 0.85, stopLoss: 3, dwellHub: [8, 12], dwellOther: [5, 8] };
    case 'T':
      return { cruise: Math.min(lineSpeed, 140), efficiency: 0.85, stopLoss: 3, dwellHub: [6, 12], dwellOther: [4, 8] };
    case 'K':
      return { cruise: Math.min(lineSpeed, 120), efficiency: 0.85, stopLoss: 3, dwellHub: [8, 12], dwellOther: [3, 6] };
  }
}

const CORRIDOR_BY_ID = new Map(CORRIDORS.map((c) => [c.id, c]));

type Station = Corridor['stations'][number];

/** The stations a train of the pattern calls at, in running order, for one direction. */
function callingStations(p: Pattern, corridor: Corridor, down: boolean, rnd: () => number): Station[] {
  const all = corridor.stations;
  const a = all.findIndex((s) => s[0] === p.from);
  const b = all.findIndex((s) => s[0] === p.to);
  if (a < 0 || b <= a) throw new Error(`plan: ${p.from}-${p.to} is not in the order of ${corridor.id}`);
  const run = all.slice(a, b + 1);
  const route = down ? run : [...run].reverse();
  const middle = route.slice(1, -1);
  let chosen: Station[];
  switch (p.stopping) {
    case 'express': {
      let hubs = middle.filter((s) => s[2] === 1);
      if (hubs.length === 0) hubs = middle.filter((s) => s[2] === 2);
      const k = Math.min(hubs.length, 1 + Math.floor(rnd() * 3));
      const picked = new Set<Station>();
      while (picked.size < k) picked.add(hubs[Math.floor(rnd() * hubs.length)]);
      chosen = middle.filter((s) => picked.has(s));
      break;
    }
    case 'major':
      chosen = middle.filter((s) => s[2] === 1 || (s[2] === 2 && rnd() < 0.4));
      break;
    case 'regular':
      chosen = middle.filter((s) => s[2] === 1 || (s[2] === 2 && rnd() < 0.75) || (s[2] === 3 && rnd() < 0.3));
      break;
    case 'all':
      chosen = middle;
      break;
    case 'intercity':
      chosen = middle.filter(() => rnd() < 0.5);
      break;
  }
  return [route[0], ...chosen, route[route.length - 1]];
}

const between = (rnd: () => number, [lo, hi]: [number, number]) => lo + Math.floor(rnd() * (hi - lo + 1));

/** Stops with times counted from the first departure (minute 0). */
function runTimes(p: Pattern, corridor: Corridor, stations: Station[], rnd: () => number): TimetableStop[] {
  const r = runningOf(p.type, p.stopping, corridor.lineSpeed);
  // A little variety between trains of one pattern (train sets, paths).
  const cruise = r.cruise * (r.efficiency - 0.03 + rnd() * 0.06);
  const origin = stations[0][1];
  const stops: TimetableStop[] = [];
  let t = 0;
  stations.forEach((s, i) => {
    const km = Math.abs(s[1] - origin);
    if (i > 0) {
      const legKm = km - stops[i - 1].km;
      t += Math.round((legKm / cruise) * 60 + r.stopLoss);
    }
    const last = i === stations.length - 1;
    const dwell = i === 0 || last ? 0 : between(rnd, s[2] === 1 ? r.dwellHub : r.dwellOther);
    stops.push({ code: s[0], km, arr: i === 0 ? null : t, dep: last ? null : t + dwell });
    t += dwell;
  });
  return stops;
}

const WINDOWS: Record<DepartureWindow, [number, number]> = {
  day: [6 * 60, 22 * 60],
  night: [17 * 60, 22 * 60],
  any: [6 * 60, 22 * 60],
};
/** High-speed lines close for maintenance at night: EMU trains end their run by then. */
const HSR_LAST_ARRIVAL = 23 * 60 + 50;
/** Least minutes between two departures from one station in one direction (signalling headway). */
const HEADWAY = 5;

/** Every train of the plan as it runs each day (peak trains included; they run on peak days only). */
function buildTrains(): { train: Train; peak: Pattern | null }[] {
  const out: { train: Train; peak: Pattern | null }[] = [];
  const used = new Map<string, number[]>();
  const free = (key: string, dep: number) => !(used.get(key) ?? []).some((d) => Math.abs(d - dep) < HEADWAY);
  for (const p of PLAN) {
    const corridor = CORRIDOR_BY_ID.get(p.corridor);
    if (!corridor) throw new Error(`plan: unknown corridor ${p.corridor}`);
    for (const down of [true, false]) {
      for (let i = 0; i < p.count; i++) {
        const number = p.first + 2 * i + (down ? 0 : 1);
        const trainNumber = `${p.type}${number}`;
        const rnd = seeded('rail', trainNumber);
        const run = runTimes(p, corridor, callingStations(p, corridor, down, rnd), rnd);
        const duration = run[run.length - 1].arr!;
        const [open, close] = WINDOWS[p.window];
        const emu = p.type === 'G' || p.type === 'D' || p.type === 'C';
        const latest = Math.max(open, Math.min(close, emu ? HSR_LAST_ARRIVAL - duration : close));
        const slot = open + ((latest - open) * (i + 0.2 + rnd() * 0.6)) / p.count;
        let dep = Math.round(slot / 5) * 5;
        const key = `${run[0].code}|${down}`;
        // Past a train already leaving then: later if that keeps within the window, else earlier.
        for (let step = 0; !free(key, dep) && step < 24; step++) dep += dep + HEADWAY <= latest ? HEADWAY : -HEADWAY;
        used.set(key, [...(used.get(key) ?? []), dep]);
        const stops = run.map((s) => ({ ...s, arr: s.arr === null ? null : s.arr + dep, dep: s.dep === null ? null : s.dep + dep }));
        out.push({ train: { trainNumber, trainType: p.type, consist: p.consist, corridor, premium: p.premium ?? false, stops }, peak: p.peak ? p : null });
      }
    }
  }
  return out;
}

let built: ReturnType<typeof buildTrains> | undefined;
const byNumber = new Map<string, { train: Train; peak: Pattern | null }>();

function plan() {
  if (!built) {
    built = buildTrains();
    for (const entry of built) {
      if (byNumber.has(entry.train.trainNumber)) throw new Error(`plan: train number ${entry.train.trainNumber} used twice`);
      byNumber.set(entry.train.trainNumber, entry);
    }
  }
  return built;
}

/** Peak days: Fridays and Sundays, and about one other day in seven (holidays, events), fixed per date. */
export function isPeakDay(date: string): boolean {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return weekday === 5 || weekday === 0 || seeded('rail-peak', date)() < 0.15;
}

/** The trains that leave their first station on `date`. */
export function trainsOn(date: string): Train[] {
  const peak = isPeakDay(date);
  return plan()
    .filter((t) => !t.peak || peak)
    .map((t) => t.train);
}

/** One train of `date`, or undefined when it does not run that day. */
export function trainOn(trainNumber: string, date: string): Train | undefined {
  plan();
  const entry = byNumber.get(trainNumber);
  return !entry || (entry.peak && !isPeakDay(date)) ? undefined : entry.train;
}

/** Local "YYYY-MM-DDTHH:mm" of a minute count from midnight of the service date. */
export function localTime(serviceDate: string, minutes: number): string {
  const ms = Date.parse(`${serviceDate}T00:00:00Z`) + minutes * 60_000;
  return new Date(ms).toISOString().slice(0, 16);
}
