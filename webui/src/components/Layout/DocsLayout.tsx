import { BookOpen } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { SiteChrome } from './DefaultLayout';

/** The docs layout: the site chrome with a documents sidebar. */
export function DocsLayout() {
  const { t } = useTranslation();
  return (
    <SiteChrome>
      <div className="mx-auto flex w-full max-w-[var(--site-width)] flex-col gap-6 px-4 py-6 sm:px-5 md:flex-row md:gap-10 md:py-10">
        <aside className="shrink-0 md:w-56">
          <p className="flex items-center gap-2 text-xs font-semibold uppercase tracking-wider text-zinc-500">
            <BookOpen className="size-4" aria-hidden />
            {t('page.docs.nav')}
          </p>
        </aside>
        <div className="min-w-0 flex-1">
          <Outlet />
        </div>
      </div>
    </SiteChrome>
  );
}
