import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { DocumentRecognition, FrequentPassengerBody } from '@portal/contract/api/travellers';
import i18n from '../../lib/i18n';
import { api, ApiError } from '../../lib/api';
import { notify } from '../../lib/notify';
import { makeTraveller, PASSPORT } from './test-fixtures';
import { TravellerFormModal } from './TravellerFormModal';

vi.mock('../../lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api')>()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), del: vi.fn(), upload: vi.fn() },
}));
vi.mock('../../lib/session', () => ({
  useSession: () => ({ me: { userInfo: { id: 'me', config: { dateFormat: 'yyyy-MM-dd', defaultRegion: '852', cities: [], countries: [] } } } }),
}));
vi.mock('../../lib/notify', () => ({ notify: { success: vi.fn(), info: vi.fn(), warning: vi.fn(), error: vi.fn() } }));

const stored = makeTraveller({ travel_document: PASSPORT, travel_documents: [PASSPORT] });

function renderModal(traveller = stored as typeof stored | null) {
  const onClose = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <TravellerFormModal open traveller={traveller} onClose={onClose} />
    </QueryClientProvider>,
  );
  return { onClose };
}

/** Opens an antd select by its label and picks the option shown as `option`. */
async function choose(user: UserEvent, label: string | HTMLElement, option: string) {
  await user.click(typeof label === 'string' ? screen.getByLabelText(label) : label);
  const dropdowns = document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  const list = dropdowns[dropdowns.length - 1] as HTMLElement;
  await user.click(within(list).getByTitle(option));
}

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(api.get).mockImplementation(async (path: string) => {
    if (path === '/shopping/v2/reference-data') return { airlines: [{ code: 'LH', name: 'Lufthansa', alliance: 'Star Alliance', lowCost: false }], airports: [] };
    throw new Error(`unexpected GET ${path}`);
  });
});

describe('TravellerFormModal', { timeout: 30_000 }, () => {
  it("shows the shared rules' messages on their fields: an ID card with a wrong check digit", async () => {
    renderModal(null);
    const user = userEvent.setup({ delay: null });
    // A new traveller starts with the user's default area code.
    expect(screen.getByText('+852')).toBeTruthy();
    await choose(user, screen.getByLabelText('Document type'), 'ID card');
    await user.type(screen.getByLabelText('Document number'), '110101199003074478');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Invalid ID card number: the last character does not match the others, check each digit')).toBeTruthy();
    expect(screen.getByText('Surname required, English letters A-Z only')).toBeTruthy();
    expect(screen.getByText('Choose the gender')).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();
  });

  it("keeps a document's number when it is left untouched: the document id and an empty number", async () => {
    vi.mocked(api.put).mockResolvedValue(stored);
    const { onClose } = renderModal();
    const user = userEvent.setup({ delay: null });
    expect((screen.getByLabelText('Document number') as HTMLInputElement).placeholder).toBe('*****5678');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.put).toHaveBeenCalled());
    const [path, body] = vi.mocked(api.put).mock.calls[0] as [string, FrequentPassengerBody];
    expect(path).toBe(`/base/v2/often-used-passengers/${stored.id}`);
    expect(body.travel_documents).toEqual([{ id: PASSPORT.id, type: 'passport', number: '', expiryDate: '2031-01-01', issuingCountry: 'CN' }]);
    expect(body).toMatchObject({ surname: 'ZHANG', given_names: 'SAN', localName: '张三', gender: 'male', birthday: '1990-03-07', nationality: 'CN', areaCode: '86', phone: '13800138000' });
    expect(notify.success).toHaveBeenCalledWith('Frequent passenger saved');
    expect(onClose).toHaveBeenCalled();
  });

  it("puts the server's field messages on their fields", async () => {
    vi.mocked(api.put).mockRejectedValue(new ApiError('Invalid', 100400, 400, { 'travel_documents.0.number': 'The number on file does not match the birthday' }));
    const { onClose } = renderModal();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The number on file does not match the birthday')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('fills the form from a document image and marks the uncertain fields', async () => {
    const answer: DocumentRecognition = {
      source: 'TD3',
      fields: {
        surname: { value: 'WANG', confidence: 0.99 },
        given_names: { value: 'WU', confidence: 0.99 },
        gender: { value: 'female', confidence: 0.99 },
        birthday: { value: '1988-08-08', confidence: 0.99 },
        nationality: { value: 'CN', confidence: 0.99 },
        documentType: { value: 'passport', confidence: 0.99 },
        documentNumber: { value: 'E11223344', confidence: 0.5 },
        expiryDate: { value: '2033-05-05', confidence: 0.99 },
      },
      uncertain: ['documentNumber'],
      imageId: '44444444-4444-4444-8444-444444444444',
      elapsedMs: 900,
    };
    vi.mocked(api.upload).mockResolvedValue(answer);
    renderModal(null);
    const user = userEvent.setup({ delay: null });
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    await user.upload(input, new File(['x'], 'passport.png', { type: 'image/png' }));
    await waitFor(() => expect((screen.getByLabelText('Surname') as HTMLInputElement).value).toBe('WANG'));
    expect((screen.getByLabelText('Document number') as HTMLInputElement).value).toBe('E11223344');
    expect(await screen.findAllByText('Check this field')).toHaveLength(1);
    expect(vi.mocked(api.upload).mock.calls[0][3]?.params).toEqual({ attach: 'true' });
    // Once the agent corrects the field it is theirs: the mark goes.
    await user.clear(screen.getByLabelText('Document number'));
    await user.type(screen.getByLabelText('Document number'), 'E11223345');
    await waitFor(() => expect(screen.queryByText('Check this field')).toBeNull());
    // The image is attached to the traveller saved from it.
    vi.mocked(api.post).mockResolvedValue(makeTraveller());
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.post).toHaveBeenCalled());
    expect(vi.mocked(api.post).mock.calls[0][1]).toMatchObject({ documentImageId: answer.imageId, surname: 'WANG', travel_documents: [{ id: null, type: 'passport', number: 'E11223345', expiryDate: '2033-05-05' }] });
  });

  it('says when the image could not be read, filling nothing', async () => {
    vi.mocked(api.upload).mockRejectedValue(new ApiError('Recognition failed, check the document type', 100400, 422));
    renderModal(null);
    const user = userEvent.setup({ delay: null });
    await user.upload(document.querySelector('input[type=file]') as HTMLInputElement, new File(['x'], 'cat.png', { type: 'image/png' }));
    expect(await screen.findByText('Recognition failed, check the document type')).toBeTruthy();
    expect((screen.getByLabelText('Surname') as HTMLInputElement).value).toBe('');
  });

  it("checks a member card's number against its programme before sending it", async () => {
    renderModal();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: /Add card/ }));
    expect((screen.getByLabelText('Card holder') as HTMLInputElement).placeholder).toBe('ZHANG/SAN');
    await waitFor(() => expect(vi.mocked(api.get)).toHaveBeenCalledWith('/shopping/v2/reference-data', expect.anything()));
    await choose(user, 'Airline', 'LH · Lufthansa');
    await user.type(screen.getByLabelText('Card number'), '1234');
    await user.click(screen.getByRole('button', { name: 'Save card' }));
    expect(await screen.findByText(/This is not a Miles & More number/)).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();
  });

  it('lists, saves and deletes (after asking) member cards of a traveller on file', async () => {
    const card = { id: 'c1', passengerId: stored.id, airline: 'LH', number: '992001234567897', holder: 'ZHANG/SAN', createdAt: '' };
    vi.mocked(api.post).mockImplementation(async (_path, body) => ({ ...card, id: 'c2', ...(body as object) }));
    vi.mocked(api.del).mockResolvedValue(null);
    renderModal({ ...stored, memberCards: [card] });
    const user = userEvent.setup({ delay: null });
    const cards = within(screen.getByTestId('member-cards'));
    expect(cards.getByText('992001234567897')).toBeTruthy();

    await user.click(cards.getByRole('button', { name: /Add card/ }));
    await waitFor(() => expect(vi.mocked(api.get)).toHaveBeenCalledWith('/shopping/v2/reference-data', expect.anything()));
    await choose(user, 'Airline', 'LH · Lufthansa');
    await user.type(screen.getByLabelText('Card number'), '9920 0765 4321 004');
    await user.click(screen.getByRole('button', { name: 'Save card' }));
    // A number that is the programme's format goes out without its spaces, with the traveller's name as holder.
    await waitFor(() => expect(api.post).toHaveBeenCalled());
    expect(vi.mocked(api.post).mock.calls[0]).toEqual(['/base/v2/member-cards', { passengerId: stored.id, airline: 'LH', number: '992007654321004', holder: 'ZHANG/SAN' }]);

    await user.click(cards.getAllByRole('button', { name: 'Delete' })[0]);
    expect(await screen.findByText('Delete the LH card 992001234567897?')).toBeTruthy();
    expect(api.del).not.toHaveBeenCalled();
    const confirm = document.querySelector('.ant-popconfirm') as HTMLElement;
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.del).toHaveBeenCalledWith('/base/v2/member-cards/c1'));
    await waitFor(() => expect(cards.queryByText('992001234567897')).toBeNull());
  });
});
