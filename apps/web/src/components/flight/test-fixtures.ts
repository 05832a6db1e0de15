import type { FareChoice, Leg, Solution, SolutionsAnswer } from '@portal/contract/api/shopping';
import type { Currency } from '@portal/contract/currency';

/** Builders of shopping answers for the flight tests (not imported by the app). */
export function makeLeg(over: Partial<Leg> = {}): Leg {
  return {
    segments: [
      {
        marketingCarrier: 'CA',
        operatingCarrier: 'CA',
        flightNumber: 'CA1501',
        origin: 'PEK',
        destination: 'SHA',
        originTerminal: '3',
        destinationTerminal: '2',
        departure: '2030-01-10T08:30',
        arrival: '2030-01-10T10:45',
        departureUtc: '2030-01-10T00:30:00Z',
        arrivalUtc: '2030-01-10T02:45:00Z',
        durationMinutes: 135,
        aircraft: '333',
        cabin: 'economy',
        bookingClass: 'Y',
        seatsLeft: 9,
      },
    ],
    durationMinutes: 135,
    stops: 0,
    daysLater: 0,
    selfTransfer: false,
    ...over,
  };
}

export function makeFare(over: Partial<FareChoice> = {}, currency: Currency = 'CNY'): FareChoice {
  return {
    fareId: 'f1',
    supplier: 'SIM1',
    brand: 'Eco Flex',
    cabin: 'economy',
    fareBasis: ['YOW'],
    productType: 'fast-standard',
    baggage: { carryOn: { pieces: 1, weightKg: 7, dimensions: null }, checked: { pieces: 1, weightKg: 23, dimensions: null } },
    cancellationPolicy: [
      {
        passengerType: 'adult',
        currency,
        change: { beforeDeparture: { allowed: true, fee: 10000 }, afterDeparture: { allowed: true, fee: 20000 } },
        refund: { beforeDeparture: { allowed: true, fee: 30000 }, afterDeparture: { allowed: false, fee: null } },
        noShow: { allowed: true, fee: 50000 },
        voidAllowed: true,
      },
    ],
    restrictions: {
      minAge: null,
      maxAge: null,
      documents: ['passport'],
      allowedCountries: [],
      forbiddenCountries: [],
      invoiceType: 'Itinerary',
      ticketingChannel: 'GDS',
      productType: 'fast-standard',
    },
    priceList: [
      {
        passengerType: 'adult',
        count: 1,
        price: 123456,
        salePrice: 123456,
        currency,
        breakdown: { fare: 100000, tax: 23456, airportTax: 5000, fuelSurcharge: 0, markup: 0, serviceFee: 0 },
      },
    ],
    totalSalePrice: 123456,
    currency,
    expiresAt: null,
    virtualInterline: false,
    ...over,
  };
}

export function makeSolution(i: number, over: Partial<Solution> = {}): Solution {
  return {
    id: `sol-${i}`,
    legs: [makeLeg()],
    fares: [makeFare({ fareId: `fare-${i}` })],
    lowestAdultSalePrice: 123456 + i,
    currency: 'CNY',
    airlines: ['CA'],
    totalDurationMinutes: 135,
    ...over,
  };
}

export function makeAnswer(over: Partial<SolutionsAnswer> = {}): SolutionsAnswer {
  const items = over.items ?? [makeSolution(1), makeSolution(2)];
  return {
    searchId: 's1',
    progress: { answered: 3, asked: 3, done: true, failed: 0, timedOut: 0 },
    stale: false,
    currency: 'CNY',
    total: items.length,
    unfilteredTotal: items.length,
    page: 1,
    pageSize: 200,
    items,
    facets: {
      airlines: [
        { code: 'CA', count: 1, lowestPrice: 123456 },
        { code: 'MU', count: 1, lowestPrice: 99900 },
      ],
      stops: [
        { stops: 0, count: 1, lowestPrice: 123456 },
        { stops: 1, count: 1, lowestPrice: 99900 },
      ],
      suppliers: [],
      originAirports: [{ code: 'PEK', count: 2 }],
      destinationAirports: [{ code: 'SHA', count: 2 }],
      price: { min: 99900, max: 123456 },
      duration: { min: 135, max: 300 },
    },
    notice: null,
    ...over,
  };
}
