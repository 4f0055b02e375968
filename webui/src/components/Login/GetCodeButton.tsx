import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../stores/StoresContext';
import '../../stores/LoginBoxStore'; // builds root's store on first use (stores/lazyStores.ts)

/** Get code: opens the captcha first; then waits 60 seconds, showing the seconds left. */
export const GetCodeButton = observer(function GetCodeButton() {
  const { loginBox } = useStores();
  const { t } = useTranslation();
  const { countdown } = loginBox;
  const label = countdown.isRunning
    ? t('common.login.resendIn', { seconds: countdown.remaining })
    : loginBox.isSendingCode
      ? t('common.login.sending')
      : t('common.login.getCode');
  return (
    <button
      type="button"
      onClick={() => loginBox.requestCode()}
      disabled={countdown.isRunning || loginBox.isSendingCode}
      aria-live="polite"
      data-testid="get-code"
      className="mr-1.5 h-8 shrink-0 rounded-lg px-3 text-sm font-medium text-brand-700 tabular-nums transition hover:bg-brand-50 disabled:cursor-not-allowed disabled:text-zinc-400 disabled:hover:bg-transparent dark:text-brand-400 dark:hover:bg-brand-400/10 dark:disabled:text-zinc-500"
    >
      {label}
    </button>
  );
});
