import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Bell, Crown, LogOut, Ticket, User } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { localize, type LevelEntry } from '../../models/settings';
import { avatarSrc, type Viewer } from '../../models/Viewer';
import { useStores } from '../../stores/StoresContext';
import { formatMoney } from '../../utils/money';
import { LocalizedLink } from '../common/LocalizedLink';
import { MENU_ITEM, MENU_PANEL } from './HeaderMenu';

/** A guest sees a login button; a member gets the account menu (SPEC §2, user menu). */
export const UserMenu = observer(function UserMenu() {
  const { auth, ui } = useStores();
  const { t } = useTranslation();
  if (!auth.viewer) {
    return (
      <button
        type="button"
        onClick={() => ui.open('login')}
        className="ml-1 inline-flex h-8 shrink-0 items-center whitespace-nowrap rounded-full bg-zinc-900 px-3 text-[0.8125rem] font-medium sm:h-9 sm:px-4 sm:text-sm text-white transition hover:bg-zinc-700 dark:bg-white dark:text-zinc-900 dark:hover:bg-zinc-200"
      >
        {t('common.header.login')}
      </button>
    );
  }
  return <MemberMenu viewer={auth.viewer} />;
});

function badgeName(list: LevelEntry[] | undefined, key: string | null | undefined, lang: string) {
  if (!key) return '';
  const entry = list?.find((l) => l.key === key);
  return entry ? localize(entry.names ?? entry.name ?? key, lang) : key;
}

const MemberMenu = observer(function MemberMenu({ viewer }: { viewer: Viewer }) {
  const { auth, settings, locale } = useStores();
  const { t, i18n } = useTranslation();
  const level = badgeName(settings.settings?.level?.lv, viewer.data.gqLevel, i18n.language);
  const vip = badgeName(settings.settings?.level?.vip, viewer.data.gqVIP, i18n.language);
  const currency = settings.currencyEntry(locale.currency);
  const balance = viewer.money[locale.currency] ?? 0;
  const userLinks = settings.forDevice('desktop').header?.userList ?? [];

  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={t('common.user.menu')}
        className="relative ml-1 size-9 shrink-0 overflow-hidden rounded-full ring-2 ring-white/70 dark:ring-zinc-800"
      >
        <img src={avatarSrc(viewer.avatarUrl, viewer.data.databaseId)} alt="" className="size-full object-cover" />
        {viewer.unreadNotifications > 0 && (
          <span className="absolute right-0 top-0 size-2.5 rounded-full bg-rose-500 ring-2 ring-white dark:ring-zinc-900" />
        )}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content sideOffset={8} align="end" className={`${MENU_PANEL} w-72`}>
          <div className="flex items-center gap-3 px-3 py-2">
            <img src={avatarSrc(viewer.avatarUrl, viewer.data.databaseId)} alt="" className="size-10 rounded-full" />
            <div className="min-w-0">
              <p className="truncate font-semibold">{viewer.name}</p>
              <p className="mt-0.5 flex gap-1.5 text-xs">
                {vip && <span className="rounded bg-amber-100 px-1.5 text-amber-800 dark:bg-amber-500/20 dark:text-amber-300">{vip}</span>}
                {level && <span className="rounded bg-zinc-100 px-1.5 text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300">{level}</span>}
              </p>
            </div>
          </div>
          <div className="mx-1.5 my-1 grid grid-cols-2 gap-2 rounded-lg bg-zinc-50 p-2 text-center text-xs dark:bg-zinc-800/60">
            <div>
              <p className="text-zinc-500">{t('common.user.credit')}</p>
              <p className="mt-0.5 font-semibold">
                {settings.settings?.credit_symbol ?? ''}
                {viewer.credit}
              </p>
            </div>
            <div>
              <p className="text-zinc-500">{t('common.user.money')}</p>
              <p className="mt-0.5 font-semibold">{formatMoney(balance, currency?.symbol ?? currency?.symbol_iso ?? '')}</p>
            </div>
          </div>
          {!viewer.isVip && (
            <DropdownMenu.Item asChild className={`${MENU_ITEM} text-amber-700 dark:text-amber-300`}>
              <LocalizedLink to="/account/membership">
                <Crown className="size-4" aria-hidden />
                <span>
                  {t('common.user.upsell')}
                  <span className="block text-xs opacity-70">{t('common.user.upsellText')}</span>
                </span>
              </LocalizedLink>
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Separator className="my-1 h-px bg-zinc-100 dark:bg-zinc-800" />
          {viewer.data.gqSlug && (
            <DropdownMenu.Item asChild className={MENU_ITEM}>
              <LocalizedLink to={viewer.data.gqSlug}>
                <User className="size-4" aria-hidden />
                {t('common.user.profile')}
              </LocalizedLink>
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Item asChild className={MENU_ITEM}>
            <LocalizedLink to="/account/notification">
              <Bell className="size-4" aria-hidden />
              <span className="flex-1">{t('common.user.notification')}</span>
              {viewer.unreadNotifications > 0 && (
                <span className="rounded-full bg-rose-500 px-1.5 text-xs text-white">{viewer.unreadNotifications}</span>
              )}
            </LocalizedLink>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={MENU_ITEM}>
            <LocalizedLink to="/account/ticket">
              <Ticket className="size-4" aria-hidden />
              <span className="flex-1">{t('common.user.ticket')}</span>
              {viewer.ticketCount > 0 && <span className="text-xs text-zinc-500">{viewer.ticketCount}</span>}
            </LocalizedLink>
          </DropdownMenu.Item>
          {userLinks.map((link, index) => (
            <DropdownMenu.Item asChild className={MENU_ITEM} key={`${link.url}-${index}`}>
              <LocalizedLink to={link.url}>{localize(link.label, i18n.language)}</LocalizedLink>
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="my-1 h-px bg-zinc-100 dark:bg-zinc-800" />
          <DropdownMenu.Item className={MENU_ITEM} onSelect={() => void auth.logout()}>
            <LogOut className="size-4" aria-hidden />
            {t('common.user.logout')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
});
