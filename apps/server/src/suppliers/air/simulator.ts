import { PASSENGER_TYPES, type Baggage, type CabinClass, type CancellationPolicy, type PassengerType, type ProductType, type Restrictions } from '@portal/contract/api/shopping';
import type { Currency } from '@portal/contract/currency';
import type { Db } from '../../db/client.ts';
import type { Airline, Airport } from '../../modules/reference/types.ts';
import { AfterSalesDesk } from './after-sales.ts';
import { BookingDesk, pricedBooking } from './booking.ts';
import { applyCallFaults, loadFaults, throwIfAborted } from './faults.ts';
import { brandByName, BRANDS, type Brand } from './fares/brands.ts';
import type { FareTier } from './fares/ladder.ts';
import { roundFare, yuanToMinor } from './fares/money.ts';
import { ladderOf, quoteLeg, quoteSelfTransfer, sellableSeats, type LegQuote, type PricingStyle, type QuoteInput, type SoldLookup } from './fares/quote.ts';
import { cancellationPolicies, leastBaggage, restrictionsFor, strictest } from './fares/rules.ts';
import { addAmounts, ZERO, type PaxAmounts } from './fares/taxes.ts';
import { combine } from './combine.ts';
import { InterlineComposer } from './interline.ts';
import { seatsSold, soldKey, type FlightKey } from './inventory.ts';
import { decodeOfferId, encodeLeg, encodeOfferId, type OfferKey, type OfferKeyFlight } from './offer-id.ts';
import { raiseRandomScheduleChanges, raiseScheduleChange, readScheduleChanges, scheduleChangeRate, type RaiseScheduleChangeResult, type ScheduleChangeTarget } from './schedule-changes.ts';
import { ItineraryFinder, type CarrierSet, type Itinerary } from './schedule/itineraries.ts';
import { Network, type Flight } from './schedule/network.ts';
import type { ReferenceData } from './schedule/reference.ts';
import { daysBetween, isIsoDate } from './schedule/tz.ts';
import type {
  AirSupplier,
  SupplierAfterSalesResult,
  SupplierBooking,
  SupplierBookingRef,
  SupplierBookRequest,
  SupplierBookResult,
  SupplierCancelResult,
  SupplierContext,
  SupplierFaults,
  SupplierLeg,
  SupplierOffer,
  SupplierPaxPrice,
  SupplierRefundRequest,
  SupplierReissueRequest,
  SupplierReissueResult,
  SupplierScheduleChange,
  SupplierSearchRequest,
  SupplierTicketResult,
  SupplierVerification,
  SupplierVoidRequest,
} from './types.ts';

/** What makes one simulated supplier different from another. */
export interface SimulatorProfile {
  code: string;
  kind: 'gds' | 'ndc' | 'lcc';
  currency: Currency;
  /** Journeys (flights of a multi-city search) it prices in one request; more are answered with no offers. */
  maxJourneys: number;
  /** Carriers whose own tickets it sells. */
  carriers(ref: ReferenceData): Airline[];
  /** Tickets connections between partners of one alliance (GDS interline agreements). */
  allianceConnections: boolean;
  style: PricingStyle;
  /** Sells branded fares (NDC): one offer per brand. */
  branded: boolean;
  /** Offers expire this long after the quote (NDC), or never. */
  offerTtlMinutes: number | null;
  /** Adds self-transfer journeys combining carriers without an agreement (low-cost). */
  virtualInterline: boolean;
  /** Most offers in one answer. */
  maxOffers: number;
  /** Fare factor when every leg is on one validating carrier (round-trip and circle-trip fares). */
  sameCarrierDiscount: number;
  channel: string;
  productType(tier: FareTier, domesticChina: boolean): ProductType;
  baggage(ctx: { cabin: CabinClass; legs: LegQuote[]; brand: Brand | undefined; airport: (c: string) => Airport | undefined; americas: boolean }): Baggage;
}

export interface SimulatorDeps {
  db: Db;
  reference: ReferenceData;
}

/** Flights must leave at least this long after the quote (ticketing lead time). */
const MIN_LEAD_MINUTES = 120;
const MULTI_CITY_MAX_OFFERS = 300;

interface World {
  network: Network;
  finder: ItineraryFinder;
  interline: InterlineComposer;
}

/** One network per reference data set, shared by every simulator, so the same flights appear at every supplier. */
const worlds = new WeakMap<ReferenceData, World>();
function worldOf(ref: ReferenceData): World {
  let w = worlds.get(ref);
  if (!w) {
    const network = new Network(ref);
    w = { network, finder: new ItineraryFinder(network), interline: new InterlineComposer(network, ref.allAirlines()) };
    worlds.set(ref, w);
  }
  return w;
}

interface Candidate {
  itinerary: Itinerary;
  selfTransfer: boolean;
}

/** An offer id rebuilt and priced now: the shared core of verification and booking. */
type Repriced =
  | { status: 'invalid' }
  | { status: 'sold_out' }
  | { status: 'priced'; key: OfferKey; offer: SupplierOffer; quotes: LegQuote[]; passengers: Record<PassengerType, number>; total: number };

const todayOf = (now: Date) => now.toISOString().slice(0, 10);

/**
 * The engine behind the three simulated suppliers: schedules from the shared network, availability from the fare
 * ladder minus seat_inventory, prices from the fare model, fault switches from supplier_settings on every call.
 */
export class SimulatedAirSupplier implements AirSupplier {
  readonly code: string;
  readonly kind: 'gds' | 'ndc' | 'lcc';
  readonly maxJourneys: number;
  readonly #world: World;
  readonly #set: CarrierSet;
  readonly #continents = new Map<string, string>();
  readonly #shapes = new Map<string, OfferShape>();
  /** Booking, ticketing, cancellation and retrieval (booking.ts), priced by this simulator's verification. */
  protected readonly bookings: BookingDesk;
  /** Void, refund and exchange of its tickets (after-sales.ts), priced by the same verification. */
  protected readonly afterSales: AfterSalesDesk;

  constructor(
    readonly profile: SimulatorProfile,
    protected readonly deps: SimulatorDeps,
  ) {
    this.code = profile.code;
    this.kind = profile.kind;
    this.maxJourneys = profile.maxJourneys;
    this.#world = worldOf(deps.reference);
    this.#set = { key: profile.code, airlines: profile.carriers(deps.reference), allianceConnections: profile.allianceConnections };
    const reprice = async (offerId: string, now: Date, faults: SupplierFaults, signal: AbortSignal) => {
      const r = await this.#reprice(offerId, now, faults, signal);
      return r.status === 'priced' ? { status: 'priced' as const, priced: pricedBooking(r) } : r;
    };
    this.bookings = new BookingDesk({ db: deps.db, code: profile.code, kind: profile.kind, reprice });
    this.afterSales = new AfterSalesDesk({ db: deps.db, code: profile.code, kind: profile.kind, network: this.#world.network, reprice });
  }

  async search(request: SupplierSearchRequest, ctx: SupplierContext): Promise<SupplierOffer[]> {
    const faults = await loadFaults(this.deps.db, this.code);
    if (!faults.enabled) return [];
    await applyCallFaults(this.code, faults, ctx.signal);
    if (faults.soldOut || !this.#accepts(request)) return [];
    const now = ctx.now ?? new Date();
    const notBefore = now.getTime() + MIN_LEAD_MINUTES * 60_000;
    const candidates = request.journeys.map((j) => this.#candidates(j.origins, j.destinations, j.date, request.cabin, request.directOnly, notBefore));
    if (candidates.some((c) => !c.length)) return [];
    const sold = await this.#sold(candidates.flatMap((c) => c.flatMap((x) => x.itinerary.segments)));
    throwIfAborted(ctx.signal);

    const brands: (Brand | undefined)[] = this.profile.branded ? BRANDS[request.cabin] : [undefined];
    const perLeg = request.journeys.length === 1 ? 200 : request.journeys.length === 2 ? 100 : 20;
    const offers: SupplierOffer[] = [];
    for (const brand of brands) {
      const legs = candidates.map((list, i) => {
        const daysOut = daysBetween(todayOf(now), request.journeys[i].date);
        const quotes: LegQuote[] = [];
        for (const c of list) {
          const q = this.#quote(c, request.cabin, request.passengers, daysOut, sold, brand);
          if (q) quotes.push(q);
        }
        return quotes.sort((a, b) => a.adultTotal - b.adultTotal).slice(0, perLeg);
      });
      if (legs.some((l) => !l.length)) continue;
      // Multi-city answers stay small: the beam over 3-5 legs would otherwise grow with every leg.
      const limit = Math.floor((request.journeys.length > 2 ? MULTI_CITY_MAX_OFFERS : this.profile.maxOffers) / brands.length);
      for (const combo of combine(legs, limit)) offers.push(this.#offer(combo, request.cabin, request.passengers, brand, now, 1));
    }
    // Cheapest first (a stable sort on each offer's total, computed once per offer rather than per comparison).
    const totals = new Map<SupplierOffer, number>();
    for (const o of offers) totals.set(o, totalOf(o, request.passengers));
    return offers.sort((a, b) => totals.get(a)! - totals.get(b)!);
  }

  async verify(offerId: string, ctx: SupplierContext): Promise<SupplierVerification> {
    const faults = await loadFaults(this.deps.db, this.code);
    await applyCallFaults(this.code, faults, ctx.signal);
    const r = await this.#reprice(offerId, ctx.now ?? new Date(), faults, ctx.signal);
    if (r.status !== 'priced') return { status: 'invalid' };
    return { status: r.total === r.key.total ? 'unchanged' : 'price_changed', offer: r.offer };
  }

  book(request: SupplierBookRequest, ctx: SupplierContext): Promise<SupplierBookResult> {
    return this.bookings.book(request, ctx);
  }

  ticket(ref: SupplierBookingRef, ctx: SupplierContext): Promise<SupplierTicketResult> {
    return this.bookings.ticket(ref, ctx);
  }

  cancel(ref: SupplierBookingRef, ctx: SupplierContext): Promise<SupplierCancelResult> {
    return this.bookings.cancel(ref, ctx);
  }

  retrieve(ref: SupplierBookingRef | { clientReference: string }, ctx: SupplierContext): Promise<SupplierBooking | null> {
    return this.bookings.retrieve(ref, ctx);
  }

  voidTickets(ref: SupplierBookingRef, request: SupplierVoidRequest, ctx: SupplierContext): Promise<SupplierAfterSalesResult> {
    return this.afterSales.voidTickets(ref, request, ctx);
  }

  refundTickets(ref: SupplierBookingRef, request: SupplierRefundRequest, ctx: SupplierContext): Promise<SupplierAfterSalesResult> {
    return this.afterSales.refundTickets(ref, request, ctx);
  }

  reissueTickets(ref: SupplierBookingRef, request: SupplierReissueRequest, ctx: SupplierContext): Promise<SupplierReissueResult> {
    return this.afterSales.reissueTickets(ref, request, ctx);
  }

  async scheduleChanges(afterSeq: number, ctx: SupplierContext): Promise<SupplierScheduleChange[]> {
    await applyCallFaults(this.code, await loadFaults(this.deps.db, this.code), ctx.signal);
    return readScheduleChanges(this.deps.db, this.code, afterSeq);
  }

  /** An airline schedule change on one of its ticketed bookings (the platform's simulation page, tests). */
  raiseScheduleChange(target: ScheduleChangeTarget, now: Date, random?: () => number): Promise<RaiseScheduleChangeResult> {
    return raiseScheduleChange(this.deps.db, this.code, target, now, { network: this.#world.network, random });
  }

  /** The background job's share of this supplier: see raiseRandomScheduleChanges. */
  raiseRandomScheduleChanges(now: Date, rate = scheduleChangeRate(), random?: () => number): Promise<number> {
    return raiseRandomScheduleChanges(this.deps.db, this.code, now, rate, { network: this.#world.network, random });
  }

  /**
   * Seats each booking class of one flight may have sold through this supplier in total at `now` (class capacity
   * minus the rest of the world's sales), or null for a flight the schedule does not have. For tests and operators
   * that need to bring a flight to an exact number of seats left.
   */
  classLimits(flight: Omit<OfferKeyFlight, 'bookingClass'>, cabin: CabinClass, now: Date): Map<string, number> | null {
    const f = this.#world.network.findFlight(flight.carrier, flight.flightNumber, flight.origin, flight.destination, flight.date);
    if (!f) return null;
    // Low-cost carriers sell price buckets wherever they appear (their own or a self-transfer); the rest the cabin ladder.
    const ladder = ladderOf(this.#world.network.airline(f.carrier)?.lowCost ? 'lcc' : 'full-service', cabin);
    const limits = sellableSeats(f, ladder, cabin, daysBetween(todayOf(now), f.date));
    return new Map(ladder.map((c, i) => [c.rbd, limits[i]]));
  }

  /**
   * Rebuilds the offer an id names and prices it now at the lowest open class: "sold_out" when its flights exist but
   * no class has the seats (or the soldOut switch is on), "invalid" for anything garbled, foreign, expired or too
   * close to departure. Verification and booking both price through here.
   */
  async #reprice(offerId: string, now: Date, faults: SupplierFaults, signal: AbortSignal): Promise<Repriced> {
    const key = decodeOfferId(offerId);
    if (!faults.enabled || !key || key.supplier !== this.code || key.currency !== this.profile.currency) return { status: 'invalid' };
    if (key.expiresAt && now.getTime() > key.expiresAt) return { status: 'invalid' };
    const brand = this.profile.branded ? brandByName(key.cabin, key.brand) : undefined;
    if (this.profile.branded !== !!brand || (!this.profile.branded && key.brand !== null)) return { status: 'invalid' };
    if (key.legs.some((l) => l.selfTransfer) && !this.profile.virtualInterline) return { status: 'invalid' };
    const passengers: Record<PassengerType, number> = { adult: key.passengers[0], child: key.passengers[1], infant: key.passengers[2] };
    if (passengers.adult + passengers.child < 1 || passengers.infant > passengers.adult) return { status: 'invalid' };
    const net = this.#world.network;
    const legs: Candidate[] = [];
    for (const leg of key.legs) {
      const segments: Flight[] = [];
      for (const k of leg.flights) {
        const f = net.findFlight(k.carrier, k.flightNumber, k.origin, k.destination, k.date);
        if (!f || (segments.length && segments[segments.length - 1].destination !== f.origin)) return { status: 'invalid' };
        segments.push(f);
      }
      legs.push({ itinerary: { segments }, selfTransfer: leg.selfTransfer });
    }
    if (legs[0].itinerary.segments[0].depUtc < now.getTime() + MIN_LEAD_MINUTES * 60_000) return { status: 'invalid' };
    if (faults.soldOut) return { status: 'sold_out' };
    const sold = await this.#sold(legs.flatMap((c) => c.itinerary.segments));
    throwIfAborted(signal);
    const quotes: LegQuote[] = [];
    for (const c of legs) {
      const q = this.#quote(c, key.cabin, passengers, daysBetween(todayOf(now), c.itinerary.segments[0].date), sold, brand);
      if (!q) return { status: 'sold_out' };
      quotes.push(q);
    }
    const offer = this.#offer(quotes, key.cabin, passengers, brand, now, 1 + faults.priceChangePercent / 100);
    return { status: 'priced', key, offer, quotes, passengers, total: totalOf(offer, passengers) };
  }

  #accepts(r: SupplierSearchRequest): boolean {
    const { adult, child, infant } = r.passengers;
    if (!r.journeys.length || r.journeys.length > this.maxJourneys) return false;
    if (adult + child < 1 || infant > adult || [adult, child, infant].some((n) => !Number.isInteger(n) || n < 0 || n > 9)) return false;
    return r.journeys.every((j) => isIsoDate(j.date) && j.origins.length > 0 && j.destinations.length > 0);
  }

  #candidates(origins: string[], destinations: string[], date: string, cabin: CabinClass, directOnly: boolean, notBefore: number): Candidate[] {
    const { network, finder, interline } = this.#world;
    const out: Candidate[] = [];
    for (const oc of origins) {
      const o = network.airport(oc);
      if (!o) continue;
      for (const dc of destinations) {
        const d = network.airport(dc);
        if (!d || d.cityCode === o.cityCode) continue;
        for (const itinerary of finder.find(this.#set, { origin: o, destination: d, date, cabin, maxStops: directOnly ? 0 : 2 })) {
          if (itinerary.segments[0].depUtc >= notBefore) out.push({ itinerary, selfTransfer: false });
        }
        if (this.profile.virtualInterline && !directOnly && cabin === 'economy') {
          for (const itinerary of interline.compose(o, d, date)) {
            if (itinerary.segments[0].depUtc >= notBefore) out.push({ itinerary, selfTransfer: true });
          }
        }
      }
    }
    return out;
  }

  async #sold(flights: Flight[]): Promise<SoldLookup> {
    const keys = new Map<string, FlightKey>();
    for (const f of flights) keys.set(`${f.flightNumber}|${f.date}`, { flightNumber: f.flightNumber, date: f.date });
    const map = await seatsSold(this.deps.db, this.code, [...keys.values()]);
    return map.size ? (n, d, rbd) => map.get(soldKey(n, d, rbd)) ?? 0 : () => 0;
  }

  #quote(c: Candidate, cabin: CabinClass, passengers: Record<PassengerType, number>, daysOut: number, sold: SoldLookup, brand: Brand | undefined): LegQuote | null {
    const net = this.#world.network;
    const input: QuoteInput = {
      segments: c.itinerary.segments,
      cabin,
      passengers,
      daysOut,
      sold,
      airport: (code) => net.airport(code),
      km: (a, b) => net.km(a, b),
    };
    if (c.selfTransfer) return brand ? null : quoteSelfTransfer(input, (f) => (net.airline(f.carrier)?.lowCost ? 'lcc' : 'full-service'));
    return quoteLeg(input, this.profile.style, brand);
  }

  /**
   * Per priced leg, the parts every offer using it shares: the answer's leg object (segments), its part of the offer
   * id, the countries it touches, its baggage. Built once per leg quote: a return search combines a hundred legs
   * into a thousand offers.
   */
  #legInfo(q: LegQuote, cabin: CabinClass, brand: Brand | undefined): LegInfo {
    let info = legInfos.get(q);
    if (info) return info;
    const net = this.#world.network;
    const first = net.airport(q.segments[0].origin)!;
    const last = net.airport(q.segments[q.segments.length - 1].destination)!;
    const countries = new Set<string>();
    for (const f of q.segments) {
      countries.add(net.airport(f.origin)!.countryCode);
      countries.add(net.airport(f.destination)!.countryCode);
    }
    const americas = [...countries].some((c) => AMERICAS.has(this.#continent(c)));
    info = {
      leg: {
        selfTransfer: q.selfTransfer,
        segments: q.segments.map((f, i) => ({
          marketingCarrier: f.carrier,
          operatingCarrier: f.carrier,
          flightNumber: f.flightNumber,
          origin: f.origin,
          destination: f.destination,
          originTerminal: f.originTerminal,
          destinationTerminal: f.destinationTerminal,
          departure: f.departure,
          arrival: f.arrival,
          departureUtc: f.departureUtc,
          arrivalUtc: f.arrivalUtc,
          durationMinutes: f.blockMinutes,
          aircraft: f.aircraft,
          cabin,
          bookingClass: q.rbds[i],
          seatsLeft: q.seats[i],
        })),
      },
      keyPart: encodeLeg({
        selfTransfer: q.selfTransfer,
        flights: q.segments.map((f, i) => ({ carrier: f.carrier, flightNumber: f.flightNumber, origin: f.origin, destination: f.destination, date: f.date, bookingClass: q.rbds[i] })),
      }),
      countries: [...countries],
      countriesKey: [...countries].sort().join(),
      longHaul: net.km(first, last) > 3000,
      baggage: this.profile.baggage({ cabin, legs: [q], brand, airport: (c) => net.airport(c), americas }),
    };
    legInfos.set(q, info);
    return info;
  }

  #continent(country: string): string {
    let c = this.#continents.get(country);
    if (c === undefined) {
      c = this.deps.reference.continentOf(country) ?? '';
      this.#continents.set(country, c);
    }
    return c;
  }

  #offer(quotes: LegQuote[], cabin: CabinClass, passengers: Record<PassengerType, number>, brand: Brand | undefined, now: Date, fareFactor: number): SupplierOffer {
    const p = this.profile;
    const paxTypes = PASSENGER_TYPES.filter((t) => passengers[t] > 0);
    const infos = quotes.map((q) => this.#legInfo(q, cabin, brand));
    const selfTransfer = quotes.some((q) => q.selfTransfer);
    const sameCarrier = quotes.length > 1 && !selfTransfer && quotes.every((q) => q.validating === quotes[0].validating);
    const prices: SupplierPaxPrice[] = paxTypes.map((passengerType) => {
      const sum: PaxAmounts = quotes.length === 1 ? quotes[0].amounts[passengerType] : quotes.reduce((s, q) => addAmounts(s, q.amounts[passengerType]), ZERO);
      let fare = sameCarrier ? roundFare(sum.fare * p.sameCarrierDiscount) : sum.fare;
      if (fareFactor !== 1) fare = Math.max(0, Math.ceil((fare * fareFactor) / 10) * 10);
      return {
        passengerType,
        fare: yuanToMinor(fare, p.currency),
        airportTax: yuanToMinor(sum.airportTax, p.currency),
        fuelSurcharge: yuanToMinor(sum.fuelSurcharge, p.currency),
        otherTax: yuanToMinor(sum.otherTax, p.currency),
      };
    });
    const tier = quotes.length === 1 ? quotes[0].tier : strictest(quotes.map((q) => q.tier));
    const longHaul = infos.some((i) => i.longHaul);
    const shapeKey = `${tier}|${longHaul}|${selfTransfer}|${paxTypes.length}${passengers.child > 0}${passengers.infant > 0}|${infos.map((i) => i.countriesKey).join('/')}`;
    const shape = memo(shapeKey, this.#shapes, () => {
      const countries = new Set(infos.flatMap((i) => i.countries));
      const productType = p.productType(tier, countries.size === 1 && countries.has('CN'));
      const channel = selfTransfer ? `${p.channel}+virtual-interline` : p.channel;
      return {
        productType,
        policies: cancellationPolicies(tier, longHaul, p.currency, paxTypes),
        restrictions: restrictionsFor({ countries, productType, channel }),
      };
    });
    const expiresAt = p.offerTtlMinutes ? now.getTime() + p.offerTtlMinutes * 60_000 : 0;
    const offer: SupplierOffer = {
      offerId: '',
      supplier: p.code,
      legs: infos.map((i) => i.leg),
      validatingCarrier: quotes[0].validating,
      brand: brand?.name ?? null,
      fareBasis: quotes.length === 1 ? quotes[0].fareBasis : quotes.flatMap((q) => q.fareBasis),
      cabin,
      productType: shape.productType,
      baggage: infos.length === 1 ? infos[0].baggage : infos.map((i) => i.baggage).reduce(leastBaggage),
      cancellationPolicy: shape.policies,
      restrictions: shape.restrictions,
      currency: p.currency,
      prices,
      expiresAt: expiresAt ? isoCached(expiresAt) : null,
      virtualInterline: selfTransfer,
    };
    offer.offerId = encodeOfferId(
      {
        supplier: p.code,
        cabin,
        brand: offer.brand,
        passengers: [passengers.adult, passengers.child, passengers.infant],
        currency: p.currency,
        total: totalOf(offer, passengers),
        expiresAt,
      },
      infos.map((i) => i.keyPart),
    );
    return offer;
  }
}

interface LegInfo {
  leg: SupplierLeg;
  keyPart: string;
  countries: string[];
  countriesKey: string;
  longHaul: boolean;
  baggage: Baggage;
}

const AMERICAS = new Set(['NA', 'SA']);
/** Leg quotes live for one call; their shared parts go with them. */
const legInfos = new WeakMap<LegQuote, LegInfo>();
/**
 * Policies and restrictions depend on a handful of inputs, so offers of one shape share them (offers are treated as
 * immutable values by the platform; they are stored as JSON).
 */
interface OfferShape {
  productType: ProductType;
  policies: CancellationPolicy[];
  restrictions: Restrictions;
}
let lastIso: [number, string] = [0, ''];
const isoCached = (ms: number) => (lastIso[0] === ms ? lastIso[1] : (lastIso = [ms, new Date(ms).toISOString()])[1]);
function memo<T>(key: string, cache: Map<string, T>, make: () => T): T {
  let v = cache.get(key);
  if (v === undefined) {
    v = make();
    if (cache.size > 5_000) cache.clear();
    cache.set(key, v);
  }
  return v;
}

/** What the passengers pay in total for an offer, minor units. */
export function totalOf(offer: Pick<SupplierOffer, 'prices'>, passengers: Record<PassengerType, number>): number {
  return offer.prices.reduce((s, p) => s + passengers[p.passengerType] * (p.fare + p.airportTax + p.fuelSurcharge + p.otherTax), 0);
}
