import { TicketPercent } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { CouponCard } from '../../components/Coupon/CouponCard';
import { CouponInfoDialog } from '../../components/Coupon/CouponInfoDialog';
import { SmallSpinner } from '../../components/common/SmallSpinner';
import { EmptyState } from '../../components/Feedback/EmptyState';
import { COUPON_TABS } from '../../models/account';
import { useStores } from '../../stores/StoresContext';
import '../../stores/account/CouponsStore'; // builds root's store on first use (stores/lazyStores.ts)

/**
 * /account/coupons: the member's coupons by tab (unused / used / expired), each opening the coupon
 * info dialog with gifting and redeeming; a coupon gifted to the member joins the list live.
 */
export default observer(function CouponsPage() {
  const { coupons, auth } = useStores();
  const { t } = useTranslation();
  const viewerId = auth.viewer?.id;

  useEffect(() => {
    if (viewerId) void coupons.loadLatest();
    coupons.seen();
  }, [coupons, viewerId]);

  const rows = coupons.ordered;
  return (
    <div className="flex flex-col gap-4" data-testid="coupons-page">
      <div role="tablist" aria-label={t('page.account.coupons.title')} className="flex gap-1 self-start rounded-full bg-zinc-100 p-1 dark:bg-zinc-800">
        {COUPON_TABS.map((tab) => (
          <button
            key={tab}
            type="button"
            role="tab"
            aria-selected={coupons.tab === tab}
            onClick={() => coupons.setTab(tab)}
            className="rounded-full px-3.5 py-1.5 text-sm font-medium text-zinc-600 transition aria-selected:bg-white aria-selected:text-zinc-900 aria-selected:shadow-sm dark:text-zinc-300 dark:aria-selected:bg-zinc-900 dark:aria-selected:text-white"
          >
            {t(`coupon.tab.${tab}`)}
          </button>
        ))}
      </div>
      {!coupons.isLoaded ? (
        <div className="grid h-40 place-items-center">
          <SmallSpinner />
        </div>
      ) : rows.length === 0 ? (
        <EmptyState icon={TicketPercent} title={t(`coupon.empty.${coupons.tab}`)} />
      ) : (
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2" aria-label={t('page.account.coupons.title')}>
          {rows.map((coupon) => (
            <li key={coupon.code}>
              <CouponCard coupon={coupon} onOpen={(code) => coupons.open(code)} />
            </li>
          ))}
        </ul>
      )}
      {coupons.hasNewer && (
        <button type="button" onClick={() => void coupons.loadNewer()} disabled={coupons.isFetching} className="self-center rounded-full px-4 py-2 text-sm text-zinc-600 ring-1 ring-zinc-200 hover:bg-zinc-100 dark:text-zinc-300 dark:ring-zinc-700 dark:hover:bg-zinc-800">
          {t('coupon.more')}
        </button>
      )}
      <CouponInfoDialog />
    </div>
  );
});
