import { lazy, type ComponentType } from 'react';
import { reloadAfterChunkError } from '../platform/chunkReload';

/**
 * React.lazy for a module chunk: when the chunk fails to load (a deploy removed
 * it), the page reloads once within the guard window; a repeated failure throws
 * to the error boundary.
 */
export function lazyModule<P>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(() =>
    load().catch((error: unknown) => {
      if (reloadAfterChunkError()) return new Promise<never>(() => {});
      throw error;
    }),
  );
}
