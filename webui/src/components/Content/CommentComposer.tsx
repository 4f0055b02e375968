import { LogIn, SendHorizontal } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommentThread } from '../../stores/CommentThread';
import { useStores } from '../../stores/StoresContext';
import { LengthCounter } from '../common/Composer';
import { COMMENT_MAX_LENGTH, commentInputId, textToHtml } from './commentInput';

/** The counter shows from this share of the maximum on. */
const COUNTER_FROM = 0.9;

/**
 * The box to write a comment, or a reply to one (`replyTo`, with its author's name). The text is
 * kept when the send fails. Ctrl/⌘+Enter sends. A guest sees a button that opens the login box.
 */
export const CommentComposer = observer(function CommentComposer({
  thread,
  replyTo,
  onDone,
}: {
  thread: CommentThread;
  replyTo?: { id: string; name: string };
  /** After a reply was sent or cancelled. */
  onDone?: () => void;
}) {
  const { auth, openLogin } = useStores();
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const input = useRef<HTMLTextAreaElement>(null);
  const length = text.trim().length;
  const tooLong = length > COMMENT_MAX_LENGTH;
  const blocked = length === 0 || tooLong || thread.isSending;

  useEffect(() => {
    if (replyTo) input.current?.focus();
  }, [replyTo]);

  if (!auth.isLoggedIn) {
    return (
      <div className="flex flex-col items-start gap-3 rounded-2xl bg-zinc-50 p-4 text-sm text-zinc-600 ring-1 ring-zinc-900/5 sm:flex-row sm:items-center sm:justify-between dark:bg-zinc-900 dark:text-zinc-400 dark:ring-white/10">
        <p>{t('content.comments.loginToComment')}</p>
        <button
          type="button"
          onClick={() => openLogin()}
          className="inline-flex h-9 items-center gap-1.5 rounded-full bg-zinc-900 px-4 text-sm font-medium text-white transition hover:bg-zinc-700 dark:bg-white dark:text-zinc-900 dark:hover:bg-zinc-200"
        >
          <LogIn className="size-4" aria-hidden />
          {t('content.comments.login')}
        </button>
      </div>
    );
  }

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (blocked) return;
    if (await thread.send(textToHtml(text), replyTo?.id)) {
      setText('');
      onDone?.();
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.metaKey || event.ctrlKey) && !event.nativeEvent.isComposing) void submit();
    if (event.key === 'Escape' && replyTo) onDone?.();
  };

  const label = replyTo ? t('content.comments.replyTo', { name: replyTo.name }) : t('content.comments.placeholder');
  return (
    <form onSubmit={(event) => void submit(event)} data-testid={replyTo ? 'reply-composer' : 'comment-composer'}>
      <div
        className={`rounded-2xl bg-white ring-1 transition focus-within:ring-2 focus-within:ring-brand-500 dark:bg-zinc-900 ${
          tooLong ? 'ring-red-500' : 'ring-zinc-200 dark:ring-zinc-700'
        }`}
      >
        <textarea
          ref={input}
          id={replyTo ? undefined : commentInputId(thread.targetType, thread.targetId)}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          rows={replyTo ? 2 : 3}
          placeholder={label}
          aria-label={label}
          aria-invalid={tooLong}
          className="block w-full resize-y rounded-2xl bg-transparent px-4 py-3 text-sm outline-none placeholder:text-zinc-400"
        />
        <div className="flex items-center justify-end gap-2 px-3 pb-2.5">
          {length >= COMMENT_MAX_LENGTH * COUNTER_FROM && <LengthCounter length={length} max={COMMENT_MAX_LENGTH} />}
          {replyTo && (
            <button
              type="button"
              onClick={onDone}
              className="h-8 rounded-full px-3 text-xs font-medium text-zinc-600 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800"
            >
              {t('common.cancel')}
            </button>
          )}
          <button
            type="submit"
            disabled={blocked}
            aria-busy={thread.isSending}
            className="inline-flex h-8 items-center gap-1.5 rounded-full bg-brand-600 px-3.5 text-xs font-medium text-white transition hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-zinc-300 dark:disabled:bg-zinc-700"
          >
            <SendHorizontal className="size-3.5" aria-hidden />
            {thread.isSending ? t('content.comments.sending') : replyTo ? t('content.comments.sendReply') : t('content.comments.send')}
          </button>
        </div>
      </div>
    </form>
  );
});
