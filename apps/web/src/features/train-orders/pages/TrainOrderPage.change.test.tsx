import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TrainOrder, TrainSearchBody } from '@portal/contract/api/trains';
import { Code } from '@portal/contract/codes';
import { api, ApiError, newIdempotencyKey } from '../../../lib/api';
import { renderPage, setupOrderTests } from '../../../components/orders/test-harness';
import { makeAnswer, makeService } from '../../../components/train/test-fixtures';
import { TRAIN_SEARCH_PATH } from '../../../components/train/search-trains';
import { loadEveryLanguage } from '../../../lib/i18n';
import { trainOrderPath } from '../api/train-orders';
import { changeRecord, order } from '../test/fixtures';
import TrainOrderPage from './TrainOrderPage';

vi.mock('../../../lib/api', async (real) => (await import('../../../components/orders/test-harness')).apiModule(await real()));
vi.mock('../../../lib/session', () => ({
  useSession: () => ({ me: { userInfo: { id: 'me', roles: ['operator'], config: { dateFormat: 'yyyy-MM-dd' } }, company: { config: { commonConfig: {} } } } }),
}));

setupOrderTests();

// 2030-01-05 08:00 in China: the pre-sale window runs to 2030-01-19, and the booked G1 (2030-01-10 07:00) leaves in
// 4 days 23 hours, 12306's 5% refund fee tier.
beforeAll(async () => {
  // The page's texts come with the full app's part of the language files, not the core the harness loads.
  await loadEveryLanguage();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2030-01-05T00:00:00Z'));
});
afterAll(() => {
  vi.useRealTimers();
});

const CHANGE = '/order/v2/train/orders/o1/change';

const base = order();
const changeable = order({
  actions: ['downloadTicket', 'refund', 'change'],
  passengers: [
    base.passengers[0],
    { ...base.passengers[1], ticketType: 'child', price: 27_650 },
    {
      ...base.passengers[0],
      id: 'p3',
      name: '王五',
      ticketStatus: 'changed',
      change: changeRecord(),
    },
    { ...base.passengers[0], id: 'p4', name: '赵六', ticketStatus: 'refunded', refund: { fee: 0, amount: 55_300, at: '2030-01-02T00:00:00Z' } },
  ],
});
const G3 = makeService({
  trainNumber: 'G3',
  from: { code: 'VNP', name: 'Beijing South', time: '08:00' },
  to: { code: 'AOH', name: 'Shanghai Hongqiao', time: '12:30' },
  departureAt: '2030-01-11T08:00',
  arrivalAt: '2030-01-11T12:30',
  durationMinutes: 270,
  classes: [
    { seatClass: 'business', price: 174_800, childPrice: 87_400, available: 0 },
    { seatClass: 'first', price: 93_300, childPrice: 46_650, available: 5 },
    { seatClass: 'second', price: 45_300, childPrice: 22_650, available: 'many' },
  ],
});
const G1 = makeService({ trainNumber: 'G1' });

let current: TrainOrder;
let orderReads: number;
const searches = () => vi.mocked(api.post).mock.calls.filter(([path]) => path === TRAIN_SEARCH_PATH).map(([, body]) => body as TrainSearchBody);
const changes = () => vi.mocked(api.post).mock.calls.filter(([path]) => path === CHANGE);
const keysSent = () => changes().map(([, , options]) => (options as { headers: Record<string, string> }).headers['Idempotency-Key']);
let searchAnswer: (body: TrainSearchBody) => unknown;
let changeAnswer: () => unknown;

beforeEach(() => {
  current = changeable;
  orderReads = 0;
  // Every call a new key (the other dialogs of the page draw keys on each render too).
  let keys = 0;
  vi.mocked(newIdempotencyKey).mockReset().mockImplementation(() => `key-${++keys}`);
  vi.mocked(api.get).mockReset().mockImplementation(async (path: string) => {
    if (path === trainOrderPath('o1')) {
      orderReads += 1;
      return current;
    }
    throw new Error(path);
  });
  searchAnswer = (body) => (body.date === '2030-01-11' ? makeAnswer([G3], { date: '2030-01-11' }) : makeAnswer([G1], { date: body.date }));
  changeAnswer = () => {
    throw new Error('no change answer set');
  };
  vi.mocked(api.post).mockReset().mockImplementation(async (path: string, body: unknown) => {
    if (path === TRAIN_SEARCH_PATH) return searchAnswer(body as TrainSearchBody);
    if (path === CHANGE) return changeAnswer();
    throw new Error(path);
  });
});

const openDialog = async () => {
  renderPage(<TrainOrderPage />, '/train/orders/o1', '/train/orders/:id');
  fireEvent.click(await screen.findByRole('button', { name: 'Change ticket' }));
  return screen.findByRole('dialog');
};
const typeDate = async (dialog: HTMLElement, date: string) => {
  const user = userEvent.setup({ delay: null });
  const input = within(dialog).getByLabelText('New departure date') as HTMLInputElement;
  await user.click(input);
  await user.clear(input);
  await user.type(input, `${date}{Enter}`);
  await waitFor(() => expect(input.value).toBe(date));
};
const trainCard = async (dialog: HTMLElement, train: string) => {
  const cards = await within(dialog).findAllByTestId('change-train');
  const card = cards.find((c) => c.getAttribute('data-train') === train);
  if (!card) throw new Error(`no card for ${train}: ${cards.map((c) => c.getAttribute('data-train')).join()}`);
  return card;
};
const pickClass = async (dialog: HTMLElement, train: string, seatClass: string) => {
  fireEvent.click(within(await trainCard(dialog, train)).getByRole('radio', { name: `${train} ${seatClass}` }));
};
/** Closed, or on its way out (happy-dom never ends antd's leave animation). */
const dialogClosed = () => {
  const dialog = screen.queryByRole('dialog');
  return !dialog || dialog.classList.contains('ant-zoom-leave');
};
const confirmButton = (dialog: HTMLElement, name: string | RegExp) => within(dialog).getByRole('button', { name }) as HTMLButtonElement;

describe('TrainOrderPage: change tickets', { timeout: 30_000 }, () => {
  it('offers no change when the order does not allow it', async () => {
    current = order();
    renderPage(<TrainOrderPage />, '/train/orders/o1', '/train/orders/:id');
    expect(await screen.findByRole('button', { name: 'Refund tickets' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Change ticket' })).toBeNull();
  });

  it('offers the issued, unchanged tickets and searches the same stations on the original day', async () => {
    const dialog = await openDialog();
    expect(within(dialog).getAllByRole('checkbox').map((c) => c.closest('label')?.textContent)).toEqual(['张三 · Adult · CNY 553.00', '李四 · Child · CNY 276.50']);
    await waitFor(() => expect(searches()).toHaveLength(1));
    expect(searches()[0]).toEqual({
      from: 'VNP',
      fromType: 'station',
      to: 'AOH',
      toType: 'station',
      date: '2030-01-10',
      filters: { fromStations: ['VNP'], toStations: ['AOH'] },
      sort: { by: 'departure', order: 'asc' },
    });
    expect((within(dialog).getByLabelText('New departure date') as HTMLInputElement).value).toBe('2030-01-10');
    expect(within(dialog).getByText('From 2030-01-10 to 2030-01-19')).toBeTruthy();
    await trainCard(dialog, 'G1');
    // Nothing to confirm before tickets and a train are chosen.
    expect(confirmButton(dialog, 'Change tickets').disabled).toBe(true);
    await pickClass(dialog, 'G1', 'Second class');
    expect(confirmButton(dialog, 'Change tickets').disabled).toBe(true);
    expect(within(dialog).queryByTestId('change-quote')).toBeNull();
  });

  it('changes an adult and a child to a dearer class the next day: the difference per ticket and in total, paid from the wallet', async () => {
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /张三/ }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /李四/ }));
    await typeDate(dialog, '2030-01-11');
    await waitFor(() => expect(searches().at(-1)?.date).toBe('2030-01-11'));
    expect(within(await trainCard(dialog, 'G3')).getByRole('radio', { name: 'G3 Business' }).hasAttribute('disabled')).toBe(true);
    await pickClass(dialog, 'G3', 'First class');

    const quote = within(dialog).getByTestId('change-quote');
    expect(within(quote).getByText('New train: G3, 2030-01-11 08:00, First class')).toBeTruthy();
    expect(within(quote).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'Old fare', 'New fare', 'Difference', 'Fee']);
    expect(within(quote).getAllByTestId('change-difference').map((d) => d.textContent)).toEqual(['+CNY 380.00', '+CNY 190.00']);
    expect(within(quote).getAllByTestId('change-fee').map((d) => d.textContent)).toEqual(['CNY 0.00', 'CNY 0.00']);
    expect(within(quote).getByTestId('change-owed').textContent).toBe('Paid from the wallet: CNY 570.00');
    expect(within(quote).queryByTestId('change-returned')).toBeNull();

    const changed: TrainOrder = {
      ...changeable,
      passengers: changeable.passengers.map((p) =>
        p.id === 'p1' || p.id === 'p2'
          ? {
              ...p,
              ticketStatus: 'changed',
              change: changeRecord({ trainNumber: 'G3', departureAt: '2030-01-11T08:00', seatClass: 'first', seat: { car: '03', seat: p.id === 'p1' ? '06A' : '06C', berth: null }, fare: p.price + 1, difference: 1, at: '2030-01-05T00:00:00Z' }),
            }
          : p,
      ),
    };
    changeAnswer = () => {
      current = changed;
      return { order: changed, lines: [], settled: 57_000 };
    };
    const readsBefore = orderReads;
    fireEvent.click(confirmButton(dialog, 'Change and pay CNY 570.00'));
    await waitFor(() => expect(changes()).toHaveLength(1));
    expect(changes()[0]).toEqual([
      CHANGE,
      { passengerIds: ['p1', 'p2'], serviceId: 'SVC-G3', from: 'VNP', to: 'AOH', seatClass: 'first', date: '2030-01-11', acceptedDifference: 57_000 },
      { headers: { 'Idempotency-Key': expect.stringMatching(/^key-\d+$/) } },
    ]);
    await waitFor(() => expect(dialogClosed()).toBe(true));
    await waitFor(() => expect(orderReads).toBeGreaterThan(readsBefore));
    await waitFor(() => expect(screen.getAllByTestId('seat').map((s) => s.textContent)).toEqual(['Car 03 · 06A', 'Car 03 · 06C', 'Car 02 · 01A', 'Car 05 · 12A']));
    expect(screen.getAllByTestId('change-line').map((l) => l.textContent)).toEqual([
      'Changed to G3 2030-01-11 08:00 · First class',
      'Changed to G3 2030-01-11 08:00 · First class',
      'Changed to G5 2030-01-10 09:00 · Second class',
    ]);
  });

  it('on a phone lists one card per ticket instead of the table', async () => {
    const original = window.matchMedia;
    // antd's breakpoints ask min-width/max-width queries: answer them as a 390 px phone would (happy-dom's window is
    // 1024 px wide, antd's lg).
    window.matchMedia = ((query: string) => {
      const min = /min-width:\s*(\d+)px/.exec(query);
      const max = /max-width:\s*(\d+)px/.exec(query);
      return { ...original(query), media: query, matches: (!min || 390 >= Number(min[1])) && (!max || 390 <= Number(max[1])) };
    }) as typeof window.matchMedia;
    try {
      const dialog = await openDialog();
      fireEvent.click(within(dialog).getByRole('checkbox', { name: /张三/ }));
      fireEvent.click(within(dialog).getByRole('checkbox', { name: /李四/ }));
      await pickClass(dialog, 'G1', 'Business');
      const quote = within(dialog).getByTestId('change-quote');
      expect(within(quote).queryByRole('table')).toBeNull();
      expect(within(quote).getAllByTestId('change-quote-line').map((c) => c.querySelector('strong')?.textContent)).toEqual(['张三', '李四']);
      // 1,748.00 - 553.00 for the adult; the child fare 874.00 - 276.50 for the child.
      expect(within(quote).getAllByTestId('change-difference').map((d) => d.textContent)).toEqual(['+CNY 1,195.00', '+CNY 597.50']);
      expect(within(quote).getByTestId('change-owed').textContent).toBe('Paid from the wallet: CNY 1,792.50');
    } finally {
      window.matchMedia = original;
    }
  });

  it('shows a cheaper class as the difference back less the 12306 fee, and accepts no extra payment', async () => {
    changeAnswer = () => ({ order: changeable, lines: [], settled: -9_500 });
    searchAnswer = (body) => makeAnswer([{ ...G3, departureAt: '2030-01-10T08:00', arrivalAt: '2030-01-10T12:30' }], { date: body.date });
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /张三/ }));
    await pickClass(dialog, 'G3', 'Second class');
    const quote = within(dialog).getByTestId('change-quote');
    // 553.00 to 453.00: 100.00 back less 5% (4 days 23 hours before the original train).
    expect(within(quote).getAllByTestId('change-difference').map((d) => d.textContent)).toEqual(['-CNY 100.00']);
    expect(within(quote).getAllByTestId('change-fee').map((d) => d.textContent)).toEqual(['CNY 5.00']);
    expect(within(quote).getByTestId('change-returned').textContent).toBe('Back to the wallet: CNY 95.00');
    expect(within(quote).queryByTestId('change-owed')).toBeNull();
    fireEvent.click(confirmButton(dialog, 'Change tickets'));
    await waitFor(() => expect(changes()).toHaveLength(1));
    expect(changes()[0][1]).toMatchObject({ passengerIds: ['p1'], seatClass: 'second', date: '2030-01-10', acceptedDifference: 0 });
  });

  it('on a price change shows the new difference and changes at it with the same Idempotency-Key once accepted', async () => {
    let calls = 0;
    changeAnswer = () => {
      calls += 1;
      if (calls === 1) throw new ApiError('The price has changed', Code.PRICE_CHANGED, 409, undefined, { previousTotal: 38_000, newTotal: 40_000, currency: 'CNY' });
      return { order: changeable, lines: [], settled: 40_000 };
    };
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /张三/ }));
    await typeDate(dialog, '2030-01-11');
    await pickClass(dialog, 'G3', 'First class');
    const searchesBefore = searches().length;
    fireEvent.click(confirmButton(dialog, 'Change and pay CNY 380.00'));
    const alert = await within(dialog).findByTestId('change-price-changed');
    expect(alert.textContent).toContain('The fare difference is now CNY 400.00 (it was CNY 380.00).');
    // The search is asked again for the fares now on sale; the old figure cannot be confirmed.
    await waitFor(() => expect(searches().length).toBe(searchesBefore + 1));
    expect(confirmButton(dialog, /Change and pay/).disabled).toBe(true);

    fireEvent.click(within(alert).getByRole('button', { name: 'Accept CNY 400.00 and change' }));
    await waitFor(() => expect(changes()).toHaveLength(2));
    expect(changes().map(([, body]) => (body as { acceptedDifference: number }).acceptedDifference)).toEqual([38_000, 40_000]);
    const [first, second] = keysSent();
    expect(first).toMatch(/^key-\d+$/);
    expect(second).toBe(first);
    await waitFor(() => expect(dialogClosed()).toBe(true));
  });

  it('keeps the key when no answer came, takes a new one for another choice, and shows a refusal', async () => {
    let calls = 0;
    changeAnswer = () => {
      calls += 1;
      if (calls <= 2) throw new ApiError('Network error', -1, 0);
      throw new ApiError('No seats left on this train', Code.SOLD_OUT, 409);
    };
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /张三/ }));
    await pickClass(dialog, 'G1', 'Second class');
    fireEvent.click(confirmButton(dialog, 'Change tickets'));
    expect(await within(dialog).findByText('Network error')).toBeTruthy();
    // The spinner's leave animation never ends in happy-dom: its icon stays in the name.
    fireEvent.click(await within(dialog).findByRole('button', { name: /Change tickets$/ }));
    await waitFor(() => expect(changes()).toHaveLength(2));
    await pickClass(dialog, 'G1', 'Business');
    const readsBefore = orderReads;
    fireEvent.click(confirmButton(dialog, /Change and pay/));
    expect(await within(dialog).findByText('No seats left on this train')).toBeTruthy();
    const [first, retry, other] = keysSent();
    expect(first).toMatch(/^key-\d+$/);
    expect(retry).toBe(first);
    expect(other).toMatch(/^key-\d+$/);
    expect(other).not.toBe(first);
    // A refusal means the order may have moved on: it is read again, and the dialog stays open.
    await waitFor(() => expect(orderReads).toBeGreaterThan(readsBefore));
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it("puts the server's localized field error under the date, once", async () => {
    changeAnswer = () => {
      throw new ApiError('Parameter error', Code.VALIDATION, 400, { date: 'A ticket can be changed to a train on the same day or a later day only' });
    };
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /张三/ }));
    await pickClass(dialog, 'G1', 'Second class');
    fireEvent.click(confirmButton(dialog, 'Change tickets'));
    const messages = await within(dialog).findAllByText('A ticket can be changed to a train on the same day or a later day only');
    expect(messages).toHaveLength(1);
    expect(messages[0].closest('.ant-form-item')?.textContent).toContain('New departure date');
    expect(within(dialog).queryByText('Parameter error')).toBeNull();
  });

  it('says when no train runs, and when the search fails offers to try again', async () => {
    searchAnswer = (body) => makeAnswer([], { date: body.date });
    const dialog = await openDialog();
    expect(await within(dialog).findByText('No trains available')).toBeTruthy();
    expect(within(dialog).queryByTestId('change-train')).toBeNull();

    let failures = 0;
    searchAnswer = (body) => {
      if (failures === 0) {
        failures += 1;
        throw new ApiError('Railway unreachable', Code.SUPPLIER_FAILED, 502);
      }
      return makeAnswer([G3], { date: body.date });
    };
    await typeDate(dialog, '2030-01-11');
    expect(await within(dialog).findByText('The train search failed')).toBeTruthy();
    expect(within(dialog).getByText('Railway unreachable')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /Try again/ }));
    await trainCard(dialog, 'G3');
    expect(within(dialog).queryByText('The train search failed')).toBeNull();
  });

  it('prices a change to a sleeper by the berth picked, and asks the railway for that berth', async () => {
    const Z281 = makeService({
      serviceId: 'SVC-Z281',
      trainNumber: 'Z281',
      trainType: 'Z',
      from: { code: 'VNP', name: 'Beijing South', time: '19:30' },
      to: { code: 'AOH', name: 'Shanghai Hongqiao', time: '07:10' },
      departureAt: '2030-01-11T19:30',
      arrivalAt: '2030-01-12T07:10',
      classes: [
        {
          seatClass: 'hard_sleeper',
          price: 58_000,
          childPrice: 40_000,
          available: 12,
          berthPrices: [
            { berth: 'lower', price: 62_000, childPrice: 44_000 },
            { berth: 'middle', price: 60_000, childPrice: 42_000 },
            { berth: 'upper', price: 58_000, childPrice: 40_000 },
          ],
        },
      ],
    });
    searchAnswer = (body) => (body.date === '2030-01-11' ? makeAnswer([Z281], { date: '2030-01-11' }) : makeAnswer([G1], { date: body.date }));
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /张三/ }));
    await typeDate(dialog, '2030-01-11');
    await pickClass(dialog, 'Z281', 'Hard sleeper');
    // The headline berth (upper, the cheapest) first: 580.00 - 553.00.
    const upper = within(dialog).getByRole('radio', { name: 'Upper CNY 580.00' }) as HTMLInputElement;
    expect(upper.checked).toBe(true);
    expect(within(dialog).getByTestId('change-owed').textContent).toBe('Paid from the wallet: CNY 27.00');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Lower CNY 620.00' }));
    const quote = within(dialog).getByTestId('change-quote');
    expect(within(quote).getByText('New train: Z281, 2030-01-11 19:30, Hard sleeper · Lower')).toBeTruthy();
    expect(within(quote).getAllByTestId('change-difference').map((d) => d.textContent)).toEqual(['+CNY 67.00']);
    expect(within(quote).getByTestId('change-owed').textContent).toBe('Paid from the wallet: CNY 67.00');

    changeAnswer = () => ({ order: current, lines: [], settled: 6_700 });
    fireEvent.click(confirmButton(dialog, 'Change and pay CNY 67.00'));
    await waitFor(() => expect(changes()).toHaveLength(1));
    expect(changes()[0][1]).toEqual({ passengerIds: ['p1'], serviceId: 'SVC-Z281', from: 'VNP', to: 'AOH', seatClass: 'hard_sleeper', berth: 'lower', date: '2030-01-11', acceptedDifference: 6_700 });
  });
});
