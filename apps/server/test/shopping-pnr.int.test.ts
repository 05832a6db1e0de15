import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, loginAs, type TestApp } from './helpers/app.ts';
import { ACCURATE, inDays, oneWay, PNR, pollUntilDone, setCommonConfig, startSearch } from './helpers/shopping.ts';

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const ddmmm = (iso: string) => `${iso.slice(8, 10)}${MONTHS[Number(iso.slice(5, 7)) - 1]}`;
const PARTY = { adult: 2, child: 1, infant: 0 };
const hhmm = (wallClock: string) => wallClock.slice(11, 16).replace(':', '');
/** Amadeus weekday digit of a date (1 Monday ... 7 Sunday): the parser checks it against the date. */
const dow = (iso: string) => ((new Date(`${iso}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
const ETERM_DOW = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];
const etermDate = (iso: string) => `${ETERM_DOW[new Date(`${iso}T00:00:00Z`).getUTCDay()]}${ddmmm(iso)}`;

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
      ` 4 ${flight.carrier} ${flight.number} ${flight.bookingClass} ${ddmmm(flight.date)} ${dow(flight.date)} ${flight.origin}${flight.destination} HK3  ${hhmm(flight.departure)}  ${hhmm(flight.arrival)}`,
    ].join('\n');
    const res = await call(t.app, 'POST', PNR, { token: operator, body: { pnr: text } });
    expect(res.code, `${res.message} ${JSON.stringify(res.data)}`).toBe(0);
    expect(res.data.passengerCounts).toEqual({ adult: 2, child: 1, infant: 0 });
    expect(res.data.passengers.map((p: any) => p.surname)).toEqual(['ZHANG', 'LI', 'ZHANG']);
    expect(res.data.segments).toEqual([
      expect.objectContaining({ flightNumber: flight.flightNumber, date: flight.date, origin: flight.origin, destination: flight.destination, bookingClass: flight.bookingClass, journey: 0 }),
    ]);
    expect(res.data.group).toBeNull();
    expect(res.data.skipped).toEqual([]);
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
  /** An eTerm segment line of the test flight, with `seats` held and another city pair if given. */
  const etermSegment = (n: number, seats: number, pair = `${flight.origin}${flight.destination}`) =>
    ` ${n}.  ${flight.carrier}${flight.number} ${flight.bookingClass}   ${etermDate(flight.date)}  ${pair} HK${seats}   ${hhmm(flight.departure)} ${hhmm(flight.arrival)}          E`;

  it('analysis-pnr sets aside a segment with an unknown airport, says which line, and searches the rest', async () => {
    const text = [' 1.张三 2.ZHANG/SAN MR HX7Z2P', etermSegment(3, 2), etermSegment(4, 2, `${flight.destination}QQQ`), ' 5.RMK CA/NE8XYZ', ' 6.PEK123'].join('\r');
    const res = await call(t.app, 'POST', PNR, { token: operator, body: { pnr: text } });
    expect(res.code, `${res.message} ${JSON.stringify(res.data)}`).toBe(0);
    expect(res.data.recordLocator).toBe('HX7Z2P');
    expect(res.data.passengers).toEqual([
      { surname: '张三', givenName: '', title: null, type: 'adult' },
      { surname: 'ZHANG', givenName: 'SAN', title: 'MR', type: 'adult' },
    ]);
    expect(res.data.segments.map((s: any) => [s.flightNumber, s.origin, s.destination])).toEqual([[flight.flightNumber, flight.origin, flight.destination]]);
    expect(res.data.skipped).toEqual([
      {
        line: 3,
        text: etermSegment(4, 2, `${flight.destination}QQQ`).trim(),
        flightNumber: flight.flightNumber,
        reason: 'unknownAirport',
        message: `Line 3: ${flight.flightNumber} was not understood: airport QQQ is unknown`,
      },
    ]);
    expect(res.data.group).toBeNull();
    const polled = await pollUntilDone(t.app, operator, res.data.searchId);
    expect(polled.data.total).toBeGreaterThan(0);
    onlyThatFlight(polled.data.items);
  });

  it('analysis-pnr leaves the locator empty for an eTerm record not saved yet, and keeps the whole last name', async () => {
    // DK: sold but not through end of transaction, so eTerm shows no locator after the names.
    const text = [' 1.SMITH/JOHN MASTER 2.MOHAMMED/ABDUL RAHMAN', etermSegment(3, 2).replace(' HK2 ', ' DK2 ')].join('\n');
    const res = await call(t.app, 'POST', PNR, { token: operator, body: { pnr: text } });
    expect(res.code, `${res.message} ${JSON.stringify(res.data)}`).toBe(0);
    expect(res.data.recordLocator).toBeNull();
    expect(res.data.passengers).toEqual([
      { surname: 'SMITH', givenName: 'JOHN MASTER', title: null, type: 'adult' },
      { surname: 'MOHAMMED', givenName: 'ABDUL RAHMAN', title: null, type: 'adult' },
    ]);
    expect(res.data.segments.map((s: any) => [s.flightNumber, s.status])).toEqual([[flight.flightNumber, 'DK']]);
  });

  it('analysis-pnr answers a group booking with the group offer and starts no search', async () => {
    const grp = await call(t.app, 'POST', PNR, {
      token: operator,
      lang: 'zh-CN',
      body: { pnr: [' 0.20BEIJING TOUR NM2 HX7Z2P', ' 1.张三 2.李四', etermSegment(3, 20)].join('\n') },
    });
    expect(grp.code, `${grp.message} ${JSON.stringify(grp.data)}`).toBe(0);
    expect(grp.data.searchId).toBeNull();
    expect(grp.data.suppliersAsked).toBe(0);
    expect(grp.data.group).toEqual({ seats: 20, name: 'BEIJING TOUR', message: '这是团队订座（20人）：请提交团队申请' });
    expect(grp.data.passengerCounts).toEqual({ adult: 2, child: 0, infant: 0 });

    // Ten names without a group line: more than one search takes, so a group too.
    const names = Array.from({ length: 10 }, (_, i) => `${i + 1}.WANG/P${String.fromCharCode(65 + i)} MR`);
    const ten = await call(t.app, 'POST', PNR, {
      token: operator,
      body: { pnr: [` ${names.slice(0, 5).join(' ')}`, ` ${names.slice(5).join(' ')}`, ` 11 ${flight.carrier} ${flight.number} ${flight.bookingClass} ${ddmmm(flight.date)} ${dow(flight.date)} ${flight.origin}${flight.destination} HK10`].join('\n') },
    });
    expect(ten.code, `${ten.message} ${JSON.stringify(ten.data)}`).toBe(0);
    expect(ten.data.searchId).toBeNull();
    expect(ten.data.passengerCounts).toEqual({ adult: 10, child: 0, infant: 0 });
    expect(ten.data.group).toEqual({ seats: 10, name: null, message: 'This is a group booking (10 passengers): please send a group request' });
  });

  it('analysis-pnr refuses a line it cannot read with the line and the reason, in the caller\'s language', async () => {
    const text = [' 1.ZHANG/SAN MR', ` 2  ${flight.carrier}${flight.number} Y 31APR 5 ${flight.origin}${flight.destination} HK1  0800 1010`].join('\n');
    const en = await call(t.app, 'POST', PNR, { token: operator, body: { pnr: text } });
    expect(en.status).toBe(400);
    expect(en.data.fields.pnr).toBe('Line 2: the date 31APR 5 does not exist');
    const zh = await call(t.app, 'POST', PNR, { token: operator, lang: 'zh-TW', body: { pnr: text } });
    expect(zh.data.fields.pnr).toBe('第2行：日期31APR 5不存在');

    const name = await call(t.app, 'POST', PNR, { token: operator, body: { pnr: [' 1.ZHANGSAN 2.李四 HX7Z2P', etermSegment(3, 2)].join('\n') } });
    expect(name.status).toBe(400);
    expect(name.data.fields.pnr).toBe('Line 1: the passenger name "1.ZHANGSAN" could not be read (Latin names are written SURNAME/GIVEN NAME)');

    // Every flight set aside: nothing to search, and the answer says why, line by line.
    const flown = await call(t.app, 'POST', PNR, { token: operator, body: { pnr: ` 1.ZHANG/SAN MR\n 2  ${flight.carrier}${flight.number} Y ${ddmmm(flight.date)} ${dow(flight.date)} ${flight.origin}${flight.destination} FLWN` } });
    expect(flown.status).toBe(400);
    expect(flown.data.fields.pnr).toBe(`No flight of this display can be searched. Line 2: ${flight.flightNumber} has been flown and is not searched again`);
  });
});
