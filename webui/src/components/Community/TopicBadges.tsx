import ChartColumnBig from 'lucide-react/icons/chart-column-big';
import Coins from 'lucide-react/icons/coins';
import Lock from 'lucide-react/icons/lock';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { BountyView, TopicView, VoteView } from '../../api/wire.gen';
import { useStores } from '../../stores/StoresContext';
import { formatDateTime } from '../../utils/dates';

const BADGE = 'inline-flex h-6 max-w-full items-center gap-1 rounded-full px-2 text-xs font-medium ring-1 ring-inset';

/** A bounty's value (or a share of it) with its currency or the credit symbol ("¥20.00", "✦300"). */
export function useBountyValue(bounty: BountyView, value = bounty.value): string {
  const { wallet } = useStores();
  return wallet.format(bounty.currency, value);
}

/** An amount of a bounty's asset, with its symbol. */
export const BountyAmount = observer(function BountyAmount({ bounty, value }: { bounty: BountyView; value: string }) {
  return <>{useBountyValue(bounty, value)}</>;
});

/** "Ends …" before a deadline, "Ended …" after it. */
export function useDeadlineText(deadline: number, now: number): string {
  const { t, i18n } = useTranslation();
  const date = formatDateTime(deadline, i18n.language);
  return deadline > now ? t('page.community.topic.endsAt', { date }) : t('page.community.topic.endedAt', { date });
}

const BountyBadge = observer(function BountyBadge({ bounty, now }: { bounty: BountyView; now: number }) {
  const { t } = useTranslation();
  const value = useBountyValue(bounty);
  const deadline = useDeadlineText(bounty.deadline, now);
  const settled = bounty.state !== 'open';
  return (
    <span
      data-testid="bounty-badge"
      title={settled ? t(`page.community.bounty.state.${bounty.state}`) : deadline}
      className={`${BADGE} bg-amber-50 text-amber-800 ring-amber-200 dark:bg-amber-400/10 dark:text-amber-300 dark:ring-amber-400/20`}
    >
      <Coins className="size-3.5 shrink-0" aria-hidden />
      <span className="truncate">
        {t('page.community.bounty.badge', { value })}
        <span className="font-normal opacity-80"> · {settled ? t(`page.community.bounty.state.${bounty.state}`) : deadline}</span>
      </span>
    </span>
  );
});

const VoteBadge = observer(function VoteBadge({ vote }: { vote: VoteView }) {
  const { t } = useTranslation();
  const label = vote.total > 0 ? t('page.community.vote.total', { count: vote.total }) : t('page.community.vote.options', { count: vote.value.length });
  return (
    <span data-testid="vote-badge" className={`${BADGE} bg-sky-50 text-sky-800 ring-sky-200 dark:bg-sky-400/10 dark:text-sky-300 dark:ring-sky-400/20`}>
      <ChartColumnBig className="size-3.5 shrink-0" aria-hidden />
      <span className="truncate">
        {t('page.community.vote.badge')}
        <span className="font-normal opacity-80"> · {vote.closed ? t('page.community.vote.closed') : label}</span>
      </span>
    </span>
  );
});

/** The marks of a topic: its bounty (value, deadline or state), its vote (votes or options), locked. */
export const TopicBadges = observer(function TopicBadges({ topic, now, className = '' }: { topic: TopicView; now: number; className?: string }) {
  const { t } = useTranslation();
  const bounty = topic.type === 'bounty' ? topic.bounty : undefined;
  const vote = topic.type === 'vote' ? topic.vote : undefined;
  if (!bounty && !vote && !topic.locked) return null;
  return (
    <div className={`flex flex-wrap items-center gap-1.5 ${className}`}>
      {bounty && <BountyBadge bounty={bounty} now={now} />}
      {vote && <VoteBadge vote={vote} />}
      {topic.locked && (
        <span className={`${BADGE} bg-zinc-100 text-zinc-600 ring-zinc-200 dark:bg-zinc-800 dark:text-zinc-300 dark:ring-zinc-700`}>
          <Lock className="size-3.5 shrink-0" aria-hidden />
          {t('page.community.topic.locked')}
        </span>
      )}
    </div>
  );
});
