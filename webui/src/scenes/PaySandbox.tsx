import { CircleCheck, Clock, FlaskConical, Link2Off, TimerOff } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import type { SandboxPaymentData } from '../api/wallet';
import { SceneFrame } from '../components/Feedback/SceneFrame';
import { PRIMARY_BUTTON } from '../components/Wallet/buttons';
import { SmallSpinner } from '../components/common/SmallSpinner';
import { useStores } from '../stores/StoresContext';
import { formatCountdown } from '../utils/dates';
import { useNow } from '../utils/useNow';

type Load = { state: 'loading' } | { state: 'invalid'; message: string } | { state: 'ready'; payment: SandboxPaymentData };

/**
 * /pay/sandbox/{id}?t={token}: the sandbox payment provider's confirm page, which the top-up QR code
 * opens. Anyone holding the link may pay (payments.sandboxPay); then it shows paid, or expired.
 */
export default function PaySandbox() {
  const { client } = useStores();
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const token = search.get('t') ?? '';
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [isPaying, setPaying] = useState(false);
  const now = useNow(1000);

  const show = useCallback(async () => {
    const result = await client.call('payments.sandboxShow', { id, token });
    if (result.ok) setLoad({ state: 'ready', payment: result.data.payment });
    else setLoad({ state: 'invalid', message: result.error.messages[0] ?? t('payments.sandbox.invalid') });
  }, [client, id, token, t]);

  useEffect(() => {
    void show();
  }, [show]);

  const pay = async () => {
    setPaying(true);
    const reply = await client.request('payments.sandboxPay', { id, token });
    setPaying(false);
    if (reply) setLoad({ state: 'ready', payment: reply.payment });
    else void show();
  };

  const payment = load.state === 'ready' ? load.payment : null;
  const expired = payment !== null && (payment.status === 'expired' || (payment.status === 'pending' && payment.expiresAt <= now));
  const amount = payment ? `${payment.symbol}${payment.amount}` : '';

  return (
    <SceneFrame title={t('payments.sandbox.title')}>
      <div className="mx-auto max-w-md rounded-3xl bg-white p-6 text-center shadow-sm ring-1 ring-zinc-900/5 dark:bg-zinc-900 dark:ring-white/10" data-testid="sandbox-payment">
        <p className="mb-5 flex items-center justify-center gap-1.5 text-xs text-zinc-500 dark:text-zinc-400">
          <FlaskConical className="size-3.5" aria-hidden />
          {t('payments.sandbox.notice')}
        </p>
        {load.state === 'loading' && <SmallSpinner />}
        {load.state === 'invalid' && (
          <div role="alert" className="flex flex-col items-center gap-2 text-sm">
            <Link2Off className="size-8 text-zinc-400" aria-hidden />
            <p>{load.message}</p>
          </div>
        )}
        {payment && (
          <>
            <p className="text-sm text-zinc-600 dark:text-zinc-300">{payment.title}</p>
            <p className="mt-1 text-xs text-zinc-400">{t('payments.sandbox.amount')}</p>
            <p className="text-4xl font-bold tabular-nums" data-testid="sandbox-amount">
              {amount}
            </p>
            {payment.status === 'paid' ? (
              <div role="status" className="mt-6 flex flex-col items-center gap-2" data-testid="sandbox-paid">
                <CircleCheck className="size-10 text-emerald-500" aria-hidden />
                <p className="font-semibold">{t('payments.sandbox.paid')}</p>
                <p className="text-sm text-zinc-500 dark:text-zinc-400">{t(payment.purpose === 'unlock' ? 'payments.sandbox.unlockPaidText' : 'payments.sandbox.paidText')}</p>
              </div>
            ) : expired ? (
              <div role="alert" className="mt-6 flex flex-col items-center gap-2" data-testid="sandbox-expired">
                <TimerOff className="size-10 text-zinc-400" aria-hidden />
                <p className="font-semibold">{t('payments.sandbox.expired')}</p>
                <p className="text-sm text-zinc-500 dark:text-zinc-400">{t(payment.purpose === 'unlock' ? 'payments.sandbox.unlockExpiredText' : 'payments.sandbox.expiredText')}</p>
              </div>
            ) : (
              <>
                <p className="mt-3 flex items-center justify-center gap-1.5 text-xs tabular-nums text-zinc-500">
                  <Clock className="size-3.5" aria-hidden />
                  {t('payments.sandbox.expiresIn', { time: formatCountdown((payment.expiresAt - now) / 1000) })}
                </p>
                <button type="button" className={`${PRIMARY_BUTTON} mt-6 w-full py-3 text-base`} disabled={isPaying} onClick={() => void pay()}>
                  {isPaying ? t('payments.sandbox.paying') : t('payments.sandbox.pay', { amount })}
                </button>
              </>
            )}
          </>
        )}
      </div>
    </SceneFrame>
  );
}
