import { observer } from 'mobx-react-lite';
import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ArchiveReply } from '../../models/shop';
import { useDocumentTitle } from '../../routing/useDocumentTitle';
import { useStores } from '../../stores/StoresContext';
import { TermArchive } from '../common/TermArchive';
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
  return (
    <TermArchive
      view={view}
      kicker={t(view === 'tag' ? 'shop.archive.tag' : 'shop.archive.category')}
      title={name || t('page.shop.title')}
      testId="product-archive"
    >
      <ProductGrid list={list} />
    </TermArchive>
  );
});
