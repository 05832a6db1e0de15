import type { CabinClass, PassengerType } from '@portal/contract/api/shopping';
import type { Airport } from '../../../modules/reference/types.ts';

/** Amounts per passenger in whole yuan; converted to the supplier's currency at the end. */
export interface PaxAmounts {
  fare: number;
  airportTax: number;
  fuelSurcharge: number;
  otherTax: number;
}

export const ZERO: PaxAmounts = { fare: 0, airportTax: 0, fuelSurcharge: 0, otherTax: 0 };

export const addAmounts = (a: PaxAmounts, b: PaxAmounts): PaxAmounts => ({
  fare: a.fare + b.fare,
  airportTax: a.airportTax + b.airportTax,
  fuelSurcharge: a.fuelSurcharge + b.fuelSurcharge,
  otherTax: a.otherTax + b.otherTax,
});

export const totalOf = (a: PaxAmounts): number => a.fare + a.airportTax + a.fuelSurcharge + a.otherTax;

const round10 = (n: number) => Math.round(n / 10) * 10;

/**
 * Taxes of one flight for one passenger type, modelled on the real ones (values rounded, yuan):
 * - Airport tax of the departure airport: mainland China 50 domestic (children and infants exempt) and 90
 *   international; UK Air Passenger Duty 120 short / 800 long in economy, double in premium cabins, children exempt in
 *   economy; USA 260; elsewhere 60 domestic and 180 international.
 * - Fuel surcharge (full-service carriers only; low-cost carriers include fuel in the fare): mainland domestic 10 up to
 *   800 km and 20 beyond (children half); international 0.11 yuan per km, children alike.
 * - Other taxes on arrival: USA 300, Australia 350, other international 40.
 * Infants without a seat pay no taxes here.
 */
export function flightTaxes(from: Airport, to: Airport, km: number, cabin: CabinClass, pax: PassengerType, fullService: boolean): Omit<PaxAmounts, 'fare'> {
  if (pax === 'infant') return { airportTax: 0, fuelSurcharge: 0, otherTax: 0 };
  const domestic = from.countryCode === to.countryCode;
  const child = pax === 'child';
  let airportTax: number;
  if (from.countryCode === 'CN') airportTax = domestic ? (child ? 0 : 50) : 90;
  else if (from.countryCode === 'GB') {
    const premium = cabin !== 'economy';
    airportTax = child && !premium ? 0 : (km < 3200 ? 120 : 800) * (premium ? 2 : 1);
  } else if (from.countryCode === 'US') airportTax = 260;
  else airportTax = domestic ? 60 : 180;

  let fuelSurcharge = 0;
  if (fullService) {
    if (domestic && from.countryCode === 'CN') fuelSurcharge = (km <= 800 ? 10 : 20) / (child ? 2 : 1);
    else if (!domestic) fuelSurcharge = round10(km * 0.11);
  }

  const otherTax = domestic ? 0 : to.countryCode === 'US' ? 300 : to.countryCode === 'AU' ? 350 : 40;
  return { airportTax, fuelSurcharge, otherTax };
}
