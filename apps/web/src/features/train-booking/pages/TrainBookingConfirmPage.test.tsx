import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { CreateTrainOrderBody } from '@portal/contract/api/trains';
import { api, ApiError } from '../../../lib/api';
import { renderPage, setupOrderTests } from '../../../components/orders/test-harness';
import { TRAIN_SEARCH_PATH } from '../../../components/train/search-trains';
import { addDays, chinaToday } from '../../../components/train/train-dates';
import { D701, G1, makeAnswer } from '../../../components/train/test-fixtures';
import { TRAIN_ORDERS_PATH } from '../api/create-train-order';
import TrainBookingConfirmPage from './TrainBookingConfirmPage';

vi.mock('../../../lib/api', async (real) => (await import('../../../components/orders/test-harness')).apiModule(await real()));
vi.mock('../../../lib/session', () => import('../../../components/train/test-fixtures').then((f) => f.operatorSessionModule()));

setupOrderTests();

const day = addDays(chinaToday(), 3);
const url = (seatClass = 'second', train = 'SVC-G1', from = 'VNP', to = 'AOH') =>
  `/train/booking/confirm?serviceId=${train}&from=${from}&to=${to}&seatClass=${seatClass}&date=${day}`;
const open = (u = url()) => renderPage(<TrainBookingConfirmPage />, u);
const orderBodies = () => vi.mocked(api.post).mock.calls.filter(([path]) => path === TRAIN_ORDERS_PATH).map(([, body]) => body as CreateTrainOrderBody);
const total = () => screen.getByTestId('total').textContent;

async function typeDate(user: UserEvent, field: HTMLElement, date: string) {
  await user.click(field);
  await user.type(field, date);
  await user.keyboard('{Enter}');
}

async function fill(user: UserEvent, i: number, p: { surname: string; given: string; gender: 'Male' | 'Female'; birthday: string; id: string }) {
  const card = within(screen.getByTestId(`passenger-${i}`));
  const n = `(Passenger ${i + 1})`;
  await user.type(card.getByLabelText(`Surname ${n}`), p.surname);
  await user.type(card.getByLabelText(`Given names ${n}`), p.given);
  await user.click(card.getByText(p.gender));
  await typeDate(user, card.getByLabelText(`Date of birth ${n}`), p.birthday);
  await user.type(card.getByLabelText(`Document number ${n}`), p.id);
}

beforeEach(() => {
  vi.mocked(api.get).mockReset().mockResolvedValue({ items: [] });
  vi.mocked(api.post)
    .mockReset()
    .mockImplementation(async (path: string) => {
      if (path === TRAIN_SEARCH_PATH) return makeAnswer([G1, D701]);
      if (path === TRAIN_ORDERS_PATH) return { id: 'ord-1', orderNumber: 'T1' };
      throw new Error(`unexpected ${path}`);
    });
});

// A form of many antd fields typed key by key: slower than the default 5 s under a loaded runner.
describe('TrainBookingConfirmPage', { timeout: 30_000 }, () => {
  it('shows the train and the class chosen, the fare per ticket type, and a total that follows the passengers', async () => {
    const user = userEvent.setup();
    open();
    expect(await screen.findByRole('heading', { name: 'Confirm train booking' })).toBeTruthy();
    expect(screen.getByTestId('train-summary').textContent).toContain('G1 · High-speed');
    expect(screen.getByTestId('train-summary').textContent).toContain('04h 35m');
    expect((screen.getByRole('radio', { name: /Second class/ }) as HTMLInputElement).checked).toBe(true);
    // Sold out classes cannot be chosen.
    expect((screen.getByRole('radio', { name: /First class/ }) as HTMLInputElement).disabled).toBe(true);
    expect(total()).toBe('CNY 553.00');
    // EMU second class: seat letters A B C D F.
    expect(within(screen.getByTestId('passenger-0')).getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual(
      expect.arrayContaining(['A', 'B', 'C', 'D', 'F']),
    );

    await user.click(screen.getByRole('button', { name: /Add passenger/ }));
    expect(total()).toBe('CNY 1,106.00');
    await user.click(within(screen.getByTestId('passenger-1')).getByText(/Child/));
    expect(total()).toBe('CNY 829.50');
    await user.click(screen.getByRole('radio', { name: /Business/ }).closest('label')!);
    expect(total()).toBe('CNY 2,622.00');
    // Business has no B or D seat.
    const letters = within(screen.getByTestId('passenger-0')).getAllByRole('radio').map((r) => r.closest('label')?.textContent);
    expect(letters).not.toContain('B');
  });

  it('allows 1 to 5 passengers', async () => {
    const user = userEvent.setup();
    open();
    const add = await screen.findByRole('button', { name: /Add passenger/ });
    for (let i = 0; i < 4; i++) await user.click(add);
    expect(screen.getByText('Passengers (5/5)')).toBeTruthy();
    expect((add as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Remove passenger 5' }));
    expect(screen.getByText('Passengers (4/5)')).toBeTruthy();
  });

  it('checks the passengers with the railway rules before asking the server', async () => {
    const user = userEvent.setup();
    open();
    await screen.findByTestId('passenger-0');
    await user.click(screen.getByRole('button', { name: /Book and hold seats/ }));
    await waitFor(() => expect(document.querySelectorAll('.ant-form-item-explain-error').length).toBeGreaterThan(0));
    expect(orderBodies()).toHaveLength(0);
  });

  it('books two passengers with seat letters and goes to the order', async () => {
    const user = userEvent.setup();
    open();
    await screen.findByTestId('passenger-0');
    await fill(user, 0, { surname: '张', given: '三', gender: 'Male', birthday: '1985-03-05', id: '110105198503050018' });
    await user.click(within(screen.getByTestId('passenger-0')).getByText('A'));
    await user.click(screen.getByRole('button', { name: /Add passenger/ }));
    await fill(user, 1, { surname: '李', given: '四', gender: 'Female', birthday: '1985-03-05', id: '110105198503050026' });
    await user.click(within(screen.getByTestId('passenger-1')).getByText('B'));
    await user.click(screen.getByRole('button', { name: /Book and hold seats/ }));

    await waitFor(() => expect(orderBodies()).toHaveLength(1));
    expect(orderBodies()[0]).toMatchObject({
      serviceId: 'SVC-G1',
      supplier: 'sim-rail',
      from: 'VNP',
      to: 'AOH',
      seatClass: 'second',
      seatPreferences: ['A', 'B'],
      acceptedTotal: 110_600,
      contact: { name: 'Li Lei', email: 'lilei@agency.example', areaCode: '86', phone: '13800138000' },
      passengers: [
        { ticketType: 'adult', surname: '张', given_names: '三', gender: 'male', birthday: '1985-03-05', nationality: 'CN', travel_document: { type: 'idcard', number: '110105198503050018' } },
        { ticketType: 'adult', surname: '李', given_names: '四', gender: 'female' },
      ],
    });
    const [, , opts] = vi.mocked(api.post).mock.calls.find(([path]) => path === TRAIN_ORDERS_PATH)!;
    expect(opts?.headers?.['Idempotency-Key']).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/train/orders/ord-1'));
  });

  it('shows the server refusal of a field on it, and one of the booking above the button', async () => {
    const user = userEvent.setup();
    vi.mocked(api.post).mockImplementation(async (path: string) => {
      if (path === TRAIN_SEARCH_PATH) return makeAnswer([G1]);
      throw new ApiError('No seats left in this class', 1, 200);
    });
    open();
    await screen.findByTestId('passenger-0');
    await fill(user, 0, { surname: '张', given: '三', gender: 'Male', birthday: '1985-03-05', id: '110105198503050018' });
    await user.click(screen.getByRole('button', { name: /Book and hold seats/ }));
    expect(await screen.findByText('No seats left in this class')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toContain('/train/booking/confirm');
  });

  it('sleepers: a berth with its fare', async () => {
    const user = userEvent.setup();
    vi.mocked(api.post).mockImplementation(async () =>
      makeAnswer([
        {
          ...D701,
          classes: [
            {
              seatClass: 'soft_sleeper',
              price: 120_000,
              childPrice: 70_000,
              available: 12,
              berthPrices: [
                { berth: 'lower', price: 130_000, childPrice: 75_000 },
                { berth: 'upper', price: 120_000, childPrice: 70_000 },
              ],
            },
          ],
        },
      ]),
    );
    open(url('soft_sleeper', 'SVC-D701', 'BJP', 'SHH'));
    await screen.findByTestId('passenger-0');
    expect(total()).toBe('CNY 1,200.00');
    await user.click(screen.getByText(/Lower/));
    expect(total()).toBe('CNY 1,300.00');
    // No seat letters on a sleeper.
    expect(screen.queryByText('Seat preference')).toBeNull();
  });

  it('an overnight train shows how many days later it arrives, two as well as one', async () => {
    vi.mocked(api.post).mockImplementation(async () => makeAnswer([{ ...D701, arrivalAt: '2030-01-12T07:12', durationMinutes: 2_142 }]));
    open(url('soft_sleeper', 'SVC-D701', 'BJP', 'SHH'));
    await screen.findByTestId('passenger-0');
    expect(screen.getByTestId('train-summary').textContent).toContain('Beijing 19:30 → Shanghai 07:12 (+2)');
  });

  it('a train no longer sold says so, with a way back', async () => {
    open(url('second', 'SVC-GONE'));
    expect(await screen.findByText('This train is no longer sold: please search again')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back to results' })).toBeTruthy();
  });
});
