import { Fragment, Suspense, type ComponentType } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { ErrorBoundary } from '../components/Feedback/ErrorBoundary';
import { PageSpinner } from '../components/Feedback/Spinner';
import { AccountLayout } from '../components/Layout/AccountLayout';
import { DefaultLayout } from '../components/Layout/DefaultLayout';
import { DocsLayout } from '../components/Layout/DocsLayout';
import { PREFIXED_LANGS } from '../i18n/languages';
import { Create } from '../scenes/Create';
import { DynamicPage } from '../scenes/DynamicPage';
import { lazyExport, lazyModule } from './lazyModule';
import { RouteEffects } from './RouteEffects';

/** The sandbox payment provider's confirm page (the top-up QR code opens it), its own chunk. */
const PaySandbox = lazyModule(() => import('../scenes/PaySandbox'));

/**
 * The screens other than the dynamic pages (home, articles, shop, community
 * and profiles, whose modules split themselves): each its own chunk, loaded
 * when its route opens, so the first load carries none of them.
 */
const Notify = lazyExport(() => import('../scenes/Notify'), 'Notify');
/** The signed unsubscribe link of notification emails (public, no login). */
const Unsubscribe = lazyExport(() => import('../scenes/Unsubscribe'), 'Unsubscribe');
/** The private messages as a page (a push's link: /messages/<slug>). */
const Messages = lazyExport(() => import('../scenes/Messages'), 'Messages');
const Authorize = lazyExport(() => import('../scenes/Authorize'), 'Authorize');
const Community = lazyExport(() => import('../scenes/Community'), 'Community');
const Cart = lazyExport(() => import('../scenes/Cart'), 'Cart');
const Docs = lazyExport(() => import('../scenes/Docs'), 'Docs');
const AccountPage = lazyExport(() => import('../scenes/Account/AccountPage'), 'AccountPage');
const Builder = lazyExport(() => import('../scenes/Builder'), 'Builder');
/** The operators' console (admins only); each of its sections splits again. */
const AdminPage = lazyExport(() => import('../scenes/Admin/AdminPage'), 'AdminPage');

/** A lazy screen, with a spinner while its chunk loads. */
function screen(Screen: ComponentType) {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Screen />
    </Suspense>
  );
}

/** Route prefixes: none for zh-hans, /en, /es (SPEC §2: every route in three variants). */
const PREFIXES = ['', ...PREFIXED_LANGS.map((lang) => `/${lang}`)];

function localeRoutes(prefix: string) {
  return (
    <Fragment key={prefix || '/'}>
      <Route element={<DefaultLayout />}>
        <Route path={`${prefix}/notify`} element={screen(Notify)} />
        <Route path={`${prefix}/unsubscribe`} element={screen(Unsubscribe)} />
        <Route path={`${prefix}/messages`} element={screen(Messages)} />
        <Route path={`${prefix}/messages/:slug`} element={screen(Messages)} />
        <Route path={`${prefix}/authorize`} element={screen(Authorize)} />
        <Route path={`${prefix}/create`} element={<Create />} />
        <Route path={`${prefix}/community`} element={screen(Community)} />
        <Route path={`${prefix}/cart`} element={screen(Cart)} />
        <Route
          path={`${prefix}/pay/sandbox/:id`}
element={screen(PaySandbox)} />
        <Route path={`${prefix}/*`} element={<DynamicPage />} />
      </Route>
      <Route element={<DocsLayout />}>
        <Route path={`${prefix}/docs`} element={screen(Docs)} />
        <Route path={`${prefix}/docs/:slug`} element={screen(Docs)} />
      </Route>
      <Route element={<AccountLayout />}>
        <Route path={`${prefix}/account`} element={screen(AccountPage)} />
        <Route path={`${prefix}/account/:page`} element={screen(AccountPage)} />
      </Route>
      <Route path={`${prefix}/builder`} element={screen(Builder)} />
      <Route path={`${prefix}/admin`} element={screen(AdminPage)} />
      <Route path={`${prefix}/admin/:section`} element={screen(AdminPage)} />
    </Fragment>
  );
}

/** Every route of the client in its three language variants. */
export function AppRoutes() {
  const { pathname } = useLocation();
  return (
    <>
      <RouteEffects />
      <ErrorBoundary key={pathname}>
        <Routes>{PREFIXES.map(localeRoutes)}</Routes>
      </ErrorBoundary>
    </>
  );
}

/** True for the builder route, where the shell does not fetch the viewer. */
export function isBuilderPath(pathname: string): boolean {
  return PREFIXES.some((prefix) => pathname.replace(/\/+$/, '') === `${prefix}/builder`);
}
