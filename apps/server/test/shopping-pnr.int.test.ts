import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, loginAs, type TestApp } from './helpers/app.ts';
import { ACCURATE, inDays, oneWay, PNR, pollUntilDone, setCommonConfig, startSearch } from './helpers/shopping.ts';

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const ddmmm = (iso: string) => `${iso.slice(8, 10)}${MONTHS[Number(iso.slice(5, 7)) - 1]}`;
const PARTY = { adult: 2, child: 1, infant: 0 };
const hhmm = (wallClock: string) => wallClock.slice(11, 16).replace(':', '');

describe('exact search: accurate-search and analysis-pnr', () => {
  let t: TestApp;
  let operator: string;
  /** A direct flight the simulated suppliers sell, found by a normal search. */
  let flight: { carrier: string; number: string; flightNumber: string; date: string; origin: string; destination: string; bookingClass: string; departure: string; arrival: string };

  beforeAll(async () => {
    t = await createTestApp();
    operator = await loginAs(t.app, 'operator');
    // The same party as the PNR below: the booking class a supplier sells depends on the seats asked for.
    const searchId = await startSearch(t.app, operator, oneWay('PEK', 'SHA', 20, { passengers: PARTY }));
    const res = await pollUntilDone(t.app, operator, searchId, { filters: { directOnly: true } });
    const seg = res.data.items[0].legs[0].segments[0];
    const number = seg.flightNumber.replace(/^[A-Z0-9]{2}(?=\d)/, '');
    flight = {
      carrier: seg.marketingCarrier,
      number,
      flightNumber: `${seg.marketingCarrier}${number}`,
      date: seg.departure.slice(0, 10),
      origin: seg.origin,
      destination: seg.destination,
      bookingClass: seg.bookingClass,
      departure: seg.departure,
      arrival: seg.arrival,
    };
  });
  afterAll(async () => t?.close());

  const onlyThatFlight = (items: any[]) => {
    for (const s of items) {
      expect(s.legs).toHaveLength(1);
      expect(s.legs[0].segments).toHaveLength(1);
      const seg = s.legs[0].segments[0];
      expect(`${seg.marketingCarrier}${seg.flightNumber.replace(/^[A-Z0-9]{2}(?=\d)/, '')}`).toBe(flight.flightNumber);
      expect(seg.departure.slice(0, 10)).toBe(flight.date);
    }
  };

  it('accurate-search returns only the exact flight on that date', async () => {
    const start = await call(t.app, 'POST', ACCURATE, {
      token: operator,
      body: { segments: [{ flightNumber: flight.flightNumber, date: flight.date, origin: flight.origin, destination: flight.destination }] },
    });
    expect(start.code, start.message).toBe(0);
    expect(start.data.suppliersAsked).toBeGreaterThan(0);
    const res = await pollUntilDone(t.app, operator, start.data.searchId);
    expect(res.data.total).toBeGreaterThan(0);
    onlyThatFlight(res.data.items);
  });

  it('accurate-search with a booking class keeps that class only', async () => {
    const start = await call(t.app, 'POST', ACCURATE, {
      token: operator,
      body: { segments: [{ flightNumber: flight.flightNumber, date: flight.date, origin: flight.origin, destination: flight.destination, bookingClass: flight.bookingClass }], passengers: PARTY },
    });
    const res = await pollUntilDone(t.app, operator, start.data.searchId);
    expect(res.data.total).toBeGreaterThan(0);
    onlyThatFlight(res.data.items);
    for (const s of res.data.items) expect(s.legs[0].segments[0].bookingClass).toBe(flight.bookingClass);
  });

  it('accurate-search validates flights, places and dates', async () => {
    const seg = { flightNumber: flight.flightNumber, date: flight.date, origin: flight.origin, destination: flight.destination };
    const bad = async (segments: unknown[], field: string, message: string) => {
      const res = await call(t.app, 'POST', ACCURATE, { token: operator, body: { segments } });
      expect(res.status, JSON.stringify(res.data)).toBe(400);
      expect(res.data.fields[field], JSON.stringify(res.data.fields)).toBe(message);
    };
    await bad([], 'segments', 'Please add at least one flight');
    await bad([{ ...seg, flightNumber: 'C' }], 'segments.0.flightNumber', 'Invalid flight number');
    await bad([{ ...seg, date: inDays(-3) }], 'segments.0.date', 'The departure date cannot be in the past');
    await bad([{ ...seg, destination: 'PKX', origin: 'PEK' }], 'segments.0.destination', 'Origin and destination are required and must be different cities');
    await bad([{ ...seg, origin: 'QQQ' }], 'segments.0.origin', 'Unknown city or airport');
    const unknownFlight = await call(t.app, 'POST', ACCURATE, { token: operator, body: { segments: [{ ...seg, flightNumber: 'ZZ9999' }] } });
    const none = await pollUntilDone(t.app, operator, unknownFlight.data.searchId);
    expect(none.data.total).toBe(0);
    expect(none.message).toBe('No flights found, modify the conditions');
  });

  it('analysis-pnr reads a pasted display (names and segments) and searches exactly its flights', async () => {
    const text = [
      ' 1.ZHANG/SAN MR  2.LI/SI MS  3.ZHANG/XIAO MSTR(CHD/01JAN18)',
      ` 4 ${flight.carrier} ${flight.number} ${flight.bookingClass} ${ddmmm(flight.date)} 2 ${flight.origin}${flight.destination} HK3  ${hhmm(flight.departure)}  ${hhmm(flight.arrival)}`,
    ].join('\n');
    const res = await call(t.app, 'POST', PNR, { token: operator, body: { pnr: text } });
    expect(res.code, `${res.message} ${JSON.stringify(res.data)}`).toBe(0);
    expect(res.data.passengerCounts).toEqual({ adult: 2, child: 1, infant: 0 });
    expect(res.data.passengers.map((p: any) => p.surname)).toEqual(['ZHANG', 'LI', 'ZHANG']);
    expect(res.data.segments).toEqual([
      expect.objectContaining({ flightNumber: flight.flightNumber, date: flight.date, origin: flight.origin, destination: flight.destination, bookingClass: flight.bookingClass, journey: 0 }),
    ]);
    const polled = await pollUntilDone(t.app, operator, res.data.searchId);
    expect(polled.data.total).toBeGreaterThan(0);
    onlyThatFlight(polled.data.items);
    expect(polled.data.items[0].fares[0].priceList.map((p: any) => [p.passengerType, p.count])).toEqual([
      ['adult', 2],
      ['child', 1],
    ]);
  });

  it('analysis-pnr refuses unreadable text, an unknown record locator, and agencies that hide PNR booking', async () => {
    const unreadable = await call(t.app, 'POST', PNR, { token: operator, body: { pnr: 'please book me a flight' } });
    expect(unreadable.status).toBe(400);
    expect(unreadable.data.fields.pnr).toBe('The PNR could not be read: paste the itinerary display (flights and names)');
    const locator = await call(t.app, 'POST', PNR, { token: operator, body: { pnr: 'ABC123' } });
    expect(locator.status).toBe(400);
    expect(locator.message).toBe('No booking found for this record locator: paste the itinerary display instead');
    expect((await call(t.app, 'POST', PNR, { token: operator, body: { pnr: '' } })).status).toBe(400);

    await setCommonConfig(t, 'A00001', { hidePnrBooking: true });
    try {
      const hidden = await call(t.app, 'POST', PNR, { token: operator, body: { pnr: 'ABC123' } });
      expect(hidden.status).toBe(403);
      expect(hidden.message).toBe('PNR booking is not available for your agency');
    } finally {
      await setCommonConfig(t, 'A00001', { hidePnrBooking: false });
    }
    expect((await call(t.app, 'POST', PNR, { body: { pnr: 'ABC123' } })).status).toBe(401);
    const finance = await loginAs(t.app, 'finance');
    expect((await call(t.app, 'POST', PNR, { token: finance, body: { pnr: 'ABC123' } })).status).toBe(403);
    const segments = [{ flightNumber: flight.flightNumber, date: flight.date, origin: flight.origin, destination: flight.destination }];
    expect((await call(t.app, 'POST', ACCURATE, { token: finance, body: { segments } })).status).toBe(403);
  });
});
