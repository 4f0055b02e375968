import { useTranslation } from 'react-i18next';

/** The centred "load more" under a list: it reads "Loading…" and waits while a page is on its way. */
export function LoadMoreButton({ label, busy, onClick }: { label: string; busy: boolean; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="mt-6 flex justify-center">
      <button
        type="button"
        onClick={onClick}
        disabled={busy}
        className="h-10 rounded-full px-5 text-sm font-medium ring-1 ring-zinc-200 transition hover:bg-zinc-50 disabled:opacity-60 dark:ring-zinc-700 dark:hover:bg-zinc-800"
      >
        {busy ? t('common.loading') : label}
      </button>
    </div>
  );
}
