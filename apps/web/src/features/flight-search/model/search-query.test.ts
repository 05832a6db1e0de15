import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import dayjs from 'dayjs';
import { defaultDraft, parseSearchUrl, refreshPastDates, serializeSearchUrl, toSearchBody } from './search-query';
import { validateSearch } from './validate-search';
import { rememberPlace, resetPlaces } from '../../../components/flight/place-labels';

beforeEach(() => {
  window.localStorage.clear();
  resetPlaces();
});
afterEach(() => vi.useRealTimers());

describe('search defaults', () => {
  it('one-way, departure tomorrow, 1 adult 0 children 0 infants, economy, not only direct (spec point 2)', () => {
    const d = defaultDraft();
    expect(d.bookingType).toBe('oneway');
    expect(d.journeys).toHaveLength(1);
    expect(d.journeys[0].date).toBe(dayjs().add(1, 'day').format('YYYY-MM-DD'));
    expect(d.passengers).toEqual({ adult: 1, child: 0, infant: 0 });
    expect(d.cabin).toBe('economy');
    expect(d.directOnly).toBe(false);
    expect(parseSearchUrl(new URLSearchParams()).draft).toEqual(d);
  });
});

describe('search URL', () => {
  it('round-trips a return search with its results and sort', () => {
    const p = new URLSearchParams('type=return&j=PEK.SHA.2030-01-10&ret=2030-01-15&adt=2&chd=1&inf=1&cabin=business&direct=1&sid=s9&at=1700000000000&sort=duration&order=desc');
    const state = parseSearchUrl(p);
    expect(state.mode).toBe('return');
    expect(state.draft.journeys[0]).toEqual({ origin: 'PEK', destination: 'SHA', date: '2030-01-10' });
    expect(state.draft.returnDate).toBe('2030-01-15');
    expect(state.draft.passengers).toEqual({ adult: 2, child: 1, infant: 1 });
    expect(state.searchId).toBe('s9');
    expect(state.sort).toBe('duration');
    expect(state.order).toBe('desc');
    expect(parseSearchUrl(serializeSearchUrl(state))).toEqual(state);
    expect(toSearchBody(state.draft)).toEqual({
      bookingType: 'return',
      journeys: [{ origin: 'PEK', destination: 'SHA', date: '2030-01-10', returnDate: '2030-01-15' }],
      passengers: { adult: 2, child: 1, infant: 1 },
      cabin: 'business',
      directOnly: true,
    });
  });

  it('keeps an airport type with its code ("SHA-a" is Hongqiao, a bare SHA the city) and sends it', () => {
    const state = parseSearchUrl(new URLSearchParams('type=return&j=BKK-a.SHA.2030-01-10&ret=2030-01-15'));
    expect(state.draft.journeys[0]).toEqual({ origin: 'BKK', originType: 'airport', destination: 'SHA', date: '2030-01-10' });
    expect(serializeSearchUrl(state).getAll('j')).toEqual(['BKK-a.SHA.2030-01-10']);
    expect(parseSearchUrl(serializeSearchUrl(state))).toEqual(state);
    expect(toSearchBody(state.draft).journeys).toEqual([
      { origin: 'BKK', originType: 'airport', destination: 'SHA', date: '2030-01-10', returnDate: '2030-01-15' },
    ]);
    // A picked city is written bare (its meaning without a type) and "-c" is read; a type without a code is dropped.
    const picked = { ...state.draft, journeys: [{ origin: 'PEK', originType: 'airport' as const, destination: 'SHA', destinationType: 'city' as const, date: '2030-01-10' }] };
    expect(serializeSearchUrl({ ...state, draft: picked }).getAll('j')).toEqual(['PEK-a.SHA.2030-01-10']);
    expect(toSearchBody(picked).journeys[0]).toMatchObject({ originType: 'airport', destinationType: 'city' });
    expect(parseSearchUrl(new URLSearchParams('j=SHA-c.pvg-A.2030-01-10')).draft.journeys[0]).toEqual({
      origin: 'SHA',
      originType: 'city',
      destination: 'PVG',
      destinationType: 'airport',
      date: '2030-01-10',
    });
    expect(parseSearchUrl(new URLSearchParams('j=S1-a.SHA-x.2030-01-10')).draft.journeys[0]).toEqual({ origin: null, destination: 'SHA', date: '2030-01-10' });
    const empty = { ...state.draft, journeys: [{ origin: null, originType: 'airport' as const, destination: null, date: null }] };
    expect(toSearchBody(empty).journeys[0]).toEqual({ origin: '', destination: '', date: '', returnDate: '2030-01-15' });
  });

  it('ignores malformed values and keeps at most 5 journeys', () => {
    const j = Array.from({ length: 7 }, (_, i) => `j=AA${i}.BBB.2030-01-1${i}`).join('&');
    const state = parseSearchUrl(new URLSearchParams(`type=multicity&${j}&cabin=luxury&adt=99&sort=nope`));
    expect(state.draft.journeys).toHaveLength(5);
    expect(state.draft.journeys[0].origin).toBeNull();
    expect(state.draft.cabin).toBe('economy');
    expect(state.draft.passengers.adult).toBe(1);
    expect(state.sort).toBe('price');
  });

  it('moves a remembered search with past dates to tomorrow and drops its results', () => {
    const state = parseSearchUrl(new URLSearchParams('j=PEK.SHA.2001-01-01&sid=old&at=1'));
    const fresh = refreshPastDates(state);
    expect(fresh.draft.journeys[0].date).toBe(dayjs().add(1, 'day').format('YYYY-MM-DD'));
    expect(fresh.searchId).toBeNull();
  });
});

describe('validateSearch (client copy of the server rules, spec point 5)', () => {
  const base = () => ({ ...defaultDraft(), journeys: [{ origin: 'PEK', destination: 'SHA', date: dayjs().add(3, 'day').format('YYYY-MM-DD') }] });

  it('accepts a complete search', () => {
    expect(validateSearch(base())).toEqual({});
  });

  it('requires origin and destination with the spec key', () => {
    const errors = validateSearch({ ...base(), journeys: [{ origin: null, destination: null, date: base().journeys[0].date }] });
    expect(errors['journeys.0.origin'].key).toBe('order.flight.booking.journeyError.rules');
    expect(errors['journeys.0.destination'].key).toBe('order.flight.booking.journeyError.rules');
  });

  it('refuses the same city, an airport counting as its city', () => {
    expect(validateSearch({ ...base(), journeys: [{ ...base().journeys[0], destination: 'PEK' }] })['journeys.0.destination'].key).toBe(
      'order.flight.booking.journeyError.rules',
    );
    rememberPlace({ type: 'airport', code: 'PKX', cityCode: 'BJS', countryCode: 'CN', name: 'Daxing', cityName: 'Beijing' });
    rememberPlace({ type: 'city', code: 'BJS', cityCode: 'BJS', countryCode: 'CN', name: 'Beijing', cityName: 'Beijing' });
    expect(validateSearch({ ...base(), journeys: [{ ...base().journeys[0], origin: 'BJS', destination: 'PKX' }] })['journeys.0.destination']).toBeDefined();
    // Pudong to Hongqiao (SHA as an airport) is still Shanghai to Shanghai.
    rememberPlace({ type: 'airport', code: 'PVG', cityCode: 'SHA', countryCode: 'CN', name: 'Pudong', cityName: 'Shanghai' });
    const hongqiao = { ...base().journeys[0], origin: 'PVG', destination: 'SHA', destinationType: 'airport' as const };
    expect(validateSearch({ ...base(), journeys: [hongqiao] })['journeys.0.destination']).toBeDefined();
  });

  it('answers flight.booking.journeyError.empty without journeys and refuses more than 5 flights', () => {
    expect(validateSearch({ ...base(), bookingType: 'multicity', journeys: [] }).journeys.key).toBe('flight.booking.journeyError.empty');
    const six = Array.from({ length: 6 }, () => base().journeys[0]);
    expect(validateSearch({ ...base(), bookingType: 'multicity', journeys: six }).journeys.key).toBe('shopping.search.tooManyJourneys');
  });

  it('refuses more infants than adults and more than 9 passengers', () => {
    expect(validateSearch({ ...base(), passengers: { adult: 1, child: 0, infant: 2 } })['passengers.infant'].key).toBe('shopping.search.infants');
    expect(validateSearch({ ...base(), passengers: { adult: 5, child: 5, infant: 0 } }).passengers.key).toBe('shopping.search.passengersMax');
  });

  it('refuses past dates and a return before the departure', () => {
    expect(validateSearch({ ...base(), journeys: [{ ...base().journeys[0], date: '2001-01-01' }] })['journeys.0.date'].key).toBe('shopping.search.datePast');
    const ret = { ...base(), bookingType: 'return' as const, returnDate: dayjs().add(1, 'day').format('YYYY-MM-DD') };
    expect(validateSearch(ret)['journeys.0.returnDate'].key).toBe('shopping.search.dateOrder');
    expect(validateSearch({ ...ret, returnDate: null })['journeys.0.returnDate'].key).toBe('shopping.search.returnDate');
  });
});
