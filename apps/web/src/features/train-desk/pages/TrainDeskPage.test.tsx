import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TrainDeskItem } from '@portal/contract/api/train-payments';
import { Code } from '@portal/contract/codes';
import { api, ApiError } from '../../../lib/api';
import { loadEveryLanguage } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { renderPage, setupOrderTests } from '../../../components/orders/test-harness';
import { listItem } from '../../train-orders/test/fixtures';
import TrainDeskPage from './TrainDeskPage';

vi.mock('../../../lib/api', async (real) => (await import('../../../components/orders/test-harness')).apiModule(await real()));
// The decision's outcome is a toast: which kind and what it says.
vi.mock('../../../lib/notify', () => ({ notify: { success: vi.fn(), info: vi.fn(), warning: vi.fn(), error: vi.fn() } }));
vi.mock('../../../lib/session', () => ({
  useSession: () => ({ me: { userInfo: { id: 'ops', roles: ['operator'], config: { dateFormat: 'yyyy-MM-dd' } }, company: { proxyLevel: 0 }, permissions: [] } }),
}));

const DESK = '/order/v2/train/desk/orders';

function item(over: Partial<TrainDeskItem>): TrainDeskItem {
  return {
    ...listItem({
      orderNumber: 'T2611260001',
      status: 'manual_ticketing',
      paymentStatus: 'paid',
      passengers: ['张三', 'SMITH JOHN'],
      paymentDeadline: null,
      createdBy: 'Olivia Operator',
    }),
    companyName: 'Demo Travel Agency',
    companyCode: 'A00001',
    // Paid 2 h 5 min before "now" (below).
    paidAt: new Date(Date.now() - 125 * 60_000).toISOString(),
    paymentMethod: 'alipay',
    ...over,
  };
}

const items = [item({}), item({ id: 'o2', orderNumber: 'T2611260002', status: 'ticketing', companyName: 'Second Agency', companyCode: 'A00002', trainNumber: 'D5', passengers: ['李四'] })];
const listCalls = () => vi.mocked(api.get).mock.calls.filter(([p]) => p === DESK);
const rowOf = (orderNumber: string) => screen.getByRole('link', { name: orderNumber }).closest('tr') as HTMLElement;
const dialogOf = async (title: string) => (await screen.findByText(title, { selector: '.ant-modal-title' })).closest('[role="dialog"]') as HTMLElement;

// The app loads most texts after its shell (lib/i18n); the assertions read them.
beforeAll(() => loadEveryLanguage());
setupOrderTests();
beforeEach(() => {
  vi.mocked(api.get).mockReset().mockResolvedValue({ items, total: 2, page: 1, pageSize: 20 });
  vi.mocked(api.post).mockReset();
  for (const f of Object.values(notify)) vi.mocked(f).mockReset();
});

describe('TrainDeskPage', { timeout: 20_000 }, () => {
  it('lists the waiting orders with agency, train, departure, passengers, paid amount and age, and the moves each allows', async () => {
    renderPage(<TrainDeskPage />, '/platform/train-desk');
    const link = await screen.findByRole('link', { name: 'T2611260001' });
    expect(link.getAttribute('href')).toBe('/train/orders/o1');
    expect(listCalls().at(-1)?.[1]?.params).toEqual({ view: 'waiting', page: 1, pageSize: 20 });
    const manual = rowOf('T2611260001');
    expect(within(manual).getByText('Demo Travel Agency')).toBeTruthy();
    expect(within(manual).getByText('A00001')).toBeTruthy();
    expect(within(manual).getByText('Manual ticketing')).toBeTruthy();
    expect(within(manual).getByText('G1')).toBeTruthy();
    expect(within(manual).getByText('Beijing South → Shanghai Hongqiao')).toBeTruthy();
    expect(within(manual).getByText('2030-01-10 07:00')).toBeTruthy();
    expect(within(manual).getByText('张三, SMITH JOHN')).toBeTruthy();
    expect(within(manual).getByText('CNY 1,106.00')).toBeTruthy();
    expect(within(manual).getByTestId('waiting').textContent).toMatch(/^02h 0[56]m$/);
    expect(within(manual).getByRole('button', { name: 'Issue tickets' })).toBeTruthy();
    expect(within(manual).getByRole('button', { name: 'Mark failed' })).toBeTruthy();
    // The railway has not answered: the desk retries; giving up is for orders the desk holds (manual).
    const stuck = rowOf('T2611260002');
    expect(within(stuck).getByText('Ticketing')).toBeTruthy();
    expect(within(stuck).getByRole('button', { name: 'Retry ticketing' })).toBeTruthy();
    expect(within(stuck).queryByRole('button', { name: 'Mark failed' })).toBeNull();
    expect(screen.getByText('2 bookings')).toBeTruthy();
  });

  it('switches views and pages through the URL', async () => {
    vi.mocked(api.get).mockResolvedValue({ items, total: 45, page: 1, pageSize: 20 });
    renderPage(<TrainDeskPage />, '/platform/train-desk');
    await screen.findByRole('link', { name: 'T2611260001' });
    fireEvent.click(screen.getByRole('tab', { name: 'Railway not answering' }));
    await waitFor(() => expect(listCalls().at(-1)?.[1]?.params).toEqual({ view: 'ticketing', page: 1, pageSize: 20 }));
    expect(screen.getByTestId('location').textContent).toBe('/platform/train-desk?view=ticketing');
    fireEvent.click(await screen.findByTitle('2'));
    await waitFor(() => expect(listCalls().at(-1)?.[1]?.params).toEqual({ view: 'ticketing', page: 2, pageSize: 20 }));
  });

  it('issues after confirmation and refreshes the queue', async () => {
    vi.mocked(api.post).mockResolvedValue({ id: 'o1', orderNumber: 'T2611260001', status: 'issued' });
    renderPage(<TrainDeskPage />, '/platform/train-desk');
    await screen.findByRole('link', { name: 'T2611260001' });
    const before = listCalls().length;
    fireEvent.click(within(rowOf('T2611260001')).getByRole('button', { name: 'Issue tickets' }));
    const dialog = await dialogOf('Issue the tickets of T2611260001?');
    expect(within(dialog).getByText(/the CNY 1,106.00 the agency paid is charged/)).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Issue tickets' }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith(`${DESK}/o1/issue`, { remark: null }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Tickets issued for T2611260001'));
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(before));
  });

  it('says so when the railway refuses the tickets on the desk’s word', async () => {
    vi.mocked(api.post).mockResolvedValue({ id: 'o2', orderNumber: 'T2611260002', status: 'failed' });
    renderPage(<TrainDeskPage />, '/platform/train-desk');
    await screen.findByRole('link', { name: 'T2611260002' });
    fireEvent.click(within(rowOf('T2611260002')).getByRole('button', { name: 'Retry ticketing' }));
    const dialog = await dialogOf('Retry ticketing T2611260002?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Retry ticketing' }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith(`${DESK}/o2/issue`, { remark: null }));
    await waitFor(() => expect(notify.warning).toHaveBeenCalledWith('The railway refused to issue T2611260002; the payment was released to the agency'));
    expect(notify.success).not.toHaveBeenCalled();
  });

  it('marks failed only with a reason, which it sends; the money-released notice follows', async () => {
    vi.mocked(api.post).mockResolvedValue({ id: 'o1', orderNumber: 'T2611260001', status: 'failed' });
    renderPage(<TrainDeskPage />, '/platform/train-desk');
    await screen.findByRole('link', { name: 'T2611260001' });
    fireEvent.click(within(rowOf('T2611260001')).getByRole('button', { name: 'Mark failed' }));
    const dialog = await dialogOf('Mark T2611260001 failed?');
    expect(within(dialog).getByText(/the CNY 1,106.00 the agency paid is released to its wallet/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark failed' }));
    expect(await within(dialog).findByText('Please say why the tickets cannot be issued')).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: '  no seats at the window  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark failed' }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith(`${DESK}/o1/mark-failed`, { remark: 'no seats at the window' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('T2611260001 marked failed; the payment was released to the agency'));
  });

  it('keeps the dialog open with the server’s refusal (another desk user was first)', async () => {
    vi.mocked(api.post).mockRejectedValue(new ApiError('Not allowed in the current status', Code.ORDER_STATE, 409));
    renderPage(<TrainDeskPage />, '/platform/train-desk');
    await screen.findByRole('link', { name: 'T2611260001' });
    fireEvent.click(within(rowOf('T2611260001')).getByRole('button', { name: 'Issue tickets' }));
    const dialog = await dialogOf('Issue the tickets of T2611260001?');
    const before = listCalls().length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Issue tickets' }));
    expect(await within(dialog).findByText('Not allowed in the current status')).toBeTruthy();
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(before));
  });

  it('shows the empty and the error states', async () => {
    vi.mocked(api.get).mockResolvedValue({ items: [], total: 0, page: 1, pageSize: 20 });
    const view = renderPage(<TrainDeskPage />, '/platform/train-desk');
    expect(await screen.findByText('No train bookings are waiting')).toBeTruthy();
    view.unmount();
    vi.mocked(api.get).mockRejectedValue(new ApiError('Gateway down', Code.INTERNAL, 500));
    renderPage(<TrainDeskPage />, '/platform/train-desk');
    expect(await screen.findByText('The train desk could not be loaded')).toBeTruthy();
    expect(screen.getByText('Gateway down')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Retry|Try again/ })).toBeTruthy();
  });
});
