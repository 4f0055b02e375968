import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** A titled block of a panel or a page (sessions, wallet, roles…), with actions at its top right. */
export function AdminCard({ title, icon: Icon, actions, children, testId }: { title: string; icon?: LucideIcon; actions?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <section data-testid={testId} className="flex flex-col gap-3 rounded-2xl bg-white p-4 ring-1 ring-zinc-900/5 dark:bg-zinc-900 dark:ring-white/10">
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="flex items-center gap-2 text-sm font-semibold">
          {Icon && <Icon className="size-4 text-zinc-400" aria-hidden />}
          {title}
        </h2>
        {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
      </header>
      {children}
    </section>
  );
}
