import { Link2, MessageCircle, Trophy } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { topicChannel } from '../../api/live';
import type { AnswerView } from '../../api/wire.gen';
import type { TopicThread } from '../../stores/community/TopicThread';
import { useNow } from '../../utils/useNow';
import { ConfirmDelete } from '../common/ConfirmDelete';
import { LocalizedLink } from '../common/LocalizedLink';
import { AuthorLine } from '../Content/AuthorLine';
import { Comments } from '../Content/Comments';
import { LikeButton } from '../Content/LikeButton';
import { RichHtml } from '../Content/RichHtml';
import { answerPath } from './paths';
import { BountyAmount } from './TopicBadges';

const ACTION = 'inline-flex h-7 items-center gap-1.5 rounded-full px-2 text-xs font-medium text-zinc-600 transition hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-300 dark:hover:bg-zinc-800 dark:hover:text-zinc-100';

/**
 * One answer of a topic: its author and time, its text, its like, its comments (opened on demand),
 * a link to its own page, delete (its author or an administrator, after confirming) and, for the
 * author of an open bounty, a box to pick it for the award. An awarded answer shows its share.
 */
export const AnswerItem = observer(function AnswerItem({ answer, thread, open = false }: { answer: AnswerView; thread: TopicThread; open?: boolean }) {
  const { t } = useTranslation();
  const now = useNow();
  const [showComments, setShowComments] = useState(open);
  const award = thread.topic.bounty?.awards.find((entry) => entry.answerId === answer.databaseId);
  const mayPick = thread.mayAward(now) && answer.author.databaseId !== thread.topic.author.databaseId;
  return (
    <article
      data-testid="answer"
      data-id={answer.databaseId}
      id={`answer-${answer.databaseId}`}
      className={`group rounded-2xl bg-white p-4 ring-1 sm:p-5 dark:bg-zinc-900 ${
        award ? 'ring-amber-300 dark:ring-amber-400/40' : 'ring-zinc-900/5 dark:ring-white/10'
      }`}
    >
      <div className="flex items-start justify-between gap-3">
        <AuthorLine author={answer.author} createdAt={answer.createdAt} />
        <div className="flex shrink-0 items-center gap-1">
          {award && thread.topic.bounty && (
            <span className="inline-flex h-6 items-center gap-1 rounded-full bg-amber-100 px-2 text-xs font-semibold text-amber-800 dark:bg-amber-400/15 dark:text-amber-300">
              <Trophy className="size-3.5" aria-label={t('page.community.answer.awarded')} />
              <BountyAmount bounty={thread.topic.bounty} value={award.value} />
            </span>
          )}
          {mayPick && (
            <label className="inline-flex h-7 cursor-pointer items-center gap-1.5 rounded-full px-2 text-xs font-medium text-amber-800 ring-1 ring-amber-200 dark:text-amber-300 dark:ring-amber-400/30">
              <input
                type="checkbox"
                checked={thread.awardPicks.has(answer.databaseId)}
                onChange={() => thread.toggleAward(answer.databaseId)}
                className="accent-amber-600"
              />
              {t('page.community.answer.pick')}
            </label>
          )}
          {thread.mayDelete(answer.author.databaseId) && (
            <ConfirmDelete
              label={t('page.community.answer.delete')}
              title={t('page.community.answer.deleteConfirm')}
              text={t('page.community.answer.deleteConfirmText')}
              confirmLabel={t('page.community.delete')}
              onConfirm={() => void thread.deleteAnswer(answer.databaseId)}
            />
          )}
        </div>
      </div>
      <RichHtml html={answer.content} className="mt-3 text-[0.9375rem]" />
      <div className="mt-3 flex flex-wrap items-center gap-1">
        <LikeButton targetType="answer" targetId={answer.databaseId} liked={answer.isLiked} count={answer.likeCount} size="sm" />
        <button type="button" className={ACTION} aria-expanded={showComments} onClick={() => setShowComments((shown) => !shown)}>
          <MessageCircle className="size-3.5" aria-hidden />
          {t('page.community.answer.comments', { count: answer.commentCount })}
        </button>
        <LocalizedLink to={answerPath(answer, thread.topic.title)} className={ACTION}>
          <Link2 className="size-3.5" aria-hidden />
          {t('page.community.answer.permalink')}
        </LocalizedLink>
      </div>
      {showComments && (
        <Comments
          targetType="answer"
          targetId={answer.databaseId}
          count={answer.commentCount}
          channel={topicChannel(thread.topic.databaseId)}
          className="mt-4 border-t border-zinc-100 pt-4 dark:border-zinc-800"
        />
      )}
    </article>
  );
});
