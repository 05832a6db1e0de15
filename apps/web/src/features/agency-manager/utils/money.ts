import { minorDigits, type Currency } from '@portal/contract/currency';

/**
 * Forms show money in major units (12.34) while the contract carries integer minor units (1234). Inputs are limited
 * to the currency's own decimals, so a product of at most 1e11 and 100 is within a float's exact range and rounding
 * only removes the representation error (1.15 * 100 = 114.999...).
 */
export function majorToMinor(major: number, currency: Currency): number {
  return Math.round(major * 10 ** minorDigits(currency));
}

export function minorToMajor(minor: number, currency: Currency): number {
  return minor / 10 ** minorDigits(currency);
}
