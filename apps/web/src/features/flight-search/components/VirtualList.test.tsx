import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { VirtualList } from './VirtualList';

afterEach(cleanup);

interface Item {
  id: string;
  n: number;
}
const items: Item[] = Array.from({ length: 5000 }, (_, n) => ({ id: `s${n}`, n }));
const getKey = (i: Item) => i.id;
const estimate = () => 150;
const renderItem = (i: Item) => <div>row {i.n}</div>;

describe('VirtualList', () => {
  it('renders only a window of 5,000 rows, in a box as tall as all of them', () => {
    const { container } = render(<VirtualList items={items} getKey={getKey} estimateHeight={estimate} renderItem={renderItem} gap={10} />);
    const rows = screen.getAllByRole('listitem');
    expect(rows.length).toBeGreaterThan(3);
    expect(rows.length).toBeLessThan(30);
    expect(screen.getByText('row 0')).toBeTruthy();
    expect(screen.queryByText('row 4999')).toBeNull();
    const box = container.firstElementChild as HTMLElement;
    expect(box.style.height).toBe(`${5000 * 160 - 10}px`);
  });

  it('moves the window as the page scrolls and asks for more near the end', async () => {
    const onEnd = vi.fn();
    const { container } = render(<VirtualList items={items} getKey={getKey} estimateHeight={estimate} renderItem={renderItem} gap={10} onEndReached={onEnd} />);
    const box = container.firstElementChild as HTMLElement;
    // The list's top has scrolled 300,000 px above the viewport: rows near 300000 / 160 = 1875 are shown.
    box.getBoundingClientRect = () => ({ top: -300_000, bottom: 0, left: 0, right: 0, width: 0, height: 0, x: 0, y: 0, toJSON: () => ({}) });
    await act(async () => {
      window.dispatchEvent(new Event('scroll'));
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(screen.getByText('row 1875')).toBeTruthy();
    expect(screen.queryByText('row 0')).toBeNull();
    expect(screen.getAllByRole('listitem').length).toBeLessThan(30);
    expect(onEnd).not.toHaveBeenCalled();

    box.getBoundingClientRect = () => ({ top: -(5000 * 160 - 500), bottom: 0, left: 0, right: 0, width: 0, height: 0, x: 0, y: 0, toJSON: () => ({}) });
    await act(async () => {
      window.dispatchEvent(new Event('scroll'));
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(screen.getByText('row 4999')).toBeTruthy();
    expect(onEnd).toHaveBeenCalled();
  });
});
