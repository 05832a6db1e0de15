import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import dayjs from 'dayjs';
import { api, ApiError } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { renderWithClient, setupAgencyTests } from '../test/harness';
import { blueSky, tokyo } from '../test/fixtures';
import { CreditLimitModal } from './CreditLimitModal';
import { LookToBookModal, defaultLookToBookRange } from './LookToBookModal';
import { ResetSuperUserPasswordModal } from './ResetSuperUserPasswordModal';

vi.mock('../../../lib/api', () => import('../test/harness').then((h) => h.apiModule()));
vi.mock('../../../lib/notify', () => import('../test/harness').then((h) => h.notifyModule()));

function renderDialog(ui: ReactNode) {
  renderWithClient(ui);
  return within(screen.getByRole('dialog'));
}

setupAgencyTests();
beforeEach(() => {
  vi.mocked(api.get).mockReset();
  vi.mocked(api.post).mockReset();
  vi.mocked(api.put).mockReset();
  vi.mocked(notify.success).mockClear();
});

describe('CreditLimitModal', { timeout: 20_000 }, () => {
  it('shows the used credit, requires a limit and sends it in minor units', async () => {
    vi.mocked(api.put).mockResolvedValue({ ...tokyo.balance, creditLimit: 150_000 });
    const user = userEvent.setup({ delay: null });
    const onClose = vi.fn();
    const d = renderDialog(<CreditLimitModal agency={tokyo} onClose={onClose} />);
    expect(d.getByText('JPY 20,000')).toBeTruthy();
    const input = d.getByLabelText('New credit limit') as HTMLInputElement;
    expect(input.value).toBe('100000');
    await user.clear(input);
    await user.click(d.getByRole('button', { name: 'Save' }));
    expect(await d.findByText('Please enter the credit limit')).toBeTruthy();
    expect(api.put).not.toHaveBeenCalled();

    await user.type(input, '10000');
    expect(await d.findByText('The new limit is below the credit already used.')).toBeTruthy();
    await user.clear(input);
    await user.type(input, '150000');
    await user.click(d.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.put).toHaveBeenCalledWith('/base/v2/agencies/a2/credit', { credit: 150_000, sendEmail: true });
    expect(notify.success).toHaveBeenCalledWith('Credit limit of Tokyo Tours set to JPY 150,000');
  });
});

// Issue 14: "Send email" was offered (and on) for an agency without a contact email, and nothing was ever sent.
describe('CreditLimitModal: the email option', { timeout: 20_000 }, () => {
  it('is off, disabled and explained for an agency without a contact email, and the limit is saved without one', async () => {
    vi.mocked(api.put).mockResolvedValue({ ...tokyo.balance, creditLimit: 150_000 });
    const user = userEvent.setup({ delay: null });
    const onClose = vi.fn();
    const d = renderDialog(<CreditLimitModal agency={{ ...tokyo, contactEmail: null }} onClose={onClose} />);
    const sendEmail = d.getByRole('switch', { name: 'Send email' });
    expect(sendEmail.getAttribute('aria-checked')).toBe('false');
    expect((sendEmail as HTMLButtonElement).disabled).toBe(true);
    expect(d.getByText('No email can be sent: this agency has no contact email. Add one with Edit first.')).toBeTruthy();
    await user.click(d.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.put).toHaveBeenCalledWith('/base/v2/agencies/a2/credit', { credit: 100_000, sendEmail: false });
  });

  it("shows the server's refusal on the email option and stays open", async () => {
    const refusal = 'No email can be sent: emails to this agency are switched off in its settings.';
    vi.mocked(api.put).mockRejectedValue(new ApiError(refusal, 100400, 400, { sendEmail: refusal }));
    const user = userEvent.setup({ delay: null });
    const onClose = vi.fn();
    const d = renderDialog(<CreditLimitModal agency={tokyo} onClose={onClose} />);
    await user.click(d.getByRole('button', { name: 'Save' }));
    expect(await d.findByText(refusal)).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect(notify.success).not.toHaveBeenCalled();
  });
});

describe('ResetSuperUserPasswordModal', { timeout: 20_000 }, () => {
  it('needs 6 to 15 characters typed twice, then posts the new password', async () => {
    vi.mocked(api.post).mockResolvedValue({ username: 'bluesky.admin' });
    const user = userEvent.setup({ delay: null });
    const onClose = vi.fn();
    const d = renderDialog(<ResetSuperUserPasswordModal agency={blueSky} onClose={onClose} />);
    expect(d.getByText(/Sets a new password for bluesky.admin/)).toBeTruthy();
    await user.type(d.getByLabelText('New password'), '12345');
    await user.type(d.getByLabelText('Confirm password'), '12346');
    await user.click(d.getByRole('button', { name: 'Reset password' }));
    expect(await d.findByText('Password must be 6 to 15 characters')).toBeTruthy();
    expect(await d.findByText('The two passwords do not match')).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();

    await user.type(d.getByLabelText('New password'), '6');
    await user.clear(d.getByLabelText('Confirm password'));
    await user.type(d.getByLabelText('Confirm password'), '123456');
    await user.click(d.getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.post).toHaveBeenCalledWith('/base/v2/agencies/a1/superuser/password', { password: '123456' });
  });
});

describe('LookToBookModal', { timeout: 20_000 }, () => {
  it('asks for the last 30 days and shows searches, bookings and the ratio', async () => {
    vi.mocked(api.get).mockResolvedValue({ from: '2025-04-02', to: '2025-05-01', searches: 1250, bookings: 10, ratio: 125 });
    const d = renderDialog(<LookToBookModal agency={blueSky} onClose={vi.fn()} />);
    const [from, to] = defaultLookToBookRange();
    expect(to.diff(from, 'day')).toBe(29);
    expect(to.isSame(dayjs(), 'day')).toBe(true);
    await waitFor(() =>
      expect(api.get).toHaveBeenCalledWith('/base/v2/agencies/a1/look-to-book', expect.objectContaining({ params: { from: from.format('YYYY-MM-DD'), to: to.format('YYYY-MM-DD') } })),
    );
    expect(await d.findByText('1,250')).toBeTruthy();
    expect(d.getByText('10')).toBeTruthy();
    expect(d.getByText('125.0 : 1')).toBeTruthy();
  });

  it('says so when there was no booking', async () => {
    vi.mocked(api.get).mockResolvedValue({ from: '2025-04-02', to: '2025-05-01', searches: 40, bookings: 0, ratio: null });
    const d = renderDialog(<LookToBookModal agency={blueSky} onClose={vi.fn()} />);
    expect(await d.findByText('No bookings')).toBeTruthy();
  });
});
