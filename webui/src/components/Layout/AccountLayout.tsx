import Bell from 'lucide-react/icons/bell';
import Crown from 'lucide-react/icons/crown';
import Flag from 'lucide-react/icons/flag';
import LayoutDashboard from 'lucide-react/icons/layout-dashboard';
import MapPin from 'lucide-react/icons/map-pin';
import Package from 'lucide-react/icons/package';
import Ticket from 'lucide-react/icons/ticket';
import TicketPercent from 'lucide-react/icons/ticket-percent';
import Wallet from 'lucide-react/icons/wallet';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { useStores } from '../../stores/StoresContext';
import { localizePath } from '../../utils/links';
import { SiteChrome } from './DefaultLayout';

export const ACCOUNT_PAGES = ['notification', 'ticket', 'orders', 'coupons', 'addresses', 'wealth', 'membership'] as const;
export type AccountPage = (typeof ACCOUNT_PAGES)[number];

/** The icon of each account page. */
export const ACCOUNT_ICONS = {
  notification: Bell,
  ticket: Ticket,
  orders: Package,
  coupons: TicketPercent,
  addresses: MapPin,
  wealth: Wallet,
  membership: Crown,
} as const;

const ICONS = { overview: LayoutDashboard, ...ACCOUNT_ICONS, reports: Flag };

/** The account layout: the site chrome with the account navigation beside the page. */
export const AccountLayout = observer(function AccountLayout() {
  const { locale, auth } = useStores();
  const { t } = useTranslation();
  const items = [
    { key: 'overview' as const, to: '/account' },
    ...ACCOUNT_PAGES.map((page) => ({ key: page, to: `/account/${page}` })),
    // The moderation queue, for admins only.
    ...(auth.viewer?.data.gqRoles?.isAdmin === true ? [{ key: 'reports' as const, to: '/account/reports' }] : []),
  ];
  return (
    <SiteChrome>
      <div className="mx-auto flex w-full max-w-[var(--site-width)] flex-col gap-6 px-4 py-6 sm:px-5 md:flex-row md:gap-10 md:py-10">
        <nav aria-label={t('page.account.title')} className="flex shrink-0 flex-wrap gap-1 md:w-52 md:flex-col md:flex-nowrap">
          {items.map(({ key, to }) => {
            const Icon = ICONS[key];
            return (
              <NavLink
                key={key}
                to={localizePath(to, locale.lang)}
                end
                className="flex shrink-0 items-center gap-2.5 rounded-xl px-3 py-2 text-sm text-zinc-600 transition hover:bg-zinc-100 aria-[current=page]:bg-zinc-900 aria-[current=page]:text-white dark:text-zinc-400 dark:hover:bg-zinc-800 dark:aria-[current=page]:bg-white dark:aria-[current=page]:text-zinc-900"
              >
                <Icon className="size-4" aria-hidden />
                {t(`page.account.nav.${key}`)}
              </NavLink>
            );
          })}
        </nav>
        <div className="min-w-0 flex-1">
          <Outlet />
        </div>
      </div>
    </SiteChrome>
  );
});
