import { CircleCheck, Ticket } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { CREDIT } from '../../api/wallet';
import { twoDecimals } from '../../models/shop';
import { useStores } from '../../stores/StoresContext';
import { LocalizedLink } from '../common/LocalizedLink';
import { Sheet } from '../Overlay/Sheet';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '../Wallet/buttons';
import { useMoneyFormat } from './Price';
import { Thumb } from './Thumb';
import '../../stores/shop/CheckoutStore'; // builds root's store on first use (stores/lazyStores.ts)

/**
 * The payment success dialog (SPEC §2, §3): the order's picture and title, the coupon used, the
 * final price with its symbol, and how it was paid.
 */
export const PaymentSuccessDialog = observer(function PaymentSuccessDialog() {
  const { shop, ui, wallet } = useStores();
  const { t } = useTranslation();
  const format = useMoneyFormat();
  const success = shop.checkout.success;
  const close = () => shop.checkout.closeSuccess();
  return (
    <Sheet
      open={success !== null}
      onOpenChange={(open) => !open && close()}
      title={t('shop.success.title')}
      description={t('shop.success.description')}
      side={ui.isMobile ? 'bottom' : 'center'}
    >
      {success && (
        <div className="flex flex-col items-center gap-4 p-6 text-center" data-testid="payment-success">
          <CircleCheck className="size-12 text-emerald-500" aria-hidden />
          <div className="flex w-full items-center gap-3 rounded-2xl bg-zinc-50 p-3 text-left dark:bg-zinc-800/60">
            <Thumb src={success.data.thumb} className="size-14 rounded-xl" />
            <p className="line-clamp-2 text-sm font-medium" data-testid="payment-success-title">
              {success.data.title}
            </p>
          </div>
          <p className="text-3xl font-bold tabular-nums" data-testid="payment-success-price">
            {success.payment === 'credit' ? wallet.format(CREDIT, success.finalPrice) : `${success.symbol}${twoDecimals(success.finalPrice)}`}
          </p>
          <dl className="grid w-full grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-left text-sm">
            <dt className="text-zinc-500 dark:text-zinc-400">{t('shop.success.payment')}</dt>
            <dd className="text-right font-medium" data-testid="payment-success-method">
              {t(`shop.payment.${success.payment}`)}
            </dd>
            {success.coupon && (
              <>
                <dt className="flex items-center gap-1 text-zinc-500 dark:text-zinc-400">
                  <Ticket className="size-3.5" aria-hidden />
                  {t('shop.success.coupon')}
                </dt>
                <dd className="text-right font-medium" data-testid="payment-success-coupon">
                  {success.coupon.name || success.coupon.code}
                  {success.coupon.discount && ` (−${format(success.coupon.discount)})`}
                </dd>
              </>
            )}
          </dl>
          <div className="flex w-full gap-3">
            <button type="button" onClick={close} className={`${SECONDARY_BUTTON} flex-1`}>
              {t('shop.success.continue')}
            </button>
            <LocalizedLink to="/account/orders" onClick={close} className={`${PRIMARY_BUTTON} flex-1`}>
              {t('shop.success.orders')}
            </LocalizedLink>
          </div>
        </div>
      )}
    </Sheet>
  );
});
