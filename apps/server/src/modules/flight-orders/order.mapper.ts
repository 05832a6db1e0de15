import type { DeskAction, FlightOrder, OrderAction, OrderListItem, OrderPassenger, OrderPriceLine } from '@portal/contract/api/flight-orders';
import { PRODUCT_TYPE_MINUTES, type FareChoice, type PassengerType } from '@portal/contract/api/shopping';
import { maskDocumentNumber } from '@portal/contract/passengers/validate';
import type { SupplierOffer } from '../../suppliers/air/types.ts';
import { toLeg } from '../shopping/engine/solutions.ts';
import { eventsFrom, type OrderActor } from './order.states.ts';
import type { EventRow, ListedOrder, OrderRow, PassengerRow, SegmentRow } from './order.repository.ts';

/** What the caller may see and do: agencies never see costs; suppliers only when their config shows them. */
export interface Viewer {
  platform: boolean;
  /** Reading another agency's order as the platform's desk: the agency's own actions (pay, cancel) are not offered. */
  asDesk: boolean;
  desk: boolean;
  showSuppliers: boolean;
  now: Date;
}

export function priceLines(fare: FareChoice, platform: boolean): OrderPriceLine[] {
  return fare.priceList
    .filter((p) => p.count > 0)
    .map((p) => ({
      passengerType: p.passengerType,
      count: p.count,
      ticketPrice: p.breakdown.fare,
      faceValue: p.price,
      tax: p.breakdown.tax,
      airportTax: p.breakdown.airportTax,
      fuelSurcharge: p.breakdown.fuelSurcharge,
      // Markups never go below the net (pricing.markupFor), so the agency price carries no discount today.
      discount: Math.max(0, -p.breakdown.markup),
      serviceFee: p.breakdown.serviceFee,
      sellingPrice: p.salePrice,
      costPrice: platform ? p.price : null,
    }));
}

export function agencyActions(order: OrderRow, now: Date): OrderAction[] {
  const events = eventsFrom(order.status, 'agency', order.type);
  const actions: OrderAction[] = [];
  if (events.includes('pay') && (!order.paymentDeadline || order.paymentDeadline > now)) actions.push('pay');
  if (events.includes('cancel')) actions.push('cancel');
  if (order.status === 'issued') actions.push('downloadItinerary', 'downloadTicket');
  return actions;
}

export function deskActions(order: OrderRow): DeskAction[] {
  const events = new Set<string>(eventsFrom(order.status, 'platform', order.type));
  const out: DeskAction[] = [];
  if (events.has('approve') || events.has('quote') || events.has('requote')) out.push('approve');
  if (events.has('reject')) out.push('reject');
  if (events.has('retry_ticketing') || events.has('retry')) out.push('retryTicketing');
  if (events.has('mark_failed') || events.has('book_failed') || events.has('supplier_refused')) out.push('markFailed');
  // A change is finished only with the airline's new tickets, which the reissue call brings; refund and void the desk may settle by hand.
  if (events.has('supplier_done') && order.type !== 'change') out.push('markProcessed');
  return out;
}

function toPassenger(p: PassengerRow): OrderPassenger {
  return {
    id: p.id,
    type: p.type as PassengerType,
    surname: p.surname,
    givenNames: p.givenNames,
    gender: p.gender as OrderPassenger['gender'],
    birthday: p.birthday,
    nationality: p.nationality,
    document: {
      type: p.documentType,
      number: maskDocumentNumber(p.documentNumber),
      expiryDate: p.documentExpiry,
      issuingCountry: p.documentIssuingCountry,
    },
    frequentFlyer: (p.frequentFlyer as OrderPassenger['frequentFlyer']) ?? null,
    ticketNumber: p.ticketNumber,
  };
}

const ACTOR_KIND: Record<string, OrderActor | 'user'> = { user: 'user', platform: 'platform', system: 'system' };

/** The order's own fields; the after-sales part (request, related, voidDeadline, notices) is added by the query. */
export function toFlightOrder(
  order: OrderRow,
  parts: { passengers: PassengerRow[]; events: EventRow[]; createdByName: string | null; companyName: string },
  viewer: Viewer,
): Omit<FlightOrder, 'request' | 'related' | 'voidDeadline' | 'notices'> {
  const offer = order.offer as SupplierOffer;
  const fare = order.fare as FareChoice;
  return {
    id: order.id,
    bookingNumber: order.bookingNumber,
    type: order.type,
    originalOrderId: order.originalOrderId,
    status: order.status,
    paymentStatus: order.paymentStatus,
    recordLocator: order.recordLocator,
    supplier: viewer.platform || viewer.showSuppliers ? order.supplier : null,
    validatingCarrier: order.validatingCarrier,
    cabin: fare.cabin,
    brand: fare.brand,
    fareBasis: fare.fareBasis,
    productType: fare.productType,
    ticketingPromiseMinutes: PRODUCT_TYPE_MINUTES[fare.productType] ?? null,
    invoiceType: fare.restrictions.invoiceType,
    baggage: fare.baggage,
    cancellationPolicy: fare.cancellationPolicy,
    restrictions: fare.restrictions,
    legs: offer.legs.map(toLeg),
    passengers: parts.passengers.map(toPassenger),
    contact: order.contact as FlightOrder['contact'],
    currency: fare.currency,
    priceLines: priceLines(fare, viewer.platform),
    total: order.total,
    transactionFee: order.transactionFee,
    costTotal: viewer.platform ? order.costTotal : null,
    paymentDeadline: order.paymentDeadline?.toISOString() ?? null,
    paymentMethod: (order.paymentMethod as FlightOrder['paymentMethod']) ?? null,
    paidAt: order.paidAt?.toISOString() ?? null,
    issuedAt: order.issuedAt?.toISOString() ?? null,
    reviewRemark: order.reviewRemark,
    remark: order.remark,
    createdAt: order.createdAt.toISOString(),
    createdBy: { id: order.createdBy, name: parts.createdByName },
    companyName: parts.companyName,
    actions: viewer.asDesk ? [] : agencyActions(order, viewer.now),
    deskActions: viewer.desk ? deskActions(order) : [],
    events: parts.events.map((e) => ({
      at: e.createdAt.toISOString(),
      event: e.event,
      from: e.fromStatus,
      to: e.toStatus,
      actor: { kind: (ACTOR_KIND[e.actorKind] ?? 'system') as 'user' | 'platform' | 'system', name: e.actorName },
      remark: e.remark,
    })),
  };
}

export function routeOf(segments: Pick<SegmentRow, 'leg' | 'origin' | 'destination'>[]): string {
  const points: string[] = [];
  let leg = -1;
  for (const s of segments) {
    if (s.leg !== leg) {
      if (points.length && points[points.length - 1] !== s.origin) points.push('/', s.origin);
      else if (!points.length) points.push(s.origin);
      leg = s.leg;
    }
    points.push(s.destination);
  }
  // "PEK-SHA-PEK"; an open jaw "PEK-SHA/PVG-PEK".
  return points.join('-').replaceAll('-/-', '/');
}

export function toListItem(l: ListedOrder): OrderListItem {
  const o = l.order;
  return {
    id: o.id,
    bookingNumber: o.bookingNumber,
    type: o.type,
    status: o.status,
    paymentStatus: o.paymentStatus,
    recordLocator: o.recordLocator,
    validatingCarrier: o.validatingCarrier,
    route: routeOf(l.segments),
    flightNumbers: l.segments.map((s) => s.flightNumber),
    departure: l.segments[0]?.departure ?? '',
    passengers: l.passengers.map((p) => `${p.surname}/${p.givenNames}`),
    ticketNumbers: l.passengers.map((p) => p.ticketNumber).filter((t): t is string => !!t),
    total: o.total,
    currency: o.currency as OrderListItem['currency'],
    paymentDeadline: o.paymentDeadline?.toISOString() ?? null,
    createdAt: o.createdAt.toISOString(),
    createdBy: l.createdByName,
  };
}
