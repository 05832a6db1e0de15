import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AfterSalesOptions, Attachment, ChangeSearchAnswer } from '@portal/contract/api/after-sales';
import type { FlightOrder } from '@portal/contract/api/flight-orders';
import { Code } from '@portal/contract/codes';
import { ApiError, api, newIdempotencyKey, type RequestOptions, type UploadOptions } from '../../../lib/api';
import { renderPage, setupOrderTests } from '../../../components/orders/test-harness';
import { afterSalesOptions, afterSalesRequest, changeOption, issuedOrder, notice, refundOrder, refundQuote } from '../test/fixtures';
import FlightOrderPage from './FlightOrderPage';

vi.mock('../../../lib/api', async (real) => (await import('../../../components/orders/test-harness')).apiModule(await real()));
vi.mock('../../../lib/session', () => import('../test/fixtures').then((f) => ({ useSession: () => ({ me: f.operatorMe() }) })));

const ORDER = '/order/v2/flight/orders/o1';
const REFUND = '/order/v2/flight/orders/r1';
let order: FlightOrder = issuedOrder();
let refund: FlightOrder = refundOrder();
let options: AfterSalesOptions = afterSalesOptions();

function routeGet(path: string) {
  if (path === ORDER) return Promise.resolve(order);
  if (path === REFUND) return Promise.resolve(refund);
  if (path === `${ORDER}/after-sales`) return Promise.resolve(options);
  if (path === '/order/v2/flight/orders/c1') return Promise.resolve(issuedOrder({ id: 'c1', bookingNumber: 'FC250306003', type: 'change', status: 'chg_reviewing', actions: ['cancel'] }));
  if (path === '/order/v2/flight/orders/v1') return Promise.resolve(issuedOrder({ id: 'v1', bookingNumber: 'FV250306004', type: 'void', status: 'void_proceeding', actions: [] }));
  if (path === '/shopping/v2/reference-data') return Promise.resolve({ airlines: [], airports: [] });
  return Promise.reject(new Error(`unexpected GET ${path}`));
}

const show = (id = 'o1') => renderPage(<FlightOrderPage />, `/flight/orders/${id}`, '/flight/orders/:id');
const dialogOf = async (title: string) => (await screen.findByText(title, { selector: '.ant-modal-title' })).closest('[role="dialog"]') as HTMLElement;
const location = () => screen.getByTestId('location').textContent;
const postsTo = (path: string) => vi.mocked(api.post).mock.calls.filter(([p]) => p === path);
const keyOf = (call: unknown[]) => (call[2] as RequestOptions).headers?.['Idempotency-Key'];
type User = ReturnType<typeof userEvent.setup>;

async function choose(user: User, field: HTMLElement, option: string) {
  await user.click(field);
  const match = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].find(
      (o) => o.getAttribute('title') === option,
    );
    if (!found) throw new Error(`no option ${option}`);
    return found;
  });
  await user.click(match);
}

let uploads = 0;
function attachmentOf(file: File): Attachment {
  uploads += 1;
  return { id: `00000000-0000-4000-8000-00000000000${uploads}`, name: file.name, mime: file.type as Attachment['mime'], size: file.size };
}
const pdf = (name: string, bytes = 1000) => new File([new Uint8Array(bytes)], name, { type: 'application/pdf' });

setupOrderTests();
beforeEach(() => {
  order = issuedOrder();
  refund = refundOrder();
  options = afterSalesOptions();
  uploads = 0;
  vi.mocked(api.get).mockReset().mockImplementation((path: string) => routeGet(path) as Promise<never>);
  vi.mocked(api.post).mockReset();
  vi.mocked(api.del).mockReset();
  vi.mocked(api.upload)
    .mockReset()
    .mockImplementation(async (_path: string, file: File, _field?: string, opts?: UploadOptions) => {
      opts?.onProgress?.(50);
      return attachmentOf(file) as never;
    });
  let n = 0;
  vi.mocked(newIdempotencyKey).mockReset().mockImplementation(() => `key-${++n}`);
});

describe('FlightOrderPage after-sales', { timeout: 30_000 }, () => {
  it('compares change, refund and void side by side: costs, money back, fee steps and the cheapest path', async () => {
    show();
    const panel = await screen.findByTestId('after-sales-panel');
    const voidCol = await within(panel).findByTestId('path-void');
    expect(voidCol.dataset.cheapest).toBe('true');
    expect(within(voidCol).getByText('Best value now')).toBeTruthy();
    expect(within(voidCol).getByTestId('back-void').textContent).toBe('CNY 2,489.12');
    expect(within(voidCol).getByRole('timer')).toBeTruthy();
    const refundCol = within(panel).getByTestId('path-refund');
    expect(refundCol.dataset.cheapest).toBeUndefined();
    expect(within(refundCol).getByTestId('back-refund').textContent).toBe('CNY 1,869.12');
    expect(within(refundCol).getByTestId('cost-refund').textContent).toBe('CNY 640.00');
    const changeCol = within(panel).getByTestId('path-change');
    expect(within(changeCol).getByTestId('cost-change').textContent).toBe('CNY 240.00');
    // Fee steps of the fare rules: before departure, then after it.
    const steps = within(changeCol).getAllByTestId('step-change');
    expect(steps).toHaveLength(2);
    expect(steps[0].dataset.current).toBe('true');
    expect(within(steps[1]).getByText('Fees CNY 440.00')).toBeTruthy();
    for (const name of ['Request change', 'Request refund', 'Void tickets']) expect(within(panel).getByRole('button', { name })).toHaveProperty('disabled', false);
  });

  it('says why a path is not possible and offers no button for it', async () => {
    options = afterSalesOptions({
      cheapest: 'refund',
      paths: [
        { kind: 'change', available: false, blocker: 'fareForbids', until: null, now: null, steps: [] },
        afterSalesOptions().paths[1],
        { kind: 'void', available: false, blocker: 'deadlinePassed', until: null, now: null, steps: [] },
      ],
    });
    show();
    const panel = await screen.findByTestId('after-sales-panel');
    expect((await within(panel).findByTestId('blocker-change')).textContent).toMatch('The fare does not allow it');
    expect(within(panel).getByTestId('blocker-void').textContent).toMatch('The deadline has passed');
    expect(within(panel).getByTestId('path-refund').dataset.cheapest).toBe('true');
    expect(within(panel).getByRole('button', { name: 'Request change' })).toHaveProperty('disabled', true);
    expect(within(panel).getByRole('button', { name: 'Void tickets' })).toHaveProperty('disabled', true);
    expect(within(panel).getByRole('button', { name: 'Request refund' })).toHaveProperty('disabled', false);
  });

  it('shows no after-sales panel on an order that allows no request', async () => {
    order = issuedOrder({ actions: ['downloadItinerary'] });
    show();
    await screen.findByRole('heading', { name: /FO250306001/ });
    expect(screen.queryByTestId('after-sales-panel')).toBeNull();
    expect(vi.mocked(api.get).mock.calls.some(([p]) => p === `${ORDER}/after-sales`)).toBe(false);
  });

  it('refund: requires a reason, and a detailed reason for 2, 3 and 6, then sends the request with the documents and opens the refund order', async () => {
    const user = userEvent.setup({ delay: null });
    vi.mocked(api.post).mockResolvedValue(refund);
    show();
    await user.click(await screen.findByRole('button', { name: 'Request refund' }));
    const dialog = await dialogOf('Request a refund of FO250306001');
    // Every open ticket and flight is chosen to start with.
    expect(within(dialog).getByRole('checkbox', { name: /ZHANG\/SAN/ })).toHaveProperty('checked', true);
    expect(within(dialog).getByRole('checkbox', { name: /Flight 2 · SHA → PEK/ })).toHaveProperty('checked', true);

    await user.click(within(dialog).getByRole('button', { name: 'Request refund' }));
    expect(await within(dialog).findByText('Please choose a reason')).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();

    await choose(user, within(dialog).getByLabelText('Reason'), 'Illness');
    expect(await within(dialog).findByText(/Asked as an involuntary refund/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Request refund' }));
    expect(await within(dialog).findByText('Please choose the detailed reason')).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();

    await choose(user, within(dialog).getByLabelText('Detailed reason'), 'The passenger is ill');
    // Illness needs a certificate.
    await user.click(within(dialog).getByRole('button', { name: 'Request refund' }));
    expect(await within(dialog).findByText('This reason needs a supporting document (a medical certificate, a visa refusal)')).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();

    await user.upload(within(dialog).getByTestId('attachments-input'), pdf('certificate.pdf'));
    await waitFor(() => expect(within(dialog).getByTestId('attachment-item').dataset.status).toBe('done'));
    expect(api.upload).toHaveBeenCalledWith(`${ORDER}/attachments`, expect.any(File), 'file', expect.objectContaining({ onProgress: expect.any(Function) }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Flight 2 · SHA → PEK/ }));
    await user.type(within(dialog).getByLabelText('Remark'), 'Doctor says no flying');
    await user.click(within(dialog).getByRole('button', { name: 'Request refund' }));

    await waitFor(() => expect(postsTo(`${ORDER}/refund`)).toHaveLength(1));
    const [call] = postsTo(`${ORDER}/refund`);
    expect(call[1]).toEqual({
      passengerIds: ['p1', 'p2'],
      legs: [0],
      reason: 2,
      subReason: 'passenger',
      remark: 'Doctor says no flying',
      attachmentIds: ['00000000-0000-4000-8000-000000000001'],
    });
    expect(keyOf(call)).toBe('key-1');
    await waitFor(() => expect(location()).toBe('/flight/orders/r1'));
  });

  it('refund documents: refuses a 6th file, a file over 2 MB and a .gif with the spec message; a file can be removed', async () => {
    const user = userEvent.setup({ delay: null, applyAccept: false });
    show();
    await user.click(await screen.findByRole('button', { name: 'Request refund' }));
    const dialog = await dialogOf('Request a refund of FO250306001');
    const input = within(dialog).getByTestId('attachments-input');

    await user.upload(input, [pdf('scan.gif.pdf'), new File(['gif'], 'photo.gif', { type: 'image/gif' }), pdf('big.pdf', 3 * 1024 * 1024)]);
    // The upload answers asynchronously: wait for what it shows rather than read it at once (flaky under load).
    const alert = await within(dialog).findByRole('alert');
    expect(within(alert).getByText('Wrong file type, size or count')).toBeTruthy();
    expect(within(alert).getByText('Not added: photo.gif, big.pdf')).toBeTruthy();
    await waitFor(() => expect(within(dialog).getAllByTestId('attachment-item')).toHaveLength(1));

    await user.upload(input, [pdf('a.pdf'), pdf('b.pdf'), pdf('c.pdf'), pdf('d.pdf'), pdf('e.pdf')]);
    // The alert of the first try is still there until the second replaces it.
    await waitFor(() => expect(within(within(dialog).getByRole('alert')).getByText('Not added: e.pdf')).toBeTruthy());
    expect(within(within(dialog).getByRole('alert')).getByText('Wrong file type, size or count')).toBeTruthy();
    await waitFor(() => expect(within(dialog).getAllByTestId('attachment-item')).toHaveLength(5));
    // Only the accepted files were sent.
    expect(vi.mocked(api.upload).mock.calls.map((c) => (c[1] as File).name)).toEqual(['scan.gif.pdf', 'a.pdf', 'b.pdf', 'c.pdf', 'd.pdf']);

    await user.click(within(dialog).getByRole('button', { name: 'Remove a.pdf' }));
    await waitFor(() => expect(within(dialog).getAllByTestId('attachment-item')).toHaveLength(4));
  });

  it('void: picks the passengers, then confirms with the deadline and the money back before voiding', async () => {
    const user = userEvent.setup({ delay: null });
    vi.mocked(api.post).mockResolvedValue(issuedOrder({ id: 'v1', bookingNumber: 'FV250306004', type: 'void', status: 'void_proceeding', actions: [] }));
    show();
    await user.click(await screen.findByRole('button', { name: 'Void tickets' }));
    const dialog = await dialogOf('Void tickets of FO250306001');
    expect(within(dialog).getByTestId('void-back').textContent).toBe('CNY 2,489.12');
    expect(within(dialog).getByRole('timer')).toBeTruthy();
    await user.click(within(dialog).getByRole('checkbox', { name: /LI\/SI/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Void 1 ticket' }));
    expect(within(dialog).getByText('Void the tickets of ZHANG/SAN?')).toBeTruthy();
    expect(within(dialog).getByText(/cannot be undone/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(api.post).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Void 1 ticket' }));
    await user.click(within(dialog).getByRole('button', { name: 'Void now' }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith(`${ORDER}/void`, { passengerIds: ['p1'], remark: null }, { headers: { 'Idempotency-Key': 'key-1' } }));
    await waitFor(() => expect(location()).toBe('/flight/orders/v1'));
  });

  it('change: searches, asks again while the search runs, and requests the chosen option at its total; a price change is accepted', async () => {
    const user = userEvent.setup({ delay: null });
    const first: ChangeSearchAnswer = { searchId: 's1', complete: false, options: [changeOption()], involuntary: false };
    const second: ChangeSearchAnswer = { ...first, complete: true, options: [changeOption(), changeOption({ optionId: 'opt-2', total: 30_000 })] };
    const searches: unknown[] = [];
    vi.mocked(api.post).mockImplementation(async (path: string, body?: unknown) => {
      if (path === `${ORDER}/change/search`) {
        searches.push(body);
        return (searches.length === 1 ? first : second) as never;
      }
      if (path === `${ORDER}/change`) {
        if (postsTo(path).length === 1) throw new ApiError('Price changed', Code.PRICE_CHANGED, 409, undefined, { previousTotal: 30_000, newTotal: 32_000, currency: 'CNY' });
        return issuedOrder({ id: 'c1', bookingNumber: 'FC250306003', type: 'change', status: 'chg_reviewing', actions: ['cancel'] }) as never;
      }
      throw new Error(`unexpected POST ${path}`);
    });
    show();
    await user.click(await screen.findByRole('button', { name: 'Request change' }));
    const dialog = await dialogOf('Request a change of FO250306001');
    // The new date starts from the old one.
    expect((within(dialog).getByLabelText('New date of flight 1') as HTMLInputElement).value).toBe('2030-01-10');
    await user.click(within(dialog).getByRole('button', { name: 'Search flights' }));
    expect(await within(dialog).findByText('Please choose a reason')).toBeTruthy();
    expect(within(dialog).getByText('Choose at least one flight')).toBeTruthy();
    expect(searches).toHaveLength(0);

    await choose(user, within(dialog).getByLabelText('Reason'), 'Voluntary change');
    await user.click(within(dialog).getByRole('checkbox', { name: /Flight 1 · PEK → SHA/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Search flights' }));
    expect(await within(dialog).findByText('Searching for flights…')).toBeTruthy();
    expect(searches[0]).toEqual({ passengerIds: ['p1', 'p2'], legs: [{ leg: 0, date: '2030-01-10' }], reason: 0 });
    // Polled with the same body until complete.
    await waitFor(() => expect(within(dialog).getAllByTestId('change-option')).toHaveLength(2), { timeout: 5000 });
    expect(searches).toHaveLength(2);
    expect(searches[1]).toEqual(searches[0]);
    expect(within(dialog).queryByText('Searching for flights…')).toBeNull();
    const card = within(dialog).getAllByTestId('change-option')[1];
    expect(within(card).getByText('CA1519')).toBeTruthy();
    for (const head of ['Change fee', 'Fare difference', 'Tax difference', 'Service fee', 'Total']) expect(within(card).getAllByText(head).length).toBeGreaterThan(0);

    await user.click(within(card).getByRole('radio', { name: 'Total CNY 300.00' }));
    await user.click(within(dialog).getByRole('button', { name: 'Request change for CNY 300.00' }));
    const changed = await dialogOf('Price changed');
    expect(within(changed).getByText('The change now costs CNY 320.00 instead of CNY 300.00. Accept the new price, or choose another option.')).toBeTruthy();
    await user.click(within(changed).getByRole('button', { name: 'Accept CNY 320.00' }));

    await waitFor(() => expect(postsTo(`${ORDER}/change`)).toHaveLength(2));
    const [tried, accepted] = postsTo(`${ORDER}/change`);
    expect(tried[1]).toEqual({ searchId: 's1', optionId: 'opt-2', passengerIds: ['p1', 'p2'], reason: 0, acceptedTotal: 30_000, remark: null });
    expect(accepted[1]).toEqual({ searchId: 's1', optionId: 'opt-2', passengerIds: ['p1', 'p2'], reason: 0, acceptedTotal: 32_000, remark: null });
    // Accepting another total is another intent: another key.
    expect(keyOf(tried)).toBe('key-1');
    expect(keyOf(accepted)).toBe('key-2');
    await waitFor(() => expect(location()).toBe('/flight/orders/c1'));
  });

  it('change: a new search aborts the one in flight; "choose again" after a price change keeps the list', async () => {
    const user = userEvent.setup({ delay: null });
    const signals: AbortSignal[] = [];
    vi.mocked(api.post).mockImplementation((path: string, _body?: unknown, opts?: RequestOptions) => {
      if (path === `${ORDER}/change/search`) {
        signals.push(opts!.signal!);
        // The first search never answers; the second one does at once.
        if (signals.length === 1) return new Promise<never>(() => undefined);
        return Promise.resolve({ searchId: 's2', complete: true, options: [changeOption()], involuntary: true } as never);
      }
      if (path === `${ORDER}/change`) return Promise.reject(new ApiError('Price changed', Code.PRICE_CHANGED, 409, undefined, { previousTotal: 34_000, newTotal: 36_000, currency: 'CNY' }));
      return Promise.reject(new Error(`unexpected POST ${path}`));
    });
    show();
    await user.click(await screen.findByRole('button', { name: 'Request change' }));
    const dialog = await dialogOf('Request a change of FO250306001');
    await choose(user, within(dialog).getByLabelText('Reason'), 'Airline schedule change');
    await user.click(within(dialog).getByRole('checkbox', { name: /Flight 2 · SHA → PEK/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Search flights' }));
    await waitFor(() => expect(signals).toHaveLength(1));
    expect(signals[0].aborted).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Search again' }));
    await waitFor(() => expect(signals).toHaveLength(2));
    expect(signals[0].aborted).toBe(true);
    expect(signals[1].aborted).toBe(false);
    expect(await within(dialog).findByText('Airline schedule change: the change fee and fare difference are waived.')).toBeTruthy();

    await user.click(within(dialog).getByRole('radio', { name: 'Total CNY 340.00' }));
    await user.click(within(dialog).getByRole('button', { name: 'Request change for CNY 340.00' }));
    const changed = await dialogOf('Price changed');
    await user.click(within(changed).getByRole('button', { name: 'Choose again' }));
    expect(within(dialog).getAllByTestId('change-option')).toHaveLength(1);
    expect(within(dialog).getByRole('button', { name: 'Request change' })).toHaveProperty('disabled', true);
  });

  it('a refund order shows its request and quote, and confirms the quote with its version', async () => {
    const user = userEvent.setup({ delay: null });
    vi.mocked(api.post).mockImplementation(async () => {
      refund = refundOrder({ status: 'rfd_proceeding', actions: [] });
      return refund as never;
    });
    show('r1');
    const block = await screen.findByTestId('request-block');
    expect(within(block).getByText('Illness · The passenger is ill')).toBeTruthy();
    expect(within(block).getByText('Involuntary')).toBeTruthy();
    expect(within(block).getByText('certificate.pdf')).toBeTruthy();
    expect(within(block).getByRole('link', { name: 'FO250306001' }).getAttribute('href')).toBe('/flight/orders/o1');
    expect(within(screen.getByTestId('related-orders')).getByRole('link', { name: 'FO250306001' })).toBeTruthy();
    expect(screen.getByText('The refund is quoted. Confirm the quote below before it lapses.')).toBeTruthy();

    const quote = screen.getByTestId('refund-quote');
    expect(within(quote).getByTestId('not-refundable').textContent).toBe('Not refundable');
    expect(within(quote).getByText('CNY 934.56')).toBeTruthy();
    expect(within(quote).getByTestId('quote-total').textContent).toBe('CNY 1,149.12');
    expect(within(quote).getByRole('timer')).toBeTruthy();
    await user.click(within(quote).getByRole('button', { name: 'Confirm refund of CNY 1,149.12' }));
    const ask = await dialogOf('Confirm the refund quote of FR250306002?');
    await user.click(within(ask).getByRole('button', { name: 'Confirm refund' }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith(`${REFUND}/confirmation`, { quoteVersion: 2 }, { headers: { 'Idempotency-Key': 'key-1' } }));
    await waitFor(() => expect(screen.getAllByText('Refund in progress').some((el) => el.closest('.ant-tag'))).toBe(true));
    expect(screen.queryByRole('button', { name: /Confirm refund of/ })).toBeNull();
  });

  it('a lapsed quote cannot be confirmed', async () => {
    refund = refundOrder({ request: afterSalesRequest({ refundQuote: refundQuote({ expiresAt: new Date(Date.now() - 60_000).toISOString() }) }) });
    show('r1');
    const quote = await screen.findByTestId('refund-quote');
    expect(within(quote).getByRole('button', { name: 'Quote lapsed' })).toHaveProperty('disabled', true);
    expect(within(quote).getByText('The quote has lapsed. Request the refund again for a new quote.')).toBeTruthy();
  });

  it('the original lists its change, refund and void orders with their status', async () => {
    order = issuedOrder({
      related: [{ id: 'r1', bookingNumber: 'FR250306002', type: 'refund', status: 'rfd_reviewing', total: 0, createdAt: '2025-03-07T09:30:00Z' }],
    });
    show();
    const related = await screen.findByTestId('related-orders');
    expect(within(related).getByRole('link', { name: 'FR250306002' }).getAttribute('href')).toBe('/flight/orders/r1');
    expect(within(related).getByText('Refund under review')).toBeTruthy();
  });

  it('a refund request can be cancelled, with its own wording', async () => {
    const user = userEvent.setup({ delay: null });
    refund = refundOrder({ status: 'rfd_reviewing', actions: ['cancel'], request: afterSalesRequest() });
    vi.mocked(api.del).mockImplementation(async () => {
      refund = refundOrder({ status: 'refund_canceled', actions: [], request: afterSalesRequest() });
      return refund as never;
    });
    show('r1');
    await user.click(await screen.findByRole('button', { name: /Cancel refund request/ }));
    const dialog = await dialogOf('Cancel refund request FR250306002?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel refund request' }));
    await waitFor(() => expect(api.del).toHaveBeenCalledWith(REFUND));
    await waitFor(() => expect(screen.getAllByText('Refund canceled').some((el) => el.closest('.ant-tag'))).toBe(true));
  });

  it('a schedule change: old and new flights side by side, accepted after a confirmation', async () => {
    const user = userEvent.setup({ delay: null });
    order = issuedOrder({ notices: [notice()] });
    vi.mocked(api.post).mockResolvedValue(notice({ status: 'accepted', actions: [] }));
    show();
    const card = await screen.findByTestId('notice');
    expect(within(card).getByText('Schedule change')).toBeTruthy();
    expect(within(within(card).getByTestId('notice-old')).getByText('CA1501 · PEK → SHA')).toBeTruthy();
    expect(within(within(card).getByTestId('notice-new')).getByText('CA1503 · PEK → SHA')).toBeTruthy();
    expect(within(card).getByRole('timer')).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: 'Accept' }));
    const dialog = await dialogOf('Accept the schedule change of FO250306001?');
    expect(api.post).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/order/v2/flight/schedule-changes/n1/accept', { remark: null }));
  });

  it('refusing a schedule change, then asking for an involuntary refund with the reason set', async () => {
    const user = userEvent.setup({ delay: null });
    order = issuedOrder({ notices: [notice()] });
    vi.mocked(api.post).mockImplementation(async (path: string) => {
      if (path.endsWith('/refuse')) {
        order = issuedOrder({ notices: [notice({ status: 'refused', actions: [] })] });
        return notice({ status: 'refused', actions: [] }) as never;
      }
      return refund as never;
    });
    show();
    await user.click(within(await screen.findByTestId('notice')).getByRole('button', { name: 'Refuse' }));
    const dialog = await dialogOf('Refuse the schedule change of FO250306001?');
    await user.type(within(dialog).getByLabelText('Remark'), 'Too late for the meeting');
    await user.click(within(dialog).getByRole('button', { name: 'Refuse' }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/order/v2/flight/schedule-changes/n1/refuse', { remark: 'Too late for the meeting' }));

    expect(await screen.findByText("You refused the airline's change: ask for an involuntary refund or a free change.")).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Request involuntary refund' }));
    const refundDialog = await dialogOf('Request a refund of FO250306001');
    expect(within(refundDialog).getByTitle('Airline schedule change')).toBeTruthy();
    expect(within(refundDialog).getByTitle('Time change')).toBeTruthy();
    await user.click(within(refundDialog).getByRole('button', { name: 'Request refund' }));
    await waitFor(() => expect(postsTo(`${ORDER}/refund`)).toHaveLength(1));
    expect(postsTo(`${ORDER}/refund`)[0][1]).toMatchObject({ reason: 3, subReason: 'timeChange', legs: [0, 1], attachmentIds: [] });
  });
});
