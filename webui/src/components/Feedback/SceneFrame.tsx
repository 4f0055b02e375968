import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../routing/useDocumentTitle';

/** The frame of a screen: a heading, an optional line under it, and the content. */
export function SceneFrame({
  title,
  subtitle,
  eyebrow,
  children,
  wide = false,
}: {
  title: string;
  subtitle?: string;
  eyebrow?: string;
  children?: ReactNode;
  wide?: boolean;
}) {
  useDocumentTitle(title);
  return (
    <section className={`mx-auto w-full px-4 py-8 sm:px-5 sm:py-10 ${wide ? 'max-w-[var(--site-width,72rem)]' : 'max-w-3xl'}`}>
      {eyebrow && (
        <p className="mb-2 text-xs font-semibold uppercase tracking-wider text-brand-600 dark:text-brand-400">
          {eyebrow}
        </p>
      )}
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
      {subtitle && <p className="mt-2 text-zinc-600 dark:text-zinc-400">{subtitle}</p>}
      <div className="mt-8">{children}</div>
    </section>
  );
}
