import { useEffect, useRef, useState, type FormEvent } from 'react';

/**
 * The store of a console form opened on `target` (an id, "new", or null while closed): a new
 * store made and loaded for each target (or `variant`, e.g. the kind a new row gets), closed again
 * when the load is refused. A new row just saved comes back as its id: its store is kept.
 */
export function useFormStore<S extends { id: string | null }>(
  target: string | null,
  make: () => S,
  load: (store: S, id: string | null) => Promise<boolean>,
  onClose: () => void,
  variant = '',
): S | null {
  const [store, setStore] = useState<S | null>(null);
  const held = useRef<S | null>(null);
  const latest = useRef({ make, load, onClose });
  latest.current = { make, load, onClose };

  useEffect(() => {
    if (target && (held.current?.id === target || (target === 'new' && held.current && !held.current.id))) return;
    const next = target ? latest.current.make() : null;
    held.current = next;
    setStore(next);
    if (!next) return;
    void latest.current.load(next, target === 'new' ? null : target).then((ok) => {
      if (!ok) latest.current.onClose();
    });
  }, [target, variant]);

  return store;
}

/** The submit handler of a console form: saves the store and reports the saved row's id. */
export function useSubmit(store: { save(): Promise<string | null> } | null, onSaved: (id: string) => void) {
  return async (event: FormEvent) => {
    event.preventDefault();
    if (!store) return;
    const id = await store.save();
    if (id) onSaved(id);
  };
}
