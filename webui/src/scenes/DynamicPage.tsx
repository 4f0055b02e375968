import { observer } from 'mobx-react-lite';
import { Suspense, useEffect } from 'react';
import { useLocation } from 'react-router';
import { ErrorPage } from '../components/Feedback/ErrorPage';
import { PageSpinner } from '../components/Feedback/Spinner';
import { CustomPage } from '../components/Page/CustomPage';
import { moduleFor } from '../routing/modules';
import { resolvePage, type ResolveConfig } from '../routing/resolve';
import { useStores } from '../stores/StoresContext';
import Home from './Home';

/**
 * The client does not know the custom pages or the variants: it rejects what
 * cannot be a page at all and lets auth.pageData decide the rest.
 */
const CLIENT_RESOLVE: ResolveConfig = { customPages: null, variants: null };

/** `/`, `/{name}` and the catch-all: resolves the path, loads its page data and its module. */
export const DynamicPage = observer(function DynamicPage() {
  const { pathname } = useLocation();
  const resolved = resolvePage(pathname, CLIENT_RESOLVE);
  if (!resolved) return <ErrorPage statusCode={404} path={pathname} />;
  if (resolved.kind === 'home') return <Home />;
  return <ContentPage path={pathname} />;
});

const ContentPage = observer(function ContentPage({ path }: { path: string }) {
  const { pages } = useStores();
  useEffect(() => {
    void pages.load(path);
  }, [pages, path]);
  const state = pages.get(path);
  if (!state || state.status === 'loading') return <PageSpinner />;
  if (state.status === 'error') return <ErrorPage statusCode={state.error.statusCode || 500} path={path} />;
  const { kind } = state.page;
  if (kind === 'home') return <Home />;
  if (kind === 'custom' || kind === 'docs') return <CustomPage state={state} />;
  const Module = moduleFor(kind);
  return (
    <Suspense fallback={<PageSpinner />}>
      <Module page={state.page} blocks={state.blocks} profile={state.profile} content={state.content} />
    </Suspense>
  );
});
