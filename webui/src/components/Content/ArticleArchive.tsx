import { observer } from 'mobx-react-lite';
import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ArchiveReply } from '../../api/wire.gen';
import { useDocumentTitle } from '../../routing/useDocumentTitle';
import { useStores } from '../../stores/StoresContext';
import { TermArchive } from '../common/TermArchive';
import { ArticleGrid } from './ArticleGrid';

/**
 * A category's (`archive`) or a tag's (`tag`) page: the term's name and the masonry grid of its
 * articles, the newest first, starting from the page data's first page.
 */
export const ArticleArchive = observer(function ArticleArchive({ view, termId, reply }: { view: 'archive' | 'tag'; termId: string; reply?: ArchiveReply }) {
  const { content } = useStores();
  const { t } = useTranslation();
  const list = content.list(view === 'tag' ? { tag: termId } : { category: termId });
  // Before the grid's effect asks for a first page: the page data holds it.
  useLayoutEffect(() => {
    if (reply) content.takeArchivePage(list, reply);
  }, [content, list, reply]);
  const name = list.term?.name ?? reply?.term?.name ?? '';
  useDocumentTitle(name || t(`common.views.${view}`));
  return (
    <TermArchive
      view={view}
      kicker={t(view === 'tag' ? 'content.archive.tag' : 'content.archive.category')}
      title={name}
      testId="article-archive"
    >
      <ArticleGrid list={list} />
    </TermArchive>
  );
});
