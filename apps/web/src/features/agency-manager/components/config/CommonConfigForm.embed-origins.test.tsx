import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '../../../../lib/api';
import { renderWithClient, setupAgencyTests } from '../../test/harness';
import { blueSky, detailOf } from '../../test/fixtures';
import { AgencyConfigDrawer } from '../AgencyConfigDrawer';

vi.mock('../../../../lib/api', () => import('../../test/harness').then((h) => h.apiModule()));
vi.mock('../../../../lib/notify', () => import('../../test/harness').then((h) => h.notifyModule()));

// Issue 9: the sites allowed to frame the portal in embedded mode, edited with the agency's common settings.
const detail = detailOf(blueSky);

function renderDrawer() {
  renderWithClient(<AgencyConfigDrawer agency={blueSky} onClose={vi.fn()} />);
  return within(screen.getByRole('dialog'));
}

setupAgencyTests();
beforeEach(() => {
  vi.mocked(api.get).mockReset().mockResolvedValue(detail);
  vi.mocked(api.put).mockReset().mockResolvedValue(detail);
});

describe('Sites that may embed the portal', { timeout: 30_000 }, () => {
  it('saves origins with the common group, written as browsers write them', async () => {
    const user = userEvent.setup({ delay: null });
    const d = renderDrawer();
    const field = await d.findByLabelText('Sites that may embed the portal');
    await user.type(field, ' https://Partner.example/ {Enter}http://localhost:5174{Enter}');
    await user.click(d.getByRole('button', { name: /Save Common/ }));
    await waitFor(() => expect(api.put).toHaveBeenCalled());
    expect(vi.mocked(api.put).mock.calls[0][1]).toEqual({
      common: { ...detail.config.common, embedOrigins: ['https://partner.example', 'http://localhost:5174'] },
    });
  });

  it('refuses an address that is not an origin before sending', async () => {
    const user = userEvent.setup({ delay: null });
    const d = renderDrawer();
    await user.type(await d.findByLabelText('Sites that may embed the portal'), 'http://partner.example/portal{Enter}');
    await user.click(d.getByRole('button', { name: /Save Common/ }));
    expect(await d.findByText(/Enter a site address such as https:\/\/www\.example\.com/)).toBeTruthy();
    expect(api.put).not.toHaveBeenCalled();
  });
});
