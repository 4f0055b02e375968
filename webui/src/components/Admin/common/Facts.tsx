import type { ReactNode } from 'react';

/** A card of labelled values (a member's contact, an audit entry's origin), two columns on a wide panel. */
export function Facts({ children }: { children: ReactNode }) {
  return <dl className="grid grid-cols-1 gap-x-6 gap-y-2 rounded-2xl bg-white p-4 text-sm ring-1 ring-zinc-900/5 sm:grid-cols-2 dark:bg-zinc-900 dark:ring-white/10">{children}</dl>;
}

/** One labelled value of {@link Facts}; an empty value shows a dash. `wide` spans both columns. */
export function Fact({ label, value, wide = false }: { label: string; value: ReactNode; wide?: boolean }) {
  return (
    <div className={`min-w-0 ${wide ? 'sm:col-span-2' : ''}`}>
      <dt className="text-xs text-zinc-500 dark:text-zinc-400">{label}</dt>
      <dd className="break-words">{value || '—'}</dd>
    </div>
  );
}
