import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { CreateOrderBody, FlightOrder } from '@portal/contract/api/flight-orders';
import type { FareChoice } from '@portal/contract/api/shopping';
import { Code } from '@portal/contract/codes';
import type { Currency } from '@portal/contract/currency';
import { formatMoney } from '@portal/contract/currency';
import type { MessageKey } from '@portal/contract/messages';
import { latestToday } from '@portal/contract/passengers/dates';
import { validateBooking, type NormalizedPassenger } from '@portal/contract/passengers/validate';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
import { idempotencyConflict } from '../../plugins/idempotency.ts';
import { SupplierError } from '../../suppliers/air/faults.ts';
import type { AirSupplier, SupplierBooking, SupplierBookResult, SupplierOffer } from '../../suppliers/air/types.ts';
import type { AuthContext } from '../auth/session.service.ts';
import { agencyPricing, parseFareId, priceFor } from '../shopping/agency-pricing.ts';
import { findSearch, findSupplierOffers } from '../shopping/search.repository.ts';
import { BudgetExceeded, withBudget } from '../shopping/search-runner.ts';
import { VERIFY_MAX_MS } from '../shopping/verification.service.ts';
import { bookBudgetMs, type OrderDeps } from './deps.ts';
import { applyTransition, SYSTEM } from './order-transition.ts';
import { countBooking, deleteOrder, findOrderByKey, insertOrder, lockOrder, nextBookingNumber, updateOrder, type NewPassengerRow, type NewSegmentRow, type OrderRow } from './order.repository.ts';
import { loadOrderDetail } from './order.queries.ts';

/**
 * Booking (POST /order/v2/flight/orders): from a checked fare to a held booking, in steps with their undo
 * (architecture habit 6):
 *  1. validate the passengers against the fare's rules (the shared module the web form uses too);
 *  2. re-price the offer at the supplier; the price is always the server's, above `acceptedTotal` nothing is booked;
 *  3. write the order as `holding` (we do not know yet) and commit, so a crash during the supplier call leaves a row
 *     that reconciliation settles by our own reference;
 *  4. book at the supplier: booked -> to_be_paid (or reviewing); a definite refusal removes the row (no order is left
 *     behind) and says why; an unknown outcome (timeout) keeps `holding` for reconciliation, never a blind retry.
 */

export type BookInput = z.output<typeof CreateOrderBody>;
export interface BookAnswer {
  order: FlightOrder;
  messageKey: MessageKey;
}

const requestHash = (body: BookInput) => createHash('sha256').update(JSON.stringify(['flight-order', body])).digest('hex');

/** Expected refusals; the row written in step 3 is removed before they are thrown. */
const refusal = (code: Code, key: MessageKey, params: Record<string, string | number> = {}, fields?: Record<string, MessageKey>) => new AppError(code, key, params, fields);

/** Price went up: the answer carries both totals so the client can offer "accept" (spec point 8). */
export class PriceChanged extends AppError {
  constructor(data: { previousTotal: number; newTotal: number; currency: Currency }) {
    super(Code.PRICE_CHANGED, 'order.priceChanged', { total: formatMoney(data.newTotal, data.currency), currency: data.currency }, undefined, data);
  }
}

function lastFlightDate(offer: SupplierOffer): string {
  const legs = offer.legs;
  const seg = legs[legs.length - 1].segments;
  return seg[seg.length - 1].departure.slice(0, 10);
}

function needsReview(fare: FareChoice, config: { bookingReview?: boolean }): boolean {
  // Spec point 4: "may need review": the agency's setting, or fares sold "before a stated time" (manual products).
  return !!config.bookingReview || fare.productType === 'special-before-24' || fare.productType === 'special-before-4';
}

export function segmentsOfOffer(offer: SupplierOffer): NewSegmentRow[] {
  let position = 0;
  return offer.legs.flatMap((leg, l) =>
    leg.segments.map((s) => ({
      position: position++,
      leg: l,
      flightNumber: s.flightNumber,
      carrier: s.marketingCarrier,
      origin: s.origin,
      destination: s.destination,
      departure: s.departure,
      arrival: s.arrival,
      departureDate: s.departure.slice(0, 10),
      departureUtc: new Date(s.departureUtc),
      cabin: s.cabin,
      bookingClass: s.bookingClass,
    })),
  );
}

function passengerRows(passengers: NormalizedPassenger[]): NewPassengerRow[] {
  return passengers.map((p, i) => ({
    position: i,
    type: p.type,
    surname: p.surname,
    givenNames: p.givenNames,
    gender: p.gender,
    birthday: p.birthday,
    nationality: p.nationality,
    documentType: p.document.type,
    documentNumber: p.document.number,
    documentExpiry: p.document.expiryDate,
    documentIssuingCountry: p.document.issuingCountry,
    frequentFlyer: p.frequentFlyer,
  }));
}

/** The supplier's offer again, re-priced, and the agency's price for it. */
async function reprice(deps: OrderDeps, supplier: AirSupplier, offerId: string, pricing: Awaited<ReturnType<typeof agencyPricing>>, fareId: string) {
  let answer;
  try {
    answer = await withBudget(Math.min(VERIFY_MAX_MS, pricing.config.maxResponseTimeMs), (signal) => supplier.verify(offerId, { signal }));
  } catch (err) {
    deps.log?.warn({ err, supplier: supplier.code }, 'price check before booking failed');
    throw refusal(Code.SUPPLIER_FAILED, 'order.supplierFailed');
  }
  if (answer.status === 'invalid') throw refusal(Code.BOOKING_REFUSED, 'order.fareInvalid');
  const fare = priceFor(answer.offer, pricing);
  if (!fare) throw refusal(Code.BOOKING_REFUSED, 'order.fareInvalid');
  return { offer: answer.offer, fare: { ...fare, fareId } };
}

export async function bookOrder(deps: OrderDeps, auth: AuthContext, body: BookInput, o: { idempotencyKey: string; now?: Date }): Promise<BookAnswer> {
  const { db } = deps;
  const hash = requestHash(body);
  const prior = await findOrderByKey(db, o.idempotencyKey);
  if (prior) {
    if (prior.requestHash !== hash || prior.companyId !== auth.company.id) throw idempotencyConflict();
    return { order: await loadOrderDetail(db, auth, prior.id), messageKey: messageFor(prior) };
  }

  const search = await findSearch(db, body.searchId, auth.company.id);
  const ref = parseFareId(body.fareId);
  if (!search || !ref || !search.suppliers.includes(ref.supplier)) throw notFound();
  const stored = (await findSupplierOffers(db, search.id, ref.supplier))?.find((x) => x.offerId === ref.offerId);
  const supplier = deps.suppliers.get(ref.supplier);
  if (!stored || !supplier) throw notFound();

  const now = o.now ?? new Date();
  const checked = validateBooking(
    { passengers: body.passengers, contact: body.contact },
    { today: latestToday(now), lastFlightDate: lastFlightDate(stored), expected: search.request.passengers, restrictions: stored.restrictions },
  );
  if (!checked.ok) {
    const [first] = Object.values(checked.fields);
    const key = typeof first === 'string' ? first : first.key;
    throw new AppError(Code.VALIDATION, key, typeof first === 'string' ? {} : first.params, checked.fields);
  }

  const pricing = await agencyPricing(db, auth.company, search.request);
  const { offer, fare } = await reprice(deps, supplier, ref.offerId, pricing, body.fareId);
  if (fare.totalSalePrice > body.acceptedTotal) {
    throw new PriceChanged({ previousTotal: body.acceptedTotal, newTotal: fare.totalSalePrice, currency: fare.currency });
  }
  const supplierTotal = offer.prices.reduce((s, p) => s + search.request.passengers[p.passengerType] * (p.fare + p.airportTax + p.fuelSurcharge + p.otherTax), 0);

  // Step 3: the order exists (holding) before the supplier is asked.
  let order: OrderRow;
  try {
    order = await db.transaction(async (tx) => {
      const segments = segmentsOfOffer(offer);
      return insertOrder(
        tx,
        {
          bookingNumber: await nextBookingNumber(tx, now),
          companyId: auth.company.id,
          createdBy: auth.user.id,
          status: 'holding',
          supplier: supplier.code,
          validatingCarrier: offer.validatingCarrier,
          searchId: search.id,
          fareId: body.fareId,
          offer,
          fare,
          contact: checked.contact,
          remark: body.remark ?? null,
          currency: fare.currency,
          total: fare.totalSalePrice,
          costTotal: fare.priceList.reduce((s, p) => s + p.price * p.count, 0),
          invoiceType: fare.restrictions.invoiceType,
          productType: fare.productType,
          departureAt: segments[0].departureUtc,
          departureDate: segments[0].departureDate,
          lastFlightDate: lastFlightDate(offer),
          // Should this process die during the supplier call, the sweep reconciles the booking by our reference.
          nextActionAt: new Date(now.getTime() + bookBudgetMs() + 30_000),
          inDoubt: true,
          idempotencyKey: o.idempotencyKey,
          requestHash: hash,
        },
        passengerRows(checked.passengers),
        segments,
      );
    });
  } catch (e) {
    if (isUniqueViolation(e, 'idempotency_key')) {
      const winner = await findOrderByKey(db, o.idempotencyKey);
      if (winner && winner.requestHash === hash && winner.companyId === auth.company.id) {
        return { order: await loadOrderDetail(db, auth, winner.id), messageKey: messageFor(winner) };
      }
      throw idempotencyConflict();
    }
    throw e;
  }

  let result: SupplierBookResult;
  try {
    result = await withBudget(bookBudgetMs(), (signal) =>
      supplier.book(
        {
          offerId: offer.offerId,
          expectedTotal: supplierTotal,
          clientReference: order.id,
          contact: { name: checked.contact.name, email: checked.contact.email, phone: `+${checked.contact.areaCode} ${checked.contact.phone}` },
          passengers: checked.passengers.map((p) => ({
            type: p.type,
            surname: p.surname,
            givenNames: p.givenNames,
            gender: p.gender,
            birthday: p.birthday,
            nationality: p.nationality,
            document: p.document,
            frequentFlyer: p.frequentFlyer,
          })),
        },
        { signal, now },
      ),
    );
  } catch (err) {
    if (err instanceof SupplierError) {
      // The supplier answered with an error: nothing was booked.
      await deleteOrder(db, order.id);
      deps.log?.warn({ err, orderId: order.id }, 'supplier refused the booking with an error');
      throw refusal(Code.SUPPLIER_FAILED, 'order.supplierFailed');
    }
    // Unknown outcome (timeout, connection lost): the supplier may have booked. Keep holding; reconcile soon.
    deps.log?.warn({ err, orderId: order.id, timeout: err instanceof BudgetExceeded }, 'booking outcome unknown; order kept holding');
    await updateOrder(db, order.id, { nextActionAt: new Date(Date.now() + 15_000) });
    deps.work.kick(order.id);
    return { order: await loadOrderDetail(db, auth, order.id), messageKey: 'order.holding' };
  }

  switch (result.status) {
    case 'booked':
    case 'duplicate': {
      const booked = await confirmBooked(deps, order.id, result.booking, needsReview(fare, pricing.config));
      await countBooking(db, auth.company.id, now.toISOString().slice(0, 10));
      return { order: await loadOrderDetail(db, auth, booked.id), messageKey: messageFor(booked) };
    }
    case 'sold_out':
      await deleteOrder(db, order.id);
      throw refusal(Code.SOLD_OUT, 'order.soldOut');
    case 'invalid_offer':
      await deleteOrder(db, order.id);
      throw refusal(Code.BOOKING_REFUSED, 'order.fareInvalid');
    case 'name_refused':
      await deleteOrder(db, order.id);
      throw refusal(Code.BOOKING_REFUSED, 'order.nameRefused', { n: result.passengerIndex + 1, reason: result.reason }, {
        [`passengers.${result.passengerIndex}.surname`]: 'order.nameRefused',
      });
    case 'price_changed': {
      await deleteOrder(db, order.id);
      // The supplier's price moved between our check and its booking: price its new offer for the agency.
      const again = await reprice(deps, supplier, ref.offerId, pricing, body.fareId);
      throw new PriceChanged({ previousTotal: body.acceptedTotal, newTotal: Math.max(again.fare.totalSalePrice, fare.totalSalePrice + 1), currency: fare.currency });
    }
  }
}

const messageFor = (o: Pick<OrderRow, 'status'>): MessageKey => (o.status === 'holding' ? 'order.holding' : o.status === 'reviewing' ? 'order.bookedForReview' : 'order.booked');

/**
 * holding -> to_be_paid (or reviewing) with the supplier's locator, and the payment deadline: the earlier of the
 * supplier's ticketing time limit and the offer's own expiry. Shared by booking and reconciliation.
 */
export async function confirmBooked(deps: Pick<OrderDeps, 'db'>, orderId: string, booking: SupplierBooking, review: boolean): Promise<OrderRow> {
  return deps.db.transaction(async (tx) => {
    const order = (await lockOrder(tx, orderId))!;
    if (order.status !== 'holding') return order;
    const offer = order.offer as SupplierOffer;
    const limit = new Date(booking.ticketingTimeLimit);
    const expiry = offer.expiresAt ? new Date(offer.expiresAt) : null;
    const deadline = expiry && expiry < limit ? expiry : limit;
    return applyTransition(tx, order, review ? 'booked_for_review' : 'booked', SYSTEM, {
      patch: {
        recordLocator: booking.recordLocator,
        supplierRef: booking.supplierRef,
        ticketingTimeLimit: limit,
        paymentDeadline: deadline,
        inDoubt: false,
        // Next step: close the booking when the deadline passes unpaid.
        nextActionAt: deadline,
        leaseUntil: null,
      },
      data: { recordLocator: booking.recordLocator },
    });
  });
}
