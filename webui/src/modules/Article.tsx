import { Newspaper } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ArchiveReply, ArticleReply } from '../api/wire.gen';
import { ArticleArchive } from '../components/Content/ArticleArchive';
import { ArticleView } from '../components/Content/ArticleView';
import { ModuleFrame, type ModuleProps } from './ModuleFrame';

function isArticleReply(content: unknown): content is ArticleReply {
  return typeof content === 'object' && content !== null && typeof (content as ArticleReply).article?.databaseId === 'string';
}

function isArchiveReply(content: unknown): content is ArchiveReply {
  return typeof content === 'object' && content !== null && Array.isArray((content as ArchiveReply).posts?.edges);
}

/**
 * The article module (a lazily loaded chunk): an article (view single), a category's articles
 * (archive) or a tag's (tag), from the content auth.pageData answers for the page (which answers
 * 404 for an article that does not exist). A page without such content shows its page-builder blocks.
 */
export default function ArticleModule({ page, blocks, content }: ModuleProps) {
  const { t } = useTranslation();
  switch (page.view) {
    case 'single':
      if (isArticleReply(content)) return <ArticleView reply={content} />;
      break;
    case 'archive':
    case 'tag':
      return <ArticleArchive key={`${page.view}:${page.id}`} view={page.view} termId={page.id} reply={isArchiveReply(content) ? content : undefined} />;
  }
  return <ModuleFrame page={page} blocks={blocks} kindLabel={t('page.article.title')} emptyText={t('page.article.empty')} icon={Newspaper} />;
}
