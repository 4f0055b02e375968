import { LayoutDashboard, type LucideIcon } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { ErrorPage } from '../../components/Feedback/ErrorPage';
import { LoginPrompt } from '../../components/Feedback/LoginPrompt';
import { PageSpinner } from '../../components/Feedback/Spinner';
import { ACCOUNT_ICONS, ACCOUNT_PAGES, type AccountPage as Page } from '../../components/Layout/AccountLayout';
import { lazyModule } from '../../routing/lazyModule';
import { useDocumentTitle } from '../../routing/useDocumentTitle';
import { useStores } from '../../stores/StoresContext';
import { NotificationPage } from './Notification';

const ICONS: Record<Page, LucideIcon> = ACCOUNT_ICONS;

/** The wallet pages, each its own chunk. */
const Overview = lazyModule(() => import('./Overview'));
const Wealth = lazyModule(() => import('./Wealth'));
const Membership = lazyModule(() => import('./Membership'));
/** The account pages of the shop (issue 16), each its own chunk. */
const Coupons = lazyModule(() => import('./Coupons'));
const Addresses = lazyModule(() => import('./Addresses'));
const TicketPage = lazyModule(() => import('./Ticket'));
const Orders = lazyModule(() => import('./Orders'));
/** The admins' moderation queue, its own chunk. */
const Reports = lazyModule(() => import('./Reports'));

/** The admins' page beside the member's: the moderation queue; anyone else gets 404. */
export const REPORTS_PAGE = 'reports';

function isAccountPage(value: string | undefined): value is Page {
  return (ACCOUNT_PAGES as readonly string[]).includes(value ?? '');
}

/** /account, /account/{notification|ticket|orders|coupons|addresses|wealth|membership}, and /account/reports for admins; other pages are not found. */
export const AccountPage = observer(function AccountPage() {
  const { page } = useParams();
  const { pathname } = useLocation();
  const { auth } = useStores();
  const { t } = useTranslation();
  const known = page === undefined || isAccountPage(page);
  const title = isAccountPage(page) || page === REPORTS_PAGE ? t(`page.account.${page}.title`) : t('page.account.title');
  useDocumentTitle(title);
  if (page === REPORTS_PAGE) return <ReportsRoute title={title} />;
  if (!known) return <ErrorPage statusCode={404} path={pathname} />;
  const Icon: LucideIcon = isAccountPage(page) ? ICONS[page] : LayoutDashboard;
  // A session cookie says the viewer is on the way: wait for it rather than ask to log in.
  const waiting = !auth.isLoggedIn && auth.hasSession && !auth.isLoaded;

  return (
    <section>
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      <div className="mt-6">
        {waiting ? (
          <PageSpinner />
        ) : !auth.isLoggedIn ? (
          <LoginPrompt icon={Icon} title={t('page.account.loginRequired')} />
        ) : (
          <Suspense fallback={<PageSpinner />}>
            {page === undefined ? (
              <Overview />
            ) : page === 'notification' ? (
              <NotificationPage />
            ) : page === 'wealth' ? (
              <Wealth />
            ) : page === 'membership' ? (
              <Membership />
            ) : page === 'coupons' ? (
              <Coupons />
            ) : page === 'addresses' ? (
              <Addresses />
            ) : page === 'ticket' ? (
              <TicketPage />
            ) : (
              <Orders />
            )}
          </Suspense>
        )}
      </div>
    </section>
  );
});

/** /account/reports: the moderation queue for an admin; 404 for anyone else (once the viewer is known). */
const ReportsRoute = observer(function ReportsRoute({ title }: { title: string }) {
  const { pathname } = useLocation();
  const { auth } = useStores();
  // A session cookie says the viewer is on the way: wait for it before answering.
  if (!auth.isLoggedIn && auth.hasSession && !auth.isLoaded) return <PageSpinner />;
  // The queue's store loads with its page (Reports): only admins have one.
  if (auth.viewer?.data.gqRoles?.isAdmin !== true) return <ErrorPage statusCode={404} path={pathname} />;
  return (
    <section>
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      <div className="mt-6">
        <Suspense fallback={<PageSpinner />}>
          <Reports />
        </Suspense>
      </div>
    </section>
  );
});
