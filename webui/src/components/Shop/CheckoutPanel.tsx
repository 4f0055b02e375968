import { CreditCard, LogIn, MapPin, QrCode, Sparkles, Ticket, Wallet } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PAYMENT_METHODS, type PaymentMethod } from '../../models/shop';
import { useStores } from '../../stores/StoresContext';
import { AddressChooser } from '../Address/AddressChooser';
import { SmallSpinner } from '../common/SmallSpinner';
import { CARD, FIELD, PRIMARY_BUTTON, SECONDARY_BUTTON } from '../Wallet/buttons';
import { useMoneyFormat } from './Price';
import '../../stores/shop/CheckoutStore'; // builds root's store on first use (stores/lazyStores.ts)

const METHOD_ICONS: Record<PaymentMethod, typeof Wallet> = { money: Wallet, credit: Sparkles, qrcode: QrCode };

/** The cart's totals and its coupon field (the discount is what the server prices for the code). */
export const CartSummary = observer(function CartSummary() {
  const { shop, auth } = useStores();
  const { t } = useTranslation();
  const format = useMoneyFormat();
  const id = useId();
  const { cart, checkout } = shop;
  const view = cart.view;

  useEffect(() => {
    if (auth.isLoggedIn && !checkout.couponsLoaded) void checkout.loadCoupons();
  }, [auth.isLoggedIn, checkout, checkout.couponsLoaded]);

  return (
    <section className={`${CARD} flex flex-col gap-4`} aria-label={t('shop.cart.summary')} data-testid="cart-summary">
      <form
        className="flex flex-col gap-1.5"
        onSubmit={(event) => {
          event.preventDefault();
          void cart.applyCoupon();
        }}
      >
        <label htmlFor={`${id}-coupon`} className="flex items-center gap-1.5 text-xs font-medium text-zinc-600 dark:text-zinc-300">
          <Ticket className="size-3.5" aria-hidden />
          {t('shop.coupon.label')}
        </label>
        <div className="flex gap-2">
          <input
            id={`${id}-coupon`}
            value={cart.couponCode}
            onChange={(event) => cart.setCouponCode(event.target.value)}
            placeholder={t('shop.coupon.placeholder')}
            autoComplete="off"
            maxLength={64}
            className={`${FIELD} min-w-0 flex-1`}
          />
          <button type="submit" className={SECONDARY_BUTTON} disabled={cart.isFetching}>
            {t('shop.coupon.apply')}
          </button>
        </div>
        {checkout.coupons.length > 0 && (
          <div className="flex flex-wrap gap-1.5" aria-label={t('shop.coupon.mine')}>
            {checkout.coupons.map((coupon) => (
              <button
                key={coupon.code}
                type="button"
                aria-pressed={cart.couponCode === coupon.code}
                onClick={() => {
                  cart.setCouponCode(cart.couponCode === coupon.code ? '' : coupon.code);
                  void cart.applyCoupon();
                }}
                className="rounded-full bg-rose-50 px-2.5 py-1 text-xs font-medium text-rose-700 ring-1 ring-rose-200 transition aria-pressed:bg-rose-600 aria-pressed:text-white dark:bg-rose-500/10 dark:text-rose-300 dark:ring-rose-500/30"
              >
                {coupon.name || coupon.code}
                {coupon.faceValue && ` · ${format(coupon.faceValue)}`}
              </button>
            ))}
          </div>
        )}
        {view?.couponError ? (
          <p className="text-xs font-medium text-rose-600" role="alert" data-testid="coupon-error">
            {t(view.couponError)}
          </p>
        ) : (
          view?.coupon && (
            <p className="text-xs text-emerald-700 dark:text-emerald-400" data-testid="coupon-applied">
              {t('shop.coupon.applied', { name: view.coupon.name || view.coupon.code })}
            </p>
          )
        )}
      </form>
      {view && (
        <dl className="grid grid-cols-[1fr_auto] gap-y-1.5 text-sm tabular-nums">
          <dt className="text-zinc-500 dark:text-zinc-400">{t('shop.cart.subtotal')}</dt>
          <dd className="text-right" data-testid="cart-subtotal">
            {format(view.subtotal)}
          </dd>
          {Number(view.discount.amount) > 0 && (
            <>
              <dt className="text-zinc-500 dark:text-zinc-400">{t('shop.cart.discount')}</dt>
              <dd className="text-right text-rose-600" data-testid="cart-discount">
                −{format(view.discount)}
              </dd>
            </>
          )}
          <dt className="mt-1 border-t border-zinc-100 pt-2 font-semibold dark:border-zinc-800">{t('shop.cart.total')}</dt>
          <dd className="mt-1 border-t border-zinc-100 pt-2 text-right text-lg font-bold dark:border-zinc-800" data-testid="cart-total">
            {format(view.total)}
          </dd>
        </dl>
      )}
    </section>
  );
});

/**
 * The checkout (members): the address when a line is physical (H5's chooser), the payment method
 * with the balances, and the order button. A guest is asked to sign in (the cart is merged then).
 */
export const CheckoutPanel = observer(function CheckoutPanel() {
  const { shop, auth, openLogin, wallet, locale } = useStores();
  const { t } = useTranslation();
  const format = useMoneyFormat();
  const { checkout, cart } = shop;
  const currency = cart.view?.total.currency ?? locale.currency;

  if (!auth.isLoggedIn) {
    return (
      <section className={`${CARD} flex flex-col gap-3`} data-testid="checkout-guest">
        <p className="text-sm text-zinc-600 dark:text-zinc-300">{t('shop.checkout.loginToPay')}</p>
        <button type="button" className={PRIMARY_BUTTON} onClick={() => openLogin()}>
          <LogIn className="size-4" aria-hidden />
          {t('shop.checkout.login')}
        </button>
      </section>
    );
  }

  const balance = (method: PaymentMethod) =>
    method === 'money' ? wallet.format(currency, wallet.balance(currency)) : method === 'credit' ? wallet.format('CREDIT', wallet.credit) : '';
  const chosenCount = checkout.chosenLines.reduce((sum, line) => sum + line.quantity, 0);

  return (
    <section className={`${CARD} flex flex-col gap-4`} aria-label={t('shop.checkout.title')} data-testid="checkout">
      <h2 className="text-base font-semibold">{t('shop.checkout.title')}</h2>
      {checkout.needsAddress && (
        <div className="flex flex-col gap-2">
          <h3 className="flex items-center gap-1.5 text-xs font-medium text-zinc-600 dark:text-zinc-300">
            <MapPin className="size-3.5" aria-hidden />
            {t('shop.checkout.address')}
          </h3>
          <AddressChooser value={checkout.addressId || undefined} onChange={(id) => checkout.setAddress(id ?? '')} />
        </div>
      )}
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 flex items-center gap-1.5 text-xs font-medium text-zinc-600 dark:text-zinc-300">
          <CreditCard className="size-3.5" aria-hidden />
          {t('shop.checkout.payment')}
        </legend>
        {PAYMENT_METHODS.map((method) => {
          const Icon = METHOD_ICONS[method];
          return (
            <label
              key={method}
              className="flex cursor-pointer items-center gap-3 rounded-xl p-3 ring-1 ring-zinc-200 transition has-[:checked]:ring-2 has-[:checked]:ring-brand-500 dark:ring-zinc-700"
            >
              <input
                type="radio"
                name="checkout-payment"
                value={method}
                checked={checkout.payment === method}
                onChange={() => checkout.setPayment(method)}
                className="accent-brand-600"
              />
              <Icon className="size-4 text-zinc-500" aria-hidden />
              <span className="flex-1 text-sm font-medium">{t(`shop.payment.${method}`)}</span>
              {method !== 'qrcode' && (
                <span className="text-xs tabular-nums text-zinc-500 dark:text-zinc-400" data-testid={`checkout-balance-${method}`}>
                  {t('shop.checkout.balance', { amount: balance(method) })}
                </span>
              )}
            </label>
          );
        })}
      </fieldset>
      {checkout.error && (
        <p className="rounded-xl bg-rose-50 p-3 text-sm text-rose-700 dark:bg-rose-500/10 dark:text-rose-300" role="alert" data-testid="checkout-error">
          {checkout.error}
        </p>
      )}
      <button
        type="button"
        className={`${PRIMARY_BUTTON} h-11`}
        disabled={checkout.isSubmitting || chosenCount === 0 || cart.isFetching}
        onClick={() => void checkout.submit()}
        data-testid="checkout-submit"
      >
        {checkout.isSubmitting && <SmallSpinner />}
        {cart.view && checkout.isWholeCart
          ? t('shop.checkout.submit', { count: chosenCount, total: format(cart.view.total) })
          : t('shop.checkout.submitPlain', { count: chosenCount })}
      </button>
    </section>
  );
});
