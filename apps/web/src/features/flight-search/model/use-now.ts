import { useEffect, useState } from 'react';

/** Date.now(), refreshed every `ms`: enough to notice a search getting old. */
export function useNow(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(id);
  }, [ms]);
  return now;
}
