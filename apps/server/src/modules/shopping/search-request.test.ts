import { describe, expect, it } from 'vitest';
import { AppError } from '../../plugins/errors.ts';
import { normalizeSearch } from './search-request.ts';

const NOW = new Date('2026-11-27T08:00:00Z');
const journey = (origin: string, destination: string, originType?: 'airport' | 'city') => ({ origin, destination, originType, date: '2026-12-10' });
const body = (journeys: ReturnType<typeof journey>[]) => ({ journeys, passengers: { adult: 1, child: 0, infant: 0 }, cabin: 'economy' as const, bookingType: 'oneway' as const, directOnly: false });

function fieldsOf(run: () => unknown): Record<string, string> {
  try {
    run();
  } catch (err) {
    if (err instanceof AppError) return (err.fields ?? {}) as Record<string, string>;
    throw err;
  }
  return {};
}

// Ukraine's airspace has been closed to civil flights since February 2022 (reference data: build/src/suspended.txt).
describe('a search from or to an airport closed to civil flights', () => {
  it('is refused on the field, for the city and for the airport, either way', () => {
    expect(fieldsOf(() => normalizeSearch(body([journey('IEV', 'PEK')]), NOW))).toEqual({ 'journeys.0.origin': 'shopping.search.noCivilFlights' });
    expect(fieldsOf(() => normalizeSearch(body([journey('KBP', 'WAW', 'airport')]), NOW))).toEqual({ 'journeys.0.origin': 'shopping.search.noCivilFlights' });
    expect(fieldsOf(() => normalizeSearch(body([journey('WAW', 'LWO'), journey('LWO', 'WAW')]), NOW))).toEqual({
      'journeys.0.destination': 'shopping.search.noCivilFlights',
      'journeys.1.origin': 'shopping.search.noCivilFlights',
    });
  });

  it('leaves every other place alone', () => {
    expect(fieldsOf(() => normalizeSearch(body([journey('WAW', 'PEK')]), NOW))).toEqual({});
    expect(normalizeSearch(body([journey('KRK', 'BJS')]), NOW).journeys).toHaveLength(1);
  });
});
