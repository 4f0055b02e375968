import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** One group of the notification settings: an icon, a title, a line under it, and its controls. */
export function SettingsCard({
  icon: Icon,
  title,
  hint,
  testId,
  children,
}: {
  icon: LucideIcon;
  title: string;
  hint?: ReactNode;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <section data-testid={testId} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-zinc-200 sm:p-5 dark:bg-zinc-900 dark:ring-zinc-800">
      <h3 className="flex items-center gap-2 text-base font-semibold">
        <Icon className="size-4 text-brand-600 dark:text-brand-400" aria-hidden />
        {title}
      </h3>
      {hint && <p className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">{hint}</p>}
      <div className="mt-4">{children}</div>
    </section>
  );
}
