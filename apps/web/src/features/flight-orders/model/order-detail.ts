import { minorDigits, minorToDecimal, type Currency } from '@portal/contract/currency';
import type { FlightOrder, OrderPriceLine } from '@portal/contract/api/flight-orders';
import type { FareChoice } from '@portal/contract/api/shopping';
import type { Language } from '@portal/contract/languages';

/** What the itinerary form holds: amounts in major units of the order currency, as the user reads and types them. */
export interface ItineraryValues {
  fare: number | null;
  tax: number | null;
  serviceCharge: number | null;
  quantity: number | null;
  lang: Language;
}

const major = (minor: number, currency: Currency) => Number(minorToDecimal(minor, currency));

/** Major units typed by the user to integer minor units, rounded to the currency's decimals. */
export function toMinorUnits(value: number, currency: Currency): number {
  return Math.round(value * 10 ** minorDigits(currency));
}

/** The line the itinerary starts from: the adult's, else the first. */
export const mainPriceLine = (order: FlightOrder): OrderPriceLine | undefined =>
  order.priceLines.find((l) => l.passengerType === 'adult') ?? order.priceLines[0];

/**
 * Spec point 5, ticket download: the form starts from the adult price line. The tax is every tax in the face value
 * (face value minus the fare: airport tax, fuel surcharge and other taxes together, never counted twice); the service
 * charge is the service fee; the quantity is the number of passengers.
 */
export function itineraryDefaults(order: FlightOrder, lang: Language): ItineraryValues {
  const line = mainPriceLine(order);
  const c = order.currency;
  return {
    fare: line ? major(line.ticketPrice, c) : null,
    tax: line ? major(line.faceValue - line.ticketPrice, c) : null,
    serviceCharge: line ? major(line.serviceFee, c) : null,
    quantity: order.passengers.length || null,
    lang,
  };
}

/**
 * The order's fare in the shape the shared fare view (components/flight/FareDetails) reads, so the detail shows the
 * same baggage, cancellation rules and restrictions the agent saw when booking.
 */
export function fareOf(order: FlightOrder): FareChoice {
  return {
    fareId: order.id,
    supplier: order.supplier,
    brand: order.brand,
    cabin: order.cabin,
    fareBasis: order.fareBasis,
    productType: order.productType,
    baggage: order.baggage,
    cancellationPolicy: order.cancellationPolicy,
    restrictions: order.restrictions,
    priceList: order.priceLines.map((l) => ({
      passengerType: l.passengerType,
      count: l.count,
      price: l.faceValue,
      salePrice: l.sellingPrice,
      currency: order.currency,
      breakdown: { fare: l.ticketPrice, tax: l.tax, airportTax: l.airportTax, fuelSurcharge: l.fuelSurcharge, markup: -l.discount, serviceFee: l.serviceFee },
    })),
    totalSalePrice: order.total,
    currency: order.currency,
    expiresAt: null,
    virtualInterline: false,
  };
}
