import { useState } from 'react';

/**
 * The last non-null value. A modal driven by "the user being edited" keeps showing that user while its close
 * animation runs after the parent has already reset the selection to null.
 */
export function useRetained<T>(value: T | null): T | null {
  const [retained, setRetained] = useState(value);
  if (value !== null && value !== retained) setRetained(value);
  return value ?? retained;
}
