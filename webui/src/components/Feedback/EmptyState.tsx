import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** The honest 'nothing here yet' of a screen: an icon, a sentence, maybe an action. */
export function EmptyState({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center justify-center gap-3 rounded-2xl border border-dashed border-zinc-200 px-6 py-14 text-center dark:border-zinc-800">
      <span className="grid size-12 place-items-center rounded-full bg-zinc-100 text-zinc-500 dark:bg-zinc-800 dark:text-zinc-400">
        <Icon className="size-6" aria-hidden />
      </span>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{title}</p>
      {children}
    </div>
  );
}
