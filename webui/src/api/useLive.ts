import { useEffect, useRef } from 'react';
import { useStores } from '../stores/StoresContext';
import type { LiveEvent } from './live';

export type { LiveEvent } from './live';

/**
 * Calls `onEvent` with every live event of `channel` while the component is mounted (see
 * ./live.ts). `null` watches nothing (a guest, a page not loaded yet). The latest `onEvent` is
 * called, so it need not be memoized; changing `channel` watches the new one.
 */
export function useLiveChannel(channel: string | null, onEvent: (e: LiveEvent) => void): void {
  const { realtime } = useStores();
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  });
  useEffect(() => {
    if (!channel) return undefined;
    return realtime.live.subscribe(channel, (event) => handler.current(event));
  }, [realtime, channel]);
}
