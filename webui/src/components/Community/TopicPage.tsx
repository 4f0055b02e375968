import { Eye, MessageSquareText, TriangleAlert } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { topicChannel } from '../../api/live';
import { useLiveChannel } from '../../api/useLive';
import type { TopicView } from '../../api/wire.gen';
import { useDocumentTitle } from '../../routing/useDocumentTitle';
import type { CommunityPageContent } from '../../stores/community/pageContent';
import { TopicThread } from '../../stores/community/TopicThread';
import { useStores } from '../../stores/StoresContext';
import { localizePath, toLang } from '../../utils/links';
import { useNow } from '../../utils/useNow';
import { ConfirmDelete } from '../common/ConfirmDelete';
import { EditLink } from '../common/EditLink';
import { SmallSpinner } from '../common/SmallSpinner';
import { AuthorLine } from '../Content/AuthorLine';
import { Comments } from '../Content/Comments';
import { GateBox } from '../Content/GateBox';
import { LikeButton } from '../Content/LikeButton';
import { RichHtml } from '../Content/RichHtml';
import { SECONDARY_BUTTON } from '../Wallet/buttons';
import { AnswerComposer } from './AnswerComposer';
import { AnswerItem } from './AnswerItem';
import { BountyPanel } from './BountyPanel';
import { CommunityTrail } from './CommunityTrail';
import { nodePath } from './paths';
import { TopicBadges } from './TopicBadges';
import { VotePanel } from './VotePanel';

/** The topic page's thread, made again when the page's content is read again (an unlock, a login); live for members. */
export function useTopicThread(path: string, content: CommunityPageContent & { topic: TopicView }, withAnswers: boolean): TopicThread {
  const root = useStores();
  const thread = useMemo(() => new TopicThread(root, path, content, withAnswers), [root, path, content, withAnswers]);
  useLiveChannel(root.auth.isLoggedIn ? topicChannel(content.topic.databaseId) : null, (event) => thread.receive(event));
  return thread;
}

/**
 * A topic, as its own page shows it and an answer's page sums it up: the trail to its node, its
 * marks, title, author, content (or what stands before it: the gate), vote or bounty, like and
 * delete. `full` adds the comments under it.
 */
export const TopicBody = observer(function TopicBody({ thread, path, full }: { thread: TopicThread; path: string; full: boolean }) {
  const { pages } = useStores();
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const now = useNow();
  const deleteTopic = async () => {
    if ((await thread.deleteTopic()) && thread.node) void navigate(localizePath(nodePath(thread.node), toLang(i18n.language)));
  };
  const { topic } = thread;
  useDocumentTitle(topic.title);
  return (
    <>
      <CommunityTrail node={thread.node} />
      {thread.deleted && (
        <p role="alert" className="mb-4 flex items-center gap-2 rounded-2xl bg-red-50 p-4 text-sm text-red-700 dark:bg-red-500/10 dark:text-red-300">
          <TriangleAlert className="size-4 shrink-0" aria-hidden />
          {t('page.community.topic.deletedNotice')}
        </p>
      )}
      <article data-testid="topic" data-id={topic.databaseId} className="group">
        <TopicBadges topic={topic} now={now} className="mb-3" />
        <h1 className="break-words text-2xl font-bold tracking-tight sm:text-3xl">{topic.title}</h1>
        <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
          <AuthorLine author={topic.author} createdAt={topic.createdAt}>
            {thread.viewing > 1 && (
              <span className="inline-flex items-center gap-1" data-testid="viewing">
                <Eye className="size-3" aria-hidden />
                {t('page.community.topic.viewing', { count: thread.viewing })}
              </span>
            )}
          </AuthorLine>
          {!thread.deleted && thread.mayDelete(topic.author.databaseId) && (
            <div className="flex items-center gap-1">
              {/* The author and administrators may edit what they may delete (mutates.createTopic with its id). */}
              <EditLink target={{ kind: 'topic', id: topic.databaseId }} />
              <ConfirmDelete
                label={t('page.community.topic.delete')}
                title={t('page.community.topic.deleteConfirm')}
                text={t('page.community.topic.deleteConfirmText')}
                confirmLabel={t('page.community.delete')}
                onConfirm={() => void deleteTopic()}
              />
            </div>
          )}
        </div>
        <div className="mt-6">
          {topic.locked ? (
            <GateBox targetType="topic" targetId={topic.databaseId} gate={topic.gate} roles={topic.roles} onUnlocked={() => void pages.load(path, true)} />
          ) : (
            <RichHtml html={topic.content ?? ''} />
          )}
        </div>
        <div className="mt-6 space-y-4">
          {topic.type === 'vote' && <VotePanel thread={thread} />}
          {topic.type === 'bounty' && <BountyPanel thread={thread} />}
        </div>
        <div className="mt-6 flex items-center gap-2">
          <LikeButton targetType="topic" targetId={topic.databaseId} liked={topic.isLiked} count={topic.likeCount} />
        </div>
      </article>
      {full && !topic.locked && (
        <Comments targetType="topic" targetId={topic.databaseId} count={topic.commentCount} gated={topic.locked} channel={topicChannel(topic.databaseId)} className="mt-10" />
      )}
    </>
  );
});

/** The answers of a topic, the oldest first, "load more", and the box to answer. */
const Answers = observer(function Answers({ thread }: { thread: TopicThread }) {
  const { t } = useTranslation();
  const { answers, topic } = thread;
  return (
    <section aria-labelledby="answers-heading" className="mt-10" data-testid="answers">
      <h2 id="answers-heading" className="mb-4 flex items-center gap-2 text-lg font-semibold">
        <MessageSquareText className="size-5 text-zinc-400" aria-hidden />
        {t('page.community.topic.answerCount', { count: topic.answerCount })}
      </h2>
      {answers.items.length === 0 ? (
        <p className="mb-6 text-sm text-zinc-500 dark:text-zinc-400">{t('page.community.answer.empty')}</p>
      ) : (
        <ol className="mb-6 space-y-4">
          {answers.items.map((answer) => (
            <li key={answer.databaseId}>
              <AnswerItem answer={answer} thread={thread} />
            </li>
          ))}
        </ol>
      )}
      {answers.hasMore && (
        <div className="mb-6 flex justify-center">
          <button type="button" className={SECONDARY_BUTTON} disabled={answers.isFetching} onClick={() => void answers.loadMore()}>
            {answers.isFetching ? <SmallSpinner /> : t('page.community.answer.loadMore')}
          </button>
        </div>
      )}
      <AnswerComposer thread={thread} />
    </section>
  );
});

/** A topic's page (the single view): the topic, its comments, its answers and the box to answer. */
export const TopicPage = observer(function TopicPage({ path, content }: { path: string; content: CommunityPageContent & { topic: TopicView } }) {
  const thread = useTopicThread(path, content, true);
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-5 sm:py-8">
      <TopicBody thread={thread} path={path} full />
      {!thread.topic.locked && <Answers thread={thread} />}
    </section>
  );
});
