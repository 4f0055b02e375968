import { Coins, Trophy } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BountyView } from '../../api/wire.gen';
import type { TopicThread } from '../../stores/community/TopicThread';
import { useStores } from '../../stores/StoresContext';
import { profilePath } from '../../utils/links';
import { majorToMinor } from '../../utils/money';
import { useNow } from '../../utils/useNow';
import { DecimalInput } from '../common/DecimalInput';
import { LocalizedLink } from '../common/LocalizedLink';
import { Sheet } from '../Overlay/Sheet';
import { UserAvatar } from '../User/UserAvatar';
import { FIELD, PRIMARY_BUTTON, SECONDARY_BUTTON } from '../Wallet/buttons';
import { BountyAmount, useBountyValue, useDeadlineText } from './TopicBadges';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The time left before a deadline as days and h:mm:ss ("2 days 03:04:05"); null once it passed. */
export function useTimeLeft(deadline: number, now: number): string | null {
  const { t } = useTranslation();
  const left = deadline - now;
  if (left <= 0) return null;
  const days = Math.floor(left / DAY);
  const clock = [Math.floor((left % DAY) / HOUR), Math.floor((left % HOUR) / MINUTE), Math.floor((left % MINUTE) / SECOND)]
    .map((part) => String(part).padStart(2, '0'))
    .join(':');
  return days > 0 ? `${t('page.community.bounty.days', { count: days })} ${clock}` : clock;
}

/** The digits after the dot of a bounty's asset: credits are whole. */
function bountyDecimals(bounty: BountyView): number {
  return bounty.type === 'credit' ? 0 : 2;
}

/** The shares entered add up to the bounty (compared in minor units). */
function sharesMatch(shares: string[], bounty: BountyView): boolean {
  if (shares.some((share) => !(Number(share) > 0))) return false;
  const sum = shares.reduce((total, share) => total + majorToMinor(Number(share)), 0);
  return sum === majorToMinor(Number(bounty.value));
}

/**
 * A bounty topic's bounty: its value, the time left, its state and, once awarded, who got what.
 * The author, while it is open, picks answers in the list below and awards them here, in equal
 * parts or in the shares entered (adding up to the bounty), after confirming.
 */
export const BountyPanel = observer(function BountyPanel({ thread }: { thread: TopicThread }) {
  const { t } = useTranslation();
  const now = useNow(SECOND);
  const headingId = useId();
  const bounty = thread.topic.bounty;
  const value = useBountyValue(bounty ?? { type: 'money', currency: '', value: '0', deadline: 0, state: 'open', awards: [] });
  const deadline = useDeadlineText(bounty?.deadline ?? 0, now);
  const timeLeft = useTimeLeft(bounty?.deadline ?? 0, now);
  if (!bounty) return null;
  const open = bounty.state === 'open';
  return (
    <section
      aria-labelledby={headingId}
      data-testid="bounty-panel"
      className="rounded-2xl bg-amber-50/70 p-4 ring-1 ring-amber-100 sm:p-5 dark:bg-amber-400/5 dark:ring-amber-400/15"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={headingId} className="flex items-center gap-1.5 text-sm font-semibold text-amber-900 dark:text-amber-200">
            <Coins className="size-4" aria-hidden />
            {t('page.community.bounty.title')}
          </h2>
          <p className="mt-1 text-2xl font-bold tabular-nums text-amber-900 dark:text-amber-100" data-testid="bounty-value">
            {value}
          </p>
        </div>
        <div className="text-right text-xs text-zinc-600 dark:text-zinc-400">
          <p className="font-medium text-amber-900 dark:text-amber-200" data-testid="bounty-state">
            {t(`page.community.bounty.state.${bounty.state}`)}
          </p>
          {open && timeLeft && (
            <p className="mt-0.5 tabular-nums" role="timer" aria-live="off">
              {t('page.community.bounty.timeLeft', { time: timeLeft })}
            </p>
          )}
          <p className="mt-0.5">{deadline}</p>
        </div>
      </div>
      {bounty.awards.length > 0 && (
        <ul className="mt-4 space-y-2" aria-label={t('page.community.bounty.awards')}>
          {bounty.awards.map((award) => (
            <li key={award.answerId} className="flex items-center justify-between gap-3 rounded-xl bg-white/80 px-3 py-2 text-sm ring-1 ring-amber-100 dark:bg-zinc-900/60 dark:ring-amber-400/10">
              <LocalizedLink to={profilePath(award.user)} className="flex min-w-0 items-center gap-2 font-medium hover:underline">
                <UserAvatar user={award.user} size="sm" />
                <span className="truncate">{award.user.name}</span>
              </LocalizedLink>
              <span className="flex shrink-0 items-center gap-1 font-semibold tabular-nums text-amber-800 dark:text-amber-300">
                <Trophy className="size-4" aria-hidden />
                <BountyAmount bounty={bounty} value={award.value} />
              </span>
            </li>
          ))}
        </ul>
      )}
      {thread.mayAward(now) && <AwardControls thread={thread} bounty={bounty} />}
    </section>
  );
});

/** The author's award: the answers picked, equal parts or shares, and the confirmation. */
const AwardControls = observer(function AwardControls({ thread, bounty }: { thread: TopicThread; bounty: BountyView }) {
  const { ui } = useStores();
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const value = useBountyValue(bounty);
  const picked = [...thread.awardPicks.keys()].map((id) => thread.answers.get(id)).filter((answer) => answer !== undefined);
  const shares = picked.map((answer) => thread.awardPicks.get(answer.databaseId) ?? '');
  const ready = picked.length > 0 && (thread.awardEqually || sharesMatch(shares, bounty));
  return (
    <div className="mt-4 border-t border-amber-200/70 pt-4 dark:border-amber-400/15" data-testid="award-controls">
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        {picked.length === 0 ? t('page.community.bounty.pickHint') : t('page.community.bounty.picked', { count: picked.length })}
      </p>
      {picked.length > 0 && (
        <>
          <fieldset className="mt-3 flex flex-wrap gap-4 text-sm">
            <legend className="sr-only">{t('page.community.bounty.split')}</legend>
            <label className="flex items-center gap-2">
              <input type="radio" name={`split-${thread.topic.databaseId}`} checked={thread.awardEqually} onChange={() => thread.setAwardEqually(true)} />
              {t('page.community.bounty.equally')}
            </label>
            <label className="flex items-center gap-2">
              <input type="radio" name={`split-${thread.topic.databaseId}`} checked={!thread.awardEqually} onChange={() => thread.setAwardEqually(false)} />
              {t('page.community.bounty.byShares')}
            </label>
          </fieldset>
          {!thread.awardEqually && (
            <ul className="mt-3 space-y-2">
              {picked.map((answer) => (
                <li key={answer.databaseId}>
                  <label className="flex items-center justify-between gap-3 text-sm">
                    <span className="truncate">{t('page.community.bounty.shareOf', { name: answer.author.name })}</span>
                    <DecimalInput
                      value={thread.awardPicks.get(answer.databaseId) ?? ''}
                      onChange={(share) => thread.setShare(answer.databaseId, share)}
                      min={0}
                      max={Number(bounty.value)}
                      decimals={bountyDecimals(bounty)}
                      className={`${FIELD} w-32 text-right`}
                    />
                  </label>
                </li>
              ))}
              {!ready && <li className="text-xs text-amber-800 dark:text-amber-300">{t('page.community.bounty.sharesHint', { value })}</li>}
            </ul>
          )}
          <button type="button" className={`${PRIMARY_BUTTON} mt-4`} disabled={!ready || thread.isAwarding} onClick={() => setConfirming(true)}>
            <Trophy className="size-4" aria-hidden />
            {t('page.community.bounty.award')}
          </button>
        </>
      )}
      <Sheet
        open={confirming}
        onOpenChange={(open) => !thread.isAwarding && setConfirming(open)}
        title={t('page.community.bounty.confirmTitle')}
        side={ui.isMobile ? 'bottom' : 'center'}
        dismissible={!thread.isAwarding}
      >
        <div className="space-y-4 p-5 text-sm" data-testid="award-confirm">
          <p>{t('page.community.bounty.confirmText', { value, count: picked.length })}</p>
          <ul className="space-y-1 text-zinc-600 dark:text-zinc-300">
            {picked.map((answer) => (
              <li key={answer.databaseId}>
                {answer.author.name}
                {!thread.awardEqually && ` · ${thread.awardPicks.get(answer.databaseId) ?? ''}`}
              </li>
            ))}
          </ul>
          <div className="flex justify-end gap-2">
            <button type="button" className={SECONDARY_BUTTON} disabled={thread.isAwarding} onClick={() => setConfirming(false)}>
              {t('common.cancel')}
            </button>
            <button
              type="button"
              className={PRIMARY_BUTTON}
              disabled={thread.isAwarding}
              onClick={() => void thread.award().then(() => setConfirming(false))}
            >
              {thread.isAwarding ? t('page.community.bounty.awarding') : t('page.community.bounty.confirm')}
            </button>
          </div>
        </div>
      </Sheet>
    </div>
  );
});
