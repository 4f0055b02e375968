import { Store } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProductList } from '../../stores/shop/ProductsStore';
import { LoadMoreButton } from '../Content/LoadMoreButton';
import { EmptyState } from '../Feedback/EmptyState';
import { Masonry } from '../common/Masonry';
import { SmallSpinner } from '../common/SmallSpinner';
import { ProductCard } from './ProductCard';

/** Two columns on phones, three on tablets, `columns` above. */
const BREAKPOINTS = { 640: 2, 1024: 3 };
const GUTTER_PX = 16;

/** A list of products as a grid of cards, its first page read when it has none, with "load more" while there are more. */
export const ProductGrid = observer(function ProductGrid({ list, columns = 4 }: { list: ProductList; columns?: number }) {
  const { t } = useTranslation();
  useEffect(() => {
    if (list.status === 'idle') void list.loadFirst();
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
      <EmptyState icon={Store} title={list.status === 'error' ? t('shop.archive.loadFailed') : t('page.shop.empty')}>
        {list.status === 'error' && (
          <button type="button" onClick={() => void list.loadFirst()} className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-400">
            {t('common.retry')}
          </button>
        )}
      </EmptyState>
    );
  }
  return (
    <div data-testid="product-grid">
      <Masonry columns={columns} gutter={GUTTER_PX} breakpoints={BREAKPOINTS}>
        {list.items.map((product) => (
          <ProductCard key={product.id} product={product} />
        ))}
      </Masonry>
      {list.hasMore && <LoadMoreButton label={t('shop.archive.loadMore')} busy={list.isFetching} onClick={() => void list.loadMore()} />}
    </div>
  );
});
