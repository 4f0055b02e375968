import { createContext, useContext } from 'react';
import type { BuilderRefs } from '../../stores/builder/BuilderRefs';
import type { BuilderStore } from '../../stores/builder/BuilderStore';

/** The builder's stores, made by the /builder scene for its lifetime. */
export interface BuilderStores {
  builder: BuilderStore;
  refs: BuilderRefs;
}

export const BuilderContext = createContext<BuilderStores | null>(null);

export function useBuilder(): BuilderStores {
  const stores = useContext(BuilderContext);
  if (!stores) throw new Error('useBuilder outside the builder');
  return stores;
}
