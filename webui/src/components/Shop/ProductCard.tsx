import Crown from 'lucide-react/icons/crown';
import Package from 'lucide-react/icons/package';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { productPath, type ProductView } from '../../models/shop';
import { LocalizedLink } from '../common/LocalizedLink';
import { Price } from './Price';

/** A product in a grid: its first picture, title (the link to it), price and stock. */
export const ProductCard = observer(function ProductCard({ product }: { product: ProductView }) {
  const { t } = useTranslation();
  const [imageFailed, setImageFailed] = useState(false);
  const image = imageFailed ? undefined : product.images?.[0];
  return (
    <article
      data-testid="product-card"
      data-id={product.id}
      className="group relative overflow-hidden rounded-2xl bg-white ring-1 ring-zinc-900/5 transition hover:shadow-lg hover:shadow-zinc-900/5 dark:bg-zinc-900 dark:ring-white/10"
    >
      <div className="overflow-hidden bg-zinc-100 dark:bg-zinc-800">
        {image ? (
          <img src={image} alt="" loading="lazy" onError={() => setImageFailed(true)} className="aspect-square w-full object-cover transition duration-300 group-hover:scale-[1.02]" />
        ) : (
          <div className="grid aspect-square w-full place-items-center text-zinc-400">
            <Package className="size-10" aria-hidden />
          </div>
        )}
      </div>
      <div className="p-3 sm:p-4">
        <h3 className="line-clamp-2 text-sm font-semibold leading-snug sm:text-base">
          <LocalizedLink to={productPath(product)} className="after:absolute after:inset-0 hover:text-brand-700 dark:hover:text-brand-400">
            {product.title}
          </LocalizedLink>
        </h3>
        <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
          <Price price={product.price} listPrice={product.listPrice} size="sm" />
          {product.roles.vipOnly.length > 0 && <Crown className="size-3.5 text-amber-500" aria-label={t('shop.product.vipOnly')} />}
        </div>
        <p className={`mt-1 text-xs ${product.stock > 0 ? 'text-zinc-500 dark:text-zinc-400' : 'font-medium text-rose-600'}`}>
          {product.stock > 0 ? t('shop.product.sold', { count: product.sold }) : t('shop.product.soldOut')}
        </p>
      </div>
    </article>
  );
});
