import { ShoppingCart } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LocalizedLink } from '../components/common/LocalizedLink';
import { SmallSpinner } from '../components/common/SmallSpinner';
import { EmptyState } from '../components/Feedback/EmptyState';
import { SceneFrame } from '../components/Feedback/SceneFrame';
import { CartLineRow } from '../components/Shop/CartLineRow';
import { CartSummary, CheckoutPanel } from '../components/Shop/CheckoutPanel';
import { PaymentSuccessDialog } from '../components/Shop/PaymentSuccessDialog';
import { PendingOrderNotice } from '../components/Shop/PendingOrderNotice';
import { PaymentQrDialog } from '../components/Wallet/PaymentQrDialog';
import { useStores } from '../stores/StoresContext';
import '../stores/shop/CheckoutStore'; // builds root's store on first use (stores/lazyStores.ts)

/**
 * /cart: the lines with their quantities within stock and problems, the totals in the chosen
 * currency, the coupon field, and the checkout (members; a guest signs in first, which merges the
 * local cart into theirs). `?buy=<variantId>` (buy now) chooses that line alone.
 */
export const Cart = observer(function Cart() {
  const { shop, auth } = useStores();
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const buy = params.get('buy');
  const { cart, checkout } = shop;
  const viewerId = auth.viewer?.id ?? null;

  useEffect(() => {
    cart.ensureLoaded();
  }, [cart, viewerId]);

  useEffect(() => {
    if (buy && /^[1-9][0-9]{0,18}$/.test(buy)) checkout.chooseOnly(buy);
  }, [checkout, buy]);

  const guestEmpty = !auth.isLoggedIn && cart.local.length === 0;
  const loading = !cart.isLoaded && !guestEmpty;
  // A guest's lines the server could not price yet.
  const unpriced = cart.isLoaded && !cart.view && !guestEmpty;
  const empty = guestEmpty || (cart.isLoaded && cart.view !== null && cart.view.lines.length === 0);

  return (
    <SceneFrame title={t('page.cart.title')} wide>
      <div data-testid="cart-page" data-count={cart.count}>
        <PendingOrderNotice />
        {loading ? (
          <div className="grid place-items-center py-16">
            <SmallSpinner />
          </div>
        ) : unpriced ? (
          <EmptyState icon={ShoppingCart} title={t('shop.cart.loadFailed')}>
            <button type="button" onClick={() => void cart.refresh()} className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-400">
              {t('common.retry')}
            </button>
          </EmptyState>
        ) : empty ? (
          <EmptyState icon={ShoppingCart} title={t('page.cart.empty')}>
            <LocalizedLink to="/" className="rounded-full bg-zinc-900 px-4 py-2 text-sm font-medium text-white dark:bg-white dark:text-zinc-900">
              {t('page.cart.browse')}
            </LocalizedLink>
          </EmptyState>
        ) : (
          <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
            <div className="rounded-2xl bg-white px-4 ring-1 ring-zinc-900/5 dark:bg-zinc-900 dark:ring-white/10">
              {auth.isLoggedIn && (cart.view?.lines.length ?? 0) > 1 && (
                <div className="flex items-center justify-between border-b border-zinc-100 py-3 text-sm dark:border-zinc-800">
                  <span className="text-zinc-500 dark:text-zinc-400">{t('shop.cart.chosen', { count: checkout.chosenLines.length })}</span>
                  <button type="button" className="font-medium text-brand-700 hover:underline dark:text-brand-400" onClick={() => checkout.chooseAll()}>
                    {t('shop.cart.chooseAll')}
                  </button>
                </div>
              )}
              <ul className="divide-y divide-zinc-100 dark:divide-zinc-800" aria-label={t('page.cart.title')}>
                {cart.lines.map((line) => (
                  <CartLineRow key={line.variantId} line={line} selectable={auth.isLoggedIn} />
                ))}
              </ul>
            </div>
            <div className="flex flex-col gap-4 lg:sticky lg:top-20 lg:self-start">
              <CartSummary />
              <CheckoutPanel />
            </div>
          </div>
        )}
      </div>
      <PaymentQrDialog />
      <PaymentSuccessDialog />
    </SceneFrame>
  );
});
