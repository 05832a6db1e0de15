import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GroupDeadlineAnswer, GroupDeadlineItem } from '@portal/contract/api/group-orders';
import { api } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { renderPage, setupOrderTests } from '../../../components/orders/test-harness';
import GroupDeadlinesPage from './GroupDeadlinesPage';

vi.mock('../../../lib/api', async (real) => (await import('../../../components/orders/test-harness')).apiModule(await real()));
vi.mock('../../../lib/session', () => ({
  useSession: () => ({ me: { userInfo: { id: 'ops', roles: ['operator'], config: { dateFormat: 'yyyy-MM-dd' } }, company: { proxyLevel: 0 }, permissions: [] } }),
}));

const DEADLINES = '/order/v2/flight/group/deadlines';
const HOUR = 3_600_000;
const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();

const item = (over: Partial<GroupDeadlineItem> = {}): GroupDeadlineItem => ({
  id: 'g1',
  bookingNumber: 'G3001010001',
  companyName: 'Demo Travel Agency',
  companyCode: 'A00001',
  status: 'to_be_confirm',
  route: 'PEK-SHA',
  deadline: 'confirm',
  dueAt: inMs(50 * HOUR),
  amount: 12_700,
  currency: 'CNY',
  reminders: [{ lead: '3d', sentAt: '2030-01-01T02:00:00Z' }],
  ...over,
});

let answer: () => Promise<GroupDeadlineAnswer>;
setupOrderTests();
beforeEach(() => {
  const items = [
    item({ id: 'g0', bookingNumber: 'G3001010000', deadline: 'final', status: 'to_be_paid_last_money', dueAt: inMs(-5 * 60_000), amount: 670_000, reminders: [{ lead: '3d', sentAt: '2030-01-01T02:00:00Z' }, { lead: '1d', sentAt: '2030-01-03T02:00:00Z' }] }),
    item(),
    item({ id: 'g2', bookingNumber: 'G3001010002', companyName: 'Second Agency', companyCode: 'A00002', deadline: 'deposit1', status: 'to_be_pay_first', dueAt: inMs(6 * 24 * HOUR + HOUR), amount: 100_000, reminders: [] }),
  ];
  answer = () => Promise.resolve({ items, total: 3, page: 1, pageSize: 20 });
  vi.mocked(api.get).mockReset().mockImplementation(((path: string) => (path === DEADLINES ? answer() : Promise.reject(new Error(`unexpected GET ${path}`)))) as never);
});

const calls = () => vi.mocked(api.get).mock.calls.filter(([p]) => p === DEADLINES);
const row = async (booking: string) => (await screen.findByRole('link', { name: booking })).closest('tr') as HTMLElement;

describe('group deadlines page', { timeout: 30_000 }, () => {
  it('lists the deadlines soonest first: agency, group link, status, deadline, due in words and time, amount, reminders', async () => {
    renderPage(<GroupDeadlinesPage />, '/platform/group-deadlines');
    const r = await row('G3001010001');
    expect(within(r).getByRole('link', { name: 'G3001010001' }).getAttribute('href')).toBe('/flight/group/order/g1');
    expect(within(r).getByText('Demo Travel Agency')).toBeTruthy();
    expect(within(r).getByText('A00001')).toBeTruthy();
    expect(within(r).getByText('PEK-SHA')).toBeTruthy();
    expect(within(r).getByText('To be confirmed')).toBeTruthy();
    expect(within(r).getByText('Quote confirmation')).toBeTruthy();
    expect(within(r).getByText('in 2 days')).toBeTruthy();
    expect(within(r).getByText(formatDateTime(item().dueAt, 'yyyy-MM-dd'))).toBeTruthy();
    expect(within(r).getByText('CNY 127.00')).toBeTruthy();
    expect(within(r).getByText('Quote total')).toBeTruthy();
    expect(within(r).getByText('3 days ahead').getAttribute('title')).toBe(`Sent ${formatDateTime('2030-01-01T02:00:00Z', 'yyyy-MM-dd')}`);

    const overdue = await row('G3001010000');
    expect(within(overdue).getByText('5 minutes ago').closest('.ant-typography')?.className).toContain('ant-typography-danger');
    expect(within(overdue).getByText('Final payment')).toBeTruthy();
    expect(within(overdue).getByText('CNY 6,700.00')).toBeTruthy();
    expect(within(overdue).queryByText('Quote total')).toBeNull();
    expect(within(overdue).getByText('1 day ahead')).toBeTruthy();

    const later = await row('G3001010002');
    expect(within(later).getByText('First deposit')).toBeTruthy();
    expect(within(later).getByText('First deposit due')).toBeTruthy();
    expect(within(later).getByText('in 6 days')).toBeTruthy();
    expect(within(later).getByText('None yet')).toBeTruthy();

    expect(screen.getAllByRole('row').slice(1).map((tr) => within(tr).getAllByRole('link')[0].textContent)).toEqual(['G3001010000', 'G3001010001', 'G3001010002']);
    expect(screen.getByText('3 deadlines')).toBeTruthy();
    expect(calls()[0][1]?.params).toEqual({ withinDays: 7, page: 1, pageSize: 20 });
  });

  it('asks for another window from the selector, kept in the URL', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage(<GroupDeadlinesPage />, '/platform/group-deadlines?page=2');
    await row('G3001010001');
    await user.click(screen.getByRole('combobox', { name: 'Due within' }));
    await user.click(await screen.findByTitle('30 days'));
    await waitFor(() => expect(calls().at(-1)?.[1]?.params).toEqual({ withinDays: 30, page: 1, pageSize: 20 }));
    expect(screen.getByTestId('location').textContent).toBe('/platform/group-deadlines?withinDays=30');
  });

  it('reads the window from the URL', async () => {
    renderPage(<GroupDeadlinesPage />, '/platform/group-deadlines?withinDays=14');
    await row('G3001010001');
    expect(calls()[0][1]?.params).toMatchObject({ withinDays: 14 });
  });

  it('says when nothing falls due within the window', async () => {
    answer = () => Promise.resolve({ items: [], total: 0, page: 1, pageSize: 20 });
    renderPage(<GroupDeadlinesPage />, '/platform/group-deadlines?withinDays=3');
    expect(await screen.findByText('No group deadlines within 3 days')).toBeTruthy();
  });

  it('shows the failure with a retry that asks again', async () => {
    answer = () => Promise.reject(new Error('Server unavailable'));
    const user = userEvent.setup({ delay: null });
    renderPage(<GroupDeadlinesPage />, '/platform/group-deadlines');
    expect(await screen.findByText('The group deadlines could not be loaded')).toBeTruthy();
    expect(screen.getByText('Server unavailable')).toBeTruthy();
    const before = calls().length;
    await user.click(screen.getByRole('button', { name: /Try again/ }));
    await waitFor(() => expect(calls().length).toBeGreaterThan(before));
  });

  it('shows a card per group instead of the table on a phone', async () => {
    const original = window.matchMedia;
    // A 390 px screen: only antd's xs query (max-width: 575px) matches.
    window.matchMedia = ((query: string) => ({ ...original(query), matches: query.includes('max-width: 575') })) as typeof window.matchMedia;
    try {
      renderPage(<GroupDeadlinesPage />, '/platform/group-deadlines');
      const cards = await screen.findAllByTestId('deadline-card');
      expect(cards).toHaveLength(3);
      const card = cards[1];
      expect(within(card).getByRole('link', { name: 'G3001010001' }).getAttribute('href')).toBe('/flight/group/order/g1');
      expect(within(card).getByText('Demo Travel Agency (A00001) · PEK-SHA')).toBeTruthy();
      expect(within(card).getByText('To be confirmed')).toBeTruthy();
      expect(within(card).getByText('Quote confirmation')).toBeTruthy();
      expect(within(card).getByText('in 2 days')).toBeTruthy();
      expect(within(card).getByText('CNY 127.00')).toBeTruthy();
      expect(within(card).getByText('3 days ahead')).toBeTruthy();
      expect(screen.queryByRole('table')).toBeNull();
    } finally {
      window.matchMedia = original;
    }
  });
});
