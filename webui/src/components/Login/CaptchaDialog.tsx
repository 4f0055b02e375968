import * as Dialog from '@radix-ui/react-dialog';
import { RefreshCw, ShieldCheck, X } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../stores/StoresContext';
import { PRIMARY_BUTTON, TextField } from './fields';
import '../../stores/LoginBoxStore'; // builds root's store on first use (stores/lazyStores.ts)

/** The captcha (auth.captcha picture, the answer, auth.captchaVerify) before a code is sent or a login retried. */
export const CaptchaDialog = observer(function CaptchaDialog() {
  const { loginBox } = useStores();
  const { t } = useTranslation();
  const { captcha } = loginBox;
  return (
    <Dialog.Root open={loginBox.captchaPurpose !== null} onOpenChange={(open) => !open && loginBox.closeCaptcha()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[55] bg-zinc-950/50 animate-fade-in" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed left-1/2 top-1/2 z-[56] w-[min(92vw,22rem)] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-5 text-zinc-900 shadow-2xl ring-1 ring-zinc-900/5 animate-fade-in dark:bg-zinc-900 dark:text-zinc-100 dark:ring-white/10"
        >
          <div className="mb-4 flex items-center justify-between">
            <Dialog.Title className="flex items-center gap-2 text-base font-semibold">
              <ShieldCheck className="size-5 text-brand-600 dark:text-brand-400" aria-hidden />
              {t('common.login.captcha.title')}
            </Dialog.Title>
            <Dialog.Close
              aria-label={t('common.close')}
              className="-mr-2 rounded-full p-2 text-zinc-500 hover:bg-zinc-100 dark:hover:bg-zinc-800"
            >
              <X className="size-4" aria-hidden />
            </Dialog.Close>
          </div>
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void loginBox.submitCaptcha();
            }}
            className="space-y-3"
          >
            <button
              type="button"
              onClick={() => void captcha.load()}
              title={t('common.login.captcha.refresh')}
              aria-label={t('common.login.captcha.refresh')}
              className="group relative grid h-20 w-full place-items-center overflow-hidden rounded-xl bg-zinc-100 ring-1 ring-zinc-200 dark:bg-zinc-800 dark:ring-zinc-700"
            >
              {captcha.image && (
                <img src={captcha.image.base64} alt={t('common.login.captcha.image')} data-testid="captcha-image" className="h-full" />
              )}
              <span className="absolute right-2 top-2 grid size-7 place-items-center rounded-full bg-white/85 text-zinc-600 shadow-sm transition group-hover:rotate-45 dark:bg-zinc-900/85 dark:text-zinc-300">
                <RefreshCw className={`size-3.5 ${captcha.isLoading ? 'animate-spin' : ''}`} aria-hidden />
              </span>
            </button>
            <TextField
              label={t('common.login.captcha.placeholder')}
              value={captcha.input}
              onValueChange={(value) => captcha.setInput(value)}
              autoComplete="off"
              autoFocus
              inputMode="text"
              name="captcha"
            />
            <button type="submit" className={PRIMARY_BUTTON} disabled={captcha.isVerifying || !captcha.image}>
              {t('common.login.captcha.confirm')}
            </button>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
});
