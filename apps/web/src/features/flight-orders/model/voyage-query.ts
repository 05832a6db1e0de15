import { z } from 'zod';
import dayjs from 'dayjs';
import { VoyageQuery } from '@portal/contract/api/flight-orders';

const DAY = 'YYYY-MM-DD';
const DateOnly = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** The travel view looks ahead by default: departures from today to 30 days on. */
export const VOYAGE_DAYS_AHEAD = 30;

export const defaultDepartureFrom = () => dayjs().format(DAY);
export const defaultDepartureTo = () => dayjs().add(VOYAGE_DAYS_AHEAD, 'day').format(DAY);

/** The travel view's URL: the contract's query with a departure range that is always set. */
export const voyageUrlQuery = VoyageQuery.omit({ status: true }).extend({
  departureFrom: DateOnly.default(defaultDepartureFrom),
  departureTo: DateOnly.default(defaultDepartureTo),
});
export type VoyageUrlQuery = z.output<typeof voyageUrlQuery>;
