import { Suspense, useEffect, useRef, useState, type ComponentType, type LazyExoticComponent, type ReactNode, type RefObject } from 'react';

/**
 * The public landing page renders without antd (issue 14: its first load stays small and quick). The parts of it
 * drawn with antd (the partnership form, the footer's selects) are islands: their placeholder keeps their size and
 * their code loads once it is wanted, whichever comes first: the placeholder nears the viewport, the visitor
 * interacts with the page (scroll, pointer, key), or the page has been loaded and idle for IDLE_MS.
 */
const IDLE_MS = 4_000;
const EVENTS = ['pointerdown', 'keydown', 'touchstart', 'scroll', 'wheel'] as const;

let wanted = import.meta.env.MODE === 'test';
const waiting = new Set<() => void>();

export function wantIslands(): void {
  if (wanted) return;
  wanted = true;
  for (const w of waiting) w();
  waiting.clear();
}

let armed = false;
function arm(): void {
  if (armed || wanted || typeof window === 'undefined') return;
  armed = true;
  const stop = () => {
    for (const e of EVENTS) window.removeEventListener(e, onEvent, true);
  };
  const onEvent = () => {
    stop();
    wantIslands();
  };
  for (const e of EVENTS) window.addEventListener(e, onEvent, { capture: true, passive: true });
  const idle = () => window.setTimeout(() => (window.requestIdleCallback ?? ((f: () => void) => f()))(onEvent), IDLE_MS);
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

function useWanted(target: RefObject<Element | null>): boolean {
  const [ready, setReady] = useState(wanted);
  useEffect(() => {
    if (ready) return;
    if (wanted) return setReady(true);
    const done = () => setReady(true);
    waiting.add(done);
    arm();
    const el = target.current;
    const observer =
      el && typeof IntersectionObserver !== 'undefined'
        ? new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && wantIslands(), { rootMargin: '400px 0px' })
        : null;
    if (el) observer?.observe(el);
    return () => {
      waiting.delete(done);
      observer?.disconnect();
    };
  }, [ready, target]);
  return ready;
}

interface Props {
  component: LazyExoticComponent<ComponentType>;
  /** Shown until the island is there; it should have the island's final size. */
  placeholder: ReactNode;
}

export function Island({ component: Component, placeholder }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const ready = useWanted(ref);
  if (!ready)
    return (
<div ref={ref}>{placeholder}</div>
    );
  return (
    <Suspense fallback={placeholder}>
      <Component />
    </Suspense>
  );
}
