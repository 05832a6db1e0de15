import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { Route, Routes } from 'react-router';
import { MAX_JOURNEYS } from '@portal/contract/api/shopping';
import { api } from '../../../lib/api';
import { renderPage, setupOrderTests } from '../../../components/orders/test-harness';
import { rememberPlace, resetPlaces } from '../../../components/flight/place-labels';
import { defaultDraft, saveDraft, tomorrow, type GroupDraft } from '../model/group-draft';
import GroupBookingPage from './GroupBookingPage';
import GroupBookingConfirmPage from './GroupBookingConfirmPage';

vi.mock('../../../lib/api', async (real) => (await import('../../../components/orders/test-harness')).apiModule(await real()));
vi.mock('../../../lib/session', () => ({
  useSession: () => ({
    me: { userInfo: { id: 'u1', username: 'olivia', nickname: 'Olivia Operator', email: 'olivia@agency.test', mobile: '13800000000', areaCode: '86', roles: ['operator'], config: { dateFormat: 'yyyy-MM-dd', defaultRegion: '86' } } },
  }),
}));

const MIN_MESSAGE = 'A group needs at least 10 travellers (adults and children)';

function draftWith(over: Partial<GroupDraft> = {}): GroupDraft {
  const base = defaultDraft(null);
  return {
    ...base,
    journeys: [{ ...base.journeys[0], origin: 'PEK', originType: 'city', destination: 'SHA', destinationType: 'city', date: tomorrow(), remark: 'Morning flight' }],
    contact: { name: 'Olivia Operator', email: 'olivia@agency.test', areaCode: '86', phone: '13800000000' },
    ...over,
  };
}

function renderFlow(url: string) {
  return renderPage(
    <Routes>
      <Route path="/flight/group/booking" element={<GroupBookingPage />} />
      <Route path="/flight/group/booking/confirm" element={<GroupBookingConfirmPage />} />
      <Route path="*" element={null} />
    </Routes>,
    url,
  );
}
const location = () => screen.getByTestId('location').textContent;

setupOrderTests();
beforeEach(() => {
  window.sessionStorage.clear();
  window.localStorage.clear();
  resetPlaces();
  rememberPlace({ type: 'city', code: 'PEK', cityCode: 'PEK', countryCode: 'CN', name: 'Beijing', cityName: 'Beijing' });
  rememberPlace({ type: 'city', code: 'SHA', cityCode: 'SHA', countryCode: 'CN', name: 'Shanghai', cityName: 'Shanghai' });
  vi.mocked(api.get).mockReset().mockResolvedValue({ items: [] } as never);
  vi.mocked(api.post).mockReset();
});

describe('group request form', { timeout: 30_000 }, () => {
  it('takes a departure date typed as agents type it: yyyy-mm-dd or ddMMM (issue 14)', async () => {
    const user = userEvent.setup({ delay: null });
    saveDraft(draftWith());
    renderFlow('/flight/group/booking');
    const date = (await screen.findByLabelText('Departure date of journey 1')) as HTMLInputElement;
    const in30 = dayjs().add(30, 'day');
    await user.click(date);
    await user.clear(date);
    await user.type(date, `${in30.locale('en').format('DDMMM').toUpperCase()}{Tab}`);
    await waitFor(() => expect(date.value).toBe(in30.format('YYYY-MM-DD')));
    const in45 = dayjs().add(45, 'day').format('YYYY-MM-DD');
    await user.click(date);
    await user.clear(date);
    await user.type(date, `${in45}{Enter}`);
    await waitFor(() => expect(date.value).toBe(in45));
  });

  it('starts with the spec defaults: adult 10, child 10, infant 0, the contact from the user, and the deposit note', async () => {
    renderFlow('/flight/group/booking');
    expect(await screen.findByLabelText('Adults')).toHaveProperty('value', '10');
    expect(screen.getByLabelText('Children')).toHaveProperty('value', '10');
    expect(screen.getByLabelText('Infants')).toHaveProperty('value', '0');
    expect(screen.getByLabelText('Contact name')).toHaveProperty('value', 'Olivia Operator');
    expect(screen.getByLabelText('Email')).toHaveProperty('value', 'olivia@agency.test');
    expect(screen.getByTestId('group-note').textContent).toContain('within 1-2 business days');
    expect(screen.getByTestId('group-note').textContent).toContain('Deposits are not refunded');
  });

  it('refuses fewer than 10 travellers with the contract message, and goes on once there are 10', async () => {
    saveDraft(draftWith({ passengers: { adult: 5, child: 4, infant: 0 } }));
    renderFlow('/flight/group/booking');
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(MIN_MESSAGE)).toBeTruthy();
    expect(location()).toBe('/flight/group/booking');

    const children = screen.getByLabelText('Children');
    await userEvent.clear(children);
    await userEvent.type(children, '5');
    await waitFor(() => expect(screen.queryByText(MIN_MESSAGE)).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(location()).toBe('/flight/group/booking/confirm'));
  });

  it('refuses the same city at both ends', async () => {
    saveDraft(draftWith({ journeys: [{ ...draftWith().journeys[0], destination: 'PEK' }] }));
    renderFlow('/flight/group/booking');
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Origin and destination are required and must be different cities')).toBeTruthy();
    expect(location()).toBe('/flight/group/booking');
  });

  it('multi-city takes up to 5 journeys: a 6th cannot be added', async () => {
    renderFlow('/flight/group/booking');
    await userEvent.click(await screen.findByText('Multi-city'));
    const add = screen.getByRole('button', { name: /Add journey/ });
    expect(screen.getAllByTestId('group-journey')).toHaveLength(2);
    for (let i = 2; i < MAX_JOURNEYS; i++) await userEvent.click(add);
    expect(screen.getAllByTestId('group-journey')).toHaveLength(MAX_JOURNEYS);
    expect((add as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(add);
    expect(screen.getAllByTestId('group-journey')).toHaveLength(MAX_JOURNEYS);
  });
});

describe('group request review', { timeout: 30_000 }, () => {
  it('shows the request kept in session storage and submits it with an Idempotency-Key, then opens the group', async () => {
    saveDraft(draftWith({ passengers: { adult: 8, child: 4, infant: 1 } }));
    vi.mocked(api.post).mockResolvedValue({ id: 'g1', status: 'to_be_quote' } as never);
    renderFlow('/flight/group/booking/confirm');
    expect(await screen.findByText('Review your group request')).toBeTruthy();
    expect(screen.getByTestId('count-adult').textContent).toBe('8');
    expect(screen.getByText('Morning flight')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /Submit request/ }));
    await waitFor(() => expect(location()).toBe('/flight/group/order/g1'));
    const [path, body, opts] = vi.mocked(api.post).mock.calls[0];
    expect(path).toBe('/order/v2/flight/group/orders');
    expect(opts).toEqual({ headers: { 'Idempotency-Key': 'key-1' } });
    expect(body).toEqual({
      tripType: 'oneway',
      journeys: [{ origin: 'PEK', destination: 'SHA', date: tomorrow(), remark: 'Morning flight', isChangeDate: false, acceptChangeFlight: false }],
      passengers: { adult: 8, child: 4, infant: 1 },
      cabin: 'economy',
      contact: { name: 'Olivia Operator', email: 'olivia@agency.test', areaCode: '86', phone: '13800000000' },
      remark: '',
    });
    // Sent once: the draft is gone.
    expect(window.sessionStorage.getItem('portal.group.draft')).toBeNull();
  });

  it('without a draft sends the user back to the form instead of submitting nothing', async () => {
    renderFlow('/flight/group/booking/confirm');
    expect(await screen.findByText('There is no group request to review.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Submit request/ })).toBeNull();
  });
});
