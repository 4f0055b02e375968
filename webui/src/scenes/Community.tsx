import { Shapes } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FEED_CHANNEL } from '../api/live';
import { NodeCard } from '../components/Community/NodeCard';
import { NodesButton } from '../components/Community/NodesDrawer';
import { TopicFeed } from '../components/Community/TopicFeed';
import { EmptyState } from '../components/Feedback/EmptyState';
import { SmallSpinner } from '../components/common/SmallSpinner';
import { SECONDARY_BUTTON } from '../components/Wallet/buttons';
import { useDocumentTitle } from '../routing/useDocumentTitle';
import { fetchTopics, TopicList } from '../stores/community/TopicList';
import { useStores } from '../stores/StoresContext';

/** A titled part of the page. */
function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className="mb-4 text-lg font-semibold tracking-tight">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The community's nodes as a grid, a page at a time. */
const NodesGrid = observer(function NodesGrid() {
  const { community } = useStores();
  const { t } = useTranslation();
  useEffect(() => {
    void community.loadLatest();
  }, [community]);
  const nodes = community.list;
  if (!community.isLoaded) {
    return (
      <div className="grid h-32 place-items-center">
        <SmallSpinner />
      </div>
    );
  }
  if (nodes.length === 0) return <EmptyState icon={Shapes} title={t('page.community.nodes.empty')} />;
  return (
    <>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="nodes-grid">
        {nodes.map((node) => (
          <li key={node.databaseId}>
            <NodeCard node={node} />
          </li>
        ))}
      </ul>
      {community.hasMore && (
        <div className="mt-4 flex justify-center">
          <button type="button" className={SECONDARY_BUTTON} disabled={community.isFetching} onClick={() => void community.loadMore()}>
            {t('page.community.nodes.more')}
          </button>
        </div>
      )}
    </>
  );
});

/** /community: the nodes, and the newest topics of every node, which members see arrive live. */
export const Community = observer(function Community() {
  const root = useStores();
  const { t } = useTranslation();
  useDocumentTitle(t('page.community.title'));
  const viewerId = root.auth.viewer?.data.databaseId ?? null;
  // Locked topics show their excerpt to those who may read them: another viewer reads them again.
  const topics = useMemo(() => new TopicList(root, fetchTopics(root)), [root, viewerId]);
  return (
    <section className="mx-auto w-full max-w-[var(--site-width,72rem)] px-4 py-8 sm:px-5 sm:py-10">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('page.community.title')}</h1>
          <p className="mt-2 text-zinc-600 dark:text-zinc-400">{t('page.community.intro')}</p>
        </div>
        <NodesButton />
      </div>
      <Part id="community-nodes" title={t('page.community.nodes.title')}>
        <NodesGrid />
      </Part>
      <Part id="community-topics" title={t('page.community.latestTopics')}>
        <TopicFeed list={topics} channel={FEED_CHANNEL} />
      </Part>
    </section>
  );
});
