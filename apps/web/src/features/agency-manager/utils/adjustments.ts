import { MAX_ADJUSTMENT_BP, MAX_AMOUNT_MINOR } from '@portal/contract/amounts';
import { ADJUSTMENT_AREAS, type AdjustmentArea, type PriceAdjustment } from '@portal/contract/api/agency-config';
import type { Currency } from '@portal/contract/currency';
import { moneyBounds, type AmountBounds } from '../../../lib/amount-rule';
import { majorToMinor, minorToMajor } from './money';

export type AdjustmentUnit = PriceAdjustment['unit'];

/**
 * The contract stores adjustments and markups as integers: basis points for percent (1% = 100) and minor units of
 * the settlement currency for fixed amounts. People type percent with 2 decimals and money in major units.
 */
export function adjustmentToInput(value: number, unit: AdjustmentUnit, currency: Currency): number {
  return unit === 'percent' ? value / 100 : minorToMajor(value, currency);
}

export function inputToAdjustment(input: number, unit: AdjustmentUnit, currency: Currency): number {
  return unit === 'percent' ? Math.round(input * 100) : majorToMinor(input, currency);
}

/**
 * A markup or area adjustment as the contract bounds it (amounts.ts, checked by PUT .../config): a percentage from
 * -100 to 100 with 2 decimals, or a fixed amount either way up to the largest single movement. Checked on the form,
 * so switching the unit never rewrites the number already typed.
 */
export function adjustmentBounds(unit: AdjustmentUnit, currency: Currency): AmountBounds {
  if (unit === 'percent') {
    const max = MAX_ADJUSTMENT_BP / 100;
    return { min: -max, max, decimals: 2, format: (b) => `${b}%` };
  }
  const max = minorToMajor(MAX_AMOUNT_MINOR, currency);
  return moneyBounds(currency, { min: -max, max });
}

/** A fee or a cap of the agency configuration: 0 up to the largest single movement. */
export function configAmountBounds(currency: Currency): AmountBounds {
  return moneyBounds(currency, { min: 0, max: minorToMajor(MAX_AMOUNT_MINOR, currency) });
}

/** One form row per area; `limit` in major units, 0 = unlimited. */
export interface AdjustmentRow {
  area: AdjustmentArea;
  value: number;
  unit: AdjustmentUnit;
  limit: number;
}

export function toAdjustmentRows(adjustments: readonly PriceAdjustment[], currency: Currency): AdjustmentRow[] {
  return ADJUSTMENT_AREAS.map((area) => {
    const stored = adjustments.find((a) => a.area === area);
    if (!stored) return { area, value: 0, unit: 'fixed', limit: 0 };
    return {
      area,
      value: adjustmentToInput(stored.value, stored.unit, currency),
      unit: stored.unit,
      limit: minorToMajor(stored.limit, currency),
    };
  });
}

/** Rows without a value adjust nothing, so they are left out rather than stored as zeros. */
export function fromAdjustmentRows(rows: readonly AdjustmentRow[], currency: Currency): PriceAdjustment[] {
  return rows
    .map((row) => ({
      area: row.area,
      value: inputToAdjustment(row.value ?? 0, row.unit, currency),
      unit: row.unit,
      limit: majorToMinor(Math.abs(row.limit ?? 0), currency),
    }))
    .filter((a) => a.value !== 0);
}
