import type { Currency } from '@portal/contract/currency';
import { minorDigits } from '@portal/contract/currency';
import type { PASSENGER_TYPES } from '@portal/contract/api/shopping';
import {
  GROUP_INSTALMENT_KINDS,
  type GroupDeskQuoteBody,
  type GroupOrder,
  type GroupPassengers,
  type GroupSeatsBody,
} from '@portal/contract/api/group-orders';

type PassengerType = (typeof PASSENGER_TYPES)[number];

/**
 * The desk's quote form. Field names mirror GroupDeskQuoteBody (journeys[i].flights[j].x, prices[i].fare,
 * paymentPlan[k].amount), so the server's field paths land on the fields as they are. Amounts are typed in major
 * units of the chosen currency and sent in minor units; times are `datetime-local` values: flights keep them as the
 * airport's wall clock, confirmBy and the deadlines are the operator's local time, sent as instants.
 */
export interface QuoteFlightValues {
  carrier?: string;
  flightNumber?: string;
  origin?: string;
  destination?: string;
  departure?: string;
  arrival?: string;
}
export interface QuoteFormValues {
  journeys: { flights: QuoteFlightValues[] }[];
  prices: { passengerType: PassengerType; fare?: number | null; tax?: number | null }[];
  currency: Currency;
  seats?: number | null;
  confirmBy?: string;
  /** 1-3 deposits then the final payment (always the last row). */
  paymentPlan: { amount?: number | null; dueAt?: string }[];
  remark?: string;
}

export const MAX_DEPOSITS = 3;

export const toMinor = (major: number, currency: Currency) => Math.round(major * 10 ** minorDigits(currency));
export const toMajor = (minor: number, currency: Currency) => minor / 10 ** minorDigits(currency);

/** "2030-01-10T08:30" from an instant, in the browser's time zone (what a datetime-local input shows). */
export function localInput(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}
/** A datetime-local value read in the browser's time zone, as an ISO instant; '' when empty or invalid. */
export function instantOf(local: string | undefined): string {
  if (!local) return '';
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? '' : d.toISOString();
}

/** Passenger types that travel in this group (a price line each). */
export const travellingTypes = (p: GroupPassengers): PassengerType[] => (['adult', 'child', 'infant'] as const).filter((k) => p[k] > 0);

/** Instalment kind of row `index` of a plan of `length` rows: the last is the final payment. */
export const kindAt = (index: number, length: number) => (index === length - 1 ? 'final' : GROUP_INSTALMENT_KINDS[index]);

/** Where the form starts: the current quote when requoting, else the request's journeys and travellers. */
export function quoteDefaults(group: GroupOrder, fallbackCurrency: Currency): QuoteFormValues {
  const q = group.quote;
  const r = group.request;
  if (q) {
    return {
      journeys: r.journeys.map((_, i) => ({ flights: q.journeys.find((j) => j.journeyIndex === i)?.flights ?? [{}] })),
      prices: q.prices.map((p) => ({ passengerType: p.passengerType, fare: toMajor(p.fare, q.currency), tax: toMajor(p.tax, q.currency) })),
      currency: q.currency,
      seats: q.seats,
      confirmBy: localInput(q.confirmBy),
      paymentPlan: q.paymentPlan.map((p) => ({ amount: toMajor(p.amount, q.currency), dueAt: localInput(p.dueAt) })),
      remark: q.remark,
    };
  }
  return {
    // The request's cities; the times are left for the desk to type (a date alone is no datetime-local value).
    journeys: r.journeys.map((j) => ({ flights: [{ origin: j.origin, destination: j.destination }] })),
    prices: travellingTypes(r.passengers).map((passengerType) => ({ passengerType, fare: null, tax: null })),
    currency: fallbackCurrency,
    seats: r.passengers.adult + r.passengers.child,
    paymentPlan: [{}, {}],
    remark: '',
  };
}

/** Total of the price lines in minor units: (fare + tax) x travellers of the type; null while a line is incomplete. */
export function quoteTotal(values: Pick<QuoteFormValues, 'prices' | 'currency'>, passengers: GroupPassengers): number | null {
  let total = 0;
  for (const p of values.prices ?? []) {
    if (typeof p?.fare !== 'number' || typeof p?.tax !== 'number') return null;
    total += (toMinor(p.fare, values.currency) + toMinor(p.tax, values.currency)) * passengers[p.passengerType];
  }
  return total;
}

/** Sum of the plan's amounts in minor units (empty rows count 0). */
export const planSum = (values: Pick<QuoteFormValues, 'paymentPlan' | 'currency'>): number =>
  (values.paymentPlan ?? []).reduce((sum, p) => sum + (typeof p?.amount === 'number' ? toMinor(p.amount, values.currency) : 0), 0);

/** The body as the contract wants it. */
export function quoteBody(values: QuoteFormValues): GroupDeskQuoteBody {
  const c = values.currency;
  const plan = values.paymentPlan;
  return {
    journeys: values.journeys.map((j, journeyIndex) => ({
      journeyIndex,
      flights: j.flights.map((f) => ({
        carrier: (f.carrier ?? '').trim().toUpperCase(),
        flightNumber: (f.flightNumber ?? '').trim().toUpperCase(),
        origin: (f.origin ?? '').trim().toUpperCase(),
        destination: (f.destination ?? '').trim().toUpperCase(),
        departure: f.departure ?? '',
        arrival: f.arrival ?? '',
      })),
    })),
    prices: values.prices.map((p) => ({ passengerType: p.passengerType, fare: toMinor(p.fare ?? 0, c), tax: toMinor(p.tax ?? 0, c), currency: c })),
    currency: c,
    confirmBy: instantOf(values.confirmBy),
    seats: values.seats ?? 0,
    paymentPlan: plan.map((p, i) => ({ kind: kindAt(i, plan.length), amount: toMinor(p.amount ?? 0, c), dueAt: instantOf(p.dueAt) })),
    remark: values.remark?.trim() ?? '',
  };
}

/** The airline's answer to the seat application, as the desk picks it ("reject" hands over to the reject dialog). */
export type SeatsOutcome = 'secured' | 'changed' | 'reject';
export interface SeatsFormValues extends QuoteFormValues {
  outcome?: SeatsOutcome;
}

/**
 * Where a changed offer starts: the confirmed quote, which the desk edits (seats, flights, prices, plan), with no
 * confirm-by (the old one is spent: the agency needs a new deadline to accept the change) and the remark kept.
 */
export function changedQuoteDefaults(group: GroupOrder, fallbackCurrency: Currency, remark = ''): QuoteFormValues {
  return { ...quoteDefaults(group, fallbackCurrency), confirmBy: undefined, remark };
}

/** The seats body as the contract wants it; a changed offer's remark travels with its quote (the agency reads it there). */
export function seatsBody(values: SeatsFormValues & { outcome: 'secured' | 'changed' }): GroupSeatsBody {
  if (values.outcome === 'secured') return { outcome: 'secured', remark: values.remark?.trim() ?? '' };
  return { outcome: 'changed', quote: quoteBody(values), remark: '' };
}

const FIELD_PATTERNS = [
  /^journeys\.\d+\.flights\.\d+\.(carrier|flightNumber|origin|destination|departure|arrival)$/,
  /^prices\.\d+\.(fare|tax)$/,
  /^paymentPlan\.\d+\.(amount|dueAt)$/,
  /^(currency|seats|confirmBy|remark)$/,
];

/**
 * The form field a server field path belongs to, as an antd name path; null when no field shows it (a whole list,
 * e.g. "paymentPlan" for a sum that does not match, is said above the form). A price line's currency is the form's.
 */
export function quoteFieldName(path: string): (string | number)[] | null {
  const p = /^prices\.\d+\.currency$/.test(path) ? 'currency' : path;
  if (!FIELD_PATTERNS.some((re) => re.test(p))) return null;
  return p.split('.').map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}
