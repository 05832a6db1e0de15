import type { SeatClass } from '@portal/contract/api/trains';
import type { Db } from '../../../db/client.ts';
import { callFaults, loadRailFaults, railError, timedOut } from '../faults.ts';
import { ensureInventory, inventoryKey, readInventory, seatsLeft, type TrainInventory } from '../inventory.ts';
import type {
  RailAfterSalesRefusal,
  RailBooking,
  RailBookingRef,
  RailChange,
  RailChangeRequest,
  RailClassFare,
  RailContext,
  RailHoldRequest,
  RailHoldResult,
  RailRefund,
  RailRefundRequest,
  RailResult,
  RailSearchRequest,
  RailService,
  RailStation,
  RailSupplier,
} from '../types.ts';
import { RailAfterSales } from './after-sales.ts';
import { RailBookingDesk } from './booking-desk.ts';
import { CONSISTS } from './consists.ts';
import { classFare } from './fares.ts';
import { STATIONS } from './network.ts';
import { addDays, classesOf, fareInputOf, inPresale, instantOf, inventoryPlanOf, rideIndexes, SALES_CLOSE_MS, serviceIdOf, stopsOf } from './services.ts';
import { trainsOn, type Train } from './timetable.ts';

export const SIM_RAIL = 'sim-rail';

/** The longest run of the plan spans this many dates: a train seen at a station today may have left two days ago. */
const LONGEST_RUN_DAYS = 2;

export interface RailSimulatorDeps {
  db: Db;
  code?: string;
}

const STATION_LIST: RailStation[] = Object.entries(STATIONS).map(([code, s]) => ({
  code,
  name: s.zh,
  names: { 'zh-CN': s.zh, 'zh-TW': s.tw, en: s.en },
  city: s.city,
}));

interface Candidate {
  train: Train;
  serviceDate: string;
  from: number;
  to: number;
}

/**
 * The simulated China railway: the timetable of sim/timetable.ts, seats by segment in the database, fares by
 * distance, holds that lapse after 30 minutes, tickets, refunds and changes. Fault switches come from
 * supplier_settings on every call. `enabled: false` stops selling only: orders already made stay readable,
 * ticketable and refundable, as 12306 orders outlive a closed sales channel.
 */
export class SimulatedRailSupplier implements RailSupplier {
  readonly code: string;
  readonly #desk: RailBookingDesk;
  readonly #afterSales: RailAfterSales;

  constructor(private readonly deps: RailSimulatorDeps) {
    this.code = deps.code ?? SIM_RAIL;
    this.#desk = new RailBookingDesk({ db: deps.db, code: this.code });
    this.#afterSales = new RailAfterSales({ db: deps.db, code: this.code, desk: this.#desk });
  }

  stations(): RailStation[] {
    return STATION_LIST.map((s) => ({ ...s, names: { ...s.names } }));
  }

  async search(request: RailSearchRequest, ctx: RailContext): Promise<RailResult<RailService[]>> {
    const { db } = this.deps;
    const faults = await loadRailFaults(db, this.code);
    if (!faults.enabled) return { status: 'error', error: railError('unavailable', `${this.code}: switched off`) };
    const failed = await callFaults(this.code, faults, ctx.signal);
    if (failed) return { status: 'error', error: failed };
    const now = ctx.now ?? new Date();
    if (!inPresale(request.date, now)) return { status: 'ok', value: [] };
    const candidates = this.#candidates(request, now);
    if (candidates.length === 0) return { status: 'ok', value: [] };

    const dates = [...new Set(candidates.map((c) => c.serviceDate))];
    await this.#desk.releaseLapsed(dates, now);
    await ensureInventory(
      db,
      this.code,
      candidates.map((c) => inventoryPlanOf(c.train, c.serviceDate)),
    );
    const inventory = await readInventory(db, this.code, candidates.map((c) => ({ serviceDate: c.serviceDate, trainNumber: c.train.trainNumber })));
    if (ctx.signal.aborted) return { status: 'error', error: timedOut(this.code) };
    const services = candidates.map((c) => this.#service(c, inventory.get(inventoryKey({ serviceDate: c.serviceDate, trainNumber: c.train.trainNumber })), faults.soldOut));
    services.sort((a, b) => (a.stops[a.fromIndex].departure! < b.stops[b.fromIndex].departure! ? -1 : 1));
    return { status: 'ok', value: services };
  }

  hold(request: RailHoldRequest, ctx: RailContext): Promise<RailHoldResult> {
    return this.#desk.hold(request, ctx);
  }

  ticket(ref: RailBookingRef, ctx: RailContext): Promise<RailResult<RailBooking, 'not_found' | 'expired' | 'cancelled'>> {
    return this.#desk.ticket(ref, ctx);
  }

  cancel(ref: RailBookingRef, ctx: RailContext): Promise<RailResult<RailBooking, 'not_found' | 'ticketed'>> {
    return this.#desk.cancel(ref, ctx);
  }

  retrieve(ref: RailBookingRef | { clientReference: string }, ctx: RailContext): Promise<RailResult<RailBooking | null>> {
    return this.#desk.retrieve(ref, ctx);
  }

  refund(ref: RailBookingRef, request: RailRefundRequest, ctx: RailContext): Promise<RailResult<RailRefund, RailAfterSalesRefusal>> {
    return this.#afterSales.refund(ref, request, ctx);
  }

  change(ref: RailBookingRef, request: RailChangeRequest, ctx: RailContext): Promise<RailResult<RailChange, RailAfterSalesRefusal>> {
    return this.#afterSales.change(ref, request, ctx);
  }

  /** Trains calling at one of `from` then one of `to`, leaving the boarding station on the date asked, still on sale. */
  #candidates(request: RailSearchRequest, now: Date): Candidate[] {
    const from = new Set(request.from);
    const to = new Set(request.to);
    const notBefore = now.getTime() + SALES_CLOSE_MS;
    const out: Candidate[] = [];
    for (let back = 0; back <= LONGEST_RUN_DAYS; back++) {
      const serviceDate = addDays(request.date, -back);
      for (const train of trainsOn(serviceDate)) {
        const ride = rideIndexes(train, from, to);
        if (!ride) continue;
        const dep = train.stops[ride[0]].dep!;
        if (Math.floor(dep / 1440) !== back || instantOf(serviceDate, dep) < notBefore) continue;
        out.push({ train, serviceDate, from: ride[0], to: ride[1] });
      }
    }
    return out;
  }

  #service(c: Candidate, inventory: TrainInventory | undefined, soldOut: boolean): RailService {
    const { train, serviceDate, from, to } = c;
    const km = train.stops[to].km - train.stops[from].km;
    const standing = CONSISTS[train.consist].standing;
    const left = (seatClass: SeatClass) => (soldOut ? 0 : seatsLeft(inventory, seatClass, from, to));
    const classes: RailClassFare[] = classesOf(train).map(({ seatClass }) => {
      const fare = classFare(seatClass, fareInputOf(train, km));
      // Standing tickets go on sale once the seats of their class are gone, as at 12306.
      const available = seatClass === 'no_seat' && standing && left(standing.in) > 0 ? 0 : left(seatClass);
      return { seatClass, price: fare.price, childPrice: fare.childPrice, available, ...(fare.berths ? { berths: fare.berths } : {}) };
    });
    return {
      serviceId: serviceIdOf(train.trainNumber, serviceDate),
      trainNumber: train.trainNumber,
      trainType: train.trainType,
      serviceDate,
      stops: stopsOf(train, serviceDate),
      fromIndex: from,
      toIndex: to,
      currency: 'CNY',
      classes,
    };
  }
}

export function createRailSimulator(deps: RailSimulatorDeps): SimulatedRailSupplier {
  return new SimulatedRailSupplier(deps);
}
