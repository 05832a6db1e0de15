import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GroupOrder, GroupPayment } from '@portal/contract/api/group-orders';
import { Code } from '@portal/contract/codes';
import { ApiError, api } from '../../../lib/api';
import { renderPage, setupOrderTests } from '../../../components/orders/test-harness';
import { groupOrder, groupQuote } from '../../../components/groups/test-fixtures';
import GroupOrderPage from './GroupOrderPage';

vi.mock('../../../lib/api', async (real) => (await import('../../../components/orders/test-harness')).apiModule(await real()));
vi.mock('../../../lib/session', () => ({ useSession: () => ({ me: { userInfo: { id: 'u1', roles: ['operator'], config: { dateFormat: 'yyyy-MM-dd' } } } }) }));

const DETAIL = '/order/v2/flight/group/orders/g1';
const at = (h: number) => new Date(Date.now() + h * 3600_000).toISOString();
const paid = (kind: GroupPayment['kind'], amount: number): GroupPayment => ({ kind, amount, currency: 'CNY', paidAt: '2030-01-02T03:00:00Z', method: 'balance' });

/** A group between deposits: deposit 1 (CNY 1,753.48) paid, deposit 2 due. */
const group = (over: Partial<GroupOrder> = {}): GroupOrder =>
  groupOrder({
    status: 'to_be_pay_second',
    quote: groupQuote({ paymentPlan: [
      { kind: 'deposit1', amount: 175_348, dueAt: at(-1) },
      { kind: 'deposit2', amount: 100_000, dueAt: at(96) },
      { kind: 'final', amount: 319_652, dueAt: at(240) },
    ] }),
    actions: ['cancel', 'pay'],
    payments: [paid('deposit1', 175_348)],
    nextInstalment: { kind: 'deposit2', amount: 100_000, dueAt: at(96) },
    ...over,
  });
let current: GroupOrder;
setupOrderTests();
beforeEach(() => {
  current = group();
  vi.mocked(api.get).mockReset().mockImplementation(((path: string) => (path === DETAIL ? Promise.resolve(current) : Promise.reject(new Error(`unexpected GET ${path}`)))) as never);
  vi.mocked(api.del).mockReset();
});

async function openDialog() {
  renderPage(<GroupOrderPage />, '/flight/group/order/g1', '/flight/group/order/:id');
  await userEvent.click(await screen.findByRole('button', { name: 'Cancel group' }));
  return screen.findByRole('dialog');
}
const header = () => screen.getByRole('heading', { name: 'G2611260001' }).closest('.ant-card') as HTMLElement;
const okButton = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Cancel group' }) as HTMLButtonElement;

describe('cancelling a group after deposits were paid', { timeout: 30_000 }, () => {
  it('names the deposits given up, needs the acknowledgement, then sends it with the sum shown', async () => {
    vi.mocked(api.del).mockImplementation((async () => {
      current = group({ status: 'canceled', actions: [], nextInstalment: null });
      return current;
    }) as never);
    const dialog = await openDialog();
    expect(within(dialog).getByText('Cancel group G2611260001')).toBeTruthy();
    expect(within(dialog).getByTestId('cancel-forfeit').textContent).toContain('Deposits paid: CNY 1,753.48');
    expect(okButton(dialog).disabled).toBe(true);
    await userEvent.click(okButton(dialog));
    expect(api.del).not.toHaveBeenCalled();

    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'I understand the paid deposits are not refunded' }));
    expect(okButton(dialog).disabled).toBe(false);
    await userEvent.click(okButton(dialog));
    await waitFor(() => expect(api.del).toHaveBeenCalledWith(DETAIL, { acknowledgeForfeit: true, forfeitAmount: 175_348 }));
    expect(await screen.findByText('Group canceled. The deposits paid (CNY 1,753.48) are not refunded.')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByText('Canceled').length).toBeGreaterThan(0));
    expect(within(header()).queryByRole('button', { name: 'Cancel group' })).toBeNull();
  });

  it('adds up every deposit paid', async () => {
    current = group({ status: 'to_be_pay_third', payments: [paid('deposit1', 175_348), paid('deposit2', 100_000)] });
    const dialog = await openDialog();
    expect(within(dialog).getByTestId('cancel-forfeit').textContent).toContain('Deposits paid: CNY 2,753.48');
  });

  it('shows the refusal when a colleague paid meanwhile, reloads the group and asks again for the new sum', async () => {
    vi.mocked(api.del).mockImplementation((async () => {
      // The colleague's payment landed first: the server counts both deposits.
      current = group({ status: 'to_be_pay_third', payments: [paid('deposit1', 175_348), paid('deposit2', 100_000)] });
      throw new ApiError('The deposits paid are now CNY 2,753.48. Review them before cancelling.', Code.CONFLICT, 409, {
        forfeitAmount: 'The deposits paid are now CNY 2,753.48. Review them before cancelling.',
      });
    }) as never);
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('checkbox'));
    await userEvent.click(okButton(dialog));
    expect((await within(dialog).findByTestId('cancel-error')).textContent).toContain('The deposits paid are now CNY 2,753.48');
    await waitFor(() => expect(within(dialog).getByTestId('cancel-forfeit').textContent).toContain('CNY 2,753.48'));
    // The new sum needs its own acknowledgement.
    expect((within(dialog).getByRole('checkbox') as HTMLInputElement).checked).toBe(false);
    expect(okButton(dialog).disabled).toBe(true);
    expect(api.del).toHaveBeenCalledTimes(1);
  });

  it('keeps the group when the agent steps back', async () => {
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('checkbox'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(api.del).not.toHaveBeenCalled();
    expect(within(header()).getByRole('button', { name: 'Cancel group' })).toBeTruthy();
    // Opened again, it asks for the acknowledgement afresh.
    await userEvent.click(within(header()).getByRole('button', { name: 'Cancel group' }));
    await waitFor(() => expect((within(screen.getByRole('dialog')).getByRole('checkbox') as HTMLInputElement).checked).toBe(false));
  });
});
