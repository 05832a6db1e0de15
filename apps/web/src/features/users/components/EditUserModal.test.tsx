import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
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

const jane: UserItem = {
  id: 'u1',
  username: 'jane.doe',
  nickname: 'Jane',
  email: 'jane@example.com',
  areaCode: '852',
  mobile: '91234567',
  roles: ['operator'],
  status: 'active',
  avatar: null,
  createdAt: '2025-01-02T03:04:05Z',
  lastLoginAt: null,
};

function renderModal() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <EditUserModal user={jane} onClose={onClose} defaultAreaCode="86" />
    </QueryClientProvider>,
  );
  return { onClose, dialog: screen.getByRole('dialog') };
}

beforeAll(async () => {
  await i18n.changeLanguage('en');
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
});
