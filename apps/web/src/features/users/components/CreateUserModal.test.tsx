import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18n from '../../../lib/i18n';
import { api, ApiError } from '../../../lib/api';
import { CreateUserModal } from './CreateUserModal';

vi.mock('../../../lib/api', () => {
  class ApiError extends Error {
    constructor(
      message: string,
      public code: number,
      public status: number,
      public fields?: Record<string, string>,
    ) {
      super(message);
    }
  }
  return { ApiError, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), del: vi.fn(), upload: vi.fn() } };
});

// The caller: by default nobody is logged in to the store (as before); permission tests make them a platform SuperUser.
const session = vi.hoisted(() => ({ me: null as null | { userInfo: { roles: string[] }; company: { proxyLevel: number } } }));
vi.mock('../../../lib/session', () => ({ useSession: () => ({ me: session.me }) }));

function renderModal() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <CreateUserModal open onClose={onClose} defaultAreaCode="86" />
    </QueryClientProvider>,
  );
  return { onClose, dialog: screen.getByRole('dialog') };
}

async function fillValid(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  const d = within(dialog);
  await user.type(d.getByLabelText('Username'), 'jane.doe');
  await user.type(d.getByLabelText('Email'), 'jane@example.com');
  await user.type(d.getByLabelText('Password'), 'secret12');
  await user.type(d.getByLabelText('Confirm password'), 'secret12');
}

const submit = (user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) =>
  user.click(within(dialog).getByRole('button', { name: 'Create user' }));

beforeAll(async () => {
  await i18n.changeLanguage('en');
});

beforeEach(() => {
  vi.mocked(api.post).mockReset();
  session.me = null;
});

// Vitest runs without globals here, so Testing Library cannot register its own cleanup.
afterEach(cleanup);

// antd renders a lot per interaction; on a busy CI machine the 5 s default is too tight.
describe('CreateUserModal', { timeout: 20_000 }, () => {
  it('refuses a username that breaks the contract pattern', async () => {
    const user = userEvent.setup({ delay: null });
    const { dialog } = renderModal();
    await fillValid(user, dialog);
    const username = within(dialog).getByLabelText('Username');
    await user.clear(username);
    await user.type(username, '1bad name');
    await submit(user, dialog);
    expect(await within(dialog).findByText(i18n.t('validation.username.format'))).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();
  });

  it('requires a password of 6 to 15 characters', async () => {
    const user = userEvent.setup({ delay: null });
    const { dialog } = renderModal();
    await fillValid(user, dialog);
    const password = within(dialog).getByLabelText('Password');
    await user.clear(password);
    await user.type(password, '12345');
    await submit(user, dialog);
    expect(await within(dialog).findByText('Password must be 6 to 15 characters')).toBeTruthy();

    await user.clear(password);
    await user.type(password, '1234567890123456');
    await submit(user, dialog);
    expect(await within(dialog).findByText('Password must be 6 to 15 characters')).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();
  });

  it('requires the confirmation to match the password', async () => {
    const user = userEvent.setup({ delay: null });
    const { dialog } = renderModal();
    await fillValid(user, dialog);
    const confirm = within(dialog).getByLabelText('Confirm password');
    await user.clear(confirm);
    await user.type(confirm, 'secret13');
    await submit(user, dialog);
    expect(await within(dialog).findByText('The two passwords do not match')).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();
  });

  it('requires at least one role', async () => {
    const user = userEvent.setup({ delay: null });
    const { dialog } = renderModal();
    await fillValid(user, dialog);
    // The form starts with "Operator"; remove it through the tag's close icon.
    const removeIcon = dialog.querySelector('.ant-select-selection-item-remove, [class*="-selection-item-remove"]');
    expect(removeIcon).toBeTruthy();
    await user.click(removeIcon as HTMLElement);
    await submit(user, dialog);
    expect(await within(dialog).findByText('Please assign at least one role')).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();
  });

  it('sends the contract body and closes on success', async () => {
    vi.mocked(api.post).mockResolvedValue({ id: 'u1', username: 'jane.doe' });
    const user = userEvent.setup({ delay: null });
    const { dialog, onClose } = renderModal();
    await fillValid(user, dialog);
    await submit(user, dialog);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.post).toHaveBeenCalledWith('/base/v2/users', {
      username: 'jane.doe',
      nickname: null,
      email: 'jane@example.com',
      areaCode: null,
      mobile: null,
      password: 'secret12',
      roles: ['operator'],
      status: 'active',
    });
  });

  it('shows the server field errors on the fields', async () => {
    vi.mocked(api.post).mockRejectedValue(
      new ApiError('Validation failed', 100400, 400, { username: 'This username is already taken' }),
    );
    const user = userEvent.setup({ delay: null });
    const { dialog, onClose } = renderModal();
    await fillValid(user, dialog);
    await submit(user, dialog);
    expect(await within(dialog).findByText('This username is already taken')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('offers no permissions to a SuperUser of a sub-agency', () => {
    session.me = { userInfo: { roles: ['SuperUser'] }, company: { proxyLevel: 1 } };
    const { dialog } = renderModal();
    expect(within(dialog).queryByText('Permissions')).toBeNull();
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
  });

  it('lets a SuperUser of a proxyLevel-0 company grant agency bills at creation', async () => {
    session.me = { userInfo: { roles: ['SuperUser'] }, company: { proxyLevel: 0 } };
    vi.mocked(api.post).mockResolvedValue({ id: 'u1', username: 'jane.doe' });
    const user = userEvent.setup({ delay: null });
    const { dialog, onClose } = renderModal();
    expect(within(dialog).getByText('Permissions')).toBeTruthy();
    expect(within(dialog).getByText(/opens the bill pages of the sub-agencies/)).toBeTruthy();
    await fillValid(user, dialog);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Agency bills' }));
    await submit(user, dialog);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.post).toHaveBeenCalledWith('/base/v2/users', expect.objectContaining({ roles: ['operator'], permissions: ['agencybills:read'] }));
  });
});
