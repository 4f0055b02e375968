import Newspaper from 'lucide-react/icons/newspaper';
import { useTranslation } from 'react-i18next';
import type { ArticleList } from '../../stores/ArticleList';
import { PagedGrid } from '../common/PagedGrid';
import { ArticleCard } from './ArticleCard';

/** One column on phones, at most two on tablets (SPEC §2: the masonry default is 3 above). */
const BREAKPOINTS = { 640: 1, 1024: 2 };
const loadLatest = (list: ArticleList) => list.loadLatest();

/**
 * A list of articles as a masonry grid of cards (`columns` on wide screens, fewer on tablets and
 * phones), its first page read when it has none, with "load more" while there are more.
 */
export function ArticleGrid({ list, columns = 3 }: { list: ArticleList; columns?: number }) {
  const { t } = useTranslation();
  return (
    <PagedGrid
      list={list}
      loadFirst={loadLatest}
      renderItem={(article) => <ArticleCard key={article.databaseId} article={article} />}
      columns={columns}
      breakpoints={BREAKPOINTS}
      icon={Newspaper}
      emptyTitle={t('content.archive.empty')}
      errorTitle={t('content.archive.loadFailed')}
      moreLabel={t('content.archive.loadMore')}
      testId="article-grid"
    />
  );
}
