import RefreshCw from 'lucide-react/icons/refresh-cw';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../stores/StoresContext';

/** Offers a reload when builds/latest.json names a newer build than the running one. */
export const BuildNotice = observer(function BuildNotice() {
  const { build } = useStores();
  const { t } = useTranslation();
  if (!build.showNotice) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-4 bottom-20 z-[90] mx-auto flex max-w-md items-center gap-3 rounded-2xl bg-zinc-900 px-4 py-3 text-sm text-white shadow-xl md:bottom-6 dark:bg-white dark:text-zinc-900"
    >
      <RefreshCw className="size-4 shrink-0" aria-hidden />
      <div className="flex-1">
        <p className="font-medium">{t('common.build.newVersion')}</p>
        <p className="text-xs opacity-70">{t('common.build.reloadHint')}</p>
      </div>
      <button type="button" onClick={() => build.dismiss()} className="rounded-full px-3 py-1.5 text-xs opacity-80 hover:opacity-100">
        {t('common.later')}
      </button>
      <button
        type="button"
        onClick={() => build.reload()}
        className="rounded-full bg-brand-500 px-3 py-1.5 text-xs font-semibold text-white hover:bg-brand-600"
      >
        {t('common.reload')}
      </button>
    </div>
  );
});
