import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Agency } from '@portal/contract/api/agencies';
import { api, ApiError } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import i18n from '../../../lib/i18n';
import { renderWithClient, setupAgencyTests } from '../test/harness';
import { blueSky, tokyo } from '../test/fixtures';
import { SingleLoginSecretModal } from './SingleLoginSecretModal';

vi.mock('../../../lib/api', () => import('../test/harness').then((h) => h.apiModule()));
vi.mock('../../../lib/notify', () => import('../test/harness').then((h) => h.notifyModule()));

const SECRET = 'q3Jx9tV0b_Rk2mWc7YpL4sNd8fHa1uEz6oGi5TyQw-A';

function setup(agency: Agency | null) {
  const onClose = vi.fn();
  const ui = (a: Agency | null) => <SingleLoginSecretModal agency={a} dateFormat="yyyy-MM-dd" onClose={onClose} />;
  const view = renderWithClient(ui(agency));
  return { onClose, rerender: (a: Agency | null) => view.rerender(ui(a)), client: view.client };
}

setupAgencyTests();
beforeEach(() => {
  vi.mocked(api.post).mockReset().mockResolvedValue({ secret: SECRET, rotatedAt: '2025-05-01T10:00:00Z' });
  vi.mocked(notify.success).mockClear();
});

describe('SingleLoginSecretModal', { timeout: 20_000 }, () => {
  it('explains the signing and the roll-over before rotating', async () => {
    setup(blueSky);
    const d = within(screen.getByRole('dialog'));
    expect(d.getByText('Single-login secret of Blue Sky Travel')).toBeTruthy();
    expect(d.getByText(/signs the login links of its embedded users with this secret/)).toBeTruthy();
    expect(d.getByText(/previous secret keeps working until the next rotation/)).toBeTruthy();
    expect(d.getByRole('button', { name: /Rotate secret/ })).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();
  });

  it('shows the new secret once, copies it, and never shows it again after closing', async () => {
    // user-event puts a working clipboard stub on navigator.
    const user = userEvent.setup({ delay: null });
    const { rerender, client } = setup(tokyo);
    const d = within(screen.getByRole('dialog'));
    await user.click(d.getByRole('button', { name: /Rotate secret/ }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/base/v2/agencies/a2/single-login-secret'));
    expect(((await d.findByLabelText('Single-login secret')) as HTMLInputElement).value).toBe(SECRET);
    expect(d.getByText('Copy the secret now: it will not be shown again.')).toBeTruthy();
    expect(d.getByText(/Rotated 2025-05-01/)).toBeTruthy();

    await user.click(d.getByRole('button', { name: /Copy/ }));
    await waitFor(() => expect(notify.success).toHaveBeenCalled());
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(notify.success).toHaveBeenCalledWith(i18n.t('message.success.copy'));

    // The secret is nowhere in the query cache, and a new opening starts from the explanation again.
    expect(JSON.stringify(client.getQueryCache().getAll().map((q) => q.state.data))).not.toContain(SECRET);
    rerender(null);
    rerender(tokyo);
    await waitFor(() => expect(screen.queryByDisplayValue(SECRET)).toBeNull());
    expect(within(screen.getByRole('dialog')).getByRole('button', { name: /Rotate secret/ })).toBeTruthy();
  });

  it('shows the server refusal and keeps the confirm button', async () => {
    vi.mocked(api.post).mockReset().mockRejectedValue(new ApiError('Not found', 100404, 404));
    const user = userEvent.setup({ delay: null });
    setup(blueSky);
    const d = within(screen.getByRole('dialog'));
    await user.click(d.getByRole('button', { name: /Rotate secret/ }));
    expect(await d.findByText('Not found')).toBeTruthy();
    expect(d.queryByLabelText('Single-login secret')).toBeNull();
    expect(d.getByRole('button', { name: /Rotate secret/ })).toBeTruthy();
  });
});
