import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';

interface Props<T> {
  items: readonly T[];
  getKey: (item: T) => string;
  /** A first guess of a row's height in px; rows are measured once rendered and the guess replaced. */
  estimateHeight: (item: T) => number;
  renderItem: (item: T, index: number) => ReactNode;
  /** Space between rows, px. */
  gap?: number;
  /** Extra px rendered above and below the viewport so fast scrolling does not show blanks. */
  overscan?: number;
  /** Called when the rendered window comes within `endThreshold` rows of the end (load the next page). */
  onEndReached?: () => void;
  endThreshold?: number;
}

interface Range {
  start: number;
  end: number;
}

/** First index whose row ends below `y` (offsets has n+1 entries, offsets[i] = top of row i). */
function rowAt(offsets: Float64Array, y: number): number {
  let lo = 0;
  let hi = offsets.length - 2;
  if (hi < 0) return 0;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (offsets[mid + 1] <= y) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * A windowed list that scrolls with the page: only the rows near the viewport are in the DOM, absolutely positioned
 * inside a box as tall as the whole list. Row heights start as estimates and are corrected by a ResizeObserver, so
 * a row that expands (the fares of a solution) pushes the rows below it down.
 */
export function VirtualList<T>({ items, getKey, estimateHeight, renderItem, gap = 12, overscan = 800, onEndReached, endThreshold = 20 }: Props<T>) {
  const containerRef = useRef<HTMLDivElement>(null);
  const heights = useRef(new Map<string, number>());
  const [version, setVersion] = useState(0);
  const [range, setRange] = useState<Range>({ start: 0, end: Math.min(items.length, 8) });

  const offsets = useMemo(() => {
    const out = new Float64Array(items.length + 1);
    for (let i = 0; i < items.length; i++) {
      const h = heights.current.get(getKey(items[i])) ?? estimateHeight(items[i]);
      out[i + 1] = out[i] + h + gap;
    }
    return out;
    // version: a measured height changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [items, version, gap, getKey, estimateHeight]);
  const offsetsRef = useRef(offsets);
  offsetsRef.current = offsets;

  const update = useCallback(() => {
    const el = containerRef.current;
    const o = offsetsRef.current;
    const n = o.length - 1;
    if (!el || n <= 0) {
      setRange((r) => (r.start === 0 && r.end === 0 ? r : { start: 0, end: 0 }));
      return;
    }
    const viewport = window.innerHeight || document.documentElement.clientHeight || 800;
    const top = -el.getBoundingClientRect().top;
    const start = rowAt(o, Math.max(0, top - overscan));
    const end = Math.min(n, rowAt(o, Math.max(0, top + viewport + overscan)) + 1);
    setRange((r) => (r.start === start && r.end === end ? r : { start, end }));
  }, [overscan]);

  useLayoutEffect(update, [update, offsets]);

  useEffect(() => {
    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        update();
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      if (frame) cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
    };
  }, [update]);

  // One observer for every rendered row: a changed height re-lays out the rows below it.
  const observer = useMemo(() => {
    if (typeof ResizeObserver === 'undefined') return null;
    return new ResizeObserver((entries) => {
      let changed = false;
      for (const entry of entries) {
        const key = (entry.target as HTMLElement).dataset.key;
        const h = Math.round((entry.target as HTMLElement).offsetHeight || entry.contentRect.height);
        if (key && h > 0 && heights.current.get(key) !== h) {
          heights.current.set(key, h);
          changed = true;
        }
      }
      if (changed) setVersion((v) => v + 1);
    });
  }, []);
  useEffect(() => () => observer?.disconnect(), [observer]);

  const { start, end } = range;
  useEffect(() => {
    if (onEndReached && items.length > 0 && end >= items.length - endThreshold) onEndReached();
  }, [end, items.length, endThreshold, onEndReached]);

  const rows: ReactNode[] = [];
  for (let i = start; i < Math.min(end, items.length); i++) {
    const item = items[i];
    const key = getKey(item);
    rows.push(
      <Row key={key} rowKey={key} top={offsets[i]} observer={observer}>
        {renderItem(item, i)}
      </Row>,
    );
  }

  return (
    <div ref={containerRef} role="list" style={{ position: 'relative', height: Math.max(0, offsets[items.length] - gap) }}>
      {rows}
    </div>
  );
}

const Row = memo(function Row({ rowKey, top, observer, children }: { rowKey: string; top: number; observer: ResizeObserver | null; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || !observer) return;
    observer.observe(el);
    return () => observer.unobserve(el);
  }, [observer]);
  return (
    <div ref={ref} role="listitem" data-key={rowKey} style={{ position: 'absolute', top, left: 0, right: 0 }}>
      {children}
    </div>
  );
});
