import { useEffect, useState } from 'react';

/**
 * `value`, but only once it has stopped changing for `delayMs`: typing in a search box asks once, and brief
 * flips (an upload that ends at once) never show.
 */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}
