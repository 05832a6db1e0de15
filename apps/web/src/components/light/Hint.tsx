import { cloneElement, useState, type FocusEvent, type MouseEvent, type ReactElement } from 'react';
import { useDeferred } from '../../lib/deferred';
import { searchWidgets } from './widgets';

interface ChildProps {
  onMouseEnter?: (e: MouseEvent) => void;
  onMouseLeave?: (e: MouseEvent) => void;
  onFocus?: (e: FocusEvent) => void;
  onBlur?: (e: FocusEvent) => void;
}

/**
 * antd's Tooltip around a control, once the search forms' widgets are loaded (lib/deferred.ts); before that the control
 * alone, which names itself (aria-label). Pointing at it or focusing it fetches them, and the hint then shows at once.
 */
export function Hint({ title, children }: { title: string; children: ReactElement<ChildProps> }) {
  const [widgets, reach] = useDeferred(searchWidgets);
  const [wanted, setWanted] = useState(false);
  if (widgets) {
    const { Tooltip } = widgets;
    return (
      <Tooltip title={title} defaultOpen={wanted}>
        {children}
      </Tooltip>
    );
  }
  const want = (on: boolean) => {
    setWanted(on);
    if (on) reach();
  };
  return cloneElement(children, {
    onMouseEnter: () => want(true),
    onMouseLeave: () => want(false),
    onFocus: () => want(true),
    onBlur: () => want(false),
  });
}
