import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AgencyDetail } from '@portal/contract/api/agencies';
import { api } from '../../../../lib/api';
import { renderWithClient, setupAgencyTests } from '../../test/harness';
import { blueSky, detailOf, tokyo } from '../../test/fixtures';
import { PriceAdjustmentsForm } from './PriceAdjustmentsForm';

vi.mock('../../../../lib/api', () => import('../../test/harness').then((h) => h.apiModule()));
vi.mock('../../../../lib/notify', () => import('../../test/harness').then((h) => h.notifyModule()));

function renderForm(agency: AgencyDetail) {
  renderWithClient(<PriceAdjustmentsForm agency={agency} />);
}

setupAgencyTests();
beforeEach(() => {
  vi.mocked(api.put).mockReset().mockImplementation((_path, body) => Promise.resolve({ ...detailOf(blueSky), config: { ...detailOf(blueSky).config, ...(body as object) } }));
});

describe('PriceAdjustmentsForm', { timeout: 20_000 }, () => {
  it('shows stored basis points and minor units in human units', () => {
    const agency = detailOf(blueSky);
    agency.config.flight = {
      ...agency.config.flight,
      priceAdjustments: [
        { area: 'domestic', value: 325, unit: 'percent', limit: 5000 },
        { area: 'intercontinental', value: -1550, unit: 'fixed', limit: 0 },
      ],
    };
    renderForm(agency);
    expect((screen.getByLabelText('Adjustment for Domestic') as HTMLInputElement).value).toBe('3.25');
    expect((screen.getByLabelText('Limit for Domestic') as HTMLInputElement).value).toBe('50.00');
    expect((screen.getByLabelText('Adjustment for Intercontinental') as HTMLInputElement).value).toBe('-15.50');
    expect(screen.getAllByText('0 = unlimited')).toHaveLength(4);
  });

  it('sends percent as basis points and fixed amounts as minor units, inside the whole flight group only', async () => {
    const user = userEvent.setup({ delay: null });
    const agency = detailOf(tokyo);
    renderForm(agency);
    await user.type(screen.getByLabelText('Adjustment for China mainland'), '{Control>}a{/Control}500');
    await user.type(screen.getByLabelText('Limit for China mainland'), '{Control>}a{/Control}3000');
    await user.click(screen.getByLabelText('Unit for Intercontinental'));
    await user.click((await screen.findAllByTitle('Percent')).at(-1) as HTMLElement);
    await user.type(screen.getByLabelText('Adjustment for Intercontinental'), '{Control>}a{/Control}2.75');
    await user.click(screen.getByRole('button', { name: /Save Price adjustments/ }));
    await waitFor(() => expect(api.put).toHaveBeenCalled());
    const [path, body] = vi.mocked(api.put).mock.calls[0];
    expect(path).toBe('/base/v2/agencies/a2/config');
    expect(Object.keys(body as object)).toEqual(['flight']);
    expect(body).toEqual({
      flight: {
        ...agency.config.flight,
        priceAdjustments: [
          // JPY has no minor unit: 500 yen is sent as 500.
          { area: 'chinaMainland', value: 500, unit: 'fixed', limit: 3000 },
          { area: 'intercontinental', value: 275, unit: 'percent', limit: 0 },
        ],
      },
    });
  });
});
