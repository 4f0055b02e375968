import { MessagesSquare } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useLiveChannel } from '../../api/useLive';
import type { TopicList } from '../../stores/community/TopicList';
import { useStores } from '../../stores/StoresContext';
import { RelayFeed } from '../common/RelayFeed';
import { TopicCard } from './TopicCard';

/**
 * Topics newest first in a window-scrolling virtual list that reads the next page as its end
 * comes near. With `channel` (a node's or the feed), a member sees new topics come in at the top
 * and deleted ones leave.
 */
export const TopicFeed = observer(function TopicFeed({ list, channel }: { list: TopicList; channel: string | null }) {
  const { auth } = useStores();
  const { t } = useTranslation();
  useLiveChannel(auth.isLoggedIn ? channel : null, (event) => list.receiveLive(event));
  return (
    <RelayFeed
      list={list}
      testId="topic-feed"
      icon={MessagesSquare}
      emptyText={t('page.community.empty')}
      failedText={t('page.community.loadFailed')}
      render={(topic) => <TopicCard topic={topic} />}
    />
  );
});
