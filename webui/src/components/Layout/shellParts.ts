import { deferredPart } from '../../routing/deferred';

/**
 * The parts of the site chrome that the first paint shows closed — the
 * header's account menu, language popover and sub-menus, the mobile create
 * panel, the player's drawer, the mini player and the toasts — in one chunk
 * (shellChunk; one chunk, not one each, keeps the first load's shared chunks
 * few), loaded on idle after the page loaded with the overlays, or on hover,
 * focus or first use (see routing/deferred).
 */
export const shellPart = deferredPart(() => import('./shellChunk'));

export const SHELL_PARTS = [shellPart];
