import { Lock, LogIn } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../stores/StoresContext';
import { LocalizedLink } from '../common/LocalizedLink';
import '../../stores/ChatStore'; // builds root's store on first use (stores/lazyStores.ts)

/** Where the levels that allow chat are explained. */
export const MEMBERSHIP_PATH = '/account/membership';

/** The join prompt of a guest: log in first (SPEC §6). */
export const JoinPrompt = observer(function JoinPrompt() {
  const { ui } = useStores();
  const { t } = useTranslation();
  return (
    <div data-testid="chat-join-prompt" className="flex items-center gap-3 border-t border-zinc-100 p-4 dark:border-zinc-800">
      <p className="flex-1 text-sm text-zinc-600 dark:text-zinc-400">{t('common.chat.joinPrompt')}</p>
      <button
        type="button"
        onClick={() => ui.open('login')}
        className="inline-flex items-center gap-1.5 rounded-full bg-zinc-900 px-4 py-2 text-sm font-medium text-white hover:bg-zinc-700 dark:bg-white dark:text-zinc-900 dark:hover:bg-zinc-200"
      >
        <LogIn className="size-4" aria-hidden />
        {t('common.header.login')}
      </button>
    </div>
  );
});

/** The 'no access' message: which levels allow chat, and a link to them (SPEC §6). */
export const NoAccess = observer(function NoAccess() {
  const { chat } = useStores();
  const { t } = useTranslation();
  return (
    <div data-testid="chat-no-access" className="border-t border-zinc-100 p-4 dark:border-zinc-800">
      <div className="flex gap-3 rounded-2xl bg-amber-50 p-3.5 text-sm ring-1 ring-amber-200/70 dark:bg-amber-500/10 dark:ring-amber-400/20">
        <span className="grid size-8 shrink-0 place-items-center rounded-full bg-amber-100 text-amber-700 dark:bg-amber-400/15 dark:text-amber-300">
          <Lock className="size-4" aria-hidden />
        </span>
        <div className="min-w-0">
          <p className="text-zinc-700 dark:text-zinc-300">{t('chat.error.noAccess', { levels: chat.allowedLevels.join(', ') })}</p>
          <LocalizedLink
            to={MEMBERSHIP_PATH}
            className="mt-2 inline-block font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-400"
          >
            {t('chat.levelsLink')}
          </LocalizedLink>
        </div>
      </div>
    </div>
  );
});
