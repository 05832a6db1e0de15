import { beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { SolutionFilters } from '@portal/contract/api/shopping';
import { PRODUCT_TYPES } from '@portal/contract/api/shopping-constants';
import i18n from '../../../lib/i18n';
import { FilterPanel } from './FilterPanel';

// Airline and airport names are not under test: the reference data never answers, so codes show.
vi.mock('../../../lib/api', () => ({
  ApiError: class ApiError extends Error {},
  api: { get: vi.fn(() => new Promise(() => {})), post: vi.fn(), put: vi.fn(), del: vi.fn() },
}));

beforeAll(async () => {
  await i18n.changeLanguage('en');
});

function renderPanel(filters: SolutionFilters, onChange = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <FilterPanel facets={null} currency="CNY" filters={filters} onChange={onChange} legLabels={['PEK-SHA']} money={(a) => String(a)} />
    </QueryClientProvider>,
  );
  return onChange;
}

// Spec point 3 (issue 14): the ticketing speeds start with `all`; the results could not be narrowed by speed at all.
describe('FilterPanel: ticketing speed', () => {
  it('offers "all" first, then every product type, with "all" chosen by default', () => {
    renderPanel({});
    const group = screen.getByRole('group', { name: 'Ticketing speed' });
    const radios = within(group).getAllByRole('radio') as HTMLInputElement[];
    expect(radios).toHaveLength(PRODUCT_TYPES.length + 1);
    expect(within(group).getByRole('radio', { name: 'All ticketing speeds' })).toBe(radios[0]);
    expect(radios[0].checked).toBe(true);
    expect(within(group).getByRole('radio', { name: 'Fast ticketing (30 min)' })).toBeTruthy();
  });

  it('sends the chosen speed, and "all" as no constraint', async () => {
    const user = userEvent.setup({ delay: null });
    const onChange = renderPanel({ productType: 'fast-standard', cabins: ['economy'] });
    const group = screen.getByRole('group', { name: 'Ticketing speed' });
    expect((within(group).getByRole('radio', { name: 'Fast ticketing (30 min)' }) as HTMLInputElement).checked).toBe(true);

    await user.click(within(group).getByRole('radio', { name: 'Special ticketing (48 h)' }));
    expect(onChange).toHaveBeenLastCalledWith({ productType: 'special-standard', cabins: ['economy'] });
    await user.click(within(group).getByRole('radio', { name: 'All ticketing speeds' }));
    expect(onChange).toHaveBeenLastCalledWith({ cabins: ['economy'] });
  });
});
