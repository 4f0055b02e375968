import { CornerDownRight, Reply } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { CommentNode } from '../../api/wire.gen';
import type { CommentThread } from '../../stores/CommentThread';
import { useStores } from '../../stores/StoresContext';
import { ConfirmDelete } from '../common/ConfirmDelete';
import { AuthorLine } from './AuthorLine';
import { LikeButton } from './LikeButton';
import { RichHtml } from './RichHtml';

/**
 * One comment: its author and time, its text, and what the viewer may do with it: like it, reply
 * to it, delete it (their own; an administrator any, after confirming). A reply to a reply names
 * whom it answers.
 */
export const CommentItem = observer(function CommentItem({
  comment,
  thread,
  answers,
  onReply,
}: {
  comment: CommentNode;
  thread: CommentThread;
  /** The comment this one replies to, when it is not the top-level one it is shown under. */
  answers?: CommentNode;
  onReply: (comment: CommentNode) => void;
}) {
  const { content } = useStores();
  const { t } = useTranslation();
  const mayDelete = content.mayDelete(comment.author);
  return (
    <article data-testid="comment" data-id={comment.databaseId} id={`comment-${comment.databaseId}`} className="group min-w-0 flex-1">
      <div className="flex items-start justify-between gap-2">
        <AuthorLine author={comment.author} createdAt={comment.createdAt} size="sm">
          {answers && (
            <span className="inline-flex items-center gap-1">
              <CornerDownRight className="size-3" aria-hidden />
              {t('content.comments.inReplyTo', { name: answers.author.name })}
            </span>
          )}
        </AuthorLine>
        {mayDelete && (
          <ConfirmDelete
            label={t('content.comments.delete')}
            title={t('content.comments.deleteConfirm')}
            text={t('content.comments.deleteConfirmText')}
            confirmLabel={t('content.comments.deleteAction')}
            onConfirm={() => void thread.deleteComment(comment)}
            testId="comment-delete-confirm"
          />
        )}
      </div>
      <RichHtml html={comment.content} className="mt-1.5 pl-[2.625rem] text-sm" />
      <div className="mt-1 flex items-center gap-1 pl-[2.125rem]">
        <LikeButton
          targetType="comment"
          targetId={comment.databaseId}
          liked={comment.isLiked}
          count={comment.likeCount}
          size="sm"
          onChange={(result) => thread.setLikes(comment.databaseId, result.likeCount, result.isLiked)}
        />
        <button
          type="button"
          onClick={() => onReply(comment)}
          className="inline-flex h-7 items-center gap-1 rounded-full px-2 text-xs font-medium text-zinc-600 transition hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-300 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
        >
          <Reply className="size-3.5" aria-hidden />
          {t('content.comments.reply')}
        </button>
      </div>
    </article>
  );
});
