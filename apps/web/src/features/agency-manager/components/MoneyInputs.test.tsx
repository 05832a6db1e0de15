import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CreditBody, TopUpBody, type AgencyDetail } from '@portal/contract/api/agencies';
import { api } from '../../../lib/api';
import { formatAmount } from '../../../lib/format';
import i18n from '../../../lib/i18n';
import { renderWithClient, setupAgencyTests } from '../test/harness';
import { blueSky, detailOf, tokyo } from '../test/fixtures';
import { CreditLimitModal } from './CreditLimitModal';
import { TopUpModal } from './TopUpModal';
import { FlightConfigForm } from './config/FlightConfigForm';
import { CreditPeriodForm } from './config/CreditPeriodForm';
import { PriceAdjustmentsForm } from './config/PriceAdjustmentsForm';

// Issue 9, finding 10: a typed amount is never changed behind the user's back (antd's min / max / precision would
// clamp or round it on blur and save that); out-of-range input is refused next to the field and nothing is sent.
vi.mock('../../../lib/api', () => import('../test/harness').then((h) => h.apiModule({ idempotencyKey: 'key-1' })));
vi.mock('../../../lib/notify', () => import('../test/harness').then((h) => h.notifyModule()));

type User = ReturnType<typeof userEvent.setup>;
const dialog = () => within(screen.getByRole('dialog'));
/** The number an input shows: it may be padded to the currency's decimals ("-100.00"), never clamped or rounded. */
const valueOf = (el: HTMLElement) => Number((el as HTMLInputElement).value);

/** Waits until the messages under the field labelled `label` are `expected`. */
async function expectFieldErrors(label: string, expected: string[]) {
  const item = screen.getByLabelText(label).closest('.ant-form-item') as HTMLElement;
  await waitFor(() => expect([...item.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent)).toEqual(expected));
}

async function retype(user: User, input: HTMLElement, text: string) {
  await user.clear(input);
  await user.type(input, text);
}

// The bounds are the contract's (minor units); the form says them in major units. Typed amounts just past them:
const CREDIT_MAX = CreditBody.shape.credit.maxValue!;
const TOP_UP_MAX = TopUpBody.shape.amount.maxValue!;
const pastCny = (maxMinor: number) => String(maxMinor / 100 + 1);

setupAgencyTests();
beforeEach(() => {
  vi.mocked(api.get).mockReset().mockResolvedValue({ base: 'CNY', rates: [], rateMap: { USD: '7.2' } });
  vi.mocked(api.post).mockReset();
  vi.mocked(api.put).mockReset();
});

describe('CreditLimitModal: out-of-range limits are refused, never clamped', { timeout: 20_000 }, () => {
  it('-100 shows a field error, keeps -100 in the input and sends nothing (it used to save 0)', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithClient(<CreditLimitModal agency={blueSky} onClose={vi.fn()} />);
    const input = dialog().getByLabelText('New credit limit');
    await retype(user, input, '-100');
    await user.click(dialog().getByRole('button', { name: 'Save' }));
    await expectFieldErrors('New credit limit', ['The credit limit cannot be negative']);
    expect(valueOf(input)).toBe(-100);
    await new Promise((r) => setTimeout(r, 50));
    expect(api.put).not.toHaveBeenCalled();
  });

  it('the same message in Chinese', async () => {
    await i18n.changeLanguage('zh-TW');
    try {
      const user = userEvent.setup({ delay: null });
      renderWithClient(<CreditLimitModal agency={blueSky} onClose={vi.fn()} />);
      const input = dialog().getByLabelText(i18n.t('agency.credit.newLimit'));
      await retype(user, input, '-1');
      // antd spaces out a two-character Chinese label ("儲 存").
      await user.click(dialog().getByRole('button', { name: new RegExp(i18n.t('agency.common.save').split('').join('\\s?')) }));
      await expectFieldErrors(i18n.t('agency.credit.newLimit'), ['授信額度不能為負數']);
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('above the contract maximum, or with more decimals than the currency has: refused, left as typed', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithClient(<CreditLimitModal agency={blueSky} onClose={vi.fn()} />);
    const input = dialog().getByLabelText('New credit limit');
    await retype(user, input, pastCny(CREDIT_MAX));
    await user.click(dialog().getByRole('button', { name: 'Save' }));
    await expectFieldErrors('New credit limit', [`Must be at most ${formatAmount(CREDIT_MAX, 'CNY')}`]);
    expect(valueOf(input)).toBe(CREDIT_MAX / 100 + 1);

    await retype(user, input, '12.345');
    await user.click(dialog().getByRole('button', { name: 'Save' }));
    await expectFieldErrors('New credit limit', ['At most 2 decimal places']);
    expect(valueOf(input)).toBe(12.345);
    expect(api.put).not.toHaveBeenCalled();
  });

  it('a yen limit takes whole numbers only', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithClient(<CreditLimitModal agency={tokyo} onClose={vi.fn()} />);
    const input = dialog().getByLabelText('New credit limit');
    await retype(user, input, '150000.5');
    await user.click(dialog().getByRole('button', { name: 'Save' }));
    await expectFieldErrors('New credit limit', ['Enter a whole number, without decimals']);
    expect(valueOf(input)).toBe(150000.5);
    expect(api.put).not.toHaveBeenCalled();
  });
});

describe('TopUpModal: an oversized top-up is refused, never clamped', { timeout: 30_000 }, () => {
  it('an amount above the maximum shows an error and stays as typed; nothing is reviewed or sent', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithClient(<TopUpModal agency={blueSky} onClose={vi.fn()} />);
    await user.type(dialog().getByLabelText('Received amount'), pastCny(TOP_UP_MAX));
    await user.type(dialog().getByLabelText('Reference number'), 'HSBC-001');
    const amount = dialog().getByLabelText('Amount credited (CNY)');
    await retype(user, amount, pastCny(TOP_UP_MAX));
    await user.click(dialog().getByRole('button', { name: 'Review' }));
    const message = `Must be at most ${formatAmount(TOP_UP_MAX, 'CNY')}`;
    await expectFieldErrors('Amount credited (CNY)', [message]);
    await expectFieldErrors('Received amount', [message]);
    expect(valueOf(amount)).toBe(TOP_UP_MAX / 100 + 1);
    expect(valueOf(dialog().getByLabelText('Received amount'))).toBe(TOP_UP_MAX / 100 + 1);
    expect(dialog().queryByText('Blue Sky Travel will be credited')).toBeNull();
    expect(api.post).not.toHaveBeenCalled();
  });

  it('a negative received amount and a fee over 100% are refused, not turned into 0 and 100', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithClient(<TopUpModal agency={blueSky} onClose={vi.fn()} />);
    await user.type(dialog().getByLabelText('Received amount'), '-50');
    const fee = dialog().getByLabelText('Transaction fee');
    await retype(user, fee, '150');
    await user.click(dialog().getByRole('button', { name: 'Review' }));
    await expectFieldErrors('Received amount', ['The amount must be greater than 0']);
    await expectFieldErrors('Transaction fee', ['Must be at most 100%']);
    expect(valueOf(dialog().getByLabelText('Received amount'))).toBe(-50);
    expect(valueOf(fee)).toBe(150);
    expect(api.post).not.toHaveBeenCalled();
  });
});

describe('Agency config: price adjustments, markup and service fees are refused out of range, never clamped', { timeout: 30_000 }, () => {
  it('a percent adjustment of 150 and a negative limit', async () => {
    const user = userEvent.setup({ delay: null });
    const agency: AgencyDetail = detailOf(blueSky);
    agency.config.flight = { ...agency.config.flight, priceAdjustments: [{ area: 'domestic', value: 325, unit: 'percent', limit: 5000 }] };
    renderWithClient(<PriceAdjustmentsForm agency={agency} />);
    const value = screen.getByLabelText('Adjustment for Domestic');
    const limit = screen.getByLabelText('Limit for Domestic');
    await retype(user, value, '150');
    await retype(user, limit, '-5');
    await user.click(screen.getByRole('button', { name: /Save Price adjustments/ }));
    await expectFieldErrors('Adjustment for Domestic', ['Must be at most 100%']);
    await expectFieldErrors('Limit for Domestic', ['The amount cannot be negative']);
    expect([valueOf(value), valueOf(limit)]).toEqual([150, -5]);
    expect(api.put).not.toHaveBeenCalled();
  });

  it('a negative service fee and a markup below -100%', async () => {
    const user = userEvent.setup({ delay: null });
    const agency: AgencyDetail = detailOf(blueSky);
    agency.config.flight = { ...agency.config.flight, markup: { value: 500, unit: 'percent' } };
    renderWithClient(<FlightConfigForm agency={agency} />);
    const fee = screen.getByLabelText('Booking fee');
    await retype(user, fee, '-20');
    const markup = screen.getByLabelText('Markup per passenger');
    await retype(user, markup, '-120');
    await user.click(screen.getByRole('button', { name: /Save/ }));
    await expectFieldErrors('Booking fee', ['The amount cannot be negative']);
    await waitFor(() => expect(screen.getByText('Must be at least -100%')).toBeTruthy());
    expect([valueOf(fee), valueOf(markup)]).toEqual([-20, -120]);
    expect(api.put).not.toHaveBeenCalled();
  });
});

describe('Agency config: the credit period is refused out of range, never clamped', { timeout: 20_000 }, () => {
  it('400 days stays 400 with an error; nothing is sent', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithClient(<CreditPeriodForm agency={detailOf(blueSky)} />);
    const value = screen.getByLabelText('Length');
    await retype(user, value, '400');
    await user.click(screen.getByRole('button', { name: /Save Credit period/ }));
    await waitFor(() => expect(screen.getByText('Must be at most 366')).toBeTruthy());
    expect(valueOf(value)).toBe(400);
    expect(api.put).not.toHaveBeenCalled();
  });
});
