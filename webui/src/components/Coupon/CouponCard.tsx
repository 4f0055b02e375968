import { Gift, TicketPercent } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { couponStatus, type CouponView } from '../../models/account';
import { CouponExpiry, CouponStatusChip } from './CouponStatusChip';
import { MoneyText } from './FaceValue';

/** A coupon as a ticket-like card: face value, name, type, status, expiry; opens the info dialog. */
export const CouponCard = observer(function CouponCard({ coupon, onOpen }: { coupon: CouponView; onOpen(code: string): void }) {
  const { t } = useTranslation();
  const status = couponStatus(coupon);
  const dim = status !== 'unused';
  return (
    <button
      type="button"
      onClick={() => onOpen(coupon.code)}
      data-testid="coupon-card"
      data-code={coupon.code}
      aria-label={t('coupon.open', { name: coupon.name || coupon.code })}
      className={`flex w-full items-stretch overflow-hidden rounded-2xl bg-white text-left ring-1 ring-zinc-900/5 transition hover:shadow-md dark:bg-zinc-900 dark:ring-white/10 ${dim ? 'opacity-70' : ''}`}
    >
      <div
        className={`flex w-28 shrink-0 flex-col items-center justify-center gap-1 border-r-2 border-dashed border-white/60 px-2 py-4 text-white dark:border-zinc-900/60 ${dim ? 'bg-zinc-400 dark:bg-zinc-700' : 'bg-gradient-to-br from-brand-500 to-brand-700'}`}
      >
        {coupon.faceValue ? (
          <MoneyText money={coupon.faceValue} className="text-xl font-bold" />
        ) : (
          <TicketPercent className="size-7" aria-hidden />
        )}
        <span className="text-[0.6875rem] opacity-90">{coupon.type ? t(`coupon.type.${coupon.type}`) : t('coupon.status.invalid')}</span>
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1.5 p-3.5">
        <div className="flex items-start justify-between gap-2">
          <span className="min-w-0 truncate font-semibold">{coupon.name || coupon.code}</span>
          <CouponStatusChip coupon={coupon} />
        </div>
        {coupon.minSpend && Number(coupon.minSpend.amount) > 0 && (
          <span className="text-xs text-zinc-500 dark:text-zinc-400">
            {t('coupon.minSpendShort')} <MoneyText money={coupon.minSpend} />
          </span>
        )}
        <div className="mt-auto flex items-center justify-between gap-2 text-xs text-zinc-500 dark:text-zinc-400">
          <CouponExpiry coupon={coupon} />
          {coupon.allowPush && status === 'unused' && (
            <span className="inline-flex items-center gap-1 text-brand-600 dark:text-brand-400">
              <Gift className="size-3.5" aria-hidden />
              {t('coupon.giftable')}
            </span>
          )}
        </div>
      </div>
    </button>
  );
});
