import { useState } from 'react';
import { useDeferred, type Deferred } from '../../lib/deferred';

/**
 * What a light field (LightBox) tracks until antd's component takes over: whether the user is in it and whether they
 * clicked it, so the component mounts focused and open as they left it. Pointing at, focusing or clicking the box
 * fetches the component (lib/deferred.ts). `onLeave` runs when the box loses focus.
 */
export function useLightField<T>(d: Deferred<T>, onLeave?: () => void) {
  const [module, reach] = useDeferred(d);
  const [focused, setFocused] = useState(false);
  const [clicked, setClicked] = useState(false);
  const handlers = {
    onFocus: () => {
      setFocused(true);
      reach();
    },
    onBlur: () => {
      setFocused(false);
      onLeave?.();
    },
    onPointerEnter: reach,
    onPointerDown: () => {
      setClicked(true);
      reach();
    },
  };
  return { module, focused, clicked, setClicked, handlers };
}
