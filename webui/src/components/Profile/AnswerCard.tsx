import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { AuthoredAnswerView } from '../../api/wire.gen';
import { htmlText } from '../../stores/DraftsStore';
import { useNow } from '../../utils/useNow';
import { relativeTime } from '../../utils/time';
import { LocalizedLink } from '../common/LocalizedLink';
import { answerPath, topicPath } from '../Community/paths';
import { ContentStats } from '../Content/ContentStats';

/**
 * One of a member's answers: the topic it answers (a link to the topic), the answer's text (a link
 * to the answer's page), or a lock while the topic's gate keeps the viewer out, and its counts.
 */
export function AnswerCard({ answer }: { answer: AuthoredAnswerView }) {
  const { t } = useTranslation();
  const now = useNow();
  const topic = { databaseId: answer.topic.databaseId, title: answer.topic.title };
  const text = htmlText(answer.content);
  return (
    <article
      data-testid="answer-card"
      data-id={answer.databaseId}
      className="rounded-2xl bg-white p-4 ring-1 ring-zinc-900/5 sm:p-5 dark:bg-zinc-900 dark:ring-white/10"
    >
      <p className="text-xs text-zinc-500 dark:text-zinc-400">
        {t('page.profile.answered')}{' '}
        <LocalizedLink to={topicPath(topic)} className="font-medium text-zinc-800 hover:text-brand-700 dark:text-zinc-200 dark:hover:text-brand-400">
          {answer.topic.title || t('page.profile.deletedTopic')}
        </LocalizedLink>
      </p>
      {answer.locked ? (
        <p className="mt-2 flex items-center gap-1.5 text-sm text-zinc-500 dark:text-zinc-400">
          <Lock className="size-4" aria-hidden />
          {t('page.profile.lockedAnswer')}
        </p>
      ) : (
        <LocalizedLink to={answerPath(answer, answer.topic.title)} className="mt-2 block line-clamp-3 break-words text-sm text-zinc-700 hover:text-zinc-900 dark:text-zinc-300 dark:hover:text-white">
          {text}
        </LocalizedLink>
      )}
      <div className="mt-3 flex items-center justify-between gap-3 text-xs text-zinc-500 dark:text-zinc-400">
        <time dateTime={new Date(answer.createdAt).toISOString()}>{relativeTime(answer.createdAt, now, t)}</time>
        <ContentStats likes={answer.likeCount} comments={answer.commentCount} />
      </div>
    </article>
  );
}
