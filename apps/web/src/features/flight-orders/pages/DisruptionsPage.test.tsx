import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NoticeListAnswer } from '@portal/contract/api/after-sales';
import { api } from '../../../lib/api';
import { renderPage, setupOrderTests } from '../../../components/orders/test-harness';
import { notice, paged } from '../test/fixtures';
import { PHONE_WIDTH, atViewport } from '../../../test/viewport';
import DisruptionsPage from './DisruptionsPage';

vi.mock('../../../lib/api', async (real) => (await import('../../../components/orders/test-harness')).apiModule(await real()));
vi.mock('../../../lib/session', () => import('../test/fixtures').then((f) => ({ useSession: () => ({ me: f.operatorMe() }) })));

const NOTICES = '/order/v2/flight/schedule-changes';
const soon = new Date(Date.now() + 2 * 60 * 60_000).toISOString();
const later = new Date(Date.now() + 20 * 60 * 60_000).toISOString();
let answer: NoticeListAnswer = paged([]);

const listCalls = () => vi.mocked(api.get).mock.calls.filter(([p, o]) => p === NOTICES && (o?.params as { pageSize?: number } | undefined)?.pageSize !== 1);
const dialogOf = async (title: string) => (await screen.findByText(title, { selector: '.ant-modal-title' })).closest('[role="dialog"]') as HTMLElement;

setupOrderTests();
beforeEach(() => {
  answer = paged(
    [
      notice({ id: 'n2', orderId: 'o2', bookingNumber: 'FO250306002', kind: 'cancel_no_save', newFlights: [], deadline: later, actions: ['refuse'] }),
      notice({ id: 'n1', deadline: soon }),
    ],
    2,
  );
  vi.mocked(api.get)
    .mockReset()
    .mockImplementation(async (path: string, opts?: { params?: Record<string, unknown> }) => {
      if (path === NOTICES) return (opts?.params?.pageSize === 1 ? { ...answer, items: answer.items.slice(0, 1) } : answer) as never;
      if (path === '/order/v2/flight/orders/status') return [] as never;
      throw new Error(`unexpected GET ${path}`);
    });
  vi.mocked(api.post).mockReset().mockResolvedValue(notice({ status: 'accepted', actions: [] }));
});

describe('DisruptionsPage', { timeout: 20_000 }, () => {
  it('lists the open schedule changes, soonest deadline first, with booking, kind, old and new flights and the answers', async () => {
    renderPage(<DisruptionsPage />, '/flight/orders/disruptions');
    const first = await screen.findByRole('link', { name: 'FO250306001' });
    expect(first.getAttribute('href')).toBe('/flight/orders/o1');
    expect(listCalls().at(-1)?.[1]?.params).toEqual({ status: 'open', page: 1, pageSize: 20 });
    const rows = screen.getAllByRole('row').slice(1);
    expect(within(rows[0]).getByText('FO250306001')).toBeTruthy();
    expect(within(rows[1]).getByText('FO250306002')).toBeTruthy();
    expect(within(rows[0]).getByText('Schedule change')).toBeTruthy();
    expect(within(rows[0]).getByText('CA1501 · PEK → SHA')).toBeTruthy();
    expect(within(rows[0]).getByText('CA1503 · PEK → SHA')).toBeTruthy();
    expect(within(rows[0]).getByRole('timer')).toBeTruthy();
    expect(within(rows[1]).getByText('Cancelled, no new flight')).toBeTruthy();
    expect(within(rows[1]).getByText('No new flight')).toBeTruthy();
    expect(within(rows[1]).queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(screen.getByText('2 schedule changes')).toBeTruthy();
    // The menu badge counts the open ones.
    expect((await screen.findAllByTestId('badge-disruptions')).length).toBeGreaterThan(0);
  });

  // The phone cards now come from the shared CardList (issue 14): same content, soonest deadline first, with the answers.
  it('shows one card per schedule change on a phone', async () => {
    const restore = atViewport(PHONE_WIDTH);
    try {
      renderPage(<DisruptionsPage />, '/flight/orders/disruptions');
      const cards = await screen.findAllByTestId('notice-card');
      expect(cards).toHaveLength(2);
      expect(screen.queryByRole('table')).toBeNull();
      expect(within(cards[0]).getByRole('link', { name: 'FO250306001' }).getAttribute('href')).toBe('/flight/orders/o1');
      expect(within(cards[0]).getByText('Schedule change')).toBeTruthy();
      expect(within(cards[0]).getByRole('button', { name: 'Accept' })).toBeTruthy();
      expect(within(cards[1]).getByText('Cancelled, no new flight')).toBeTruthy();
      expect(within(cards[1]).queryByRole('button', { name: 'Accept' })).toBeNull();
    } finally {
      restore();
    }
  });

  it('accepts from the list after a confirmation and refreshes it', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage(<DisruptionsPage />, '/flight/orders/disruptions');
    const row = (await screen.findByRole('link', { name: 'FO250306001' })).closest('tr') as HTMLElement;
    const loads = listCalls().length;
    await user.click(within(row).getByRole('button', { name: 'Accept' }));
    const dialog = await dialogOf('Accept the schedule change of FO250306001?');
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/order/v2/flight/schedule-changes/n1/accept', { remark: null }));
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(loads));
  });

  it('shows all of them on the second tab, in the URL', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage(<DisruptionsPage />, '/flight/orders/disruptions');
    await screen.findByRole('link', { name: 'FO250306001' });
    await user.click(screen.getByText('All'));
    await waitFor(() => expect(listCalls().at(-1)?.[1]?.params).toEqual({ status: 'all', page: 1, pageSize: 20 }));
    expect(screen.getByTestId('location').textContent).toBe('/flight/orders/disruptions?status=all');
  });

  it('says when nothing waits for an answer', async () => {
    answer = paged([]);
    renderPage(<DisruptionsPage />, '/flight/orders/disruptions');
    expect(await screen.findByText('No schedule change waits for an answer')).toBeTruthy();
  });

  it('shows the failure with a retry', async () => {
    vi.mocked(api.get).mockImplementation(async (path: string) => {
      if (path === NOTICES) throw new Error('boom');
      return [] as never;
    });
    renderPage(<DisruptionsPage />, '/flight/orders/disruptions');
    expect(await screen.findByText('The schedule changes could not be loaded')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Try again/ })).toBeTruthy();
  });
});
