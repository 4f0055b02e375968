import { useEffect, useState } from 'react';

/** How often relative times refresh (SPEC §9). */
export const RELATIVE_TIME_REFRESH_MS = 30_000;

/**
 * The current time in milliseconds since the epoch, re-rendering the calling component every
 * `intervalMs` so that relative times ("3 minutes ago") stay current.
 */
export function useNow(intervalMs: number = RELATIVE_TIME_REFRESH_MS): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
