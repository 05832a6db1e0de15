import { afterAll, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import type { FareChoice } from '@portal/contract/api/shopping';
import i18n from '../../lib/i18n';
import { FareDetails } from './FareDetails';
import { makeFare } from './test-fixtures';

const money = (amount: number, currency: string) => `${currency} ${(amount / 100).toFixed(2)}`;

/** A fare as a supplier sends it: channel codes, and its own English wording beside the baggage numbers. */
const supplierFare = (over: Partial<FareChoice> = {}): FareChoice => {
  const base = makeFare();
  return makeFare({
    baggage: {
      carryOn: { pieces: 1, weightKg: 7, dimensions: '55x40x20 cm', sizeCm: [55, 40, 20] },
      checked: { pieces: 2, weightKg: 23, dimensions: '158 cm linear', linearCm: 158 },
    },
    restrictions: { ...base.restrictions, ticketingChannel: 'ndc+virtual-interline', productType: 'website' },
    productType: 'website',
    cancellationPolicy: [
      base.cancellationPolicy[0],
      { ...base.cancellationPolicy[0], passengerType: 'infant', change: { beforeDeparture: { allowed: true, fee: 0 }, afterDeparture: { allowed: true, fee: null } }, voidAllowed: false },
    ],
    ...over,
  });
};

const show = (fare: FareChoice) => render(<FareDetails fare={fare} money={money} rulesOpen />);

afterAll(() => i18n.changeLanguage('en'));

describe('FareDetails: supplier codes and baggage in the page language (issue 14)', () => {
  it.each([
    ['en', 'Free baggage per passenger · Carry-on: 1 × 7 kg (up to 55 × 40 × 20 cm) · Checked: 2 × 23 kg (length + width + height up to 158 cm)', 'Airline direct (NDC) + Virtual interlining'],
    ['zh-CN', '每位乘客免费行李额 · 手提行李: 1件 × 7公斤（不超过55×40×20厘米） · 托运行李: 2件 × 23公斤（长宽高之和不超过158厘米）', '航司NDC直连 + 虚拟联程'],
    ['zh-TW', '每位旅客免費行李額 · 手提行李: 1件 × 7公斤（不超過55×40×20公分） · 託運行李: 2件 × 23公斤（長寬高總和不超過158公分）', '航空公司NDC直連 + 虛擬聯程'],
  ])('%s: baggage worded from its numbers, the ticketing channel labelled', async (lang, baggage, channel) => {
    await i18n.changeLanguage(lang);
    show(supplierFare());
    expect(screen.getByTestId('fare-baggage').textContent).toBe(baggage);
    const rules = screen.getByTestId('fare-rules');
    const channelLabel = within(rules).getByText(i18n.t('flight.fare.restrictions.channel'), { selector: 'dt' });
    expect(channelLabel.nextElementSibling?.textContent).toBe(channel);
    // Nothing of the supplier's own words or codes reaches the page.
    const text = screen.getByTestId('fare').textContent ?? '';
    for (const raw of ['linear', 'ndc', 'virtual-interline', '55x40x20']) expect(text, raw).not.toContain(raw);
  });

  it('a weight-concept allowance (no pieces) reads as kilograms in all, not as none', async () => {
    await i18n.changeLanguage('zh-CN');
    show(supplierFare({ baggage: { carryOn: { pieces: 0, weightKg: null, dimensions: null }, checked: { pieces: 0, weightKg: 20, dimensions: null } } }));
    expect(screen.getByTestId('fare-baggage').textContent).toBe('每位乘客免费行李额 · 手提行李: 无 · 托运行李: 共20公斤');
  });

  it('a channel code no label knows yet is shown as the code, each known part labelled', async () => {
    await i18n.changeLanguage('en');
    show(supplierFare({ restrictions: { ...makeFare().restrictions, ticketingChannel: 'GDS+consolidator' } }));
    expect(screen.getByText('Global distribution system (GDS) + CONSOLIDATOR')).toBeTruthy();
  });
});

describe('FareDetails: the rules table (issue 14)', () => {
  it('has a row per rule and a column per passenger type, so values are never seven columns abreast', async () => {
    await i18n.changeLanguage('en');
    show(supplierFare());
    const table = screen.getByTestId('fare-rules').querySelector<HTMLElement>('.flight-rules table')!;
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Rule', 'Adult', 'Infant']);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => Array.from(r.querySelectorAll('th, td')).map((c) => c.textContent));
    expect(rows).toEqual([
      ['Change before departure', 'CNY 100.00', 'Free'],
      ['Change after departure', 'CNY 200.00', 'Allowed (fee on request)'],
      ['Refund before departure', 'CNY 300.00', 'CNY 300.00'],
      ['Refund after departure', 'Not allowed', 'Not allowed'],
      ['No-show', 'CNY 500.00', 'CNY 500.00'],
      ['Void allowed', 'Yes', 'No'],
    ]);
    // The rule names head their rows; every value sits in a cell with a minimum width.
    expect(within(table).getAllByRole('rowheader')).toHaveLength(6);
    expect(table.querySelectorAll('[data-rule-value]')).toHaveLength(12);
  });
});
