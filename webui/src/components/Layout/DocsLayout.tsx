import BookOpen from 'lucide-react/icons/book-open';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import type { DocsContent } from '../../stores/PagesStore';
import { LocalizedLink } from '../common/LocalizedLink';
import { SiteChrome } from './DefaultLayout';
import { ScrollMenu } from './ScrollMenu';

/** The docs layout: the site chrome around the docs screen (which draws its {@link DocsFrame}). */
export function DocsLayout() {
  return (
    <SiteChrome>
      <Outlet />
    </SiteChrome>
  );
}

/** The path of a docs page. */
export const docsPath = (slug: string) => `/docs/${slug}`;

const NAV_LINK = 'block rounded-lg px-3 py-1.5 text-sm transition';
const NAV_CURRENT = 'bg-brand-50 font-semibold text-brand-700 dark:bg-brand-500/10 dark:text-brand-400';
const NAV_OTHER = 'text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100';

/**
 * A page in the docs layout: the documents' navigation (a side column on tablets and desktops, a
 * compact row that scrolls sideways at the top on phones; the current page marked) beside the
 * page. `nav` empty (a custom page in the docs layout): the page alone in the docs column.
 */
export function DocsFrame({ nav, current, children }: { nav: DocsContent['nav']; current?: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex w-full max-w-[var(--site-width)] flex-col gap-6 px-4 py-6 sm:px-5 md:flex-row md:gap-10 md:py-10">
      {nav.length > 0 && (
        <>
          <nav aria-label={t('page.docs.nav')} data-testid="docs-nav" className="hidden shrink-0 md:block md:w-56">
            <p className="mb-3 flex items-center gap-2 px-3 text-xs font-semibold uppercase tracking-wider text-zinc-500">
              <BookOpen className="size-4" aria-hidden />
              {t('page.docs.nav')}
            </p>
            <ul className="space-y-0.5">
              {nav.map((entry) => (
                <li key={entry.slug}>
                  <LocalizedLink
                    to={docsPath(entry.slug)}
                    aria-current={entry.slug === current ? 'page' : undefined}
                    className={`${NAV_LINK} ${entry.slug === current ? NAV_CURRENT : NAV_OTHER}`}
                  >
                    {entry.title}
                  </LocalizedLink>
                </li>
              ))}
            </ul>
          </nav>
          <nav aria-label={t('page.docs.nav')} data-testid="docs-nav-compact" className="-mx-4 border-b border-zinc-900/5 pb-3 md:hidden dark:border-white/10">
            <ScrollMenu gap={4} padding="0 1rem">
              {nav.map((entry) => (
                <LocalizedLink
                  key={entry.slug}
                  to={docsPath(entry.slug)}
                  aria-current={entry.slug === current ? 'page' : undefined}
                  className={`${NAV_LINK} shrink-0 ${entry.slug === current ? NAV_CURRENT : NAV_OTHER}`}
                >
                  {entry.title}
                </LocalizedLink>
              ))}
            </ScrollMenu>
          </nav>
        </>
      )}
      <article className="min-w-0 max-w-3xl flex-1">{children}</article>
    </div>
  );
}
