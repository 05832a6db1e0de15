import { describe, expect, it } from 'vitest';
import { CABIN_CLASSES, INVOICE_TYPES, PASSENGER_TYPES, TICKETING_CHANNELS, TICKETING_SPEEDS } from '@portal/contract/api/shopping-constants';
import { DOCUMENT_TYPES } from '@portal/contract/api/flight-orders';
import en from '../../locales/en/flight.json';
import zhCN from '../../locales/zh-CN/flight.json';
import zhTW from '../../locales/zh-TW/flight.json';

type Labels = Record<string, string>;
const FILES = { en, 'zh-CN': zhCN, 'zh-TW': zhTW };

/** Every code a fare, an order or the search results can carry, by the locale group that labels it. */
const CODES: [group: string, codes: readonly string[]][] = [
  ['cabin', CABIN_CLASSES],
  ['passengerType', PASSENGER_TYPES],
  // The product types and `all` (spec point 3), which the results' ticketing-speed filter offers first.
  ['productType', TICKETING_SPEEDS],
  ['invoiceType', INVOICE_TYPES],
  ['ticketingChannel', TICKETING_CHANNELS],
  ['documents', DOCUMENT_TYPES],
];

describe('flight code labels (issue 14: no raw supplier code on a page)', () => {
  it.each(Object.entries(FILES))('%s labels every contract code the flight pages show', (_, file) => {
    const flight = file.flight as unknown as Record<string, Labels>;
    for (const [group, codes] of CODES) {
      for (const code of codes) expect(flight[group]?.[code], `${group}.${code}`).toBeTruthy();
    }
  });

  it('the Chinese labels of channels and ticketing speeds are not the English ones', () => {
    for (const zh of [zhCN, zhTW]) {
      for (const code of TICKETING_CHANNELS) expect((zh.flight.ticketingChannel as Labels)[code]).not.toBe((en.flight.ticketingChannel as Labels)[code]);
      for (const code of TICKETING_SPEEDS) expect((zh.flight.productType as Labels)[code]).not.toBe((en.flight.productType as Labels)[code]);
    }
  });
});
