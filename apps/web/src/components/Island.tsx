import { Suspense, useEffect, useRef, useState, type ComponentType, type LazyExoticComponent, type ReactNode, type RefObject } from 'react';

/**
 * The public landing page renders without antd (issue 14: its first load stays small and quick). The parts of it
 * drawn with antd (the partnership form, the footer's selects) are islands: their placeholder keeps their size and
 * their code loads once it is wanted, whichever comes first: the placeholder nears the viewport or the visitor
 * interacts with the page (scroll, pointer, key). No idle timer: a page left alone does not fetch antd (it would land
 * in the first load's main-thread work and Lighthouse's trace, docs/decisions/0021-landing-prerender.md).
 */
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
    return <div ref={ref}>{placeholder}</div>;
  return (
    <Suspense fallback={placeholder}>
      <Component />
    </Suspense>
  );
}
