import { useTranslation } from 'react-i18next';
import type { FlightOrder } from '@portal/contract/api/flight-orders';
import { formatDate } from '../../../../lib/format';

/**
 * A flight of the order named for a checkbox or a list: "Flight 1 · PEK → SHA · 2030-01-10 · CA1501". Indices are the
 * original order's legs (0-based), as the after-sales routes count them.
 */
export function useLegText(legs: FlightOrder['legs'], dateFormat: string) {
  const { t } = useTranslation();
  return (index: number) => {
    const leg = legs[index];
    const n = t('orders.afterSales.legN', { n: index + 1 });
    if (!leg || leg.segments.length === 0) return n;
    const first = leg.segments[0];
    const last = leg.segments[leg.segments.length - 1];
    const numbers = leg.segments.map((s) => s.flightNumber).join('/');
    return `${n} · ${first.origin} → ${last.destination} · ${formatDate(first.departure.slice(0, 10), dateFormat)} · ${numbers}`;
  };
}
