import { useState } from 'react';

/**
 * The last non-null value. A dialog driven by "the agency being edited" keeps showing that agency while its close
 * animation runs after the page has already reset the selection to null.
 */
export function useRetained<T>(value: T | null): T | null {
  const [retained, setRetained] = useState(value);
  if (value !== null && value !== retained) setRetained(value);
  return value ?? retained;
}
