/** Route chunks preloaded at once, at most (SPEC §9). */
export const MAX_CONCURRENT_PRELOADS = 4;

interface NetworkInformationLike {
  saveData?: boolean;
  effectiveType?: string;
}

/** False on data-saver or 2g connections, where nothing is fetched ahead of need. */
export function prefetchAllowed(nav: Navigator = navigator): boolean {
  const connection = (nav as Navigator & { connection?: NetworkInformationLike }).connection;
  if (!connection) return true;
  return !connection.saveData && !(connection.effectiveType ?? '').includes('2g');
}

/**
 * Loads the given chunks in the background, at most four at a time. Failures
 * are ignored: the chunk is loaded again, with its reload guard, when needed.
 */
export async function prefetchChunks(loaders: (() => Promise<unknown>)[], limit = MAX_CONCURRENT_PRELOADS): Promise<void> {
  const queue = [...loaders];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      try {
        await next();
      } catch {
        // offline or a deploy in progress: loaded on demand later
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, queue.length) }, worker));
}

/** Runs fn when the browser is idle (or after 2 s where it cannot tell). */
export function whenIdle(fn: () => void) {
  if (typeof window !== 'undefined' && 'requestIdleCallback' in window) window.requestIdleCallback(fn, { timeout: 10_000 });
  else setTimeout(fn, 2000);
}

/**
 * Loads the given chunks one after the other, each in its own idle period,
 * so that prefetching never competes with the page's own work or with a
 * click's chunk. Failures are ignored, as in prefetchChunks.
 */
export function prefetchWhenIdle(loaders: (() => Promise<unknown>)[], idle: (fn: () => void) => void = whenIdle): Promise<void> {
  const queue = [...loaders];
  return new Promise((resolve) => {
    const next = () => {
      const load = queue.shift();
      if (!load) return resolve();
      idle(() => {
        load().then(next, next);
      });
    };
    next();
  });
}
