import { Store } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ProductArchive } from '../components/Shop/ProductArchive';
import { ProductDetail } from '../components/Shop/ProductDetail';
import { PageSpinner } from '../components/Feedback/Spinner';
import type { ArchiveReply, ProductReply } from '../models/shop';
import { useStores } from '../stores/StoresContext';
import { ModuleFrame, type ModuleProps } from './ModuleFrame';

function isProductReply(content: unknown): content is ProductReply {
  return typeof content === 'object' && content !== null && typeof (content as ProductReply).product?.id === 'string';
}

function isArchiveReply(content: unknown): content is ArchiveReply {
  return typeof content === 'object' && content !== null && Array.isArray((content as ArchiveReply).products?.edges);
}

/** A product page whose page data held no product: read it (shop.product). */
const FetchedProduct = observer(function FetchedProduct({ id, fallback }: { id: string; fallback: React.ReactNode }) {
  const { shop } = useStores();
  const product = shop.products.get(id);
  useEffect(() => {
    if (!shop.products.get(id)) void shop.products.fetch(id);
  }, [shop, id]);
  if (product) return <ProductDetail product={product} />;
  if (shop.products.missing.has(id)) return <>{fallback}</>;
  return <PageSpinner />;
});

/**
 * The shop module (a lazily loaded chunk): a product (view single), a category's products
 * (archive) or a tag's (tag), from the page data (auth.pageData answers shop.product / shop.archive
 * for the page). A page without such content shows its page-builder blocks.
 */
export default function ShopModule({ page, blocks, content }: ModuleProps) {
  const { shop } = useStores();
  const { t } = useTranslation();
  // The held product is shown as it is (taking the page's copy while rendering would re-render its
  // observers mid-render); the page's fresher copy replaces it just after.
  const product = useMemo(
    () => (isProductReply(content) ? (shop.products.get(content.product.id) ?? shop.products.take(content.product)) : null),
    [shop, content],
  );
  useEffect(() => {
    if (isProductReply(content)) shop.products.take(content.product);
  }, [shop, content]);
  const frame = <ModuleFrame page={page} blocks={blocks} kindLabel={t('page.shop.title')} emptyText={t('page.shop.empty')} icon={Store} />;
  switch (page.view) {
    case 'single':
      if (product) return <ProductDetail product={product} />;
      if (page.id) return <FetchedProduct id={page.id} fallback={frame} />;
      break;
    case 'archive':
    case 'tag':
      return <ProductArchive key={`${page.view}:${page.id}`} view={page.view} termId={page.id} reply={isArchiveReply(content) ? content : undefined} />;
  }
  return frame;
}
