import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../../routing/useDocumentTitle';

/** The top of an admin section: its title (also the document's), a line about it, and its actions. */
export function SectionHeader({ title, description, children }: { title: string; description?: string; children?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <header className="flex flex-wrap items-end justify-between gap-3">
      <div className="min-w-0">
        <h1 className="text-xl font-bold tracking-tight sm:text-2xl">{title}</h1>
        {description && <p className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">{description}</p>}
      </div>
      {children && <div className="flex flex-wrap items-center gap-2">{children}</div>}
    </header>
  );
}
