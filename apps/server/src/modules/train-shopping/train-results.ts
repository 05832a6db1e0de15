import { TIME_BANDS, type TimeBand } from '@portal/contract/api/shopping';
import {
  SEAT_CLASSES,
  TRAIN_MANY_SEATS,
  TRAIN_TYPES,
  type SeatClass,
  type TrainFacets,
  type TrainSearchFilters,
  type TrainService,
  type TrainSortKey,
  type TrainStation,
} from '@portal/contract/api/trains';
import type { Language } from '@portal/contract/languages';
import type { RailService } from '../../suppliers/rail/types.ts';
import { stationName } from './train-places.ts';

/** A supplier's train as agencies see it: the ride's two stations, times, duration and each class's seats and fares. */
export function toTrainService(supplier: string, s: RailService, lang: Language): TrainService {
  const from = s.stops[s.fromIndex];
  const to = s.stops[s.toIndex];
  const station = (code: string): TrainStation => ({ code, name: stationName(code, lang) });
  const departureAt = from.departure!;
  const arrivalAt = to.arrival!;
  return {
    serviceId: s.serviceId,
    supplier,
    trainNumber: s.trainNumber,
    trainType: s.trainType,
    origin: station(s.stops[0].code),
    terminus: station(s.stops[s.stops.length - 1].code),
    from: { ...station(from.code), time: departureAt.slice(11, 16) },
    to: { ...station(to.code), time: arrivalAt.slice(11, 16) },
    departureAt,
    arrivalAt,
    durationMinutes: (Date.parse(`${arrivalAt}:00Z`) - Date.parse(`${departureAt}:00Z`)) / 60_000,
    crossesDays: arrivalAt.slice(0, 10) > departureAt.slice(0, 10),
    stops: s.toIndex - s.fromIndex - 1,
    distanceKm: to.km - from.km,
    currency: s.currency,
    classes: s.classes.map((c) => ({
      seatClass: c.seatClass,
      price: c.price,
      childPrice: c.childPrice,
      // 12306 shows a count only when seats run short, 有 above that.
      available: c.available > TRAIN_MANY_SEATS ? 'many' : c.available,
      ...(c.berths ? { berthPrices: c.berths.map((b) => ({ berth: b.berth, price: b.price, childPrice: b.childPrice })) } : {}),
    })),
  };
}

const hasSeats = (c: TrainService['classes'][number]) => c.available === 'many' || c.available > 0;

/** The spec's time-of-day band of a local "YYYY-MM-DDTHH:mm". */
export function bandOf(localTime: string): TimeBand {
  const hour = Number(localTime.slice(11, 13));
  return TIME_BANDS[Math.min(3, Math.floor(hour / 6))];
}

/** Counts over every train found, so choosing one value never hides the others of its group. */
export function facetsOf(services: TrainService[]): TrainFacets {
  const stations = (pick: (s: TrainService) => TrainStation) => {
    const by = new Map<string, TrainStation & { count: number }>();
    for (const s of services) {
      const { code, name } = pick(s);
      by.set(code, { code, name, count: (by.get(code)?.count ?? 0) + 1 });
    }
    return [...by.values()].sort((a, b) => b.count - a.count || a.code.localeCompare(b.code));
  };
  return {
    trainTypes: TRAIN_TYPES.map((value) => ({ value, count: services.filter((s) => s.trainType === value).length })).filter((f) => f.count > 0),
    fromStations: stations((s) => s.from),
    toStations: stations((s) => s.to),
    seatClasses: SEAT_CLASSES.map((value) => ({ value, count: services.filter((s) => s.classes.some((c) => c.seatClass === value && hasSeats(c))).length })).filter(
      (f) => f.count > 0,
    ),
  };
}

const some = <T>(list: readonly T[] | undefined, test: (v: T) => boolean) => !list?.length || list.some(test);

export function applyFilters(services: TrainService[], f: TrainSearchFilters): TrainService[] {
  return services.filter(
    (s) =>
      some(f.trainTypes, (t) => t === s.trainType) &&
      some(f.departureBands, (b) => b === bandOf(s.departureAt)) &&
      some(f.arrivalBands, (b) => b === bandOf(s.arrivalAt)) &&
      some(f.fromStations, (c) => c === s.from.code) &&
      some(f.toStations, (c) => c === s.to.code) &&
      some(f.seatClasses, (sc: SeatClass) => s.classes.some((c) => c.seatClass === sc && hasSeats(c))),
  );
}

/** The cheapest fare with seats left; trains with none sort after every train that has some. */
const cheapest = (s: TrainService) => Math.min(...s.classes.filter(hasSeats).map((c) => c.price), Number.MAX_SAFE_INTEGER);

export function sortServices(services: TrainService[], by: TrainSortKey, order: 'asc' | 'desc'): TrainService[] {
  const key: Record<TrainSortKey, (s: TrainService) => number> = {
    departure: (s) => Date.parse(`${s.departureAt}:00Z`),
    duration: (s) => s.durationMinutes,
    price: cheapest,
  };
  const sign = order === 'desc' ? -1 : 1;
  const departure = key.departure;
  return [...services].sort((a, b) => sign * (key[by](a) - key[by](b)) || departure(a) - departure(b) || a.trainNumber.localeCompare(b.trainNumber));
}
