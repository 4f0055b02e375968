import { MessagesSquare } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Virtuoso } from 'react-virtuoso';
import { useLiveChannel } from '../../api/useLive';
import type { TopicView } from '../../api/wire.gen';
import type { TopicList } from '../../stores/community/TopicList';
import { useStores } from '../../stores/StoresContext';
import { EmptyState } from '../Feedback/EmptyState';
import { SmallSpinner } from '../common/SmallSpinner';
import { TopicCard } from './TopicCard';

/**
 * Topics newest first in a window-scrolling virtual list that reads the next page as its end
 * comes near. With `channel` (a node's or the feed), a member sees new topics come in at the top
 * and deleted ones leave.
 */
export const TopicFeed = observer(function TopicFeed({ list, channel }: { list: TopicList; channel: string | null }) {
  const { auth } = useStores();
  const { t } = useTranslation();
  useEffect(() => {
    void list.loadLatest();
  }, [list]);
  useLiveChannel(auth.isLoggedIn ? channel : null, (event) => list.receiveLive(event));

  const topics = list.items;
  const hasMore = list.hasMore;
  if (!list.isLoaded && list.loadFailed && !list.isFetching) {
    return (
      <EmptyState icon={MessagesSquare} title={t('page.community.loadFailed')}>
        <button type="button" onClick={() => void list.loadLatest()} className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-400">
          {t('common.retry')}
        </button>
      </EmptyState>
    );
  }
  if (!list.isLoaded) {
    return (
      <div className="grid h-40 place-items-center">
        <SmallSpinner />
      </div>
    );
  }
  if (topics.length === 0) return <EmptyState icon={MessagesSquare} title={t('page.community.empty')} />;
  return (
    <Virtuoso<TopicView>
      useWindowScroll
      data={topics}
      data-testid="topic-feed"
      computeItemKey={(_, topic) => topic.databaseId}
      endReached={() => void list.loadMore()}
      increaseViewportBy={400}
      itemContent={(_, topic) => (
        <div className="pb-3">
          <TopicCard topic={topic} />
        </div>
      )}
      components={{
        Footer: () =>
          hasMore ? (
            <div className="grid h-16 place-items-center">
              <SmallSpinner />
            </div>
          ) : null,
      }}
    />
  );
});
