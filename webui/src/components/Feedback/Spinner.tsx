import { useTranslation } from 'react-i18next';

/** The placeholder while a screen or chunk loads. */
export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-[40vh] items-center justify-center" role="status">
      <span className="size-8 animate-spin rounded-full border-2 border-zinc-200 border-t-brand-500 dark:border-zinc-700 dark:border-t-brand-400" />
      <span className="sr-only">{t('common.loading')}</span>
    </div>
  );
}
