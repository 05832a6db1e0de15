import type { FlightConfig } from '@portal/contract/api/agency-config';
import type { Currency } from '@portal/contract/currency';
import { adjustmentToInput, inputToAdjustment, type AdjustmentUnit } from './adjustments';
import { majorToMinor, minorToMajor } from './money';

/** The flight group as the form edits it: money in major units, percent as %, the time budget in seconds. */
export interface FlightFormValues {
  markupValue: number;
  markupUnit: AdjustmentUnit;
  feeBooking: number;
  feeChange: number;
  feeRefund: number;
  feeVoid: number;
  feeCurrency: Currency;
  showSuppliers: boolean;
  freeBaggageOnly: boolean;
  fareBasisOnly: boolean;
  bookingReview: boolean;
  maxResponseTimeSec: number;
  bookingNotificationUrl?: string;
  flightChangeNotificationUrl?: string;
  filterMode: FlightConfig['filterMode'];
  airlines: string[];
  suppliers: string[];
  searchMode: FlightConfig['searchMode'];
  hotRoutes: string[];
}

export function toFlightForm(flight: FlightConfig, settlement: Currency): FlightFormValues {
  const fees = flight.serviceFees;
  return {
    markupValue: adjustmentToInput(flight.markup.value, flight.markup.unit, settlement),
    markupUnit: flight.markup.unit,
    feeBooking: minorToMajor(fees.booking, fees.currency),
    feeChange: minorToMajor(fees.change, fees.currency),
    feeRefund: minorToMajor(fees.refund, fees.currency),
    feeVoid: minorToMajor(fees.void, fees.currency),
    feeCurrency: fees.currency,
    showSuppliers: flight.showSuppliers,
    freeBaggageOnly: flight.freeBaggageOnly,
    fareBasisOnly: flight.fareBasisOnly,
    bookingReview: flight.bookingReview ?? false,
    maxResponseTimeSec: flight.maxResponseTimeMs / 1000,
    bookingNotificationUrl: flight.bookingNotificationUrl ?? '',
    flightChangeNotificationUrl: flight.flightChangeNotificationUrl ?? '',
    filterMode: flight.filterMode,
    airlines: flight.airlines,
    suppliers: flight.suppliers,
    searchMode: flight.searchMode,
    hotRoutes: flight.hotRoutes,
  };
}

const url = (v: string | undefined) => v?.trim() || null;

/** The whole flight group (the contract replaces a group whole); price adjustments are edited elsewhere and kept. */
export function fromFlightForm(values: FlightFormValues, stored: FlightConfig, settlement: Currency): FlightConfig {
  const cur = values.feeCurrency;
  return {
    markup: { value: inputToAdjustment(values.markupValue ?? 0, values.markupUnit, settlement), unit: values.markupUnit },
    serviceFees: {
      booking: majorToMinor(values.feeBooking ?? 0, cur),
      change: majorToMinor(values.feeChange ?? 0, cur),
      refund: majorToMinor(values.feeRefund ?? 0, cur),
      void: majorToMinor(values.feeVoid ?? 0, cur),
      currency: cur,
    },
    showSuppliers: values.showSuppliers,
    freeBaggageOnly: values.freeBaggageOnly,
    fareBasisOnly: values.fareBasisOnly,
    bookingReview: values.bookingReview ?? false,
    maxResponseTimeMs: Math.round(values.maxResponseTimeSec * 1000),
    bookingNotificationUrl: url(values.bookingNotificationUrl),
    flightChangeNotificationUrl: url(values.flightChangeNotificationUrl),
    filterMode: values.filterMode,
    airlines: values.airlines ?? [],
    suppliers: values.suppliers ?? [],
    searchMode: values.searchMode,
    hotRoutes: values.hotRoutes ?? [],
    priceAdjustments: stored.priceAdjustments,
  };
}
