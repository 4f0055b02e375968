import { useEffect, useState } from 'react';

/** The typing pause after which a search box's text is searched for. */
export const SEARCH_DEBOUNCE_MS = 300;

/** `value`, once it has stayed the same for `delayMs`: a search runs when the typing pauses. */
export function useDebouncedValue<T>(value: T, delayMs = SEARCH_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
