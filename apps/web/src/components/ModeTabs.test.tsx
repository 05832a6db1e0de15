import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ModeTabs } from './ModeTabs';

afterEach(cleanup);

const TABS = [
  { key: 'one', label: 'One-way' },
  { key: 'return', label: 'Return' },
  { key: 'pnr', label: 'Search by PNR' },
] as const;

function Harness() {
  const [active, setActive] = useState<(typeof TABS)[number]['key']>('one');
  return (
    <ModeTabs tabs={TABS} active={active} onChange={setActive} label="Search mode">
      <p>panel of {active}</p>
    </ModeTabs>
  );
}

const selected = () => screen.getAllByRole('tab').filter((t) => t.getAttribute('aria-selected') === 'true').map((t) => t.textContent);

describe('ModeTabs', () => {
  it('is a named tab list whose panel is labelled by the selected tab; only that tab is in the tab order', () => {
    render(<Harness />);
    expect(screen.getByRole('tablist', { name: 'Search mode' })).toBeTruthy();
    const panel = screen.getByRole('tabpanel');
    const one = screen.getByRole('tab', { name: 'One-way', selected: true });
    expect(panel.getAttribute('aria-labelledby')).toBe(one.id);
    expect(one.getAttribute('aria-controls')).toBe(panel.id);
    expect(screen.getAllByRole('tab').map((t) => t.tabIndex)).toEqual([0, -1, -1]);
  });

  it('selects a tab on click and shows its panel', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('tab', { name: 'Search by PNR' }));
    expect(selected()).toEqual(['Search by PNR']);
    expect(screen.getByRole('tabpanel').textContent).toBe('panel of pnr');
  });

  it('moves selection and focus with the arrow keys (wrapping), Home and End', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.tab();
    expect(document.activeElement?.textContent).toBe('One-way');
    await user.keyboard('{ArrowRight}');
    expect(selected()).toEqual(['Return']);
    expect(document.activeElement?.textContent).toBe('Return');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(selected()).toEqual(['Search by PNR']);
    await user.keyboard('{Home}');
    expect(selected()).toEqual(['One-way']);
    await user.keyboard('{End}');
    expect(selected()).toEqual(['Search by PNR']);
    expect(document.activeElement?.textContent).toBe('Search by PNR');
  });
});
