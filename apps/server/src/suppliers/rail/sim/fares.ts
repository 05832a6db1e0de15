import type { Berth, SeatClass, TrainType } from '@portal/contract/api/trains';
import type { RailBerthFare } from '../types.ts';

/**
 * China Railway fares by distance, in fen, each rounded to 0.5 CNY as the railway does (under 0.25 down, 0.25 to
 * 0.75 to the half, from 0.75 up).
 *
 * EMU trains: a second-class rate per kilometre by the line's speed, tapered with distance (the 递远递减 bands: full
 * rate to 500 km, 90% to 1000, 80% to 1500, 70% to 2500, 60% beyond). 0.459 CNY/km on 300-350 km/h lines gives
 * Beijing South-Shanghai Hongqiao (1318 km) 553 CNY and Beijing West-Zhengzhou East (693 km) 309 CNY, as sold; the
 * fastest Beijing-Shanghai expresses carry the railway's premium (626 CNY). First and business class follow the sold
 * Beijing-Shanghai ratios (933 / 553, 1748 / 553). D trains run at 0.31 CNY/km, first class 1.2x second.
 *
 * Conventional trains: the 1995 base hard-seat rate 0.05861 CNY/km, tapered (full to 200 km, 90% to 500, 80% to
 * 1000, 70% to 1500, 60% to 2500, 50% beyond), times the express and air-conditioning supplements of the train type;
 * sleepers cost a multiple of the hard seat by berth, lower berths most (Beijing-Shanghai T: 177.5 seat, 304.5 /
 * 315.5 / 325.5 hard sleeper, 476.5 / 497.5 soft sleeper).
 */

const EMU_TAPER: readonly [upToKm: number, factor: number][] = [
  [500, 1],
  [1000, 0.9],
  [1500, 0.8],
  [2500, 0.7],
  [Infinity, 0.6],
];
const CONVENTIONAL_TAPER: readonly [upToKm: number, factor: number][] = [
  [200, 1],
  [500, 0.9],
  [1000, 0.8],
  [1500, 0.7],
  [2500, 0.6],
  [Infinity, 0.5],
];

/** Kilometres as charged: each band at its own factor. */
export function taperedKm(km: number, taper: readonly (readonly [number, number])[]): number {
  let charged = 0;
  let from = 0;
  for (const [upTo, factor] of taper) {
    if (km <= from) break;
    charged += (Math.min(km, upTo) - from) * factor;
    from = upTo;
  }
  return charged;
}

/** Yuan to fen, rounded to 0.5 CNY. */
export const toFen = (yuan: number) => Math.round(yuan * 2) * 50;
/** Fen rounded to 0.5 CNY (fees and halves). */
export const roundFen = (fen: number) => Math.round(fen / 50) * 50;

const BASE_HARD_SEAT = 0.05861;
/** Express (加快) and air-conditioning supplements on the base fare, by train type. */
const CONVENTIONAL_FACTOR: Partial<Record<TrainType, number>> = { Z: 2.5, T: 2.5, K: 2.2 };
const SLEEPER: Partial<Record<SeatClass, Partial<Record<Berth, number>>>> = {
  hard_sleeper: { lower: 1.83, middle: 1.78, upper: 1.72 },
  soft_sleeper: { lower: 2.8, upper: 2.68 },
};
const EMU_CLASS: Partial<Record<SeatClass, number>> = { business: 1748 / 553, first: 933 / 553, second: 1, no_seat: 1 };
const D_CLASS: Partial<Record<SeatClass, number>> = { first: 1.2, second: 1, no_seat: 1 };
/** The fastest Beijing-Shanghai expresses: 626 rather than 553 CNY in second class. */
export const EXPRESS_PREMIUM = 626 / 553;

export interface FareInput {
  trainType: TrainType;
  /** Design speed of the line, km/h. */
  lineSpeed: number;
  premium: boolean;
  km: number;
}

/** The 300-350 km/h second-class rate, about 0.459 CNY/km: set so Beijing South-Shanghai Hongqiao costs what is sold. */
const HSR_RATE = 553 / taperedKm(1318, EMU_TAPER);

/** Second-class yuan of an EMU train for the distance, before rounding. */
function emuSecondYuan(f: FareInput): number {
  const rate = f.trainType === 'D' ? 0.31 : f.lineSpeed >= 300 ? HSR_RATE : 0.4;
  return rate * taperedKm(f.km, EMU_TAPER) * (f.premium ? EXPRESS_PREMIUM : 1);
}

function hardSeatYuan(f: FareInput): number {
  return BASE_HARD_SEAT * taperedKm(f.km, CONVENTIONAL_TAPER) * (CONVENTIONAL_FACTOR[f.trainType] ?? 2.2);
}

const isEmu = (t: TrainType) => t === 'G' || t === 'D' || t === 'C';

export interface ClassFare {
  price: number;
  childPrice: number;
  /** Sleepers: each berth, cheapest last; `price` is the cheapest. */
  berths?: RailBerthFare[];
}

/**
 * The fare of a class for the distance. A child (6 to 14) pays half the seat fare; on a sleeper half of the seat
 * part (the hard-seat fare) and the whole berth supplement, as 12306 charges.
 */
export function classFare(seatClass: SeatClass, f: FareInput): ClassFare {
  if (isEmu(f.trainType)) {
    const factor = (f.trainType === 'D' ? D_CLASS : EMU_CLASS)[seatClass];
    if (factor === undefined) throw new RangeError(`${f.trainType} trains do not sell ${seatClass}`);
    return seated(toFen(emuSecondYuan(f) * factor));
  }
  const seat = hardSeatYuan(f);
  const berths = SLEEPER[seatClass];
  if (berths) {
    const seatFen = toFen(seat);
    const list = (Object.entries(berths) as [Berth, number][]).map(([berth, m]) => {
      const price = toFen(seat * m);
      return { berth, price, childPrice: roundFen(price - seatFen / 2) };
    });
    const cheapest = list[list.length - 1];
    return { price: cheapest.price, childPrice: cheapest.childPrice, berths: list };
  }
  // Soft seats cost more than hard ones (none of the simulated consists has them yet); standing pays the hard seat.
  return seated(toFen(seatClass === 'soft_seat' ? seat * 1.6 : seat));
}

const seated = (price: number): ClassFare => ({ price, childPrice: roundFen(price / 2) });

/** A berth's fare (sleepers), else the class fare. */
export function seatFare(seatClass: SeatClass, berth: Berth | null, f: FareInput, child: boolean): number {
  const fare = classFare(seatClass, f);
  const b = berth ? fare.berths?.find((x) => x.berth === berth) : undefined;
  if (b) return child ? b.childPrice : b.price;
  return child ? fare.childPrice : fare.price;
}
