import { ChartColumnBig, CircleCheck } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { TopicThread } from '../../stores/community/TopicThread';
import { useNow } from '../../utils/useNow';
import { useDeadlineText } from './TopicBadges';

/** An option's share of the votes, in whole percent (0 when nobody voted). */
export function votePercent(count: number, total: number): number {
  return total > 0 ? Math.round((count * 100) / total) : 0;
}

/**
 * A vote topic's options, each with its tally as a bar and a percentage (live through the thread):
 * while the vote is open and the viewer has not voted, each option is a button (one vote; a guest
 * is asked to log in); the viewer's choice is marked.
 */
export const VotePanel = observer(function VotePanel({ thread }: { thread: TopicThread }) {
  const { t } = useTranslation();
  const now = useNow(1000);
  const headingId = useId();
  const vote = thread.topic.vote;
  const deadline = useDeadlineText(vote?.deadline ?? 0, now);
  if (!vote) return null;
  const closed = vote.closed || vote.deadline <= now || thread.deleted;
  const canVote = !closed && vote.voted < 0;
  return (
    <section
      aria-labelledby={headingId}
      data-testid="vote-panel"
      className="rounded-2xl bg-sky-50/60 p-4 ring-1 ring-sky-100 sm:p-5 dark:bg-sky-400/5 dark:ring-sky-400/15"
    >
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="flex items-center gap-1.5 font-semibold text-sky-900 dark:text-sky-200">
          <ChartColumnBig className="size-4" aria-hidden />
          {t('page.community.vote.title')}
        </h2>
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          {t('page.community.vote.total', { count: vote.total })} · {closed ? t('page.community.vote.closed') : deadline}
        </p>
      </div>
      <ul className="space-y-2">
        {vote.value.map((option, index) => {
          const percent = votePercent(option.count, vote.total);
          const chosen = vote.voted === index;
          const tally = (
            <>
              <span
                aria-hidden
                className={`absolute inset-y-0 left-0 transition-[width] duration-500 ${chosen ? 'bg-sky-200 dark:bg-sky-500/30' : 'bg-zinc-100 dark:bg-zinc-800'}`}
                style={{ width: `${percent}%` }}
              />
              <span className="relative flex items-center justify-between gap-3 px-4 py-2.5 text-sm">
                <span className="flex min-w-0 items-center gap-1.5 font-medium">
                  {chosen && <CircleCheck className="size-4 shrink-0 text-sky-600 dark:text-sky-400" aria-label={t('page.community.vote.yourChoice')} />}
                  <span className="break-words">{option.text}</span>
                </span>
                <span className="shrink-0 tabular-nums text-zinc-600 dark:text-zinc-300">
                  {percent}% · {option.count}
                </span>
              </span>
            </>
          );
          const frame = 'relative block w-full overflow-hidden rounded-xl bg-white text-left ring-1 ring-zinc-200 dark:bg-zinc-900 dark:ring-zinc-700';
          return (
            <li key={index} data-testid="vote-option" data-percent={percent}>
              {canVote ? (
                <button
                  type="button"
                  disabled={thread.isVoting}
                  onClick={() => void thread.vote(index)}
                  aria-label={t('page.community.vote.choose', { text: option.text })}
                  className={`${frame} transition hover:ring-sky-400 disabled:opacity-60 dark:hover:ring-sky-500`}
                >
                  {tally}
                </button>
              ) : (
                <div className={frame}>{tally}</div>
              )}
            </li>
          );
        })}
      </ul>
      <p className="mt-3 text-xs text-zinc-500 dark:text-zinc-400">
        {canVote ? t('page.community.vote.hint') : vote.voted >= 0 ? t('page.community.vote.voted') : t('page.community.vote.ended')}
      </p>
    </section>
  );
});
