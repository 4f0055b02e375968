import {
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';
import { reloadAfterChunkError } from '../platform/chunkReload';

/**
 * A part of the shell that the first paint shows closed (a menu, a popover, a
 * drawer, the toasts) and whose code is its own chunk: loaded on idle after
 * the page loaded, on hover or focus, or when first used.
 */
export interface DeferredPart<M> {
  /** Loads the chunk (once); the components using the part re-render with it. */
  load(): Promise<M>;
  /** The module once loaded, for a render. */
  useModule(): M | undefined;
}

export function deferredPart<M>(loader: () => Promise<M>): DeferredPart<M> {
  let loaded: M | undefined;
  let pending: Promise<M> | undefined;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const load = () =>
    (pending ??= loader().then(
      (module) => {
        loaded = module;
        for (const listener of listeners) listener();
        return module;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ));
  return {
    load,
    useModule: () => useSyncExternalStore(subscribe, () => loaded),
  };
}

/** Loads a part the user asked for; a chunk a deploy removed reloads the page once, as lazyModule does. */
function need<M>(part: DeferredPart<M>) {
  part.load().catch(() => reloadAfterChunkError());
}

/** What a closed trigger's stand-in passes to its button. */
export interface ShellHandlers {
  onPointerEnter: () => void;
  onFocus: (event: FocusEvent) => void;
  onBlur: () => void;
  onPointerDown: (event: PointerEvent) => void;
  onClick: () => void;
  onKeyDown: (event: KeyboardEvent) => void;
  'aria-expanded': false;
  'data-state': 'closed';
}

/** How the real component starts: open when the stand-in was used, focused when it had focus. */
export interface DeferredStart {
  defaultOpen: boolean;
  autoFocus: boolean;
}

/**
 * A menu or popover whose trigger paints at once: until the part's chunk is
 * loaded, shell renders a stand-in trigger that looks the same; hovering or
 * focusing it loads the chunk, and pressing it (pointer down for menus, a
 * click for popovers, Enter, Space or ArrowDown) opens the real component as
 * soon as it arrives.
 */
export function DeferredTrigger<M>({
  part,
  openOn,
  shell,
  children,
}: {
  part: DeferredPart<M>;
  openOn: 'pointerdown' | 'click';
  shell: (handlers: ShellHandlers) => ReactNode;
  children: (module: M, start: DeferredStart) => ReactNode;
}) {
  const module = part.useModule();
  const focused = useRef(false);
  const [open, setOpen] = useState(false);
  if (module) return children(module, { defaultOpen: open, autoFocus: focused.current });
  const want = (opening: boolean) => {
    if (!opening) return void part.load().catch(() => {}); // a hover that failed: loaded again when pressed
    setOpen(true);
    need(part);
  };
  return shell({
    onPointerEnter: () => want(false),
    onFocus: () => {
      focused.current = true;
      want(false);
    },
    onBlur: () => {
      focused.current = false;
    },
    onPointerDown: (event) => {
      if (openOn === 'pointerdown' && event.button === 0 && !event.ctrlKey) want(true);
    },
    onClick: () => {
      if (openOn === 'click') want(true);
    },
    onKeyDown: (event) => {
      if (event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowDown') {
        event.preventDefault();
        want(true);
      }
    },
    'aria-expanded': false,
    'data-state': 'closed',
  });
}

/**
 * A closed drawer or panel: renders nothing (or fallback) until it first
 * opens or its chunk arrived on idle, then the real component, which stays
 * mounted.
 */
export function DeferredOpen<M>({
  part,
  open,
  fallback = null,
  children,
}: {
  part: DeferredPart<M>;
  open: boolean;
  /** What stands in until then (nothing by default). */
  fallback?: ReactNode;
  children: (module: M) => ReactNode;
}) {
  const module = part.useModule();
  useEffect(() => {
    if (open && !module) need(part);
  }, [open, module, part]);
  return module ? children(module) : fallback;
}
