import { Crown } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../stores/StoresContext';
import { formatDate } from '../../utils/dates';
import { LocalizedLink } from '../common/LocalizedLink';
import { Badge } from '../User/Badges';
import '../../stores/MembershipsStore'; // builds root's store on first use (stores/lazyStores.ts)

/** The viewer's VIP tier and its expiry, or "not a member" with a link to the tiers. */
export const MembershipSummary = observer(function MembershipSummary() {
  const { memberships, auth } = useStores();
  const { t, i18n } = useTranslation();
  const viewerId = auth.viewer?.id;
  useEffect(() => {
    if (viewerId) void memberships.fetch();
  }, [memberships, viewerId]);
  const current = memberships.current;
  const vip = auth.viewer?.vip;
  const tier = memberships.currentTier;
  if (!current && !vip) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-3" data-testid="membership-summary">
        <p className="text-sm text-zinc-500 dark:text-zinc-400">{t('account.overview.vipNone')}</p>
        <LocalizedLink to="/account/membership" className="inline-flex items-center gap-1.5 text-sm font-medium text-amber-700 hover:underline dark:text-amber-300">
          <Crown className="size-4" aria-hidden />
          {t('account.overview.upgrade')}
        </LocalizedLink>
      </div>
    );
  }
  const name = tier?.name || vip?.name || current?.key || vip?.key || '';
  return (
    <div className="flex flex-wrap items-center justify-between gap-3" data-testid="membership-summary">
      <Badge kind="vip" name={name} icon={tier?.icon || vip?.icon} />
      {current && (
        <p className="text-xs text-zinc-500 dark:text-zinc-400">
          {current.expiresAt ? t('account.overview.vipUntil', { date: formatDate(current.expiresAt, i18n.language) }) : t('account.overview.vipForever')}
        </p>
      )}
    </div>
  );
});
