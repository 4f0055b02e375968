import { CheckCircle2, ChevronDown, Clock, Download, KeyRound, MapPin, QrCode, Truck, X } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canConfirmReceipt, isPending, PAYMENT_METHODS, productPath, type OrderStatus, type OrderView, type PaymentMethod } from '../../models/shop';
import { useStores } from '../../stores/StoresContext';
import { formatCountdown, formatDateTime } from '../../utils/dates';
import { useNow } from '../../utils/useNow';
import { LocalizedLink } from '../common/LocalizedLink';
import { FIELD, PRIMARY_BUTTON, SECONDARY_BUTTON } from '../Wallet/buttons';
import { useMoneyFormat } from './Price';
import { Thumb } from './Thumb';
import '../../stores/shop/CheckoutStore'; // builds root's store on first use (stores/lazyStores.ts)
import '../../stores/shop/OrdersStore'; // builds root's store on first use (stores/lazyStores.ts)

const CHIP: Record<OrderStatus, string> = {
  pending: 'bg-amber-100 text-amber-800 dark:bg-amber-500/15 dark:text-amber-300',
  paid: 'bg-sky-100 text-sky-800 dark:bg-sky-500/15 dark:text-sky-300',
  shipped: 'bg-indigo-100 text-indigo-800 dark:bg-indigo-500/15 dark:text-indigo-300',
  delivered: 'bg-violet-100 text-violet-800 dark:bg-violet-500/15 dark:text-violet-300',
  completed: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-300',
  refunded: 'bg-zinc-200 text-zinc-700 dark:bg-zinc-700 dark:text-zinc-200',
  cancelled: 'bg-zinc-100 text-zinc-500 dark:bg-zinc-800 dark:text-zinc-400',
  expired: 'bg-zinc-100 text-zinc-500 dark:bg-zinc-800 dark:text-zinc-400',
};

/** An order's status as a coloured chip. */
export function OrderStatusChip({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <span className={`inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-medium ${CHIP[status as OrderStatus] ?? CHIP.expired}`} data-testid="order-status" data-status={status}>
      {t(`shop.status.${status}`)}
    </span>
  );
}

/** Time left to pay a pending order. */
function PayDeadline({ expiresAt }: { expiresAt: number }) {
  const { t } = useTranslation();
  const now = useNow(1000);
  if (!expiresAt) return null;
  const left = Math.max(0, Math.floor((expiresAt - now) / 1000));
  return (
    <span className="inline-flex items-center gap-1 text-xs tabular-nums text-amber-700 dark:text-amber-400">
      <Clock className="size-3.5" aria-hidden />
      {left > 0 ? t('shop.orders.payWithin', { time: formatCountdown(left) }) : t('shop.orders.payExpired')}
    </span>
  );
}

/**
 * A member's order: number, time, status, lines, totals, coupon, payment, address, tracking,
 * digital delivery (codes, download) once paid, its history, and what can be done with it (pay or
 * cancel a pending order, confirm receipt of a shipped one).
 */
export const OrderCard = observer(function OrderCard({ order }: { order: OrderView }) {
  const { shop, locale } = useStores();
  const { t } = useTranslation();
  const format = useMoneyFormat();
  const [showHistory, setShowHistory] = useState(false);
  const [method, setMethod] = useState<PaymentMethod>('qrcode');
  const busy = shop.orders.busy.has(order.id) || shop.checkout.isSubmitting;
  const delivery = order.delivery;

  return (
    <article className="flex flex-col gap-3 border-b border-zinc-100 p-4 last:border-0 dark:border-zinc-800" data-testid="order" data-id={order.id} data-status={order.status}>
      <header className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h3 className="font-mono text-sm font-semibold" data-testid="order-number">
          {order.number}
        </h3>
        <OrderStatusChip status={order.status} />
        <time className="ml-auto text-xs text-zinc-500 dark:text-zinc-400" dateTime={new Date(order.createdAt).toISOString()}>
          {formatDateTime(order.createdAt, locale.lang)}
        </time>
      </header>

      <ul className="flex flex-col gap-2">
        {order.lines.map((line) => (
          <li key={line.variantId} className="flex items-center gap-3">
            <Thumb src={line.thumb} className="size-12 rounded-lg" />
            <div className="min-w-0 flex-1">
              <LocalizedLink to={productPath({ id: line.productId })} className="line-clamp-1 text-sm font-medium hover:underline">
                {line.title}
              </LocalizedLink>
              <p className="text-xs text-zinc-500 dark:text-zinc-400">
                {line.variantName && `${line.variantName} · `}
                {format(line.unitPrice)} × {line.quantity}
              </p>
            </div>
            <span className="text-sm tabular-nums">{format(line.lineTotal)}</span>
          </li>
        ))}
      </ul>

      <dl className="grid grid-cols-[1fr_auto] gap-y-1 text-sm tabular-nums">
        {Number(order.discount.amount) > 0 && (
          <>
            <dt className="text-zinc-500 dark:text-zinc-400">
              {t('shop.cart.discount')}
              {order.coupon && ` · ${order.coupon.name || order.coupon.code}`}
            </dt>
            <dd className="text-right text-rose-600">−{format(order.discount)}</dd>
          </>
        )}
        <dt className="font-medium">
          {t('shop.cart.total')}
          {order.payment && <span className="ml-2 text-xs font-normal text-zinc-500">{t(`shop.payment.${order.payment}`)}</span>}
        </dt>
        <dd className="text-right font-semibold" data-testid="order-total">
          {format(order.total)}
        </dd>
      </dl>

      {order.address && (
        <p className="flex items-start gap-1.5 text-xs text-zinc-600 dark:text-zinc-300">
          <MapPin className="mt-0.5 size-3.5 shrink-0" aria-hidden />
          <span>
            {order.address.name} · {order.address.dialCode && `+${order.address.dialCode.replace(/^\+/, '')} `}
            {order.address.phone} · {order.address.addressString || order.address.address}
          </span>
        </p>
      )}
      {order.trackingNo && (
        <p className="flex items-center gap-1.5 text-xs text-zinc-600 dark:text-zinc-300" data-testid="order-tracking">
          <Truck className="size-3.5" aria-hidden />
          {t('shop.orders.tracking', { number: order.trackingNo })}
        </p>
      )}

      {delivery && (delivery.codes?.length > 0 || delivery.url) && (
        <div className="rounded-xl bg-emerald-50 p-3 text-sm dark:bg-emerald-500/10" data-testid="order-delivery">
          <p className="mb-1.5 font-medium text-emerald-800 dark:text-emerald-300">{t('shop.orders.delivery')}</p>
          {delivery.codes?.map((code) => (
            <p key={code} className="flex items-center gap-2">
              <KeyRound className="size-3.5 text-emerald-700" aria-hidden />
              <code className="select-all rounded bg-white px-1.5 py-0.5 font-mono text-xs dark:bg-zinc-900">{code}</code>
            </p>
          ))}
          {delivery.url && (
            <a href={delivery.url} target="_blank" rel="noopener noreferrer" className="mt-1 inline-flex items-center gap-1.5 font-medium text-emerald-800 underline dark:text-emerald-300">
              <Download className="size-3.5" aria-hidden />
              {t('shop.orders.download')}
            </a>
          )}
        </div>
      )}

      <div className="flex flex-wrap items-center gap-2">
        {isPending(order) && (
          <>
            <PayDeadline expiresAt={order.expiresAt} />
            <select
              value={method}
              onChange={(event) => setMethod(event.target.value as PaymentMethod)}
              aria-label={t('shop.checkout.payment')}
              className={`${FIELD} ml-auto h-9`}
            >
              {PAYMENT_METHODS.map((m) => (
                <option key={m} value={m}>
                  {t(`shop.payment.${m}`)}
                </option>
              ))}
            </select>
            <button type="button" className={`${PRIMARY_BUTTON} h-9`} disabled={busy} onClick={() => void shop.checkout.payOrder(order, method)}>
              <QrCode className="size-4" aria-hidden />
              {t('shop.orders.pay')}
            </button>
            <button
              type="button"
              className={`${SECONDARY_BUTTON} h-9`}
              disabled={busy}
              onClick={() => {
                if (window.confirm(t('shop.orders.cancelConfirm'))) void shop.orders.cancel(order);
              }}
            >
              <X className="size-4" aria-hidden />
              {t('shop.orders.cancel')}
            </button>
          </>
        )}
        {canConfirmReceipt(order) && (
          <button type="button" className={`${PRIMARY_BUTTON} ml-auto h-9`} disabled={busy} onClick={() => void shop.orders.confirmReceipt(order)}>
            <CheckCircle2 className="size-4" aria-hidden />
            {t('shop.orders.confirmReceipt')}
          </button>
        )}
        {order.history.length > 0 && (
          <button
            type="button"
            onClick={() => setShowHistory((v) => !v)}
            aria-expanded={showHistory}
            className={`inline-flex items-center gap-1 text-xs font-medium text-zinc-500 hover:text-zinc-800 dark:hover:text-zinc-200 ${isPending(order) || canConfirmReceipt(order) ? '' : 'ml-auto'}`}
          >
            {t('shop.orders.history')}
            <ChevronDown className={`size-3.5 transition ${showHistory ? 'rotate-180' : ''}`} aria-hidden />
          </button>
        )}
      </div>
      {showHistory && (
        <ol className="ml-1 flex flex-col gap-1.5 border-l border-zinc-200 pl-4 text-xs dark:border-zinc-700" data-testid="order-history">
          {order.history.map((step, i) => (
            <li key={`${step.status}-${i}`} className="relative">
              <span className="absolute -left-[1.3rem] top-1 size-2 rounded-full bg-brand-500" aria-hidden />
              <span className="font-medium">{t(`shop.status.${step.status}`)}</span>
              <span className="ml-2 text-zinc-500">{formatDateTime(step.at, locale.lang)}</span>
            </li>
          ))}
        </ol>
      )}
    </article>
  );
});
