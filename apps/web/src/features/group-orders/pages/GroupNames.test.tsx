import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GroupNamePassenger } from '@portal/contract/api/group-names';
import type { GroupOrder } from '@portal/contract/api/group-orders';
import { Code } from '@portal/contract/codes';
import { api, ApiError } from '../../../lib/api';
import { renderPage, setupOrderTests } from '../../../components/orders/test-harness';
import { groupOrder, groupRequest, noNames } from '../../../components/groups/test-fixtures';
import GroupOrderPage from './GroupOrderPage';

vi.mock('../../../lib/api', async (real) => (await import('../../../components/orders/test-harness')).apiModule(await real()));
vi.mock('../../../lib/session', () => ({ useSession: () => ({ me: { userInfo: { id: 'u1', roles: ['operator'], config: { dateFormat: 'yyyy-MM-dd' } } } }) }));

const DETAIL = '/order/v2/flight/group/orders/g1';

const traveller = (row: number, over: Partial<GroupNamePassenger> = {}): GroupNamePassenger => ({
  row,
  type: 'adult',
  surname: 'ZHANG',
  given_names: `SAN ${row}`,
  gender: 'male',
  birthday: '1980-01-02',
  nationality: 'CN',
  travel_document: { type: 'passport', number: `*****000${row}`, expiryDate: '2035-01-01', issuingCountry: 'CN' },
  frequentFlyer: null,
  ticketNumber: null,
  ...over,
});

/** Paid in full (proceeding) for 2 adults: the list is due. */
const group = (over: Partial<GroupOrder> = {}): GroupOrder =>
  groupOrder({
    status: 'proceeding',
    request: groupRequest({ passengers: { adult: 2, child: 0, infant: 0 } }),
    actions: ['uploadNames'],
    names: noNames({ expected: { seats: 2, infants: 0 } }),
    ...over,
  });

let current: GroupOrder;
setupOrderTests();
beforeEach(() => {
  current = group();
  vi.mocked(api.get).mockReset().mockImplementation(((path: string) => (path === DETAIL ? Promise.resolve(current) : Promise.reject(new Error(`unexpected GET ${path}`)))) as never);
  vi.mocked(api.post).mockReset();
  vi.mocked(api.upload).mockReset();
  vi.mocked(api.download).mockReset().mockResolvedValue(undefined);
});

const open = async () => {
  renderPage(<GroupOrderPage />, '/flight/group/order/g1', '/flight/group/order/:id');
  return screen.findByTestId('group-names');
};

function chooseFile(card: HTMLElement, name = 'names.xlsx') {
  const input = card.querySelector('input[type=file]') as HTMLInputElement;
  const file = new File([new Uint8Array([0x50, 0x4b, 3, 4])], name, { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
  fireEvent.change(input, { target: { files: [file] } });
  return file;
}

describe('group passenger list', { timeout: 30_000 }, () => {
  it('says no list is uploaded yet and hands out the template', async () => {
    const card = await open();
    expect(within(card).getByText('No passenger list uploaded yet')).toBeTruthy();
    expect(within(card).getByText('Not uploaded')).toBeTruthy();
    expect(within(card).getByText(/2 seated travellers \(adults and children\) and 0 infants/)).toBeTruthy();
    await userEvent.click(within(card).getByRole('button', { name: /Download template/ }));
    expect(api.download).toHaveBeenCalledWith(`${DETAIL}/names/template`, 'G2611260001-passengers.xlsx');
    expect(within(card).queryByRole('button', { name: /Confirm list/ })).toBeNull();
  });

  it('uploads the workbook with PUT and shows the list as stored', async () => {
    vi.mocked(api.upload).mockResolvedValue(
      group({ actions: ['uploadNames', 'confirmNames'], names: { ...group().names, status: 'uploaded', uploadedAt: '2030-01-05T02:00:00Z', uploadedBy: 'Olivia', passengers: [traveller(2), traveller(3)] } }) as never,
    );
    const card = await open();
    const file = chooseFile(card);
    await waitFor(() => expect(api.upload).toHaveBeenCalledWith(`${DETAIL}/names`, file, 'file', expect.objectContaining({ method: 'PUT' })));
    const table = await within(card).findByTestId('names-table');
    expect(within(table).getByText('ZHANG/SAN 2')).toBeTruthy();
    expect(within(table).getByText('Passport *****0002')).toBeTruthy();
    expect(within(card).getByText('Awaiting confirmation')).toBeTruthy();
    expect(within(card).getByRole('button', { name: /Upload corrected list/ })).toBeTruthy();
  });

  it('lists every problem of a refused workbook by row and column', async () => {
    vi.mocked(api.upload).mockRejectedValue(
      new ApiError('The passenger list has 2 problems; nothing was saved. Correct the rows shown and upload it again.', Code.VALIDATION, 400, undefined, {
        problems: [
          { row: 3, column: 'B', field: 'surname', key: 'order.passenger.surname.format', params: {}, message: 'Surname: Latin letters only' },
          { row: null, column: null, field: null, key: 'group.names.count', params: {}, message: 'The list must hold 2 seated travellers' },
        ],
      }),
    );
    const card = await open();
    chooseFile(card);
    const refusal = await within(card).findByTestId('names-refusal');
    expect(refusal.textContent).toContain('The passenger list has 2 problems');
    const rows = within(refusal).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    expect(rows).toEqual([
      ['3', 'B', 'Surname: Latin letters only'],
      ['List', '-', 'The list must hold 2 seated travellers'],
    ]);
    expect(within(card).getByText('No passenger list uploaded yet')).toBeTruthy();
  });

  it('confirms only after the warning that the list cannot change, then shows the tickets once issued', async () => {
    current = group({ actions: ['uploadNames', 'confirmNames'], names: { ...group().names, status: 'uploaded', uploadedAt: '2030-01-05T02:00:00Z', passengers: [traveller(2), traveller(3)] } });
    vi.mocked(api.post).mockResolvedValue(group({ actions: [], names: { ...current.names, status: 'confirmed', confirmedAt: '2030-01-05T03:00:00Z' } }) as never);
    const card = await open();
    await userEvent.click(within(card).getByRole('button', { name: /Confirm list/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('After confirmation the list cannot be changed');
    expect(api.post).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: /Confirm list/ }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith(`${DETAIL}/names/confirmation`));
    expect(await within(card).findByText('The list is confirmed and can no longer change.')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: /Upload/ })).toBeNull();
  });

  it('shows a ticket number per traveller on an issued group', async () => {
    current = group({
      status: 'issued',
      actions: [],
      names: { ...group().names, status: 'confirmed', confirmedAt: '2030-01-05T03:00:00Z', passengers: [traveller(2, { ticketNumber: '9991234567890' }), traveller(3, { ticketNumber: '9991234567891' })] },
    });
    const card = await open();
    expect(within(card).getByText('9991234567890')).toBeTruthy();
    expect(within(card).getByText('9991234567891')).toBeTruthy();
  });

  it('is not shown before the seats are secured', async () => {
    current = group({ status: 'to_be_confirm', actions: ['confirm'] });
    renderPage(<GroupOrderPage />, '/flight/group/order/g1', '/flight/group/order/:id');
    await screen.findByText('G2611260001');
    expect(screen.queryByTestId('group-names')).toBeNull();
  });
});
