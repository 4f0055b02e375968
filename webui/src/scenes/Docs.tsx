import { BookOpen } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { EmptyState } from '../components/Feedback/EmptyState';
import { ErrorPage } from '../components/Feedback/ErrorPage';
import { PageSpinner } from '../components/Feedback/Spinner';
import { DocsFrame } from '../components/Layout/DocsLayout';
import { BlockList, pageBlocks } from '../components/Page/Blocks/BlockList';
import { useDocumentTitle } from '../routing/useDocumentTitle';
import type { DocsContent } from '../stores/PagesStore';
import { useStores } from '../stores/StoresContext';

/** The docs navigation of a page's content; [] when it has none. */
export function docsNav(content: unknown): DocsContent['nav'] {
  const nav = (content as Partial<DocsContent> | null | undefined)?.nav;
  return Array.isArray(nav) ? nav.filter((entry) => typeof entry?.slug === 'string' && typeof entry.title === 'string') : [];
}

/** /docs and /docs/{slug}: a docs page (auth.pageData) with the documents' navigation; 404 for an unknown slug. */
export const Docs = observer(function Docs() {
  const { pages, ui } = useStores();
  const { t } = useTranslation();
  const { pathname } = useLocation();
  useEffect(() => {
    void pages.load(pathname);
  }, [pages, pathname]);
  const state = pages.get(pathname);
  useDocumentTitle(state?.status === 'ready' ? state.page.title || t('page.docs.title') : t('page.docs.title'));
  if (!state || state.status === 'loading') return <PageSpinner />;
  if (state.status === 'error') return <ErrorPage statusCode={state.error.statusCode || 500} path={pathname} />;
  const blocks = pageBlocks(state.blocks, ui.device);
  return (
    <DocsFrame nav={docsNav(state.content)} current={state.page.name}>
      <h1 data-testid="docs-title" className="mb-8 text-2xl font-bold tracking-tight sm:text-3xl">
        {state.page.title || t('page.docs.title')}
      </h1>
      {blocks.length > 0 ? <BlockList blocks={blocks} titled /> : <EmptyState icon={BookOpen} title={t('page.docs.empty')} />}
    </DocsFrame>
  );
});
