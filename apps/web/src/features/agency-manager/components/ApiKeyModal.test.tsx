import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Agency } from '@portal/contract/api/agencies';
import { api } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import i18n from '../../../lib/i18n';
import { renderWithClient, setupAgencyTests } from '../test/harness';
import { blueSky, tokyo } from '../test/fixtures';
import { ApiKeyModal } from './ApiKeyModal';

vi.mock('../../../lib/api', () => import('../test/harness').then((h) => h.apiModule()));
vi.mock('../../../lib/notify', () => import('../test/harness').then((h) => h.notifyModule()));

const KEY = 'ak_9c1e.5f0b8d2a7e4c4b1f9a3d6e8c0b2a4f6d';

function setup(agency: Agency | null) {
  const onClose = vi.fn();
  const ui = (a: Agency | null) => <ApiKeyModal agency={a} dateFormat="yyyy-MM-dd" onClose={onClose} />;
  const view = renderWithClient(ui(agency));
  return { onClose, rerender: (a: Agency | null) => view.rerender(ui(a)), client: view.client };
}

setupAgencyTests();
beforeEach(() => {
  vi.mocked(api.post).mockReset().mockResolvedValue({ key: KEY, prefix: 'ak_9c1e', createdAt: '2025-05-01T10:00:00Z' });
  vi.mocked(notify.success).mockClear();
});

describe('ApiKeyModal', { timeout: 20_000 }, () => {
  it('warns that a new key replaces the existing one before generating', async () => {
    setup(blueSky);
    const d = within(screen.getByRole('dialog'));
    expect(d.getByText('ak_7f3a…')).toBeTruthy();
    expect(d.getByText(/replaces the old one at once/)).toBeTruthy();
    expect(d.getByRole('button', { name: /Replace key/ })).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();
  });

  it('shows the new key once, copies it, and never shows it again after closing', async () => {
    // user-event puts a working clipboard stub on navigator.
    const user = userEvent.setup({ delay: null });
    const { rerender, client } = setup(tokyo);
    const d = within(screen.getByRole('dialog'));
    expect(d.getByText(/no API key yet/)).toBeTruthy();
    await user.click(d.getByRole('button', { name: /Generate key/ }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/base/v2/agencies/a2/apikey'));
    expect(((await d.findByLabelText('API key')) as HTMLInputElement).value).toBe(KEY);
    expect(d.getByText('Copy the key now: it will not be shown again.')).toBeTruthy();

    await user.click(d.getByRole('button', { name: /Copy/ }));
    await waitFor(() => expect(notify.success).toHaveBeenCalled());
    expect(await navigator.clipboard.readText()).toBe(KEY);
    expect(notify.success).toHaveBeenCalledWith(i18n.t('message.success.copy'));

    // The key is nowhere in the query cache, and a new opening starts from the warning again.
    expect(JSON.stringify(client.getQueryCache().getAll().map((q) => q.state.data))).not.toContain(KEY);
    rerender(null);
    rerender(tokyo);
    await waitFor(() => expect(screen.queryByDisplayValue(KEY)).toBeNull());
    expect(within(screen.getByRole('dialog')).getByRole('button', { name: /Generate key/ })).toBeTruthy();
  });
});

// Issue 14: an agency without allowed hosts was told its key "works only from the 0 allowed hosts".
describe('ApiKeyModal: allowed hosts', { timeout: 20_000 }, () => {
  const NOWHERE = /has no allowed API hosts yet, so this key works nowhere/;

  it('names the count when the agency has hosts', () => {
    setup(blueSky);
    const d = within(screen.getByRole('dialog'));
    expect(d.getByText('The key works only from the 1 allowed host set on the agency.')).toBeTruthy();
    expect(d.queryByText(NOWHERE)).toBeNull();
  });

  it('warns that the key works nowhere until hosts are set, before and after generating it', async () => {
    const user = userEvent.setup({ delay: null });
    setup({ ...tokyo, allowedHosts: [] });
    const d = within(screen.getByRole('dialog'));
    expect(d.getByRole('alert').textContent).toMatch(NOWHERE);
    expect(d.queryByText(/0 allowed host/)).toBeNull();
    await user.click(d.getByRole('button', { name: /Generate key/ }));
    expect(((await d.findByLabelText('API key')) as HTMLInputElement).value).toBe(KEY);
    expect(d.getByText(NOWHERE)).toBeTruthy();
  });
});
