import ShoppingCart from 'lucide-react/icons/shopping-cart';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../stores/StoresContext';
import { CountBadge } from '../common/CountBadge';
import { LocalizedLink } from '../common/LocalizedLink';

const BADGE = 'pointer-events-none absolute -right-0.5 -top-0.5 ring-2 ring-white dark:ring-zinc-950';

/** The cart's count in a badge (the tab bar's and the header's); nothing when the cart is empty. */
export const CartCountBadge = observer(function CartCountBadge({ className = BADGE }: { className?: string }) {
  const { shop, auth } = useStores();
  const { t } = useTranslation();
  const viewerId = auth.viewer?.id;
  useEffect(() => {
    if (viewerId) shop.cart.ensureCount();
  }, [shop, viewerId]);
  const count = shop.cart.count;
  return (
    <span data-testid="cart-count" data-count={count} className="contents">
      <CountBadge value={count} className={className} label={t('shop.cart.count', { count })} />
    </span>
  );
});

/** The header's link to the cart, with its count. */
export const CartButton = observer(function CartButton() {
  const { shop } = useStores();
  const { t } = useTranslation();
  const count = shop.cart.count;
  const label = count > 0 ? t('shop.cart.titleCount', { count }) : t('page.cart.title');
  return (
    <LocalizedLink
      to="/cart"
      aria-label={label}
      title={label}
      data-testid="header-cart"
      className="relative inline-flex size-8 shrink-0 items-center justify-center rounded-full opacity-80 transition hover:bg-zinc-900/5 hover:opacity-100 sm:size-9 dark:hover:bg-white/10"
    >
      <ShoppingCart className="size-[1.15rem]" aria-hidden />
      <CartCountBadge />
    </LocalizedLink>
  );
});
