import { ArrowLeft } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localize } from '../../models/settings';
import { useStores } from '../../stores/StoresContext';
import { Sheet } from '../Overlay/Sheet';
import { CaptchaDialog } from './CaptchaDialog';
import { LoginForm } from './LoginForm';
import { SocialButtons } from './SocialButtons';
import '../../stores/LoginBoxStore'; // builds root's store on first use (stores/lazyStores.ts)

/** How long each picture of the login box's carousel stays. */
const CAROUSEL_INTERVAL_MS = 5000;

/**
 * The login box: its title toggles login and sign-up; forget and repass reset
 * a password. In the page builder it flags its calls with editStatus.
 */
export const LoginDialog = observer(function LoginDialog({ editStatus = false }: { editStatus?: boolean }) {
  const { loginBox, ui } = useStores();
  const { t } = useTranslation();
  const { action } = loginBox;

  useEffect(() => {
    loginBox.setEditStatus(editStatus);
  }, [loginBox, editStatus]);

  const title =
    action === 'login' || action === 'signup' ? (
      <span className="flex items-center gap-1" data-testid="login-title">
        {(['login', 'signup'] as const).map((tab) => (
          <button
            key={tab}
            type="button"
            aria-pressed={action === tab}
            onClick={() => loginBox.toggleTitle()}
            className="rounded-lg px-2 py-1 text-base font-semibold text-zinc-400 transition first:-ml-2 hover:text-zinc-700 aria-pressed:text-zinc-900 dark:hover:text-zinc-200 dark:aria-pressed:text-zinc-50"
          >
            {tab === 'login' ? t('common.login.title') : t('common.login.signup')}
          </button>
        ))}
      </span>
    ) : (
      <span className="flex items-center gap-1">
        <button
          type="button"
          onClick={() => loginBox.setAction('login')}
          aria-label={t('common.login.backToLogin')}
          className="-ml-2 grid size-8 place-items-center rounded-full text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
        >
          <ArrowLeft className="size-4" aria-hidden />
        </button>
        {action === 'forget' ? t('common.login.forgetTitle') : t('common.login.repassTitle')}
      </span>
    );

  return (
    <>
      <Sheet
        open={loginBox.isOpen}
        onOpenChange={(open) => loginBox.setOpen(open)}
        title={title}
        description={t(`common.login.intro.${action}`)}
        side={ui.isMobile ? 'bottom' : 'center'}
      >
        <Carousel />
        <div className="space-y-5 px-5 pb-6 pt-4">
          <p aria-hidden className="text-sm text-zinc-500 dark:text-zinc-400">
            {t(`common.login.intro.${action}`)}
          </p>
          <LoginForm />
          {(action === 'login' || action === 'signup') && <SocialButtons />}
        </div>
      </Sheet>
      <CaptchaDialog />
    </>
  );
});

/** The pictures of the settings' login box, one at a time. */
const Carousel = observer(function Carousel() {
  const { settings } = useStores();
  const { i18n } = useTranslation();
  const slides = settings.settings?.login_box?.carousel ?? [];
  const [index, setIndex] = useState(0);

  useEffect(() => {
    if (slides.length < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % slides.length), CAROUSEL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [slides.length]);

  const slide = slides[index % Math.max(slides.length, 1)];
  if (!slide) return null;
  const caption = localize(slide.caption, i18n.language);
  return (
    <figure className="relative h-28 overflow-hidden sm:h-32">
      <img src={slide.url} alt="" className="size-full object-cover" />
      {caption && (
        <figcaption className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/60 to-transparent px-5 pb-3 pt-8 text-sm font-medium text-white">
          {caption}
        </figcaption>
      )}
      {slides.length > 1 && (
        <div className="absolute right-4 top-3 flex gap-1.5" aria-hidden>
          {slides.map((s, i) => (
            <span key={`${s.url}-${i}`} className={`h-1.5 rounded-full bg-white transition-all ${i === index % slides.length ? 'w-4' : 'w-1.5 opacity-60'}`} />
          ))}
        </div>
      )}
    </figure>
  );
});
