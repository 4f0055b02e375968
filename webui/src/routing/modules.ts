import type { ComponentType } from 'react';
import type { ModuleProps } from '../modules/ModuleFrame';
import type { PageKind } from './resolve';
import { lazyModule } from './lazyModule';
import { prefetchAllowed, prefetchWhenIdle } from './prefetch';

const LOADERS = {
  article: () => import('../modules/Article'),
  shop: () => import('../modules/Shop'),
  community: () => import('../modules/Community'),
  page: () => import('../modules/Page'),
  profile: () => import('../modules/Profile'),
};

/** The lazy modules, each its own chunk, loaded when a page of its kind opens. */
export const MODULES = {
  article: lazyModule(LOADERS.article),
  shop: lazyModule(LOADERS.shop),
  community: lazyModule(LOADERS.community),
  page: lazyModule(LOADERS.page),
  profile: lazyModule(LOADERS.profile),
} satisfies Record<keyof typeof LOADERS, ComponentType<ModuleProps>>;

/**
 * Preloads the module chunks, then the other chunks given (the overlays'),
 * once the page has loaded, one per idle period (never all at once, never
 * before the first page's own chunks), unless the connection is slow or
 * metered.
 */
export function prefetchModules(more: (() => Promise<unknown>)[] = []) {
  if (!prefetchAllowed()) return;
  const start = () => void prefetchWhenIdle([...Object.values(LOADERS), ...more]);
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

/** The module that renders a page of a kind (home and custom pages are the page builder's: scenes/DynamicPage). */
export function moduleFor(kind: Exclude<PageKind, 'home' | 'custom'>): ComponentType<ModuleProps> {
  switch (kind) {
    case 'article':
    case 'shop':
    case 'community':
    case 'page':
    case 'profile':
      return MODULES[kind];
    default:
      return kind satisfies never;
  }
}
