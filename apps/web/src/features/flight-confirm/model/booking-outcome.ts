import type { FlightOrder } from '@portal/contract/api/flight-orders';
import { Code } from '@portal/contract/codes';
import type { MessageKey } from '@portal/contract/messages';
import { ApiError } from '../../../lib/api';

/**
 * What the page does with each answer of POST /order/v2/flight/orders (issue 8). Expected refusals each get their own
 * treatment (architecture: no generic toast for "price changed" or "sold out").
 */
export type BookingFailure =
  /** The price went up: check it again and let the agent accept it or go back. */
  | { kind: 'priceChanged'; message: string }
  /** Refusals tied to fields (validation, a name the airline refused): they go on the form. */
  | { kind: 'fields'; message: string; fields: Record<string, string>; code: number }
  /** This fare cannot be booked any more (sold out, refused): choose another fare or search again. */
  | { kind: 'fareGone'; message: string }
  /** The airline system failed; nothing was booked. Trying again later may work. */
  | { kind: 'supplier'; message: string }
  /** No answer reached us (network): the same attempt may be resent with the same key. */
  | { kind: 'unanswered'; message: string }
  | { kind: 'other'; message: string };

/** Failures that never got the server's answer: the booking may or may not exist, so the key is kept for a retry. */
export const isUnanswered = (err: unknown) => !(err instanceof ApiError) || err.code < 0;

export function classifyBookingError(err: unknown, fallback: string): BookingFailure {
  const message = (err instanceof Error && err.message) || fallback;
  if (isUnanswered(err)) return { kind: 'unanswered', message };
  const e = err as ApiError;
  const fields = e.fields && Object.keys(e.fields).length > 0 ? e.fields : null;
  if (e.code === Code.PRICE_CHANGED) return { kind: 'priceChanged', message };
  if (fields) return { kind: 'fields', message, fields, code: e.code };
  if (e.code === Code.SOLD_OUT || e.code === Code.BOOKING_REFUSED) return { kind: 'fareGone', message };
  if (e.code === Code.SUPPLIER_FAILED) return { kind: 'supplier', message };
  return { kind: 'other', message };
}

/** The toast after booking, by the new order's status: the same message keys the server answers with. */
export function bookedToast(order: Pick<FlightOrder, 'status'>): { type: 'success' | 'info' | 'warning'; key: MessageKey } {
  if (order.status === 'holding') return { type: 'warning', key: 'order.holding' };
  if (order.status === 'reviewing') return { type: 'info', key: 'order.bookedForReview' };
  return { type: 'success', key: 'order.booked' };
}

/** Field paths the booking form shows (as the shared module and the server name them). */
const FORM_PATH =
  /^(passengers|passengers\.\d+\.(type|surname|given_names|gender|birthday|nationality|travel_document\.(type|number|expiryDate|issuingCountry)|frequentFlyer\.(airline|number))|contact\.(name|email|areaCode|phone))$/;

export const isFormPath = (path: string) => FORM_PATH.test(path);
