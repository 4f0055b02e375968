import { Lock } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../stores/StoresContext';
import { MEMBERSHIP_PATH } from '../Chat/ChatGate';
import { LocalizedLink } from '../common/LocalizedLink';
import '../../stores/MessagesStore'; // builds root's store on first use (stores/lazyStores.ts)

/** Covers the private-message box of a member whose level has no directMessages (SPEC §6), with a close button. */
export const LockOverlay = observer(function LockOverlay() {
  const { messages } = useStores();
  const { t } = useTranslation();
  return (
    <div
      data-testid="message-lock"
      className="absolute inset-0 z-20 grid place-items-center bg-white/70 p-6 backdrop-blur-[3px] dark:bg-zinc-900/75"
    >
      <div role="alert" className="w-full max-w-xs rounded-2xl bg-white p-6 text-center shadow-xl ring-1 ring-zinc-900/5 dark:bg-zinc-800 dark:ring-white/10">
        <span className="mx-auto grid size-12 place-items-center rounded-full bg-amber-100 text-amber-700 dark:bg-amber-400/15 dark:text-amber-300">
          <Lock className="size-5" aria-hidden />
        </span>
        <h3 className="mt-4 font-semibold">{t('message.locked.title')}</h3>
        <p className="mt-1.5 text-sm text-zinc-600 dark:text-zinc-300">{t('message.error.noAccess')}</p>
        <div className="mt-5 flex flex-col gap-2">
          <LocalizedLink
            to={MEMBERSHIP_PATH}
            onClick={() => messages.closeBox()}
            className="rounded-full bg-zinc-900 px-4 py-2 text-sm font-medium text-white hover:bg-zinc-700 dark:bg-white dark:text-zinc-900 dark:hover:bg-zinc-200"
          >
            {t('message.locked.levels')}
          </LocalizedLink>
          <button
            type="button"
            onClick={() => messages.closeBox()}
            className="rounded-full px-4 py-2 text-sm font-medium text-zinc-600 ring-1 ring-zinc-200 hover:bg-zinc-50 dark:text-zinc-300 dark:ring-zinc-700 dark:hover:bg-zinc-700/50"
          >
            {t('common.close')}
          </button>
        </div>
      </div>
    </div>
  );
});
