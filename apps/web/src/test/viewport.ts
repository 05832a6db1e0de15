/**
 * Pretends the window is `width` px wide for antd's breakpoints (Grid.useBreakpoint, responsive table columns): a
 * media query matches when its min-width and max-width bounds hold for that width. Returns the undo.
 * The default (test/setup.ts) matches nothing, which antd reads as no breakpoint at all.
 */
export function atViewport(width: number): () => void {
  const original = window.matchMedia;
  const matches = (query: string) => {
    const min = /min-width:\s*(\d+)px/.exec(query);
    const max = /max-width:\s*(\d+)px/.exec(query);
    return (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
  };
  window.matchMedia = ((query: string) => ({ ...original(query), media: query, matches: matches(query) })) as typeof window.matchMedia;
  return () => {
    window.matchMedia = original;
  };
}

/** A phone (antd's xs: below 576 px). */
export const PHONE_WIDTH = 390;
/** The desktop width issue 14 measured the tables at. */
export const DESKTOP_WIDTH = 1280;
/**
 * Room for a table at DESKTOP_WIDTH: the content column (portal-content: at most 1280 px, 24 px padding each side)
 * less a vertical scrollbar (up to 17 px) and a card's padding (24 px each side).
 */
export const DESKTOP_TABLE_BUDGET = 1280 - 17 - 2 * 24 - 2 * 24;

/** The widths antd gives the columns of the table (its <colgroup>), in px. */
export function columnWidths(table: HTMLElement): number[] {
  const cols = [...table.querySelectorAll('colgroup')][0]?.querySelectorAll('col') ?? [];
  return [...cols].map((col) => Number.parseFloat((col as HTMLElement).style.width) || 0);
}
