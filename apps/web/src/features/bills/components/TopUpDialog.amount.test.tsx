import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CreateWalletPaymentBody } from '@portal/contract/api/bills';
import { api } from '../../../lib/api';
import { formatAmount } from '../../../lib/format';
import { renderPage, setupBillsTests } from '../../../components/bills/test-harness';
import { TopUpDialog } from './TopUpDialog';

// Issue 9, finding 10: the online top-up amount is refused out of range, never clamped to 0 or rounded on blur.
vi.mock('../../../lib/api', () => import('../../../components/bills/test-harness').then((h) => h.apiModule({ idempotencyKey: 'key-1' })));
vi.mock('../../../components/payments/redirect', () => ({ redirectTo: vi.fn() }));

const MAX = CreateWalletPaymentBody.shape.amount.maxValue!;

function open() {
  renderPage(<TopUpDialog open onClose={vi.fn()} channels={[{ channel: 'alipay', feeBp: 60, usable: true }]} currency="CNY" />, '/bills/wallet');
  const dialog = within(screen.getByRole('dialog'));
  return { dialog, amount: dialog.getByRole('spinbutton') as HTMLInputElement, submit: () => dialog.getByRole('button', { name: /Continue to payment/ }) };
}

async function expectError(dialog: ReturnType<typeof within>, text: string | RegExp) {
  await waitFor(() => expect(dialog.getByRole('spinbutton').closest('.ant-form-item')!.querySelector('.ant-form-item-explain-error')?.textContent).toMatch(text));
}

setupBillsTests();
beforeEach(() => {
  vi.mocked(api.post).mockReset();
});

describe('TopUpDialog: amount bounds', { timeout: 20_000 }, () => {
  it('-5, too many decimals and past the maximum are refused and left as typed; nothing is sent', async () => {
    const user = userEvent.setup({ delay: null });
    const { dialog, amount, submit } = open();
    await user.type(amount, '-5');
    await user.click(submit());
    await expectError(dialog, /greater than 0|positive amount/);
    expect(Number(amount.value)).toBe(-5);

    await user.clear(amount);
    await user.type(amount, '10.005');
    await user.click(submit());
    await expectError(dialog, /decimal/);
    expect(amount.value).toBe('10.005');

    await user.clear(amount);
    const past = String(MAX / 100 + 1);
    await user.type(amount, past);
    await user.click(submit());
    await expectError(dialog, `Must be at most ${formatAmount(MAX, 'CNY')}`);
    expect(Number(amount.value)).toBe(MAX / 100 + 1);
    expect(api.post).not.toHaveBeenCalled();
  });
});
