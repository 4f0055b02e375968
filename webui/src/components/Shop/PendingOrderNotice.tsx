import { Clock, QrCode } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../stores/StoresContext';
import { LocalizedLink } from '../common/LocalizedLink';
import { PRIMARY_BUTTON } from '../Wallet/buttons';
import '../../stores/shop/CheckoutStore'; // builds root's store on first use (stores/lazyStores.ts)

/** An order placed for a QR payment whose dialog was closed unpaid: pay it now, or later from the orders page. */
export const PendingOrderNotice = observer(function PendingOrderNotice() {
  const root = useStores();
  const { shop } = root;
  const { t } = useTranslation();
  const order = shop.checkout.pendingOrder;
  if (!order || root.peek('topUp')?.isOpen) return null;
  return (
    <div
      className="mb-6 flex flex-wrap items-center gap-3 rounded-2xl bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200 dark:bg-amber-500/10 dark:text-amber-200 dark:ring-amber-500/30"
      role="status"
      data-testid="pending-order"
    >
      <Clock className="size-4 shrink-0" aria-hidden />
      <span className="flex-1">{t('shop.checkout.pending', { number: order.number })}</span>
      <LocalizedLink to="/account/orders" className="font-medium underline-offset-2 hover:underline">
        {t('shop.success.orders')}
      </LocalizedLink>
      <button type="button" className={PRIMARY_BUTTON} disabled={shop.checkout.isSubmitting} onClick={() => void shop.checkout.payOrder(order, 'qrcode')}>
        <QrCode className="size-4" aria-hidden />
        {t('shop.orders.pay')}
      </button>
    </div>
  );
});
