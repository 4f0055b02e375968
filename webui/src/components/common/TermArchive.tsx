import { FolderOpen, Hash } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * The frame of a category's (`archive`) or a tag's (`tag`) page: a header with the term's icon,
 * its kind (`kicker`) and `title`, and the page's list under it.
 */
export function TermArchive({ view, kicker, title, testId, children }: { view: 'archive' | 'tag'; kicker: string; title: string; testId: string; children: ReactNode }) {
  const Icon = view === 'tag' ? Hash : FolderOpen;
  return (
    <section data-testid={testId} data-view={view} className="mx-auto w-full max-w-[var(--site-width,72rem)] px-4 py-8 sm:px-5 sm:py-10">
      <header className="mb-8 flex items-center gap-3">
        <span className="grid size-11 place-items-center rounded-2xl bg-brand-50 text-brand-700 dark:bg-brand-500/10 dark:text-brand-400">
          <Icon className="size-5" aria-hidden />
        </span>
        <div>
          <p className="text-xs font-semibold uppercase tracking-wider text-brand-600 dark:text-brand-400">{kicker}</p>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        </div>
      </header>
      {children}
    </section>
  );
}
