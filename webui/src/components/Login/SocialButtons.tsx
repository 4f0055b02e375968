import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Ellipsis, KeyRound } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../stores/StoresContext';
import { MENU_ITEM, MENU_PANEL } from '../Header/HeaderMenu';
import { GithubMark, GoogleMark, WechatMark } from './brandMarks';
import { WechatScan } from './WechatScan';
import '../../stores/LoginBoxStore'; // builds root's store on first use (stores/lazyStores.ts)

/** Providers shown as buttons; the rest go into the "more" menu (SPEC §9). */
export const SOCIAL_BUTTONS_SHOWN = 3;

const MARKS: Record<string, ComponentType<{ className?: string }>> = {
  wechat: WechatMark,
  github: GithubMark,
  google: GoogleMark,
};

function Mark({ provider, className }: { provider: string; className?: string }) {
  const Icon = MARKS[provider] ?? KeyRound;
  return <Icon className={className} />;
}

/** The social logins of the settings' login box: up to three buttons, then a menu. */
export const SocialButtons = observer(function SocialButtons() {
  const { loginBox } = useStores();
  const { t } = useTranslation();
  const providers = loginBox.social.providers;
  if (providers.length === 0) return null;
  if (loginBox.social.wechat) return <WechatScan />;
  const shown = providers.slice(0, SOCIAL_BUTTONS_SHOWN);
  const more = providers.slice(SOCIAL_BUTTONS_SHOWN);
  const name = (provider: string) => t(`common.login.social.${provider}`, { defaultValue: provider });
  return (
    <div className="space-y-3">
      <p className="flex items-center gap-3 text-xs text-zinc-400 before:h-px before:flex-1 before:bg-zinc-200 after:h-px after:flex-1 after:bg-zinc-200 dark:before:bg-zinc-800 dark:after:bg-zinc-800">
        {t('common.login.orContinueWith')}
      </p>
      <ul className="flex justify-center gap-3">
        {shown.map((provider) => (
          <li key={provider}>
            <button
              type="button"
              onClick={() => void loginBox.social.start(provider)}
              aria-label={t('common.login.social.with', { provider: name(provider) })}
              title={name(provider)}
              data-provider={provider}
              className="grid size-11 place-items-center rounded-full bg-white ring-1 ring-zinc-200 transition hover:-translate-y-0.5 hover:shadow-md dark:bg-zinc-800 dark:ring-zinc-700"
            >
              <Mark provider={provider} className="size-5" />
            </button>
          </li>
        ))}
        {more.length > 0 && (
          <li>
            <DropdownMenu.Root modal={false}>
              <DropdownMenu.Trigger
                aria-label={t('common.login.social.more')}
                title={t('common.login.social.more')}
                className="grid size-11 place-items-center rounded-full bg-white text-zinc-600 ring-1 ring-zinc-200 transition hover:shadow-md dark:bg-zinc-800 dark:text-zinc-300 dark:ring-zinc-700"
              >
                <Ellipsis className="size-5" aria-hidden />
              </DropdownMenu.Trigger>
              <DropdownMenu.Portal>
                <DropdownMenu.Content sideOffset={8} className={`${MENU_PANEL} z-[60]`}>
                  {more.map((provider) => (
                    <DropdownMenu.Item key={provider} className={MENU_ITEM} onSelect={() => void loginBox.social.start(provider)}>
                      <Mark provider={provider} className="size-4" />
                      {name(provider)}
                    </DropdownMenu.Item>
                  ))}
                </DropdownMenu.Content>
              </DropdownMenu.Portal>
            </DropdownMenu.Root>
          </li>
        )}
      </ul>
    </div>
  );
});
