import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { CreateTrainOrderBody } from '@portal/contract/api/trains';
import type { FrequentPassenger, TravellerDocument } from '@portal/contract/api/travellers';
import { mod11_2CheckChar } from '@portal/contract/passengers/documents';
import { api } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { renderPage, setupOrderTests } from '../../../components/orders/test-harness';
import { makeTraveller } from '../../../components/travellers/test-fixtures';
import { TRAIN_SEARCH_PATH } from '../../../components/train/search-trains';
import { addDays, chinaToday } from '../../../components/train/train-dates';
import { G1, makeAnswer } from '../../../components/train/test-fixtures';
import { TRAIN_ORDERS_PATH } from '../api/create-train-order';
import TrainBookingConfirmPage from './TrainBookingConfirmPage';

/** "Choose from frequent travellers" on the train booking: issue 11's travellers under issue 13's real-name rules. */

vi.mock('../../../lib/api', async (real) => (await import('../../../components/orders/test-harness')).apiModule(await real()));
vi.mock('../../../lib/notify', () => ({ notify: { success: vi.fn(), info: vi.fn(), warning: vi.fn(), error: vi.fn() } }));
vi.mock('../../../lib/session', () => import('../../../components/train/test-fixtures').then((f) => f.operatorSessionModule()));

setupOrderTests();

const day = addDays(chinaToday(), 3);
const dayBefore = addDays(day, -1);
const url = `/train/booking/confirm?serviceId=SVC-G1&from=VNP&to=AOH&seatClass=second&date=${day}`;

/** A valid GB 11643 number for a birthday and a sequence (odd: a man, even: a woman). */
const residentId = (birthday: string, seq: string) => {
  const body = `110105${birthday.replaceAll('-', '')}${seq}`;
  return body + mod11_2CheckChar(body);
};
const doc = (over: Partial<TravellerDocument>): TravellerDocument => ({ id: 'd', type: 'idcard', number: '**************0018', expiryDate: null, issuingCountry: 'CN', ...over });
const person = (id: string, over: Partial<FrequentPassenger>) => {
  const documents = over.travel_documents ?? [];
  return makeTraveller({ id, travel_documents: documents, travel_document: documents[0] ?? null, ...over });
};

/** A Chinese citizen with a passport filed first and the ID card second: the train takes the ID card. */
const ZHANG = person('p-zhang', {
  surname: 'ZHANG',
  given_names: 'SAN',
  localName: '张三',
  birthday: '1985-03-05',
  phone: '13700137000',
  travel_documents: [doc({ id: 'd-zp', type: 'chinese-passport', number: '*****5678', expiryDate: '2035-01-01' }), doc({ id: 'd-zid' })],
});
const SMITH = person('p-smith', {
  surname: 'SMITH',
  given_names: 'JOHN',
  localName: null,
  nationality: 'GB',
  birthday: '1980-01-02',
  travel_documents: [doc({ id: 'd-sp', type: 'passport', number: '*****6789', expiryDate: '2035-01-01', issuingCountry: 'GB' })],
});
/** Nine years old in the travel year: a child ticket. Gender and birthday are not on file: the ID card number tells. */
const kidBirthday = `${Number(day.slice(0, 4)) - 9}-01-01`;
const XIAOHONG = person('p-kid', { surname: 'ZHANG', given_names: 'XIAOHONG', localName: '张小红', gender: null, birthday: null, type: 'child', travel_documents: [doc({ id: 'd-kid' })] });
/** Passport expiring the day before travel. */
const MUELLER = person('p-mueller', {
  surname: 'MUELLER',
  given_names: 'ANNA',
  localName: null,
  gender: 'female',
  nationality: 'DE',
  travel_documents: [doc({ id: 'd-mp', type: 'passport', number: '*****1111', expiryDate: dayBefore, issuingCountry: 'DE' })],
});
/** A Chinese citizen with only a passport on file. */
const LI = person('p-li', { surname: 'LI', given_names: 'LEI', localName: '李雷', travel_documents: [doc({ id: 'd-lp', type: 'chinese-passport', number: '*****2222', expiryDate: '2035-01-01' })] });

const REVEALED: Record<string, { id: string; type: string; number: string }> = {
  'p-zhang/d-zid': { id: 'd-zid', type: 'idcard', number: '110105198503050018' },
  'p-zhang/d-zp': { id: 'd-zp', type: 'chinese-passport', number: 'E12345678' },
  'p-smith/d-sp': { id: 'd-sp', type: 'passport', number: '123456789' },
  'p-kid/d-kid': { id: 'd-kid', type: 'idcard', number: residentId(kidBirthday, '002') },
};

let travellers: FrequentPassenger[] = [];
const revealed: string[] = [];

beforeEach(() => {
  travellers = [ZHANG, SMITH, XIAOHONG, MUELLER, LI];
  revealed.length = 0;
  vi.mocked(notify.info).mockReset();
  vi.mocked(notify.success).mockReset();
  vi.mocked(notify.warning).mockReset();
  vi.mocked(api.get)
    .mockReset()
    .mockImplementation(async (path: string) => {
      if (path === '/base/v2/often-used-passengers') return { items: travellers, total: travellers.length, max: 30 };
      const m = /^\/base\/v2\/often-used-passengers\/([^/]+)\/documents\/([^/]+)$/.exec(path);
      if (m) {
        revealed.push(`${m[1]}/${m[2]}`);
        const answer = REVEALED[`${m[1]}/${m[2]}`];
        if (!answer) throw new Error(`no document ${path}`);
        return answer;
      }
      return { items: [] };
    });
  vi.mocked(api.post)
    .mockReset()
    .mockImplementation(async (path: string) => {
      if (path === TRAIN_SEARCH_PATH) return makeAnswer([G1]);
      if (path === TRAIN_ORDERS_PATH) return { id: 'ord-1', orderNumber: 'T1' };
      throw new Error(`unexpected ${path}`);
    });
});

const orderBodies = () => vi.mocked(api.post).mock.calls.filter(([path]) => path === TRAIN_ORDERS_PATH).map(([, body]) => body as CreateTrainOrderBody);
const row = (i: number) => within(screen.getByTestId(`passenger-${i}`));
const input = (i: number, label: string) => row(i).getByLabelText(`${label} (Passenger ${i + 1})`) as HTMLInputElement;
const checkbox = (dialog: HTMLElement, name: string) => within(dialog).getByRole('checkbox', { name }) as HTMLInputElement;

async function openPicker(user: UserEvent) {
  await user.click(await screen.findByRole('button', { name: /Choose from frequent travellers/ }));
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByTestId('traveller-list');
  return dialog;
}

/** Opens row `i`'s own traveller list and finds the option matching `selector` (by its title). */
async function rowOption(user: UserEvent, i: number, selector: string) {
  await user.click(row(i).getByRole('combobox', { name: 'Choose traveller' }));
  return waitFor(() => {
    const found = document.querySelector<HTMLElement>(`.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option${selector}`);
    if (!found) throw new Error(`no option ${selector}`);
    return found;
  });
}

async function pick(user: UserEvent, ...names: string[]) {
  const dialog = await openPicker(user);
  for (const name of names) await user.click(checkbox(dialog, name));
  await user.click(within(dialog).getByRole('button', { name: new RegExp(`Import \\(${names.length}\\)`) }));
}

// Many antd fields, a modal and a booking on a shared 2-core runner (seen at 45 s with a load average of 20).
describe('TrainBookingConfirmPage: frequent travellers', { timeout: 90_000 }, () => {
  it('fills the rows by the railway rules (ID card and Chinese name for a citizen, passport for a foreigner, child by age) and books them', async () => {
    const user = userEvent.setup();
    renderPage(<TrainBookingConfirmPage />, url);
    await pick(user, 'ZHANG/SAN', 'SMITH/JOHN', 'ZHANG/XIAOHONG');

    await waitFor(() => expect(screen.getByText('Passengers (3/5)')).toBeTruthy());
    expect(notify.success).toHaveBeenCalledWith('3 travellers added. Check the details before booking.');
    // Only the documents the train takes were revealed: not Zhang's passport.
    expect(revealed.sort()).toEqual(['p-kid/d-kid', 'p-smith/d-sp', 'p-zhang/d-zid']);

    expect(input(0, 'Surname').value).toBe('张');
    expect(input(0, 'Given names').value).toBe('三');
    expect(input(0, 'Document number').value).toBe('110105198503050018');
    expect(row(0).getByTitle('ID card')).toBeTruthy();
    expect(input(1, 'Surname').value).toBe('SMITH');
    expect(input(1, 'Document number').value).toBe('123456789');
    expect(input(1, 'Expiry date').value).toBe('2035-01-01');
    // The ID card row asks no expiry.
    expect(row(0).queryByLabelText('Expiry date (Passenger 1)')).toBeNull();
    expect((row(2).getByRole('radio', { name: /Child/ }) as HTMLInputElement).checked).toBe(true);
    expect((row(2).getByRole('radio', { name: 'Female' }) as HTMLInputElement).checked).toBe(true);

    await user.click(screen.getByRole('button', { name: /Book and hold seats/ }));
    await waitFor(() => expect(orderBodies()).toHaveLength(1));
    // The agent's own phone stays the booking's contact phone.
    expect(orderBodies()[0].contact).toEqual({ name: 'Li Lei', email: 'lilei@agency.example', areaCode: '86', phone: '13800138000' });
    expect(orderBodies()[0].passengers).toEqual([
      { type: 'adult', ticketType: 'adult', surname: '张', given_names: '三', gender: 'male', birthday: '1985-03-05', nationality: 'CN', travel_document: { type: 'idcard', number: '110105198503050018' } },
      {
        type: 'adult',
        ticketType: 'adult',
        surname: 'SMITH',
        given_names: 'JOHN',
        gender: 'male',
        birthday: '1980-01-02',
        nationality: 'GB',
        travel_document: { type: 'passport', number: '123456789', expiryDate: '2035-01-01' },
      },
      {
        type: 'child',
        ticketType: 'child',
        surname: '张',
        given_names: '小红',
        gender: 'female',
        birthday: kidBirthday,
        nationality: 'CN',
        travel_document: { type: 'idcard', number: REVEALED['p-kid/d-kid'].number },
      },
    ]);
  });

  it('refuses a traveller with an expired document or without the document the railway asks, saying why', async () => {
    // Clicks on what is disabled too: they must do nothing.
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderPage(<TrainBookingConfirmPage />, url);
    const dialog = await openPicker(user);

    const mueller = checkbox(dialog, 'MUELLER/ANNA');
    const li = checkbox(dialog, 'LI/LEI');
    expect(mueller.disabled).toBe(true);
    expect(li.disabled).toBe(true);
    expect(checkbox(dialog, 'ZHANG/SAN').disabled).toBe(false);
    const reasons = within(dialog).getAllByTestId('traveller-refusal').map((r) => r.textContent);
    expect(reasons).toEqual([
      `This traveller's document for train tickets expires on ${dayBefore}, before the travel date ${day}`,
      'Chinese citizens travel by train with their resident ID card, and this traveller has none on file',
    ]);
    // A refused traveller cannot be ticked, so nothing can be imported.
    await user.click(mueller);
    expect(mueller.checked).toBe(false);
    expect((within(dialog).getByRole('button', { name: 'Import (0)' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    // The row's own list refuses them too.
    const option = await rowOption(user, 0, '[title^="Chinese citizens"]');
    expect(option.className).toContain('ant-select-item-option-disabled');
    expect(option.textContent).toContain('LI/LEI 李雷');
    await user.click(option);
    expect(input(0, 'Surname').value).toBe('');
    expect(revealed).toEqual([]);
  });

  it('holds the 5-passenger limit: no more can be chosen than rows left, and a full booking takes none', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const more = ['WU', 'ZHAO', 'QIAN', 'SUN'].map((name) =>
      person(`p-${name}`, { surname: name, given_names: 'YI', localName: null, nationality: 'GB', travel_documents: [doc({ id: `d-${name}`, type: 'passport', number: '*****3333', expiryDate: '2035-01-01' })] }),
    );
    for (const p of more) REVEALED[`${p.id}/d-${p.surname}`] = { id: `d-${p.surname}`, type: 'passport', number: `P${p.surname}1` };
    travellers = [ZHANG, SMITH, ...more];
    renderPage(<TrainBookingConfirmPage />, url);

    // One row filled already: four more can come in.
    await pick(user, 'ZHANG/SAN');
    await waitFor(() => expect(input(0, 'Surname').value).toBe('张'));
    const dialog = await openPicker(user);
    expect(within(dialog).getByText(/Choose up to 4/)).toBeTruthy();
    for (const name of ['SMITH/JOHN', 'WU/YI', 'ZHAO/YI', 'QIAN/YI']) await user.click(checkbox(dialog, name));
    expect(checkbox(dialog, 'SUN/YI').disabled).toBe(true);
    await user.click(checkbox(dialog, 'SUN/YI'));
    expect(checkbox(dialog, 'SUN/YI').checked).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: /Import \(4\)/ }));

    await waitFor(() => expect(screen.getByText('Passengers (5/5)')).toBeTruthy());
    expect(['张', 'SMITH', 'WU', 'ZHAO', 'QIAN'].map((_, i) => input(i, 'Surname').value)).toEqual(['张', 'SMITH', 'WU', 'ZHAO', 'QIAN']);
    expect((screen.getByRole('button', { name: /Add passenger/ }) as HTMLButtonElement).disabled).toBe(true);

    // Full: the picker does not open (the list is not asked again), it says why.
    const listCalls = vi.mocked(api.get).mock.calls.filter(([path]) => path === '/base/v2/often-used-passengers').length;
    await user.click(screen.getByRole('button', { name: /Choose from frequent travellers/ }));
    expect(notify.info).toHaveBeenCalledWith('This booking already has 5 passengers: remove one to choose another traveller');
    expect(vi.mocked(api.get).mock.calls.filter(([path]) => path === '/base/v2/often-used-passengers').length).toBe(listCalls);

    // A row's own list replaces that row, it never adds a sixth.
    await user.click(await rowOption(user, 4, '[title="SUN/YI"]'));
    await waitFor(() => expect(input(4, 'Surname').value).toBe('SUN'));
    expect(screen.getByText('Passengers (5/5)')).toBeTruthy();
    expect(screen.queryByTestId('passenger-5')).toBeNull();
  });

  it('flags a child under 6 on the row and a number that could not be read; fills an empty contact phone with the traveller’s', async () => {
    const user = userEvent.setup();
    const toddlerBirthday = `${Number(day.slice(0, 4)) - 3}-01-01`;
    const toddler = person('p-toddler', {
      surname: 'WANG',
      given_names: 'XIAO',
      localName: '王小',
      birthday: toddlerBirthday,
      areaCode: '852',
      phone: '61234567',
      travel_documents: [doc({ id: 'd-t' })],
    });
    travellers = [toddler];
    renderPage(<TrainBookingConfirmPage />, url);
    const contactPhone = () => within(screen.getByTestId('contact')).getByLabelText('Mobile phone') as HTMLInputElement;
    await user.clear(await waitFor(contactPhone));
    await pick(user, 'WANG/XIAO');
    await waitFor(() => expect(contactPhone().value).toBe('61234567'));
    expect(within(screen.getByTestId('contact')).getByText('+852')).toBeTruthy();

    // The number is not revealed (no answer for it): the rest is filled and the row says to type it.
    await waitFor(() => expect(input(0, 'Surname').value).toBe('王'));
    expect(input(0, 'Document number').value).toBe('');
    expect(screen.getByTestId('passenger-0-note-document').textContent).toBe('The document number could not be loaded: type it from the document.');
    expect(screen.getByTestId('passenger-0-note-ticketType').textContent).toBe(
      `Under 6 on ${day}: travels free on an adult's seat without a ticket; book a child ticket only for a seat of their own`,
    );
    expect((row(0).getByRole('radio', { name: /Child/ }) as HTMLInputElement).checked).toBe(true);
    // Typing the number ends the note about it; the other stays.
    await user.type(input(0, 'Document number'), '1');
    expect(screen.queryByTestId('passenger-0-note-document')).toBeNull();
    expect(screen.getByTestId('passenger-0-note-ticketType')).toBeTruthy();
  });
});
