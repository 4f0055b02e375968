import MessageSquareText from 'lucide-react/icons/message-square-text';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { TopicView } from '../../api/wire.gen';
import { abbreviate } from '../../utils/number';
import { useNow } from '../../utils/useNow';
import { LocalizedLink } from '../common/LocalizedLink';
import { AuthorLine } from '../Content/AuthorLine';
import { ContentStats } from '../Content/ContentStats';
import { topicPath } from './paths';
import { TopicBadges } from './TopicBadges';

/** A topic in a list: its marks, title (a link to its page), excerpt, author, answers, likes and comments. */
export const TopicCard = observer(function TopicCard({ topic, className = '' }: { topic: TopicView; className?: string }) {
  const { t } = useTranslation();
  const now = useNow();
  const answers = t('page.community.topic.answerCount', { count: topic.answerCount });
  return (
    <article
      data-testid="topic-card"
      data-topic-id={topic.databaseId}
      className={`rounded-2xl bg-white p-4 ring-1 ring-zinc-900/5 transition hover:ring-zinc-900/10 sm:p-5 dark:bg-zinc-900 dark:ring-white/10 dark:hover:ring-white/20 ${className}`}
    >
      <TopicBadges topic={topic} now={now} className="mb-2" />
      <h3 className="text-base font-semibold leading-snug tracking-tight sm:text-lg">
        <LocalizedLink to={topicPath(topic)} className="break-words hover:text-brand-700 dark:hover:text-brand-400">
          {topic.title}
        </LocalizedLink>
      </h3>
      {topic.excerpt && <p className="mt-1.5 line-clamp-2 break-words text-sm text-zinc-600 dark:text-zinc-400">{topic.excerpt}</p>}
      <div className="mt-3 flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <AuthorLine author={topic.author} createdAt={topic.createdAt} />
        <div className="flex items-center gap-3 text-xs tabular-nums text-zinc-500 dark:text-zinc-400">
          <span className="inline-flex items-center gap-1" title={answers} data-stat="answers">
            <MessageSquareText className="size-3.5" aria-hidden />
            <span aria-hidden>{abbreviate(topic.answerCount)}</span>
            <span className="sr-only">{answers}</span>
          </span>
          <ContentStats likes={topic.likeCount} comments={topic.commentCount} />
        </div>
      </div>
    </article>
  );
});
