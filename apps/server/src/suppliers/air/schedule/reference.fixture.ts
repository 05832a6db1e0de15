import type { Airline, Airport } from '../../../modules/reference/types.ts';
import type { ReferenceData } from './reference.ts';

/**
 * A small but realistic slice of reference data for the simulators' own tests, so they run without the reference
 * module: ~50 airports with real coordinates, zones and cities, and ~50 carriers with real hubs and alliances.
 */
type Row = [code: string, city: string, country: string, lat: number, lon: number, tz: string];

const AIRPORTS: Row[] = [
  ['LHR', 'LON', 'GB', 51.47, -0.4543, 'Europe/London'],
  ['PEK', 'BJS', 'CN', 40.0799, 116.6031, 'Asia/Shanghai'],
  ['DXB', 'DXB', 'AE', 25.2532, 55.3657, 'Asia/Dubai'],
  ['PVG', 'SHA', 'CN', 31.1443, 121.8083, 'Asia/Shanghai'],
  ['CAN', 'CAN', 'CN', 23.3924, 113.2988, 'Asia/Shanghai'],
  ['HKG', 'HKG', 'HK', 22.308, 113.9185, 'Asia/Hong_Kong'],
  ['JFK', 'NYC', 'US', 40.6413, -73.7781, 'America/New_York'],
  ['CDG', 'PAR', 'FR', 49.0097, 2.5479, 'Europe/Paris'],
  ['SIN', 'SIN', 'SG', 1.3644, 103.9915, 'Asia/Singapore'],
  ['HND', 'TYO', 'JP', 35.5494, 139.7798, 'Asia/Tokyo'],
  ['FRA', 'FRA', 'DE', 50.0379, 8.5622, 'Europe/Berlin'],
  ['ICN', 'SEL', 'KR', 37.4602, 126.4407, 'Asia/Seoul'],
  ['AMS', 'AMS', 'NL', 52.3105, 4.7683, 'Europe/Amsterdam'],
  ['SZX', 'SZX', 'CN', 22.6393, 113.8107, 'Asia/Shanghai'],
  ['CTU', 'CTU', 'CN', 30.5785, 103.9471, 'Asia/Shanghai'],
  ['LAX', 'LAX', 'US', 33.9416, -118.4085, 'America/Los_Angeles'],
  ['IST', 'IST', 'TR', 41.2753, 28.7519, 'Europe/Istanbul'],
  ['SHA', 'SHA', 'CN', 31.1979, 121.3363, 'Asia/Shanghai'],
  ['BKK', 'BKK', 'TH', 13.69, 100.7501, 'Asia/Bangkok'],
  ['KMG', 'KMG', 'CN', 25.1019, 102.9292, 'Asia/Shanghai'],
  ['PKX', 'BJS', 'CN', 39.5098, 116.4105, 'Asia/Shanghai'],
  ['ORD', 'CHI', 'US', 41.9742, -87.9073, 'America/Chicago'],
  ['DOH', 'DOH', 'QA', 25.2731, 51.6081, 'Asia/Qatar'],
  ['MAD', 'MAD', 'ES', 40.4983, -3.5676, 'Europe/Madrid'],
  ['XIY', 'XIY', 'CN', 34.4471, 108.7516, 'Asia/Shanghai'],
  ['MUC', 'MUC', 'DE', 48.3537, 11.775, 'Europe/Berlin'],
  ['CKG', 'CKG', 'CN', 29.7192, 106.6417, 'Asia/Shanghai'],
  ['HGH', 'HGH', 'CN', 30.2295, 120.4344, 'Asia/Shanghai'],
  ['SFO', 'SFO', 'US', 37.6213, -122.379, 'America/Los_Angeles'],
  ['NRT', 'TYO', 'JP', 35.772, 140.3929, 'Asia/Tokyo'],
  ['KUL', 'KUL', 'MY', 2.7456, 101.7099, 'Asia/Kuala_Lumpur'],
  ['DEL', 'DEL', 'IN', 28.5562, 77.1, 'Asia/Kolkata'],
  ['SYD', 'SYD', 'AU', -33.9399, 151.1753, 'Australia/Sydney'],
  ['TPE', 'TPE', 'TW', 25.0797, 121.2342, 'Asia/Taipei'],
  ['LGW', 'LON', 'GB', 51.1537, -0.1821, 'Europe/London'],
  ['WUH', 'WUH', 'CN', 30.7838, 114.2081, 'Asia/Shanghai'],
  ['BCN', 'BCN', 'ES', 41.2974, 2.0833, 'Europe/Madrid'],
  ['XMN', 'XMN', 'CN', 24.544, 118.1277, 'Asia/Shanghai'],
  ['FCO', 'ROM', 'IT', 41.8003, 12.2389, 'Europe/Rome'],
  ['NKG', 'NKG', 'CN', 31.742, 118.862, 'Asia/Shanghai'],
  ['KIX', 'OSA', 'JP', 34.4347, 135.244, 'Asia/Tokyo'],
  ['DUB', 'DUB', 'IE', 53.4264, -6.2499, 'Europe/Dublin'],
  ['CSX', 'CSX', 'CN', 28.1892, 113.22, 'Asia/Shanghai'],
  ['HAK', 'HAK', 'CN', 19.9349, 110.459, 'Asia/Shanghai'],
  ['SGN', 'SGN', 'VN', 10.8188, 106.6519, 'Asia/Ho_Chi_Minh'],
  ['ZRH', 'ZRH', 'CH', 47.4647, 8.5492, 'Europe/Zurich'],
  ['TAO', 'TAO', 'CN', 36.362, 120.088, 'Asia/Shanghai'],
  ['URC', 'URC', 'CN', 43.9071, 87.4742, 'Asia/Shanghai'],
  ['SVO', 'MOW', 'RU', 55.9726, 37.4146, 'Europe/Moscow'],
  ['YVR', 'YVR', 'CA', 49.1967, -123.1815, 'America/Vancouver'],
  ['DMK', 'BKK', 'TH', 13.9126, 100.6068, 'Asia/Bangkok'],
  ['STN', 'LON', 'GB', 51.885, 0.235, 'Europe/London'],
];

type AirlineRow = [code: string, country: string, alliance: Airline['alliance'], lowCost: boolean, hubs: string[]];

const AIRLINES: AirlineRow[] = [
  ['CA', 'CN', 'Star Alliance', false, ['PEK', 'CTU']],
  ['MU', 'CN', 'SkyTeam', false, ['PVG', 'SHA', 'KMG', 'XIY']],
  ['CZ', 'CN', null, false, ['CAN', 'PKX', 'URC']],
  ['HU', 'CN', null, false, ['PEK', 'HAK']],
  ['3U', 'CN', null, false, ['CTU', 'CKG']],
  ['ZH', 'CN', 'Star Alliance', false, ['SZX']],
  ['MF', 'CN', 'SkyTeam', false, ['XMN']],
  ['HO', 'CN', null, false, ['PVG', 'SHA']],
  ['9C', 'CN', null, true, ['PVG', 'SHA']],
  ['CX', 'HK', 'oneworld', false, ['HKG']],
  ['UO', 'HK', null, true, ['HKG']],
  ['BR', 'TW', 'Star Alliance', false, ['TPE']],
  ['CI', 'TW', 'SkyTeam', false, ['TPE']],
  ['NH', 'JP', 'Star Alliance', false, ['HND', 'NRT']],
  ['JL', 'JP', 'oneworld', false, ['HND', 'NRT']],
  ['MM', 'JP', null, true, ['KIX']],
  ['KE', 'KR', 'SkyTeam', false, ['ICN']],
  ['7C', 'KR', null, true, ['ICN']],
  ['SQ', 'SG', 'Star Alliance', false, ['SIN']],
  ['TR', 'SG', null, true, ['SIN']],
  ['TG', 'TH', 'Star Alliance', false, ['BKK']],
  ['FD', 'TH', null, true, ['DMK']],
  ['MH', 'MY', 'oneworld', false, ['KUL']],
  ['AK', 'MY', null, true, ['KUL']],
  ['D7', 'MY', null, true, ['KUL']],
  ['VN', 'VN', 'SkyTeam', false, ['SGN']],
  ['VJ', 'VN', null, true, ['SGN']],
  ['AI', 'IN', 'Star Alliance', false, ['DEL']],
  ['6E', 'IN', null, true, ['DEL']],
  ['EK', 'AE', null, false, ['DXB']],
  ['QR', 'QA', 'oneworld', false, ['DOH']],
  ['TK', 'TR', 'Star Alliance', false, ['IST']],
  ['BA', 'GB', 'oneworld', false, ['LHR', 'LGW']],
  ['VS', 'GB', null, false, ['LHR']],
  ['U2', 'GB', null, true, ['LGW']],
  ['FR', 'IE', null, true, ['DUB', 'STN']],
  ['EI', 'IE', null, false, ['DUB']],
  ['AF', 'FR', 'SkyTeam', false, ['CDG']],
  ['KL', 'NL', 'SkyTeam', false, ['AMS']],
  ['LH', 'DE', 'Star Alliance', false, ['FRA', 'MUC']],
  ['LX', 'CH', 'Star Alliance', false, ['ZRH']],
  ['IB', 'ES', 'oneworld', false, ['MAD']],
  ['VY', 'ES', null, true, ['BCN']],
  ['AZ', 'IT', null, false, ['FCO']],
  ['SU', 'RU', null, false, ['SVO']],
  ['AA', 'US', 'oneworld', false, ['JFK', 'ORD', 'LAX']],
  ['UA', 'US', 'Star Alliance', false, ['SFO', 'ORD']],
  ['DL', 'US', 'SkyTeam', false, ['JFK', 'LAX']],
  ['AC', 'CA', 'Star Alliance', false, ['YVR']],
  ['QF', 'AU', 'oneworld', false, ['SYD']],
];

/** Carriers of the fixture that fly long-haul (beyond ~4,500 km); the others stay within narrow-body range. */
const LONG_HAUL = new Set([
  'CA', 'MU', 'CZ', 'HU', '3U', 'MF', 'HO', 'CX', 'BR', 'CI', 'NH', 'JL', 'KE', 'SQ', 'TR', 'TG', 'MH', 'D7', 'VN', 'VJ',
  'AI', '6E', 'EK', 'QR', 'TK', 'BA', 'VS', 'EI', 'AF', 'KL', 'LH', 'LX', 'IB', 'AZ', 'SU', 'AA', 'UA', 'DL', 'AC', 'QF',
]);

const CONTINENTS: Record<string, string> = {
  CN: 'AS', HK: 'AS', TW: 'AS', JP: 'AS', KR: 'AS', SG: 'AS', TH: 'AS', MY: 'AS', VN: 'AS', IN: 'AS', AE: 'AS', QA: 'AS',
  TR: 'EU', GB: 'EU', FR: 'EU', DE: 'EU', NL: 'EU', CH: 'EU', ES: 'EU', IT: 'EU', IE: 'EU', RU: 'EU',
  US: 'NA', CA: 'NA', AU: 'OC',
};

const name = (en: string) => ({ en, 'zh-CN': en, 'zh-TW': en });

const airports = new Map<string, Airport>(
  AIRPORTS.map(([code, cityCode, countryCode, lat, lon, timeZone], i) => [
    code,
    { code, cityCode, countryCode, name: name(code), lat, lon, timeZone, rank: i + 1 },
  ]),
);
const airlines = new Map<string, Airline>(
  AIRLINES.map(([code, countryCode, alliance, lowCost, hubs]) => [
    code,
    { code, countryCode, alliance, lowCost, longHaul: LONG_HAUL.has(code), hubs, name: name(code) },
  ]),
);
const airlineList = [...airlines.values()];

export const referenceFixture: ReferenceData & { allAirports(): Airport[] } = {
  getAirport: (code) => airports.get(code),
  getAirline: (code) => airlines.get(code),
  allAirlines: () => airlineList,
  allAirports: () => [...airports.values()],
  continentOf: (country) => CONTINENTS[country],
};
