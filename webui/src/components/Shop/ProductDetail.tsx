import { Crown, Package, Pencil, ShoppingBag, ShoppingCart, TrendingUp, Zap } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { productCategoryPath, productTagPath, type ProductView } from '../../models/shop';
import { useDocumentTitle } from '../../routing/useDocumentTitle';
import { useStores } from '../../stores/StoresContext';
import { localizePath } from '../../utils/links';
import { RichHtml } from '../Content/RichHtml';
import { ImageViewer } from '../common/ImageViewer';
import { LocalizedLink } from '../common/LocalizedLink';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '../Wallet/buttons';
import { Price } from './Price';
import { QuantityStepper } from './QuantityStepper';
import { Thumb } from './Thumb';

const MEMBERSHIP_PATH = '/account/membership';

/** The product's pictures: the one shown large (opens the image viewer), and a row of thumbnails. */
function Gallery({ product }: { product: ProductView }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState(0);
  const [viewing, setViewing] = useState<number | null>(null);
  const images = product.images ?? [];
  const index = Math.min(current, Math.max(0, images.length - 1));
  if (images.length === 0) {
    return (
      <div className="grid aspect-square w-full place-items-center rounded-2xl bg-zinc-100 text-zinc-400 dark:bg-zinc-800">
        <Package className="size-16" aria-hidden />
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-3" data-testid="product-gallery">
      <button
        type="button"
        onClick={() => setViewing(index)}
        className="overflow-hidden rounded-2xl bg-zinc-100 ring-1 ring-zinc-900/5 dark:bg-zinc-800 dark:ring-white/10"
        aria-label={t('content.openImageNamed', { name: product.title })}
      >
        <Thumb key={images[index]} src={images[index]} alt={product.title} className="aspect-square w-full" />
      </button>
      {images.length > 1 && (
        <div className="flex gap-2 overflow-x-auto pb-1">
          {images.map((src, i) => (
            <button
              key={`${src}-${i}`}
              type="button"
              onClick={() => setCurrent(i)}
              aria-label={t('shop.product.image', { n: i + 1 })}
              aria-current={i === index}
              className="size-16 shrink-0 overflow-hidden rounded-xl ring-2 ring-transparent transition aria-[current=true]:ring-brand-500"
            >
              <Thumb src={src} className="size-full" />
            </button>
          ))}
        </div>
      )}
      {viewing !== null && <ImageViewer images={images.map((src) => ({ src, alt: product.title }))} index={viewing} onClose={() => setViewing(null)} />}
    </div>
  );
}

/** Why the viewer may not buy, with the way out: log in, become a member, or grow a level. */
const BuyGate = observer(function BuyGate({ product }: { product: ProductView }) {
  const { t } = useTranslation();
  const { levelTips, settings } = useStores();
  // A guest may fill a cart: the checkout asks them to log in.
  if (product.canBuy || !product.buyBlock || product.buyBlock === 'login') return null;
  const box = 'flex flex-wrap items-center gap-3 rounded-2xl bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200 dark:bg-amber-500/10 dark:text-amber-200 dark:ring-amber-500/30';
  if (product.buyBlock === 'vip') {
    const tiers = settings.settings?.level?.vip ?? [];
    const names = product.roles.vipOnly
      .map((key) => {
        const tier = tiers.find((entry) => entry.key === key);
        return (tier?.name as string | undefined) ?? key;
      })
      .join(', ');
    return (
      <div className={box} data-testid="buy-gate" data-block="vip">
        <Crown className="size-4 shrink-0" aria-hidden />
        <span className="flex-1">{t('shop.gate.vip', { tiers: names })}</span>
        <LocalizedLink to={MEMBERSHIP_PATH} className={PRIMARY_BUTTON}>
          {t('shop.gate.becomeMember')}
        </LocalizedLink>
      </div>
    );
  }
  return (
    <div className={box} data-testid="buy-gate" data-block="level">
      <TrendingUp className="size-4 shrink-0" aria-hidden />
      <span className="flex-1">{t('shop.gate.level', { level: product.roles.minLevel })}</span>
      <button type="button" className={SECONDARY_BUTTON} onClick={() => levelTips.open()}>
        {t('shop.gate.howToLevel')}
      </button>
    </div>
  );
});

/**
 * A product page (view single): the pictures, title, price in the chosen currency (the list price
 * struck through under a VIP discount), the variants, the stock kept live by the product's channel,
 * the quantity, add to cart and buy now, and the description. `product` is the one the products
 * store holds (ProductsStore.take), so that stock events reach it.
 */
export const ProductDetail = observer(function ProductDetail({ product }: { product: ProductView }) {
  const root = useStores();
  const { shop, locale, toasts, auth } = root;
  const { t } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle(product.title);
  const isAdmin = Boolean(auth.viewer?.data.gqRoles?.isAdmin);
  const [variantId, setVariantId] = useState(() => (product.variants.find((v) => v.stock > 0) ?? product.variants[0])?.id ?? '');
  const [quantity, setQuantity] = useState(1);
  const [busy, setBusy] = useState(false);

  useEffect(() => shop.products.watch(product.id), [shop, product.id]);

  const variant = product.variants.find((v) => v.id === variantId) ?? product.variants[0];
  const stock = variant?.stock ?? product.stock;
  const inCart = variant ? shop.cart.quantityOf(variant.id) : 0;
  const left = Math.max(0, stock - inCart);
  useEffect(() => {
    if (quantity > Math.max(1, left)) setQuantity(Math.max(1, left));
  }, [left, quantity]);

  // A guest fills a local cart: logging in waits for the checkout.
  const mayBuy = product.canBuy || product.buyBlock === 'login';
  const canAdd = Boolean(variant) && mayBuy && left > 0 && !busy;
  const add = async (thenBuy: boolean) => {
    if (!variant) return;
    setBusy(true);
    const ok = inCart > 0 && thenBuy ? true : await shop.cart.add(variant.id, quantity, stock);
    setBusy(false);
    if (!ok) return;
    if (thenBuy) {
      (await root.load('checkout')).chooseOnly(variant.id);
      navigate(localizePath(`/cart?buy=${variant.id}`, locale.lang));
    } else {
      toasts.success(t('shop.cart.added', { title: product.title }));
    }
  };

  return (
    <article className="mx-auto w-full max-w-[var(--site-width,72rem)] px-4 py-6 sm:px-5 sm:py-10" data-testid="product-page" data-id={product.id}>
      <div className="grid gap-8 md:grid-cols-2">
        <Gallery product={product} />
        <div className="flex flex-col gap-5">
          <div>
            <p className="mb-2 flex flex-wrap items-center gap-2 text-xs font-medium">
              {product.category && (
                <LocalizedLink
                  to={productCategoryPath(product.category)}
                  className="rounded-full bg-zinc-100 px-2 py-0.5 text-zinc-700 hover:bg-zinc-200 dark:bg-zinc-800 dark:text-zinc-300"
                  data-testid="product-category"
                >
                  {product.category.name}
                </LocalizedLink>
              )}
              <span className="rounded-full bg-brand-50 px-2 py-0.5 text-brand-700 dark:bg-brand-500/10 dark:text-brand-400">
                {t(`shop.kind.${product.kind}`)}
              </span>
              {product.roles.vipOnly.length > 0 && (
                <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-amber-800 dark:bg-amber-500/15 dark:text-amber-300">
                  <Crown className="size-3" aria-hidden />
                  {t('shop.product.vipOnly')}
                </span>
              )}
              {product.roles.minLevel && (
                <span className="rounded-full bg-zinc-100 px-2 py-0.5 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">
                  {t('shop.product.minLevel', { level: product.roles.minLevel })}
                </span>
              )}
            </p>
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{product.title}</h1>
            {isAdmin && (
              <LocalizedLink
                to={`/admin/content?kind=product&edit=${product.id}`}
                className="mt-2 inline-flex items-center gap-1 text-xs font-medium text-brand-700 hover:underline dark:text-brand-400"
                data-testid="product-admin-edit"
              >
                <Pencil className="size-3.5" aria-hidden />
                {t('admin.product.editOnPage')}
              </LocalizedLink>
            )}
            {product.excerpt && <p className="mt-2 text-zinc-600 dark:text-zinc-400">{product.excerpt}</p>}
          </div>

          <div className="rounded-2xl bg-zinc-50 p-4 dark:bg-zinc-900">
            <Price price={variant?.price ?? product.price} listPrice={variant?.listPrice ?? product.listPrice} size="lg" />
            {product.vipDiscounts.length > 0 && (
              <ul className="mt-2 flex flex-wrap gap-2 text-xs text-amber-800 dark:text-amber-300" aria-label={t('shop.product.vipDiscounts')}>
                {product.vipDiscounts.map((d) => (
                  <li key={d.tier} className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 dark:bg-amber-500/15">
                    <Crown className="size-3" aria-hidden />
                    {t('shop.product.vipDiscount', { name: d.name || d.tier, percent: d.percent })}
                  </li>
                ))}
              </ul>
            )}
            <p className="mt-2 text-xs text-zinc-500 dark:text-zinc-400">{t('shop.product.sold', { count: product.sold })}</p>
          </div>

          {product.variants.length > 1 && (
            <fieldset>
              <legend className="mb-2 text-sm font-medium">{t('shop.product.variant')}</legend>
              <div className="flex flex-wrap gap-2" role="radiogroup" aria-label={t('shop.product.variant')}>
                {product.variants.map((v) => (
                  <button
                    key={v.id}
                    type="button"
                    role="radio"
                    aria-checked={v.id === variant?.id}
                    disabled={v.stock <= 0}
                    onClick={() => {
                      setVariantId(v.id);
                      setQuantity(1);
                    }}
                    className="rounded-xl px-3 py-1.5 text-sm ring-1 ring-zinc-200 transition hover:bg-zinc-50 disabled:cursor-not-allowed disabled:opacity-40 aria-checked:bg-brand-50 aria-checked:text-brand-800 aria-checked:ring-2 aria-checked:ring-brand-500 dark:ring-zinc-700 dark:hover:bg-zinc-800 dark:aria-checked:bg-brand-500/10 dark:aria-checked:text-brand-300"
                  >
                    {v.name || t('shop.product.default')}
                  </button>
                ))}
              </div>
            </fieldset>
          )}

          <div className="flex flex-wrap items-center gap-4">
            <QuantityStepper value={quantity} max={left} onChange={setQuantity} disabled={!canAdd} />
            <span className={`text-sm ${stock > 0 ? 'text-zinc-600 dark:text-zinc-400' : 'font-medium text-rose-600'}`} data-testid="product-stock" aria-live="polite">
              {stock > 0 ? t('shop.product.stock', { count: stock }) : t('shop.product.soldOut')}
            </span>
            {inCart > 0 && <span className="text-xs text-zinc-500">{t('shop.product.inCart', { count: inCart })}</span>}
          </div>

          <BuyGate product={product} />

          <div className="flex flex-wrap gap-3">
            <button type="button" className={`${SECONDARY_BUTTON} h-11 flex-1`} disabled={!canAdd} onClick={() => void add(false)}>
              <ShoppingCart className="size-4" aria-hidden />
              {t('shop.product.addToCart')}
            </button>
            <button type="button" className={`${PRIMARY_BUTTON} h-11 flex-1`} disabled={!variant || !mayBuy || (left <= 0 && inCart === 0) || busy} onClick={() => void add(true)}>
              <Zap className="size-4" aria-hidden />
              {t('shop.product.buyNow')}
            </button>
          </div>

          {product.tags.length > 0 && (
            <p className="flex flex-wrap gap-2 text-xs">
              {product.tags.map((tag) => (
                <LocalizedLink key={tag.id} to={productTagPath(tag)} className="rounded-full bg-zinc-100 px-2 py-0.5 text-zinc-700 hover:bg-zinc-200 dark:bg-zinc-800 dark:text-zinc-300">
                  #{tag.name}
                </LocalizedLink>
              ))}
            </p>
          )}
        </div>
      </div>

      {product.description && (
        <section className="mt-10 border-t border-zinc-100 pt-8 dark:border-zinc-800" aria-labelledby="product-description">
          <h2 id="product-description" className="mb-4 flex items-center gap-2 text-lg font-semibold">
            <ShoppingBag className="size-5" aria-hidden />
            {t('shop.product.description')}
          </h2>
          <RichHtml html={product.description} />
        </section>
      )}
    </article>
  );
});
