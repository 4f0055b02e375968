import { ChevronRight, type LucideIcon } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LocalizedLink } from '../../components/common/LocalizedLink';
import { EarnList, GrowthProgress, SignInButton } from '../../components/Growth/GrowthProgress';
import { ACCOUNT_ICONS, ACCOUNT_PAGES, type AccountPage } from '../../components/Layout/AccountLayout';
import { ViewerBadges } from '../../components/User/Badges';
import { Balances } from '../../components/Wallet/Balances';
import { CARD } from '../../components/Wallet/buttons';
import { MembershipSummary } from '../../components/Wallet/MembershipSummary';
import { Panel } from '../../components/Wallet/Panel';
import { avatarSrc } from '../../models/Viewer';
import { useStores } from '../../stores/StoresContext';

const ICONS: Record<AccountPage, LucideIcon> = ACCOUNT_ICONS;

/** /account for a signed-in member: who they are, balances, membership, growth and the account pages. */
const Overview = observer(function Overview() {
  const { auth, wallet, levelTips } = useStores();
  const { t } = useTranslation();
  const viewer = auth.viewer;
  useEffect(() => {
    void wallet.fetch();
  }, [wallet]);
  if (!viewer) return null;
  const avatar = avatarSrc(viewer.avatarUrl, viewer.data.gqSlug || viewer.data.databaseId);
  return (
    <div className="space-y-5" data-testid="account-overview">
      <div className={`${CARD} flex items-center gap-4`}>
        <img src={avatar} alt="" className="size-16 shrink-0 rounded-full bg-zinc-100 dark:bg-zinc-800" />
        <div className="min-w-0">
          <p className="truncate text-lg font-semibold">{t('account.overview.hello', { name: viewer.name })}</p>
          <ViewerBadges viewer={viewer} className="mt-1" />
        </div>
      </div>

      <Panel title={t('account.overview.balances')} action={<LocalizedLink to="/account/wealth" className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-400">{t('account.overview.topUp')}</LocalizedLink>}>
        <Balances compact />
      </Panel>

      <div className="grid gap-5 md:grid-cols-2">
        <Panel title={t('account.overview.membership')}>
          <MembershipSummary />
        </Panel>
        <Panel
          title={t('account.overview.growth')}
          action={
            <button type="button" onClick={() => levelTips.open()} className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-400">
              {t('common.userMenu.levelTips')}
            </button>
          }
        >
          <GrowthProgress />
          <div className="mt-3">
            <SignInButton />
          </div>
        </Panel>
      </div>

      <div className={CARD}>
        <EarnList />
      </div>

      <nav aria-label={t('account.overview.pages')}>
        <ul className="grid gap-3 sm:grid-cols-2">
          {ACCOUNT_PAGES.map((page) => {
            const Icon = ICONS[page];
            return (
              <li key={page}>
                <LocalizedLink to={`/account/${page}`} className={`${CARD} flex items-center gap-3 transition hover:ring-brand-300`}>
                  <span className="grid size-10 place-items-center rounded-full bg-zinc-100 text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300">
                    <Icon className="size-5" aria-hidden />
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block text-sm font-semibold">{t(`page.account.nav.${page}`)}</span>
                    <span className="block truncate text-xs text-zinc-500 dark:text-zinc-400">{t(`account.overview.page.${page}`)}</span>
                  </span>
                  <ChevronRight className="size-4 text-zinc-400" aria-hidden />
                </LocalizedLink>
              </li>
            );
          })}
        </ul>
      </nav>
    </div>
  );
});

export default Overview;
