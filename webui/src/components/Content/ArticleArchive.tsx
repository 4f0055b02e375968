import { FolderOpen, Hash } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ArchiveReply } from '../../api/wire.gen';
import { useDocumentTitle } from '../../routing/useDocumentTitle';
import { useStores } from '../../stores/StoresContext';
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
  const Icon = view === 'tag' ? Hash : FolderOpen;

  return (
    <section data-testid="article-archive" data-view={view} className="mx-auto w-full max-w-[var(--site-width,72rem)] px-4 py-8 sm:px-5 sm:py-10">
      <header className="mb-8 flex items-center gap-3">
        <span className="grid size-11 place-items-center rounded-2xl bg-brand-50 text-brand-700 dark:bg-brand-500/10 dark:text-brand-400">
          <Icon className="size-5" aria-hidden />
        </span>
        <div>
          <p className="text-xs font-semibold uppercase tracking-wider text-brand-600 dark:text-brand-400">
            {t(view === 'tag' ? 'content.archive.tag' : 'content.archive.category')}
          </p>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{name}</h1>
        </div>
      </header>
      <ArticleGrid list={list} />
    </section>
  );
});
