import { Newspaper } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ArticleList } from '../../stores/ArticleList';
import { EmptyState } from '../Feedback/EmptyState';
import { Masonry } from '../common/Masonry';
import { SmallSpinner } from '../common/SmallSpinner';
import { ArticleCard } from './ArticleCard';
import { LoadMoreButton } from './LoadMoreButton';

/** One column on phones, at most two on tablets (SPEC §2: the masonry default is 3 above). */
const BREAKPOINTS = { 640: 1, 1024: 2 };
const GUTTER_PX = 16;

/**
 * A list of articles as a masonry grid of cards (`columns` on wide screens, fewer on tablets and
 * phones), its first page read when it has none, with "load more" while there are more.
 */
export const ArticleGrid = observer(function ArticleGrid({ list, columns = 3 }: { list: ArticleList; columns?: number }) {
  const { t } = useTranslation();
  useEffect(() => {
    if (list.status === 'idle') void list.loadLatest();
  }, [list, list.status]);

  if (list.status === 'idle' || list.status === 'loading') {
    return (
      <div className="grid place-items-center py-16">
        <SmallSpinner />
      </div>
    );
  }
  if (list.items.length === 0) {
    return (
      <EmptyState icon={Newspaper} title={list.status === 'error' ? t('content.archive.loadFailed') : t('content.archive.empty')}>
        {list.status === 'error' && (
          <button type="button" onClick={() => void list.loadLatest()} className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-400">
            {t('common.retry')}
          </button>
        )}
      </EmptyState>
    );
  }
  return (
    <div data-testid="article-grid">
      <Masonry columns={columns} gutter={GUTTER_PX} breakpoints={BREAKPOINTS}>
        {list.items.map((article) => (
          <ArticleCard key={article.databaseId} article={article} />
        ))}
      </Masonry>
      {list.hasMore && <LoadMoreButton label={t('content.archive.loadMore')} busy={list.isFetching} onClick={() => void list.loadMore()} />}
    </div>
  );
});
