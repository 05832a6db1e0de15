import type { TFunction } from 'i18next';
import type { BaggageAllowance } from '@portal/contract/api/shopping';

/**
 * Words for the codes and numbers of a fare, in the page's language. Suppliers send codes ("ndc", "website") and,
 * beside the baggage numbers, their own English wording ("158 cm linear"): the user sees neither raw.
 */

/** "1 × 23 kg (up to 55 × 40 × 20 cm)", "20 kg in total", "None"; a piece count when no weight is given. */
export function baggageText(a: BaggageAllowance, t: TFunction): string {
  const amount =
    a.pieces > 0 && a.weightKg !== null
      ? t('flight.fare.baggage.weight', { pieces: a.pieces, kg: a.weightKg })
      : a.pieces > 0
        ? t('flight.fare.baggage.pieces', { count: a.pieces })
        : a.weightKg
          ? t('flight.fare.baggage.weightTotal', { kg: a.weightKg })
          : null;
  if (amount === null) return t('flight.fare.baggage.none');
  const size = a.sizeCm
    ? t('flight.fare.baggage.sizeBox', { l: a.sizeCm[0], w: a.sizeCm[1], h: a.sizeCm[2] })
    : a.linearCm
      ? t('flight.fare.baggage.sizeLinear', { cm: a.linearCm })
      : null;
  return size ? t('flight.fare.baggage.withSize', { allowance: amount, size }) : amount;
}

/**
 * "Airline direct (NDC)" for "ndc"; each part of "website+virtual-interline" labelled. A code no label knows yet
 * (a new supplier's) is shown as the code rather than hidden.
 */
export function ticketingChannelLabel(code: string, t: TFunction): string {
  if (!code.trim()) return '-';
  return code
    .split('+')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => t(`flight.ticketingChannel.${part.toLowerCase()}`, { defaultValue: part.toUpperCase() }))
    .join(' + ');
}
