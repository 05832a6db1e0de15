import type { Berth, SeatClass } from '@portal/contract/api/trains';
import type { RailSeat, SeatPreference } from '../types.ts';

/**
 * Train sets and their seats by car. EMU totals are the builders' published figures (CR400AF 556 = 10 business + 28
 * first + 518 second; CR400AF-A 1193; CR300BF 613 = 48 first + 565 second; CRH2A 610); how a total splits over the
 * cars is approximate. Conventional cars are the standard ones: soft sleeper 36 berths, hard sleeper 66, hard seat
 * 118. Standing tickets (no_seat) are sold up to a share of the seated class they stand in.
 */

export type ConsistId = 'CR400AF' | 'CR400AF-A' | 'CR300BF' | 'CRH2A' | 'sleeper-25T' | 'express-25K' | 'fast-25G';

interface Section {
  car: number;
  seatClass: Exclude<SeatClass, 'no_seat'>;
  seats: number;
}

export interface Consist {
  id: ConsistId;
  sections: readonly Section[];
  /** Standing tickets, and the class whose cars they stand in (its price too). */
  standing: { seats: number; in: 'second' | 'hard_seat' } | null;
}

const cars = (seatClass: Section['seatClass'], from: number, to: number, seats: number): Section[] =>
  Array.from({ length: to - from + 1 }, (_, i) => ({ car: from + i, seatClass, seats }));
/** Second-class cars from car `from` on, each with its own seat count. */
const secondClassCars = (from: number, seats: readonly number[]): Section[] => seats.map((n, i) => ({ car: from + i, seatClass: 'second', seats: n }));

export const CONSISTS: Readonly<Record<ConsistId, Consist>> = {
  CR400AF: {
    id: 'CR400AF',
    sections: [
      { car: 1, seatClass: 'business', seats: 5 },
      { car: 2, seatClass: 'first', seats: 28 },
      ...secondClassCars(3, [90, 90, 63, 90, 90]),
      { car: 8, seatClass: 'business', seats: 5 },
      { car: 8, seatClass: 'second', seats: 95 },
    ],
    standing: { seats: 52, in: 'second' },
  },
  'CR400AF-A': {
    id: 'CR400AF-A',
    sections: [
      { car: 1, seatClass: 'business', seats: 5 },
      { car: 1, seatClass: 'second', seats: 68 },
      { car: 2, seatClass: 'first', seats: 28 },
      { car: 3, seatClass: 'first', seats: 28 },
      ...cars('second', 4, 8, 90),
      { car: 9, seatClass: 'second', seats: 63 },
      ...cars('second', 10, 14, 90),
      { car: 15, seatClass: 'first', seats: 28 },
      { car: 16, seatClass: 'business', seats: 5 },
      { car: 16, seatClass: 'second', seats: 68 },
    ],
    standing: { seats: 110, in: 'second' },
  },
  // 8-car sets: first class in car 1, second class behind.
  CR300BF: { id: 'CR300BF', sections: [...cars('first', 1, 1, 48), ...secondClassCars(2, [85, 85, 80, 60, 85, 85, 85])], standing: { seats: 56, in: 'second' } },
  CRH2A: { id: 'CRH2A', sections: [...cars('first', 1, 1, 51), ...secondClassCars(2, [100, 85, 100, 55, 100, 59, 60])], standing: { seats: 56, in: 'second' } },
  // Z direct expresses: sleepers only.
  'sleeper-25T': { id: 'sleeper-25T', sections: [...cars('soft_sleeper', 1, 4, 36), ...cars('hard_sleeper', 5, 14, 66)], standing: null },
  'express-25K': {
    id: 'express-25K',
    sections: [...cars('soft_sleeper', 1, 2, 36), ...cars('hard_sleeper', 3, 10, 66), ...cars('hard_seat', 11, 15, 118)],
    standing: { seats: 118, in: 'hard_seat' },
  },
  'fast-25G': {
    id: 'fast-25G',
    sections: [...cars('soft_sleeper', 1, 1, 36), ...cars('hard_sleeper', 2, 7, 66), ...cars('hard_seat', 8, 15, 118)],
    standing: { seats: 189, in: 'hard_seat' },
  },
};

/** The classes a consist sells, in 12306's column order, with their capacity. */
export function capacities(consist: Consist): { seatClass: SeatClass; capacity: number }[] {
  const by = new Map<SeatClass, number>();
  for (const s of consist.sections) by.set(s.seatClass, (by.get(s.seatClass) ?? 0) + s.seats);
  if (consist.standing) by.set('no_seat', consist.standing.seats);
  return CLASS_ORDER.filter((c) => by.has(c)).map((seatClass) => ({ seatClass, capacity: by.get(seatClass)! }));
}

export const CLASS_ORDER: readonly SeatClass[] = ['business', 'first', 'second', 'soft_sleeper', 'hard_sleeper', 'soft_seat', 'hard_seat', 'no_seat'];

/** Seat letters across a row: 2+1 business, 2+2 first, 3+2 second (E is the aisle, as on the trains). */
const LETTERS: Partial<Record<SeatClass, readonly string[]>> = {
  business: ['A', 'C', 'F'],
  first: ['A', 'C', 'D', 'F'],
  second: ['A', 'B', 'C', 'D', 'F'],
};
const BERTH_LEVELS: Partial<Record<SeatClass, readonly Berth[]>> = {
  hard_sleeper: ['lower', 'middle', 'upper'],
  soft_sleeper: ['lower', 'upper'],
};

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/**
 * The seat a class's seat number (0-based over the class's cars in order) is: car, label and berth. Standing tickets
 * have no seat number: they go to the cars of the class they stand in, spread by their number.
 */
export function seatOf(consist: Consist, seatClass: SeatClass, seatNo: number): RailSeat {
  if (seatClass === 'no_seat') {
    const host = consist.sections.filter((s) => s.seatClass === consist.standing?.in);
    return { car: pad(host[seatNo % host.length]?.car ?? 1, 2), seat: null, berth: null };
  }
  let rest = seatNo;
  for (const s of consist.sections) {
    if (s.seatClass !== seatClass) continue;
    if (rest >= s.seats) {
      rest -= s.seats;
      continue;
    }
    const letters = LETTERS[seatClass];
    const levels = BERTH_LEVELS[seatClass];
    if (letters) return { car: pad(s.car, 2), seat: `${pad(Math.floor(rest / letters.length) + 1, 2)}${letters[rest % letters.length]}`, berth: null };
    if (levels) return { car: pad(s.car, 2), seat: pad(rest + 1, 3), berth: levels[rest % levels.length] };
    return { car: pad(s.car, 2), seat: pad(rest + 1, 3), berth: null };
  }
  throw new RangeError(`seat ${seatNo} is beyond the ${seatClass} seats of ${consist.id}`);
}

/** Whether a seat meets a wish: its letter, or its berth. */
export function matches(seat: RailSeat, preference: SeatPreference | undefined): boolean {
  if (!preference) return true;
  if (seat.berth) return seat.berth === preference;
  return seat.seat !== null && seat.seat.endsWith(preference);
}
