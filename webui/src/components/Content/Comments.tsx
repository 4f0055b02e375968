import { Lock, MessageSquare } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveChannel } from '../../api/useLive';
import type { CommentNode } from '../../api/wire.gen';
import type { CommentTarget } from '../../stores/CommentThread';
import { useStores } from '../../stores/StoresContext';
import { SmallSpinner } from '../common/SmallSpinner';
import { CommentComposer } from './CommentComposer';
import { CommentItem } from './CommentItem';
import { handleLiveEvent } from './liveEvents';
import { LoadMoreButton } from './LoadMoreButton';

/**
 * The comments of an article, a topic or an answer: the count, the box to write one, the comments
 * the oldest first with their replies under them (one level), "load more", and each comment's
 * like, reply and delete. With `channel` (the page's live channel) comments others write appear
 * as they are written. While the target is gated the comments stay hidden; writing one opens a
 * comment gate.
 */
export const Comments = observer(function Comments({
  targetType,
  targetId,
  count,
  channel,
  gated = false,
  className = '',
}: {
  targetType: CommentTarget;
  targetId: string;
  /** The count known before the comments are read (the target's commentCount). */
  count?: number;
  channel?: string;
  /** The target is gated for the viewer: its comments are not read until it opens (the server would refuse them). */
  gated?: boolean;
  className?: string;
}) {
  const { content, auth } = useStores();
  const { t } = useTranslation();
  const thread = content.thread(targetType, targetId);
  const [replyingTo, setReplyingTo] = useState<CommentNode | null>(null);

  useEffect(() => {
    if (!gated && thread.status === 'idle') void thread.load();
  }, [thread, thread.status, gated]);

  useLiveChannel(auth.isLoggedIn && channel ? channel : null, (event) =>
    handleLiveEvent(event, {
      comment_created: (data) => {
        if (data.targetType === targetType && data.targetId === targetId) thread.receiveLive(data.comment, data.commentCount);
      },
      like_count: (data) => {
        if (data.targetType === 'comment') thread.setLikes(data.targetId, data.likeCount);
      },
      deleted: (data) => {
        if (data.targetType === 'comment') thread.drop(data.id);
      },
    }),
  );

  const reply = (comment: CommentNode) => {
    if (auth.requireLogin()) setReplyingTo(comment);
  };
  const shownCount = thread.count ?? count ?? 0;
  const headingId = `comments-${targetType}-${targetId}`;

  return (
    <section aria-labelledby={headingId} data-testid="comments" className={className}>
      <h2 id={headingId} className="mb-4 flex items-center gap-2 text-lg font-semibold">
        <MessageSquare className="size-5 text-zinc-400" aria-hidden />
        {t('content.comments.title', { count: shownCount })}
      </h2>
      <CommentComposer thread={thread} />
      {thread.status === 'loading' && (
        <div className="grid place-items-center py-8">
          <SmallSpinner />
        </div>
      )}
      {(gated || thread.status === 'gated') && (
        <p className="mt-4 flex items-center gap-2 text-sm text-zinc-500 dark:text-zinc-400">
          <Lock className="size-4" aria-hidden />
          {t('content.comments.gated')}
        </p>
      )}
      {thread.status === 'error' && (
        <p className="mt-4 text-sm text-zinc-500 dark:text-zinc-400">
          {t('content.comments.loadFailed')}{' '}
          <button type="button" onClick={() => void thread.load()} className="font-medium text-brand-700 hover:underline dark:text-brand-400">
            {t('common.retry')}
          </button>
        </p>
      )}
      {thread.status === 'ready' && thread.items.length === 0 && (
        <p className="mt-4 text-sm text-zinc-500 dark:text-zinc-400">{t('content.comments.empty')}</p>
      )}
      {thread.groups.length > 0 && (
        <ol className="mt-5 space-y-5">
          {thread.groups.map(({ comment, replies }) => (
            <li key={comment.databaseId}>
              <CommentItem comment={comment} thread={thread} onReply={reply} />
              {replies.length > 0 && (
                <ol className="ml-5 mt-3 space-y-3 border-l-2 border-zinc-100 pl-4 sm:ml-10 dark:border-zinc-800" aria-label={t('content.comments.replies')}>
                  {replies.map((item) => (
                    <li key={item.databaseId}>
                      <CommentItem
                        comment={item}
                        thread={thread}
                        answers={item.replyTo && item.replyTo !== comment.databaseId ? thread.get(item.replyTo) : undefined}
                        onReply={reply}
                      />
                    </li>
                  ))}
                </ol>
              )}
              {replyingTo && [comment, ...replies].some((item) => item.databaseId === replyingTo.databaseId) && (
                <div className="ml-5 mt-3 sm:ml-10">
                  <CommentComposer thread={thread} replyTo={{ id: replyingTo.databaseId, name: replyingTo.author.name }} onDone={() => setReplyingTo(null)} />
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
      {thread.status === 'ready' && thread.hasMore && (
        <LoadMoreButton label={t('content.comments.loadMore')} busy={thread.isFetching} onClick={() => void thread.loadMore()} />
      )}
    </section>
  );
});
