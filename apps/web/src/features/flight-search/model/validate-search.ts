import { MAX_JOURNEYS } from '@portal/contract/api/shopping-constants';
import { MAX_PASSENGERS, today, type SearchDraft } from './search-query';
import { cityOf } from '../../../components/flight/place-labels';

/**
 * Errors by field path, the same paths the server uses in ApiError.fields ("journeys.0.destination"), so client and
 * server messages land on the same fields. Values are i18n keys plus parameters; the form translates them.
 */
export type ErrorKey = { key: string; params?: Record<string, unknown> };
export type SearchErrors = Record<string, ErrorKey>;

/** The spec's keys (point 5) and the server's own (contract messages), so both sides say the same thing. */
export const JOURNEY_EMPTY: ErrorKey = { key: 'flight.booking.journeyError.empty' };
export const JOURNEY_RULES: ErrorKey = { key: 'order.flight.booking.journeyError.rules' };

export function validateSearch(draft: SearchDraft): SearchErrors {
  const errors: SearchErrors = {};
  const rows = draft.bookingType === 'multicity' ? draft.journeys : draft.journeys.slice(0, 1);
  const now = today();
  if (rows.length === 0) errors.journeys = JOURNEY_EMPTY;
  if (rows.length > MAX_JOURNEYS) errors.journeys = { key: 'shopping.search.tooManyJourneys' };

  rows.forEach((j, i) => {
    const at = `journeys.${i}`;
    if (!j.origin) errors[`${at}.origin`] = JOURNEY_RULES;
    if (!j.destination) errors[`${at}.destination`] = JOURNEY_RULES;
    if (j.origin && j.destination && cityOf(j.origin, j.originType) === cityOf(j.destination, j.destinationType)) errors[`${at}.destination`] = JOURNEY_RULES;
    if (!j.date) errors[`${at}.date`] = { key: 'validation.required' };
    else if (j.date < now) errors[`${at}.date`] = { key: 'shopping.search.datePast' };
    else if (i > 0 && rows[i - 1].date && j.date < (rows[i - 1].date as string)) errors[`${at}.date`] = { key: 'shopping.search.dateOrder' };
  });

  if (draft.bookingType === 'return') {
    const dep = rows[0]?.date;
    if (!draft.returnDate) errors['journeys.0.returnDate'] = { key: 'shopping.search.returnDate' };
    else if (dep && draft.returnDate < dep) errors['journeys.0.returnDate'] = { key: 'shopping.search.dateOrder' };
  }

  const { adult, child, infant } = draft.passengers;
  if (adult + child + infant === 0) errors['passengers.adult'] = { key: 'shopping.search.passengersEmpty' };
  else if (adult < 1) errors['passengers.adult'] = { key: 'shopping.search.childAlone' };
  else if (infant > adult) errors['passengers.infant'] = { key: 'shopping.search.infants' };
  if (adult + child + infant > MAX_PASSENGERS) errors.passengers = { key: 'shopping.search.passengersMax' };
  return errors;
}
