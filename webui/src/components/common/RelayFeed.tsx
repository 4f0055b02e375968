import type { LucideIcon } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Virtuoso } from 'react-virtuoso';
import type { RelayList } from '../../stores/community/RelayList';
import { EmptyState } from '../Feedback/EmptyState';
import { SmallSpinner } from './SmallSpinner';

/**
 * A Relay list in a window-scrolling virtual list: the first page read when shown, the next as the
 * end comes near; an empty list says `emptyText`, a failed first page says `failedText` and offers
 * to try again.
 */
export const RelayFeed = observer(function RelayFeed<D extends { databaseId: string }>({
  list,
  render,
  icon,
  emptyText,
  failedText,
  testId,
}: {
  list: RelayList<D>;
  render: (item: D) => ReactNode;
  icon: LucideIcon;
  emptyText: string;
  failedText: string;
  testId: string;
}) {
  const { t } = useTranslation();
  useEffect(() => {
    if (!list.isLoaded) void list.loadLatest();
  }, [list]);
  const items = list.items;
  const hasMore = list.hasMore;
  if (!list.isLoaded && list.loadFailed && !list.isFetching) {
    return (
      <EmptyState icon={icon} title={failedText}>
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
  if (items.length === 0) return <EmptyState icon={icon} title={emptyText} />;
  return (
    <Virtuoso<D>
      useWindowScroll
      data={items}
      data-testid={testId}
      computeItemKey={(_, item) => item.databaseId}
      endReached={() => void list.loadMore()}
      increaseViewportBy={400}
      itemContent={(_, item) => <div className="pb-3">{render(item)}</div>}
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
