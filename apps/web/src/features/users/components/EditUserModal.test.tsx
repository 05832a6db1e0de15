import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { UserItem } from '@portal/contract/api/users';
import i18n from '../../../lib/i18n';
import { api } from '../../../lib/api';
import { EditUserModal } from './EditUserModal';

vi.mock('../../../lib/api', () => ({
  ApiError: class ApiError extends Error {},
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), del: vi.fn(), upload: vi.fn() },
}));

// The caller: by default a SuperUser of a sub-agency (proxyLevel 1), who may not grant permissions.
const session = vi.hoisted(() => ({ proxyLevel: 1, roles: ['SuperUser'] as string[] }));
vi.mock('../../../lib/session', () => ({
  useSession: () => ({ me: { userInfo: { id: 'me', roles: session.roles }, company: { proxyLevel: session.proxyLevel } } }),
}));

const jane: UserItem = {
  id: 'u1',
  username: 'jane.doe',
  nickname: 'Jane',
  email: 'jane@example.com',
  areaCode: '852',
  mobile: '91234567',
  roles: ['operator'],
  permissions: [],
  status: 'active',
  avatar: null,
  createdAt: '2025-01-02T03:04:05Z',
  lastLoginAt: null,
};

function renderModal(target: UserItem = jane) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <EditUserModal user={target} onClose={onClose} defaultAreaCode="86" />
    </QueryClientProvider>,
  );
  return { onClose, dialog: screen.getByRole('dialog') };
}

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
beforeEach(() => {
  Object.assign(session, { proxyLevel: 1, roles: ['SuperUser'] });
  vi.mocked(api.put).mockReset();
});
afterEach(cleanup);

// antd renders a lot per interaction; on a busy CI machine the 5 s default is too tight.
describe('EditUserModal', { timeout: 20_000 }, () => {
  it('shows the email as read-only text, never in an input', () => {
    const { dialog } = renderModal();
    expect(within(dialog).getByText('jane@example.com')).toBeTruthy();
    expect(within(dialog).getByText('The email identifies the account and cannot be changed.')).toBeTruthy();
    const inputs = Array.from(dialog.querySelectorAll('input, textarea')) as HTMLInputElement[];
    expect(inputs.some((input) => input.value === 'jane@example.com')).toBe(false);
    expect(inputs.some((input) => input.type === 'email')).toBe(false);
    expect(within(dialog).queryByRole('textbox', { name: 'Email' })).toBeNull();
  });

  it('saves only the editable fields', async () => {
    vi.mocked(api.put).mockResolvedValue({ ...jane, nickname: 'Jane D.' });
    const user = userEvent.setup({ delay: null });
    const { dialog, onClose } = renderModal();
    const nickname = within(dialog).getByLabelText('Name');
    await user.clear(nickname);
    await user.type(nickname, 'Jane D.');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.put).toHaveBeenCalledWith('/base/v2/users/u1', { nickname: 'Jane D.', areaCode: '852', mobile: '91234567' });
  });

  it('shows no permissions to a SuperUser of a sub-agency and sends none', async () => {
    vi.mocked(api.put).mockResolvedValue(jane);
    const user = userEvent.setup({ delay: null });
    const { dialog, onClose } = renderModal();
    expect(within(dialog).queryByText('Permissions')).toBeNull();
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(vi.mocked(api.put).mock.calls[0][1]).not.toHaveProperty('permissions');
  });

  it('lets a SuperUser of a proxyLevel-0 company grant and remove agency bills, with a hint', async () => {
    session.proxyLevel = 0;
    vi.mocked(api.put).mockResolvedValue(jane);
    const user = userEvent.setup({ delay: null });
    const { dialog, onClose } = renderModal();
    expect(within(dialog).getByText('Permissions')).toBeTruthy();
    expect(within(dialog).getByText(/opens the bill pages of the sub-agencies/)).toBeTruthy();
    const box = within(dialog).getByRole('checkbox', { name: 'Agency bills' }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    await user.click(box);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.put).toHaveBeenCalledWith('/base/v2/users/u1', { nickname: 'Jane', areaCode: '852', mobile: '91234567', permissions: ['agencybills:read'] });

    cleanup();
    const granted = renderModal({ ...jane, permissions: ['agencybills:read'] });
    const checked = within(granted.dialog).getByRole('checkbox', { name: 'Agency bills' }) as HTMLInputElement;
    expect(checked.checked).toBe(true);
    await user.click(checked);
    await user.click(within(granted.dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(granted.onClose).toHaveBeenCalled());
    expect(vi.mocked(api.put).mock.calls.at(-1)?.[1]).toMatchObject({ permissions: [] });
  });

  it('leaves a holder of all permissions alone', async () => {
    session.proxyLevel = 0;
    vi.mocked(api.put).mockResolvedValue(jane);
    const user = userEvent.setup({ delay: null });
    const { dialog, onClose } = renderModal({ ...jane, permissions: ['all'] });
    expect(within(dialog).getByText('This user holds all permissions; that cannot be changed here.')).toBeTruthy();
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(vi.mocked(api.put).mock.calls[0][1]).not.toHaveProperty('permissions');
  });
});
