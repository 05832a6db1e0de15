import { useEffect, useRef, type ReactNode } from 'react';

/**
 * Wraps an antd Table that scrolls sideways (`scroll={{ x }}`): its scroll container gets tabindex 0, so a keyboard
 * user can reach it and scroll with the arrow keys even when no cell holds a link or button (WCAG 2.1.1; axe
 * scrollable-region-focusable). antd renders that container itself, hence the effect after each render.
 */
export function KeyboardScroll({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.querySelectorAll('.ant-table-content, .ant-table-body').forEach((el) => {
      if (!el.hasAttribute('tabindex')) el.setAttribute('tabindex', '0');
    });
  });
  return <div ref={ref}>{children}</div>;
}
