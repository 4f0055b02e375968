import Lock from 'lucide-react/icons/lock';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ArticleNode } from '../../api/wire.gen';
import { LocalizedLink } from '../common/LocalizedLink';
import { AuthorLine } from './AuthorLine';
import { ContentStats } from './ContentStats';

/**
 * An article in a masonry grid: its featured image, category, title (the link to it), excerpt,
 * author and time, and its views, likes and comments. Gated articles carry a lock.
 */
export function ArticleCard({ article }: { article: ArticleNode }) {
  const { t } = useTranslation();
  const [imageFailed, setImageFailed] = useState(false);
  const image = imageFailed ? undefined : article.featuredImage?.node.sourceUrl;
  return (
    <article
      data-testid="article-card"
      data-id={article.databaseId}
      className="group relative overflow-hidden rounded-2xl bg-white ring-1 ring-zinc-900/5 transition hover:shadow-lg hover:shadow-zinc-900/5 dark:bg-zinc-900 dark:ring-white/10"
    >
      {image && (
        <div className="overflow-hidden bg-zinc-100 dark:bg-zinc-800">
          <img src={image} alt="" loading="lazy" onError={() => setImageFailed(true)} className="aspect-[16/10] w-full object-cover transition duration-300 group-hover:scale-[1.02]" />
        </div>
      )}
      <div className="p-4">
        {(article.category || article.gated) && (
          <p className="mb-1.5 flex items-center gap-2 text-xs font-medium text-brand-700 dark:text-brand-400">
            {article.category && (
              <LocalizedLink to={article.category.uri} className="relative z-10 hover:underline">
                {article.category.name}
              </LocalizedLink>
            )}
            {article.gated && (
              <span className="inline-flex items-center gap-1 text-amber-700 dark:text-amber-400">
                <Lock className="size-3" aria-hidden />
                {t('content.gate.locked')}
              </span>
            )}
          </p>
        )}
        <h3 className="text-base font-semibold leading-snug">
          <LocalizedLink to={article.uri} className="after:absolute after:inset-0 hover:text-brand-700 dark:hover:text-brand-400">
            {article.title}
          </LocalizedLink>
        </h3>
        {article.excerpt && <p className="mt-1.5 line-clamp-3 text-sm text-zinc-600 dark:text-zinc-400">{article.excerpt}</p>}
        <div className="mt-4 flex items-center justify-between gap-3">
          <div className="relative z-10 min-w-0">
            <AuthorLine author={article.author} createdAt={article.createdAt} size="sm" />
          </div>
          <ContentStats views={article.viewsCache} likes={article.likeCount} comments={article.commentCount} className="shrink-0" />
        </div>
      </div>
    </article>
  );
}
