import { readStorage, writeStorage } from './storage';

const KEY = 'souk:chunk-reload-at';
export const CHUNK_RELOAD_WINDOW_MS = 10_000;

/**
 * After a deploy, an old page may ask for a chunk that no longer exists. Reload
 * once to get the new build; a second failure within the window is a real error.
 * Returns true when a reload was started.
 */
export function reloadAfterChunkError(now = Date.now(), reload = () => window.location.reload()): boolean {
  const last = Number(readStorage(KEY, 'session') ?? 0);
  if (last && now - last < CHUNK_RELOAD_WINDOW_MS) return false;
  writeStorage(KEY, String(now), 'session');
  reload();
  return true;
}
