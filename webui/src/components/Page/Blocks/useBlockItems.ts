import { useCallback, useEffect, useRef, useState } from 'react';
import { useVisible } from './useVisible';

/** Where a block's list stands: not asked for yet (off screen), on its way, held, or failed. */
export type BlockItemsState<T> = { status: 'idle' } | { status: 'loading' } | { status: 'error' } | { status: 'ready'; items: T[] };

/**
 * The items of a list block, read once the block comes near the screen, again when `key` (what
 * the block asks for) changes, and on `retry()`. `fetchItems` resolves to null when it failed.
 */
export function useBlockItems<T>(key: string, fetchItems: () => Promise<T[] | null>) {
  const ref = useRef<HTMLDivElement>(null);
  const visible = useVisible(ref);
  const [state, setState] = useState<BlockItemsState<T>>({ status: 'idle' });
  const fetchRef = useRef(fetchItems);
  useEffect(() => {
    fetchRef.current = fetchItems;
  });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!visible) return;
    let live = true;
    setState({ status: 'loading' });
    void fetchRef.current().then((items) => {
      if (live) setState(items ? { status: 'ready', items } : { status: 'error' });
    });
    return () => {
      live = false;
    };
  }, [visible, key, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ref, state, retry };
}
