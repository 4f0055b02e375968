import { Crown } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CREDIT, type TierData } from '../../api/wallet';
import { EmptyState } from '../../components/Feedback/EmptyState';
import { Sheet } from '../../components/Overlay/Sheet';
import { Badge } from '../../components/User/Badges';
import { RoleList } from '../../components/User/LevelTipsDialog';
import { CARD, FIELD, PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../components/Wallet/buttons';
import { SmallSpinner } from '../../components/common/SmallSpinner';
import { useStores } from '../../stores/StoresContext';
import { formatDate } from '../../utils/dates';
import '../../stores/MembershipsStore'; // builds root's store on first use (stores/lazyStores.ts)

/** /account/membership: the viewer's tier and expiry, the tiers side by side, buying one behind a confirmation. */
const Membership = observer(function Membership() {
  const { memberships, wallet } = useStores();
  const { t } = useTranslation();
  useEffect(() => {
    void memberships.fetch();
    void wallet.fetch();
  }, [memberships, wallet]);

  if (!memberships.isLoaded) {
    return (
      <div className="grid h-48 place-items-center">
        <SmallSpinner />
      </div>
    );
  }
  return (
    <div className="space-y-6" data-testid="membership-page">
      <CurrentMembership />
      <section>
        <h2 className="mb-3 font-semibold">{t('wallet.membership.tiers')}</h2>
        {memberships.tiers.length === 0 ? (
          <EmptyState icon={Crown} title={t('wallet.membership.noTiers')} />
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {memberships.tiers.map((tier) => (
              <TierCard key={tier.key} tier={tier} />
            ))}
          </ul>
        )}
      </section>
      <ConfirmPurchase />
    </div>
  );
});

function useDuration() {
  const { t } = useTranslation();
  return (tier: TierData) => (tier.durationDays > 0 ? t('wallet.membership.days', { count: tier.durationDays }) : t('wallet.membership.permanent'));
}

const CurrentMembership = observer(function CurrentMembership() {
  const { memberships } = useStores();
  const { t, i18n } = useTranslation();
  const current = memberships.current;
  const tier = memberships.currentTier;
  return (
    <section className={`${CARD} flex items-center gap-4 bg-gradient-to-br from-amber-50 to-white dark:from-amber-400/10 dark:to-transparent`} data-testid="membership-current">
      <span className="grid size-12 shrink-0 place-items-center rounded-full bg-amber-100 text-amber-700 dark:bg-amber-400/15 dark:text-amber-300">
        <Crown className="size-6" aria-hidden />
      </span>
      <div className="min-w-0">
        <p className="text-xs text-zinc-500 dark:text-zinc-400">{t('wallet.membership.current')}</p>
        {current ? (
          <>
            <p className="mt-0.5">
              <Badge kind="vip" name={tier?.name || current.key} icon={tier?.icon} />
            </p>
            <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-300" data-testid="membership-expiry">
              {current.expiresAt ? t('wallet.membership.until', { date: formatDate(current.expiresAt, i18n.language) }) : t('wallet.membership.forever')}
            </p>
          </>
        ) : (
          <>
            <p className="mt-0.5 font-semibold">{t('wallet.membership.none')}</p>
            <p className="text-sm text-zinc-500 dark:text-zinc-400">{t('wallet.membership.noneText')}</p>
          </>
        )}
      </div>
    </section>
  );
});

const TierCard = observer(function TierCard({ tier }: { tier: TierData }) {
  const { memberships, wallet, locale } = useStores();
  const { t } = useTranslation();
  const id = useId();
  const duration = useDuration();
  const assets = Object.keys(tier.prices ?? {});
  const preferred = assets.includes(locale.currency) ? locale.currency : (assets[0] ?? '');
  const [picked, setPicked] = useState('');
  const asset = assets.includes(picked) ? picked : preferred;
  const isCurrent = memberships.current?.key === tier.key;
  return (
    <li className={`${CARD} flex flex-col gap-3 ${isCurrent ? 'ring-2 ring-amber-400' : ''}`} data-testid="membership-tier" data-tier={tier.key} aria-current={isCurrent || undefined}>
      <div className="flex items-center justify-between gap-2">
        <Badge kind="vip" name={tier.name || tier.key} icon={tier.icon} />
        <span className="text-xs text-zinc-500 dark:text-zinc-400">{duration(tier)}</span>
      </div>
      {isCurrent && <p className="text-xs font-medium text-amber-700 dark:text-amber-300">{t('wallet.membership.yours')}</p>}
      <div className="flex-1 text-xs text-zinc-600 dark:text-zinc-300">
        <p className="mb-1.5 font-medium text-zinc-500">{t('wallet.membership.includes')}</p>
        <RoleList roles={{ userCan: tier.roles ?? [], media: tier.media ?? undefined, canBuilder: tier.canBuilder }} />
      </div>
      <ul className="flex flex-wrap gap-1.5 text-xs" aria-label={t('wallet.membership.prices')}>
        {assets.map((code) => (
          <li key={code} className="rounded-md bg-zinc-100 px-1.5 py-0.5 tabular-nums dark:bg-zinc-800">
            {wallet.format(code, tier.prices[code])}
          </li>
        ))}
      </ul>
      {assets.length > 0 && (
        <div className="flex items-end gap-2">
          <label className="flex flex-1 flex-col gap-1 text-xs font-medium text-zinc-600 dark:text-zinc-300" htmlFor={`${id}-asset`}>
            {t('wallet.membership.payWith')}
            <select id={`${id}-asset`} value={asset} onChange={(event) => setPicked(event.target.value)} className={`${FIELD} w-full`}>
              {assets.map((code) => (
                <option key={code} value={code}>
                  {code === CREDIT ? t('wallet.credit') : code} · {wallet.format(code, tier.prices[code])}
                </option>
              ))}
            </select>
          </label>
          <button type="button" className={`${PRIMARY_BUTTON} h-10`} disabled={!asset || memberships.isBuying} onClick={() => memberships.askToBuy(tier, asset)}>
            {isCurrent ? t('wallet.membership.renew') : t('wallet.membership.buy')}
          </button>
        </div>
      )}
    </li>
  );
});

const ConfirmPurchase = observer(function ConfirmPurchase() {
  const { memberships, wallet, ui } = useStores();
  const { t } = useTranslation();
  const duration = useDuration();
  const pending = memberships.pending;
  const price = pending ? wallet.format(pending.currency, pending.tier.prices[pending.currency] ?? '') : '';
  const balance = pending ? (pending.currency === CREDIT ? wallet.format(CREDIT, wallet.credit) : wallet.format(pending.currency, wallet.balance(pending.currency))) : '';
  return (
    <Sheet
      open={pending !== null}
      onOpenChange={(open) => !open && memberships.cancel()}
      title={t('wallet.membership.confirmTitle')}
      side={ui.isMobile ? 'bottom' : 'center'}
      dismissible={!memberships.isBuying}
    >
      {pending && (
        <div className="space-y-4 p-5 text-sm" data-testid="membership-confirm">
          <p>{t('wallet.membership.confirmText', { name: pending.tier.name || pending.tier.key, duration: duration(pending.tier), price })}</p>
          <p className="text-xs text-zinc-500 dark:text-zinc-400">{t('wallet.membership.confirmBalance', { amount: balance })}</p>
          <div className="flex justify-end gap-2">
            <button type="button" className={SECONDARY_BUTTON} disabled={memberships.isBuying} onClick={() => memberships.cancel()}>
              {t('common.cancel')}
            </button>
            <button type="button" className={PRIMARY_BUTTON} disabled={memberships.isBuying} onClick={() => void memberships.confirm()}>
              {memberships.isBuying ? t('wallet.membership.buying') : t('wallet.membership.confirm', { price })}
            </button>
          </div>
        </div>
      )}
    </Sheet>
  );
});

export default Membership;
