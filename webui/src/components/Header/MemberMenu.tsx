import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { LucideIcon } from 'lucide-react';
import Bell from 'lucide-react/icons/bell';
import ChevronRight from 'lucide-react/icons/chevron-right';
import Crown from 'lucide-react/icons/crown';
import LogOut from 'lucide-react/icons/log-out';
import MessageCircle from 'lucide-react/icons/message-circle';
import ShieldCheck from 'lucide-react/icons/shield-check';
import Sparkles from 'lucide-react/icons/sparkles';
import Ticket from 'lucide-react/icons/ticket';
import TicketPercent from 'lucide-react/icons/ticket-percent';
import User from 'lucide-react/icons/user';
import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CREDIT } from '../../api/wallet';
import { localize, type MenuItem } from '../../models/settings';
import { avatarSrc, type Viewer } from '../../models/Viewer';
import type { DeferredStart } from '../../routing/deferred';
import { useStores } from '../../stores/StoresContext';
import { LocalizedLink } from '../common/LocalizedLink';
import { isImageIcon, menuIcon } from '../Layout/menuIcons';
import { ViewerBadges } from '../User/Badges';
import { MENU_ITEM, MENU_PANEL } from './HeaderMenu';
import { MemberMenuButton } from './UserMenu';
import '../../stores/account/TicketsStore'; // builds root's store on first use (stores/lazyStores.ts)

function Count({ value, alert = false }: { value: number; alert?: boolean }) {
  if (value <= 0) return null;
  return (
    <span
      className={`min-w-5 rounded-full px-1.5 text-center text-xs tabular-nums ${
        alert ? 'bg-rose-500 text-white' : 'bg-zinc-100 text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300'
      }`}
    >
      {value > 99 ? '99+' : value}
    </span>
  );
}

/** A link of the menu: its icon, its label, and maybe a count after it. */
function MenuLink({ to, icon: Icon, label, children }: { to: string; icon: LucideIcon; label: string; children?: ReactNode }) {
  return (
    <DropdownMenu.Item asChild className={MENU_ITEM}>
      <LocalizedLink to={to}>
        <Icon className="size-4" aria-hidden />
        <span className="flex-1">{label}</span>
        {children}
      </LocalizedLink>
    </DropdownMenu.Item>
  );
}

/** Links the menu always has; a configured user link to the same place is not repeated. */
const BUILT_IN_LINKS = new Set(['/account/notification', '/account/ticket', '/account/coupons']);

function UserLinkIcon({ item }: { item: MenuItem }) {
  if (isImageIcon(item.icon)) return <img src={item.icon} alt="" className="size-4" />;
  const Icon = menuIcon(item.icon);
  return <Icon className="size-4" aria-hidden />;
}

/** A member's account menu (its own chunk: see UserMenu). */
export const MemberMenu = observer(function MemberMenu({ viewer, start }: { viewer: Viewer; start: DeferredStart }) {
  const { auth, settings, levelTips, inbox, ui, wallet, tickets } = useStores();
  const { t, i18n } = useTranslation();
  const userLinks = (settings.forDevice('desktop').header?.userList ?? []).filter(
    (link) => !BUILT_IN_LINKS.has(link.url) && link.url !== viewer.profilePath,
  );
  const avatar = avatarSrc(viewer.avatarUrl, viewer.data.gqSlug || viewer.data.databaseId);

  return (
    <DropdownMenu.Root modal={false} defaultOpen={start.defaultOpen}>
      <DropdownMenu.Trigger asChild>
        <MemberMenuButton viewer={viewer} autoFocus={start.autoFocus} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content sideOffset={8} align="end" collisionPadding={8} className={`${MENU_PANEL} w-72`}>
          <div className="flex items-center gap-3 px-3 pb-2 pt-2.5">
            <img src={avatar} alt="" className="size-11 shrink-0 rounded-full bg-zinc-100 dark:bg-zinc-800" />
            <div className="min-w-0">
              <p className="truncate font-semibold">{viewer.name}</p>
              <ViewerBadges viewer={viewer} className="mt-1" />
            </div>
          </div>
          <DropdownMenu.Item className={`${MENU_ITEM} py-1.5 text-xs text-zinc-500 dark:text-zinc-400`} onSelect={() => levelTips.open()}>
            <Sparkles className="size-3.5 text-brand-600 dark:text-brand-400" aria-hidden />
            <span className="flex-1">{t('common.userMenu.levelTips')}</span>
            <ChevronRight className="size-3.5" aria-hidden />
          </DropdownMenu.Item>
          <div className="mx-1.5 my-1 grid grid-cols-2 gap-2 rounded-lg bg-zinc-50 p-2 text-center text-xs dark:bg-zinc-800/60">
            <div data-testid="credit-balance">
              <p className="text-zinc-500 dark:text-zinc-400">{t('common.user.credit')}</p>
              <p className="mt-0.5 text-sm font-semibold tabular-nums">{wallet.format(CREDIT, wallet.credit)}</p>
            </div>
            <div data-testid="money-balance">
              <p className="text-zinc-500 dark:text-zinc-400">{t('common.user.money')}</p>
              <p className="mt-0.5 text-sm font-semibold tabular-nums">{wallet.formattedBalance}</p>
            </div>
          </div>
          {!viewer.isVip && (
            <DropdownMenu.Item asChild className={`${MENU_ITEM} my-1 bg-gradient-to-r from-amber-50 to-transparent text-amber-800 dark:from-amber-400/10 dark:text-amber-300`}>
              <LocalizedLink to="/account/membership">
                <Crown className="size-4 shrink-0" aria-hidden />
                <span>
                  {t('common.user.upsell')}
                  <span className="block text-xs opacity-75">{t('common.user.upsellText')}</span>
                </span>
              </LocalizedLink>
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Separator className="my-1 h-px bg-zinc-100 dark:bg-zinc-800" />
          <DropdownMenu.Item asChild className={MENU_ITEM}>
            <LocalizedLink to={viewer.profilePath}>
              <User className="size-4" aria-hidden />
              {t('common.user.profile')}
            </LocalizedLink>
          </DropdownMenu.Item>
          <MenuLink to="/account/notification" icon={Bell} label={t('common.user.notification')}>
            <Count value={inbox.unreadNotifications} alert />
          </MenuLink>
          <DropdownMenu.Item className={MENU_ITEM} onSelect={() => ui.open('messages')}>
            <MessageCircle className="size-4" aria-hidden />
            <span className="flex-1">{t('message.title')}</span>
            <Count value={inbox.unreadMessages} alert />
          </DropdownMenu.Item>
          <MenuLink to="/account/ticket" icon={Ticket} label={t('common.user.ticket')}>
            <Count value={tickets.openCount} />
          </MenuLink>
          <MenuLink to="/account/coupons" icon={TicketPercent} label={t('page.account.nav.coupons')} />
          {userLinks.map((link, index) => (
            <DropdownMenu.Item asChild className={MENU_ITEM} key={`${link.url}-${index}`}>
              <LocalizedLink to={link.url}>
                <UserLinkIcon item={link} />
                {localize(link.label, i18n.language)}
              </LocalizedLink>
            </DropdownMenu.Item>
          ))}
          {viewer.data.gqRoles?.isAdmin && <MenuLink to="/admin" icon={ShieldCheck} label={t('admin.frame.menuLink')} />}
          <DropdownMenu.Separator className="my-1 h-px bg-zinc-100 dark:bg-zinc-800" />
          <DropdownMenu.Item className={`${MENU_ITEM} text-zinc-600 dark:text-zinc-300`} onSelect={() => void auth.logout()}>
            <LogOut className="size-4" aria-hidden />
            {t('common.user.logout')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
});
