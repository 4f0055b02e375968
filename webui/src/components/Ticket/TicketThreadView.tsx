import { ArrowLeft, Loader2, Lock, Send, ShieldCheck } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TICKET_MESSAGE_MAX, memberUser, type TicketMessage } from '../../models/account';
import type { TicketThread } from '../../stores/account/TicketThread';
import { useStores } from '../../stores/StoresContext';
import { formatDateTime } from '../../utils/dates';
import { SmallSpinner } from '../common/SmallSpinner';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '../Address/styles';
import { UserAvatar } from '../User/UserAvatar';
import { AttachmentPicker } from './AttachmentPicker';
import { TicketStatusChip } from './TicketStatusChip';

/** A ticket's conversation with staff, kept live; reply and close while it is open. */
export const TicketThreadView = observer(function TicketThreadView({ thread, onBack }: { thread: TicketThread; onBack(): void }) {
  const { t } = useTranslation();
  useEffect(() => {
    void thread.load();
  }, [thread]);
  const ticket = thread.ticket;
  return (
    <div className="flex flex-col gap-4" data-testid="ticket-thread">
      <div className="flex items-start gap-2">
        <button type="button" onClick={onBack} aria-label={t('ticket.back')} className="-ml-2 rounded-full p-2 text-zinc-500 hover:bg-zinc-100 dark:hover:bg-zinc-800">
          <ArrowLeft className="size-4" aria-hidden />
        </button>
        <div className="min-w-0 flex-1">
          <h2 className="break-words text-lg font-semibold">{ticket?.subject ?? ''}</h2>
          {ticket && (
            <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-zinc-500">
              <TicketStatusChip status={ticket.status} />
              <span>{t(`ticket.categories.${ticket.category}`)}</span>
              {ticket.author && <span>· {ticket.author.name}</span>}
            </div>
          )}
        </div>
        {ticket && !thread.isClosed && (
          <button type="button" className={SECONDARY_BUTTON} disabled={thread.closing} onClick={() => void thread.close()} data-testid="ticket-close">
            <Lock className="size-4" aria-hidden />
            {t('ticket.close')}
          </button>
        )}
      </div>
      {!thread.isLoaded ? (
        thread.failed ? (
          <p className="text-sm text-zinc-500">{t('ticket.notFound')}</p>
        ) : (
          <div className="grid h-40 place-items-center">
            <SmallSpinner />
          </div>
        )
      ) : (
        <>
          <ol className="flex flex-col gap-3" aria-label={t('ticket.conversation')} data-testid="ticket-messages">
            {thread.messages.map((message) => (
              <MessageItem key={message.id} message={message} />
            ))}
          </ol>
          {thread.hasMore && (
            <button type="button" className="self-center text-sm text-brand-600 hover:underline" onClick={() => void thread.loadMore()}>
              {t('ticket.more')}
            </button>
          )}
          {thread.isClosed ? (
            <p className="rounded-xl bg-zinc-100 px-4 py-3 text-center text-sm text-zinc-500 dark:bg-zinc-800">{t('ticket.closedNote')}</p>
          ) : (
            <ReplyBox thread={thread} />
          )}
        </>
      )}
    </div>
  );
});

const MessageItem = observer(function MessageItem({ message }: { message: TicketMessage }) {
  const { auth } = useStores();
  const { t, i18n } = useTranslation();
  const mine = message.author?.id === auth.viewer?.data.databaseId;
  return (
    <li className={`flex gap-2.5 ${mine ? 'flex-row-reverse' : ''}`} data-testid="ticket-message-item" data-staff={message.staff || undefined}>
      {message.author && <UserAvatar user={memberUser(message.author)} size="sm" />}
      <div className={`flex max-w-[85%] flex-col gap-1 ${mine ? 'items-end' : 'items-start'}`}>
        <div className="flex items-center gap-1.5 text-xs text-zinc-500">
          <span className="font-medium text-zinc-700 dark:text-zinc-300">{message.author?.name}</span>
          {message.staff && (
            <span className="inline-flex items-center gap-0.5 rounded-full bg-brand-50 px-1.5 py-px text-[0.625rem] font-medium text-brand-700 dark:bg-brand-500/10 dark:text-brand-300">
              <ShieldCheck className="size-3" aria-hidden />
              {t('ticket.staff')}
            </span>
          )}
          <time dateTime={new Date(message.createdAt).toISOString()}>{formatDateTime(message.createdAt, i18n.language)}</time>
        </div>
        <div
          className={`whitespace-pre-wrap break-words rounded-2xl px-3.5 py-2 text-sm ${
            mine ? 'bg-brand-600 text-white' : message.staff ? 'bg-emerald-50 text-zinc-900 dark:bg-emerald-500/10 dark:text-zinc-100' : 'bg-zinc-100 dark:bg-zinc-800'
          }`}
        >
          {message.content}
        </div>
        {(message.attachments ?? []).length > 0 && (
          <div className="flex flex-wrap gap-1.5">
            {message.attachments.map((url) => (
              <a key={url} href={url} target="_blank" rel="noopener noreferrer">
                <img src={url} alt="" loading="lazy" className="size-20 rounded-lg object-cover ring-1 ring-zinc-900/10 dark:ring-white/10" />
              </a>
            ))}
          </div>
        )}
      </div>
    </li>
  );
});

const ReplyBox = observer(function ReplyBox({ thread }: { thread: TicketThread }) {
  const { t } = useTranslation();
  const [content, setContent] = useState('');
  const [attachments, setAttachments] = useState<string[]>([]);
  const box = useRef<HTMLTextAreaElement>(null);
  const send = async () => {
    if (await thread.reply(content, attachments)) {
      setContent('');
      setAttachments([]);
      box.current?.focus();
    }
  };
  return (
    <form
      className="flex flex-col gap-2 rounded-2xl bg-white p-3 ring-1 ring-zinc-900/5 dark:bg-zinc-900 dark:ring-white/10"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <textarea
        ref={box}
        value={content}
        rows={3}
        maxLength={TICKET_MESSAGE_MAX}
        placeholder={t('ticket.replyPlaceholder')}
        aria-label={t('ticket.reply')}
        onChange={(event) => setContent(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            void send();
          }
        }}
        className="min-h-20 w-full resize-y bg-transparent text-sm outline-none"
        data-testid="ticket-reply-input"
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <AttachmentPicker value={attachments} onChange={setAttachments} />
        <button type="submit" className={PRIMARY_BUTTON} disabled={!content.trim() || thread.sending} data-testid="ticket-reply-send">
          {thread.sending ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <Send className="size-4" aria-hidden />}
          {t('ticket.send')}
        </button>
      </div>
    </form>
  );
});
