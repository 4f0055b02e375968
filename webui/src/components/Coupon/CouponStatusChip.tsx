import { useTranslation } from 'react-i18next';
import { couponStatus, type CouponStatus, type CouponView } from '../../models/account';
import { formatDate } from '../../utils/dates';
import { CHIP } from '../Address/styles';

const TONE: Record<CouponStatus, string> = {
  unused: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20 dark:bg-emerald-500/10 dark:text-emerald-300 dark:ring-emerald-400/30',
  used: 'bg-zinc-100 text-zinc-600 ring-zinc-500/20 dark:bg-zinc-800 dark:text-zinc-300 dark:ring-zinc-600/40',
  expired: 'bg-amber-50 text-amber-700 ring-amber-600/20 dark:bg-amber-500/10 dark:text-amber-300 dark:ring-amber-400/30',
  invalid: 'bg-rose-50 text-rose-700 ring-rose-600/20 dark:bg-rose-500/10 dark:text-rose-300 dark:ring-rose-400/30',
};

/** A coupon's status (SPEC §4: invalid without a type, expired, unused, used). */
export function CouponStatusChip({ coupon, now }: { coupon: Pick<CouponView, 'type' | 'status' | 'expiredAt'>; now?: number }) {
  const { t } = useTranslation();
  const status = couponStatus(coupon, now);
  return (
    <span className={`${CHIP} ${TONE[status]}`} data-testid="coupon-status" data-status={status}>
      {t(`coupon.status.${status}`)}
    </span>
  );
}

/** A coupon's expiry: no expiry, expires on a date, or expired on it. */
export function CouponExpiry({ coupon, now = Date.now() }: { coupon: Pick<CouponView, 'expiredAt'>; now?: number }) {
  const { t, i18n } = useTranslation();
  const expiry = coupon.expiredAt?.expiredTime ?? 0;
  if (!expiry) return <span data-testid="coupon-expiry">{t('coupon.noExpiry')}</span>;
  const date = formatDate(expiry, i18n.language);
  const past = coupon.expiredAt.hasExpired || expiry <= now;
  return <span data-testid="coupon-expiry">{t(past ? 'coupon.expiredOn' : 'coupon.expiresOn', { date })}</span>;
}
