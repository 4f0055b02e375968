import { useTranslation } from 'react-i18next';

/** A small spinner for a list or panel that is loading. */
export function SmallSpinner() {
  const { t } = useTranslation();
  return (
    <span role="status" className="inline-flex">
      <span className="size-6 animate-spin rounded-full border-2 border-zinc-200 border-t-brand-500 dark:border-zinc-700 dark:border-t-brand-400" />
      <span className="sr-only">{t('common.loading')}</span>
    </span>
  );
}
