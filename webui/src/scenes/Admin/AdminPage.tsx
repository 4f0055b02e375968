import { ShieldOff } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { AdminLayout, ADMIN_ICONS, ADMIN_SECTIONS, isAdminSection, type AdminSection } from '../../components/Admin/AdminLayout';
import { EmptyState } from '../../components/Feedback/EmptyState';
import { ErrorPage } from '../../components/Feedback/ErrorPage';
import { LoginPrompt } from '../../components/Feedback/LoginPrompt';
import { PageSpinner } from '../../components/Feedback/Spinner';
import { lazyModule } from '../../routing/lazyModule';
import { useDocumentTitle } from '../../routing/useDocumentTitle';
import { useStores } from '../../stores/StoresContext';

/** Each section its own chunk: an admin opening the members does not load the settings editor. */
const SECTIONS = {
  members: lazyModule(() => import('./Members')),
  content: lazyModule(() => import('./Content')),
  moderation: lazyModule(() => import('./Moderation')),
  settings: lazyModule(() => import('./Settings')),
  audit: lazyModule(() => import('./Audit')),
  cluster: lazyModule(() => import('./Cluster')),
} satisfies Record<AdminSection, unknown>;

/**
 * /admin and /admin/{section} (every language): the operators' console, for admins only. A guest
 * is asked to log in and a member who is not an admin is told it is not for them (the server
 * refuses every admin action anyway); an unknown section is not found.
 */
export const AdminPage = observer(function AdminPage() {
  const { section: param } = useParams();
  const { pathname } = useLocation();
  const { auth } = useStores();
  const { t } = useTranslation();
  const section: AdminSection | null = param === undefined ? ADMIN_SECTIONS[0] : isAdminSection(param) ? param : null;
  const isAdmin = auth.viewer?.data.gqRoles?.isAdmin === true;
  // The section's own header names the tab once it shows; until then (and for whoever may not
  // see it) the tab says which section was asked for.
  useDocumentTitle(section ? `${t(`admin.frame.nav.${section}`)} · ${t('admin.frame.title')}` : t('admin.frame.title'));

  if (!section) {
    return (
      <AdminLayout section={ADMIN_SECTIONS[0]} nav={false}>
        <ErrorPage statusCode={404} path={pathname} />
      </AdminLayout>
    );
  }
  // A session cookie says the viewer is on the way: wait for it before answering.
  const waiting = !auth.isLoggedIn && auth.hasSession && !auth.isLoaded;
  if (waiting) {
    return (
      <AdminLayout section={section} nav={false}>
        <PageSpinner />
      </AdminLayout>
    );
  }
  if (!auth.isLoggedIn) {
    return (
      <AdminLayout section={section} nav={false}>
        <LoginPrompt icon={ADMIN_ICONS[section]} title={t('admin.frame.loginRequired')} />
      </AdminLayout>
    );
  }
  if (!isAdmin) {
    return (
      <AdminLayout section={section} nav={false}>
        <div data-testid="admin-forbidden">
          <EmptyState icon={ShieldOff} title={t('admin.frame.forbidden')} />
        </div>
      </AdminLayout>
    );
  }
  const Section = SECTIONS[section];
  return (
    <AdminLayout section={section} nav>
      <Suspense fallback={<PageSpinner />}>
        <Section />
      </Suspense>
    </AdminLayout>
  );
});
