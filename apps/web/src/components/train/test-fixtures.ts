import type { TrainSearchAnswer, TrainService } from '@portal/contract/api/trains';

export function makeService(over: Partial<TrainService> & { trainNumber: string }): TrainService {
  const type = over.trainNumber[0] as TrainService['trainType'];
  return {
    serviceId: `SVC-${over.trainNumber}`,
    supplier: 'sim-rail',
    trainType: type,
    origin: { code: 'VNP', name: 'Beijing South' },
    terminus: { code: 'AOH', name: 'Shanghai Hongqiao' },
    from: { code: 'VNP', name: 'Beijing South', time: '07:00' },
    to: { code: 'AOH', name: 'Shanghai Hongqiao', time: '11:35' },
    departureAt: '2030-01-10T07:00',
    arrivalAt: '2030-01-10T11:35',
    durationMinutes: 275,
    crossesDays: false,
    stops: 2,
    distanceKm: 1318,
    currency: 'CNY',
    classes: [
      { seatClass: 'business', price: 174_800, childPrice: 87_400, available: 3 },
      { seatClass: 'first', price: 93_300, childPrice: 46_650, available: 0 },
      { seatClass: 'second', price: 55_300, childPrice: 27_650, available: 'many' },
    ],
    ...over,
  };
}

export const G1 = makeService({ trainNumber: 'G1' });
export const D701 = makeService({
  trainNumber: 'D701',
  trainType: 'D',
  origin: { code: 'BJP', name: 'Beijing' },
  terminus: { code: 'SHH', name: 'Shanghai' },
  from: { code: 'BJP', name: 'Beijing', time: '19:30' },
  to: { code: 'SHH', name: 'Shanghai', time: '07:12' },
  departureAt: '2030-01-10T19:30',
  arrivalAt: '2030-01-11T07:12',
  durationMinutes: 702,
  crossesDays: true,
  stops: 0,
  classes: [
    { seatClass: 'soft_sleeper', price: 120_000, childPrice: 70_000, available: 12, berthPrices: [] },
    { seatClass: 'second', price: 40_900, childPrice: 20_450, available: 0 },
  ],
});

export function makeAnswer(services: TrainService[], over: Partial<TrainSearchAnswer> = {}): TrainSearchAnswer {
  return {
    date: '2030-01-10',
    total: services.length,
    services,
    facets: {
      trainTypes: [
        { value: 'G', count: 1 },
        { value: 'D', count: 1 },
      ],
      fromStations: [
        { code: 'VNP', name: 'Beijing South', count: 1 },
        { code: 'BJP', name: 'Beijing', count: 1 },
      ],
      toStations: [
        { code: 'AOH', name: 'Shanghai Hongqiao', count: 1 },
        { code: 'SHH', name: 'Shanghai', count: 1 },
      ],
      seatClasses: [
        { value: 'business', count: 1 },
        { value: 'second', count: 1 },
        { value: 'soft_sleeper', count: 1 },
      ],
    },
    notice: services.length ? null : 'train.search.noTrains',
    ...over,
  };
}

/**
 * lib/session mocked as an operator of an agency with the train service, for the booking pages' tests:
 *   vi.mock('../../../lib/session', () => import('../../../components/train/test-fixtures').then((f) => f.operatorSessionModule()));
 */
export function operatorSessionModule() {
  const me = {
    userInfo: {
      id: 'me',
      username: 'agent7',
      nickname: 'Li Lei',
      email: 'lilei@agency.example',
      areaCode: '86',
      mobile: '13800138000',
      roles: ['operator'],
      config: { dateFormat: 'yyyy-MM-dd', cities: [], defaultRegion: '86' },
    },
    company: { config: { commonConfig: { settlementCurrency: 'CNY', enableTrainService: true } } },
  };
  return { useSession: () => ({ me }) };
}
