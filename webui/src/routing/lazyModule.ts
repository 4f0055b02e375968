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

/** lazyModule for a component that a module exports by name (a screen, a dialog), taking no props. */
export function lazyExport<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazyModule<object>(() => load().then((m) => ({ default: m[name] as ComponentType<object> })));
}
