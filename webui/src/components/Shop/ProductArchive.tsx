import { FolderOpen, Hash } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ArchiveReply } from '../../models/shop';
import { useDocumentTitle } from '../../routing/useDocumentTitle';
import { useStores } from '../../stores/StoresContext';
import { ProductGrid } from './ProductGrid';

/** A product category's (`archive`) or tag's (`tag`) page: the term's name and the grid of its products. */
export const ProductArchive = observer(function ProductArchive({ view, termId, reply }: { view: 'archive' | 'tag'; termId: string; reply?: ArchiveReply }) {
  const { shop } = useStores();
  const { t } = useTranslation();
  const list = shop.products.list(view === 'tag' ? { tagId: termId } : { categoryId: termId });
  // Before the grid's effect asks for a first page: the page data holds it.
  useLayoutEffect(() => {
    if (reply) list.seed(reply);
  }, [list, reply]);
  const name = list.term?.name ?? reply?.term?.name ?? '';
  useDocumentTitle(name || t('page.shop.title'));
  const Icon = view === 'tag' ? Hash : FolderOpen;
  return (
    <section data-testid="product-archive" data-view={view} className="mx-auto w-full max-w-[var(--site-width,72rem)] px-4 py-8 sm:px-5 sm:py-10">
      <header className="mb-8 flex items-center gap-3">
        <span className="grid size-11 place-items-center rounded-2xl bg-brand-50 text-brand-700 dark:bg-brand-500/10 dark:text-brand-400">
          <Icon className="size-5" aria-hidden />
        </span>
        <div>
          <p className="text-xs font-semibold uppercase tracking-wider text-brand-600 dark:text-brand-400">
            {t(view === 'tag' ? 'shop.archive.tag' : 'shop.archive.category')}
          </p>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{name || t('page.shop.title')}</h1>
        </div>
      </header>
      <ProductGrid list={list} />
    </section>
  );
});
