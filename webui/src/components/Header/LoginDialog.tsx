import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localize } from '../../models/settings';
import { useStores } from '../../stores/StoresContext';
import { LocalizedLink } from '../common/LocalizedLink';
import { Sheet } from '../Overlay/Sheet';

/**
 * The login dialog's frame: the title toggles login and sign-up, the carousel and
 * agreement links come from the settings' login box. The forms arrive with accounts.
 */
export const LoginDialog = observer(function LoginDialog() {
  const { ui, settings } = useStores();
  const { t, i18n } = useTranslation();
  const [action, setAction] = useState<'login' | 'signup'>('login');
  const box = settings.settings?.login_box ?? {};
  const slide = box.carousel?.[0];
  return (
    <Sheet
      open={ui.isOpen('login')}
      onOpenChange={(open) => ui.setOpen('login', open)}
      title={
        <button type="button" onClick={() => setAction(action === 'login' ? 'signup' : 'login')} className="flex gap-3">
          <span className={action === 'login' ? '' : 'text-zinc-400'}>{t('common.login.title')}</span>
          <span className={action === 'signup' ? '' : 'text-zinc-400'}>{t('common.login.signup')}</span>
        </button>
      }
    >
      {slide && (
        <figure className="relative h-36 overflow-hidden">
          <img src={slide.url} alt="" className="size-full object-cover" />
          {slide.caption && (
            <figcaption className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/60 p-3 text-sm text-white">
              {localize(slide.caption, i18n.language)}
            </figcaption>
          )}
        </figure>
      )}
      <div className="space-y-4 p-5 text-sm">
        <p className="rounded-xl bg-zinc-50 p-4 text-zinc-600 dark:bg-zinc-800/60 dark:text-zinc-300">{t('common.login.unavailable')}</p>
        {(box.user_agreement_url || box.privacy_policy_url) && (
          <p className="flex gap-4 text-xs text-zinc-500">
            {box.user_agreement_url && (
              <LocalizedLink to={box.user_agreement_url} className="underline">
                {t('common.login.agreement')}
              </LocalizedLink>
            )}
            {box.privacy_policy_url && (
              <LocalizedLink to={box.privacy_policy_url} className="underline">
                {t('common.login.privacy')}
              </LocalizedLink>
            )}
          </p>
        )}
      </div>
    </Sheet>
  );
});
