import type { LucideIcon } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadMoreButton } from '../Content/LoadMoreButton';
import { EmptyState } from '../Feedback/EmptyState';
import { Masonry } from './Masonry';
import { SmallSpinner } from './SmallSpinner';

const GUTTER_PX = 16;

/** What a PagedGrid reads of its list: how its first page went, the items so far, and whether there are more. */
export interface GridList {
  readonly status: 'idle' | 'loading' | 'ready' | 'error';
  readonly items: readonly unknown[];
  readonly hasMore: boolean;
  readonly isFetching: boolean;
  loadMore(): unknown;
}

export interface PagedGridProps<L extends GridList> {
  list: L;
  /** Reads the list's first page: when the list has none, and on "retry" (best a function that stays the same). */
  loadFirst(list: L): unknown;
  /** One card, keyed. */
  renderItem(item: L['items'][number]): ReactNode;
  /** Columns on wide screens; `breakpoints` gives the narrower ones (see Masonry). */
  columns: number;
  breakpoints: Record<number, number>;
  /** The empty state's icon, and its sentence when the list is empty or its first page failed. */
  icon: LucideIcon;
  emptyTitle: string;
  errorTitle: string;
  moreLabel: string;
  testId: string;
}

function PagedGridView<L extends GridList>({ list, loadFirst, renderItem, columns, breakpoints, icon, emptyTitle, errorTitle, moreLabel, testId }: PagedGridProps<L>) {
  const { t } = useTranslation();
  useEffect(() => {
    if (list.status === 'idle') void loadFirst(list);
  }, [list, list.status, loadFirst]);

  if (list.status === 'idle' || list.status === 'loading') {
    return (
      <div className="grid place-items-center py-16">
        <SmallSpinner />
      </div>
    );
  }
  if (list.items.length === 0) {
    return (
      <EmptyState icon={icon} title={list.status === 'error' ? errorTitle : emptyTitle}>
        {list.status === 'error' && (
          <button type="button" onClick={() => void loadFirst(list)} className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-400">
            {t('common.retry')}
          </button>
        )}
      </EmptyState>
    );
  }
  return (
    <div data-testid={testId}>
      <Masonry columns={columns} gutter={GUTTER_PX} breakpoints={breakpoints}>
        {list.items.map((item) => renderItem(item))}
      </Masonry>
      {list.hasMore && <LoadMoreButton label={moreLabel} busy={list.isFetching} onClick={() => void list.loadMore()} />}
    </div>
  );
}

/**
 * A paged list as a masonry grid of cards: its first page read when it has none, a spinner while
 * that is on its way, an empty state (with "retry" when it failed), and "load more" while there are more.
 */
export const PagedGrid = observer(PagedGridView) as typeof PagedGridView;
