import { CircleCheck, Clock, ExternalLink, TimerOff } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../stores/StoresContext';
import { formatCountdown } from '../../utils/dates';
import { Sheet } from '../Overlay/Sheet';
import '../../stores/TopUpStore'; // builds root's store on first use (stores/lazyStores.ts)

/** The QR image of a text (GET /api/qrcode?str=). */
export function qrImageSrc(text: string): string {
  return `/api/qrcode?str=${encodeURIComponent(text)}`;
}

/**
 * The payment QR dialog (SPEC §4): the code of the payment page, the amount, a 300 s countdown that
 * starts again on each opening, then "expired". It closes itself when the payment is paid.
 */
export const PaymentQrDialog = observer(function PaymentQrDialog() {
  const { topUp, wallet, ui } = useStores();
  const { t } = useTranslation();
  const { qr, payment } = topUp;
  const amount = payment ? wallet.format(payment.currency, payment.amount) : '';
  return (
    <Sheet
      open={topUp.isOpen && qr !== null}
      onOpenChange={(open) => (open ? topUp.open() : topUp.close())}
      title={qr?.title || t('wallet.qr.title')}
      description={t('wallet.qr.scan', { amount })}
      side={ui.isMobile ? 'bottom' : 'center'}
    >
      {qr && payment && (
        <div className="flex flex-col items-center gap-4 p-6 text-center" data-testid="payment-qr">
          <p className="text-3xl font-bold tabular-nums" data-testid="payment-qr-amount">
            {qr.symbol && qr.amount ? `${qr.symbol}${qr.amount}` : amount}
          </p>
          {qr.description && <p className="text-sm text-zinc-500 dark:text-zinc-400">{qr.description}</p>}
          <div className="relative">
            <img
              src={qrImageSrc(qr.qrcode)}
              alt={t('wallet.qr.image')}
              width={224}
              height={224}
              className={`size-56 rounded-xl bg-white p-2 ring-1 ring-zinc-200 transition dark:ring-zinc-700 ${topUp.isExpired ? 'opacity-20 blur-[2px]' : ''}`}
            />
            {topUp.isExpired && (
              <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 text-sm font-semibold" role="alert" data-testid="payment-qr-expired">
                <TimerOff className="size-8 text-zinc-500" aria-hidden />
                {t('wallet.qr.expired')}
              </div>
            )}
          </div>
          {topUp.isExpired ? (
            <p className="text-sm text-zinc-500 dark:text-zinc-400">
              {t(payment.purpose === 'unlock' ? 'wallet.qr.unlockExpiredText' : payment.purpose === 'order' ? 'shop.qr.expiredText' : 'wallet.qr.expiredText')}
            </p>
          ) : payment.status === 'paid' ? (
            <p className="flex items-center gap-2 text-sm font-medium text-emerald-600">
              <CircleCheck className="size-4" aria-hidden />
              {t('wallet.qr.paid')}
            </p>
          ) : (
            <>
              {!qr.description && <p className="text-sm text-zinc-600 dark:text-zinc-300">{t('wallet.qr.scan', { amount })}</p>}
              <p className="flex items-center gap-1.5 text-sm tabular-nums text-zinc-500" role="timer" aria-live="off" data-testid="payment-qr-countdown">
                <Clock className="size-4" aria-hidden />
                {t('wallet.qr.remaining', { time: formatCountdown(topUp.countdown.remaining) })}
              </p>
              <p className="text-xs text-zinc-400" role="status">
                {t('wallet.qr.waiting')}
              </p>
              <a
                href={qr.qrcode}
                target="_blank"
                rel="noopener noreferrer"
                data-testid="payment-qr-link"
                className="inline-flex items-center gap-1.5 text-xs font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-400"
              >
                <ExternalLink className="size-3.5" aria-hidden />
                {t('wallet.qr.openPage')}
              </a>
            </>
          )}
        </div>
      )}
    </Sheet>
  );
});
