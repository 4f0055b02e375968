import { createContext, useContext, type ReactNode } from 'react';
import type { RootStore } from './RootStore';

const StoresContext = createContext<RootStore | null>(null);

export function StoresProvider({ root, children }: { root: RootStore; children: ReactNode }) {
  return <StoresContext.Provider value={root}>{children}</StoresContext.Provider>;
}

/** The RootStore of the app; components read every store through it. */
export function useStores(): RootStore {
  const root = useContext(StoresContext);
  if (!root) throw new Error('useStores must be used inside <StoresProvider>');
  return root;
}
