import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, ApiError } from '../../../lib/api';
import { renderWithClient, setupAgencyTests } from '../test/harness';
import { blueSky, detailOf } from '../test/fixtures';
import { AgencyConfigDrawer } from './AgencyConfigDrawer';

vi.mock('../../../lib/api', () => import('../test/harness').then((h) => h.apiModule()));
vi.mock('../../../lib/notify', () => import('../test/harness').then((h) => h.notifyModule()));

const detail = detailOf(blueSky);

function renderDrawer() {
  renderWithClient(<AgencyConfigDrawer agency={blueSky} onClose={vi.fn()} />);
  return screen.getByRole('dialog');
}

setupAgencyTests();
beforeEach(() => {
  vi.mocked(api.get).mockReset().mockResolvedValue(detail);
  vi.mocked(api.put).mockReset().mockResolvedValue(detail);
});

describe('AgencyConfigDrawer', { timeout: 30_000 }, () => {
  it('saves only the common group', async () => {
    const user = userEvent.setup({ delay: null });
    const drawer = renderDrawer();
    const d = within(drawer);
    await user.click(await d.findByRole('switch', { name: 'Show bills' }));
    await user.click(d.getByRole('button', { name: /Save Common/ }));
    await waitFor(() => expect(api.put).toHaveBeenCalled());
    expect(api.get).toHaveBeenCalledWith('/base/v2/agencies/a1', expect.anything());
    const [path, body] = vi.mocked(api.put).mock.calls[0];
    expect(path).toBe('/base/v2/agencies/a1/config');
    expect(body).toEqual({ common: { ...detail.config.common, isShowBill: true } });
  });

  it('saves the flight group whole, with the time budget in milliseconds and fees in minor units', async () => {
    const user = userEvent.setup({ delay: null });
    const drawer = renderDrawer();
    const d = within(drawer);
    await user.click(await d.findByRole('tab', { name: 'Flight' }));
    await user.type(await d.findByLabelText('Booking fee'), '{Control>}a{/Control}25.5');
    await user.type(d.getByLabelText('Supplier time budget'), '{Control>}a{/Control}12.5');
    await user.type(d.getByLabelText('Airlines'), 'ca{Enter}');
    await user.click(d.getByRole('button', { name: /Save Flight/ }));
    await waitFor(() => expect(api.put).toHaveBeenCalled());
    const body = vi.mocked(api.put).mock.calls[0][1] as { flight: typeof detail.config.flight };
    expect(Object.keys(body)).toEqual(['flight']);
    expect(body.flight).toEqual({
      ...detail.config.flight,
      serviceFees: { ...detail.config.flight.serviceFees, booking: 2550 },
      maxResponseTimeMs: 12_500,
      airlines: ['CA'],
    });
  });

  it('refuses a malformed hot route before sending', async () => {
    const user = userEvent.setup({ delay: null });
    const drawer = renderDrawer();
    const d = within(drawer);
    await user.click(await d.findByRole('tab', { name: 'Flight' }));
    await user.type(await d.findByLabelText('Hot routes'), 'BJS SHA{Enter}');
    await user.click(d.getByRole('button', { name: /Save Flight/ }));
    expect(await d.findByText(/Write routes as two city codes/)).toBeTruthy();
    expect(api.put).not.toHaveBeenCalled();
  });

  it('shows a server field error of the credit period on its field', async () => {
    vi.mocked(api.put).mockRejectedValue(new ApiError('Validation failed', 100400, 400, { 'creditPeriod.value': 'Invalid value' }));
    const user = userEvent.setup({ delay: null });
    const drawer = renderDrawer();
    const d = within(drawer);
    await user.click(await d.findByRole('tab', { name: 'Credit period' }));
    await user.click(await d.findByRole('button', { name: /Save Credit period/ }));
    expect(await d.findByText('Invalid value')).toBeTruthy();
    expect(vi.mocked(api.put).mock.calls[0][1]).toEqual({ creditPeriod: { value: 1, unit: 'month' } });
  });
});
