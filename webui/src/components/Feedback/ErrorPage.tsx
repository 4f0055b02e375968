import { useTranslation } from 'react-i18next';
import { isBot } from '../../platform/bots';
import { useDocumentTitle } from '../../routing/useDocumentTitle';
import { LocalizedLink } from '../common/LocalizedLink';

export interface ErrorPageProps {
  /** HTTP-like status; anything but 404 reads as Internal Server Error. Defaults to 500. */
  statusCode?: number;
  /** The path that was not found. */
  path?: string;
}

/** 404 'Page Not Found' or 'Internal Server Error'; nothing for crawlers (SPEC §2). */
export function ErrorPage({ statusCode = 500, path = '' }: ErrorPageProps) {
  const { t } = useTranslation();
  const notFound = statusCode === 404;
  const title = notFound ? t('common.error.notFoundTitle') : t('common.error.internal');
  useDocumentTitle(title);
  if (isBot()) return null;
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-6 py-16 text-center">
      <p className="bg-gradient-to-br from-brand-400 to-brand-700 bg-clip-text text-7xl font-black tracking-tight text-transparent sm:text-8xl">
        {statusCode}
      </p>
      <h1 className="mt-4 text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
      {notFound && path && (
        <p className="mt-3 break-all text-zinc-600 dark:text-zinc-400">{t('common.error.pageNotFound', { path })}</p>
      )}
      <LocalizedLink
        to="/"
        className="mt-8 inline-flex items-center rounded-full bg-zinc-900 px-5 py-2.5 text-sm font-medium text-white hover:bg-zinc-700 dark:bg-white dark:text-zinc-900 dark:hover:bg-zinc-200"
      >
        {t('common.backHome')}
      </LocalizedLink>
    </section>
  );
}
