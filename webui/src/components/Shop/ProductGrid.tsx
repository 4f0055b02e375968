import { Store } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ProductList } from '../../stores/shop/ProductsStore';
import { PagedGrid } from '../common/PagedGrid';
import { ProductCard } from './ProductCard';

/** Two columns on phones, three on tablets, `columns` above. */
const BREAKPOINTS = { 640: 2, 1024: 3 };
const loadFirst = (list: ProductList) => list.loadFirst();

/** A list of products as a grid of cards, its first page read when it has none, with "load more" while there are more. */
export function ProductGrid({ list, columns = 4 }: { list: ProductList; columns?: number }) {
  const { t } = useTranslation();
  return (
    <PagedGrid
      list={list}
      loadFirst={loadFirst}
      renderItem={(product) => <ProductCard key={product.id} product={product} />}
      columns={columns}
      breakpoints={BREAKPOINTS}
      icon={Store}
      emptyTitle={t('page.shop.empty')}
      errorTitle={t('shop.archive.loadFailed')}
      moreLabel={t('shop.archive.loadMore')}
      testId="product-grid"
    />
  );
}
