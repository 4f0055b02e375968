import { Fragment, Suspense } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { ErrorBoundary } from '../components/Feedback/ErrorBoundary';
import { PageSpinner } from '../components/Feedback/Spinner';
import { AccountLayout } from '../components/Layout/AccountLayout';
import { DefaultLayout } from '../components/Layout/DefaultLayout';
import { DocsLayout } from '../components/Layout/DocsLayout';
import { PREFIXED_LANGS } from '../i18n/languages';
import { AccountPage } from '../scenes/Account/AccountPage';
import { Builder } from '../scenes/Builder';
import { Create } from '../scenes/Create';
import { DynamicPage } from '../scenes/DynamicPage';
import { Authorize } from '../scenes/Authorize';
import { Cart } from '../scenes/Cart';
import { Community } from '../scenes/Community';
import { Docs } from '../scenes/Docs';
import { Notify } from '../scenes/Notify';
import { lazyModule } from './lazyModule';
import { RouteEffects } from './RouteEffects';

/** The sandbox payment provider's confirm page (the top-up QR code opens it), its own chunk. */
const PaySandbox = lazyModule(() => import('../scenes/PaySandbox'));

/** Route prefixes: none for zh-hans, /en, /es (SPEC §2: every route in three variants). */
const PREFIXES = ['', ...PREFIXED_LANGS.map((lang) => `/${lang}`)];

function localeRoutes(prefix: string) {
  return (
    <Fragment key={prefix || '/'}>
      <Route element={<DefaultLayout />}>
        <Route path={`${prefix}/notify`} element={<Notify />} />
        <Route path={`${prefix}/authorize`} element={<Authorize />} />
        <Route path={`${prefix}/create`} element={<Create />} />
        <Route path={`${prefix}/community`} element={<Community />} />
        <Route path={`${prefix}/cart`} element={<Cart />} />
        <Route
          path={`${prefix}/pay/sandbox/:id`}
          element={
            <Suspense fallback={<PageSpinner />}>
              <PaySandbox />
            </Suspense>
          }
        />
        <Route path={`${prefix}/*`} element={<DynamicPage />} />
      </Route>
      <Route element={<DocsLayout />}>
        <Route path={`${prefix}/docs`} element={<Docs />} />
      </Route>
      <Route element={<AccountLayout />}>
        <Route path={`${prefix}/account`} element={<AccountPage />} />
        <Route path={`${prefix}/account/:page`} element={<AccountPage />} />
      </Route>
      <Route path={`${prefix}/builder`} element={<Builder />} />
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
