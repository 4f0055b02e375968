import { ArrowLeft } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Virtuoso } from 'react-virtuoso';
import type { Conversation } from '../../models/Conversation';
import type { PrivateMessage } from '../../models/PrivateMessage';
import { useStores } from '../../stores/StoresContext';
import { profilePath } from '../../utils/links';
import { NOTIFICATION_TIME_DIVIDER_GAP_MS, shouldShowTimeDivider } from '../../utils/time';
import { useNow } from '../../utils/useNow';
import { LocalizedLink } from '../common/LocalizedLink';
import { SmallSpinner } from '../common/SmallSpinner';
import { TimeDivider } from '../common/TimeDivider';
import { UserAvatar } from '../User/UserAvatar';
import { MessageBubble } from './MessageBubble';
import { MessageComposer } from './MessageComposer';

/** Load older messages within 50 px of the top; follow new ones within 10 px of the bottom (as the chat, SPEC §9). */
const LOAD_MORE_THRESHOLD_PX = 50;
const AUTO_SCROLL_TOLERANCE_PX = 10;
/** Virtuoso's index of the first page; older pages take the indexes below it, so the view stays put. */
const FIRST_ITEM_INDEX = 1_000_000;

interface ThreadItem {
  message: PrivateMessage;
  divider: boolean;
}

function threadItems(messages: PrivateMessage[]): ThreadItem[] {
  let previous: number | undefined;
  return messages.map((message) => {
    const divider = shouldShowTimeDivider(previous, message.createdAt, NOTIFICATION_TIME_DIVIDER_GAP_MS);
    previous = message.createdAt;
    return { message, divider };
  });
}

/** One conversation: who it is with, its messages (newest at the bottom, older pages at the top) and the message box. */
export const ConversationView = observer(function ConversationView({ conversation }: { conversation: Conversation }) {
  const { messages, ui } = useStores();
  const { t } = useTranslation();
  const user = conversation.user;
  return (
    <section data-testid="message-conversation" aria-label={t('message.with', { name: user.name })} className="flex min-h-0 min-w-0 flex-1 flex-col bg-zinc-50/60 dark:bg-zinc-950/40">
      <header className="flex h-14 shrink-0 items-center gap-3 border-b border-zinc-100 bg-white px-3 dark:border-zinc-800 dark:bg-zinc-900">
        {ui.isMobile && (
          <button
            type="button"
            onClick={() => messages.closeConversation()}
            aria-label={t('message.back')}
            className="-ml-1 rounded-full p-2 text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
          >
            <ArrowLeft className="size-4" aria-hidden />
          </button>
        )}
        <LocalizedLink to={profilePath(user)} onClick={() => messages.closeBox()} className="flex min-w-0 items-center gap-2.5 hover:underline">
          <UserAvatar user={user} size="sm" />
          <span className="truncate text-sm font-semibold">{user.name}</span>
        </LocalizedLink>
      </header>
      <Thread conversation={conversation} />
      <MessageComposer />
    </section>
  );
});

const Thread = observer(function Thread({ conversation }: { conversation: Conversation }) {
  const { messages } = useStores();
  const { t, i18n } = useTranslation();
  const now = useNow();
  const items = threadItems(messages.thread(conversation.peerId));
  const viewerId = messages.viewerId;

  if (!conversation.isLoaded && items.length === 0) {
    return <div className="grid flex-1 place-items-center">{conversation.isFetching && <SmallSpinner />}</div>;
  }
  if (items.length === 0) {
    return (
      <div data-testid="message-empty" className="flex flex-1 items-center justify-center p-8 text-center text-sm text-zinc-500 dark:text-zinc-400">
        {t('message.emptyConversation', { name: conversation.user.name })}
      </div>
    );
  }
  return (
    <Virtuoso<ThreadItem>
      data-testid="message-thread"
      className="min-h-0 flex-1 overscroll-contain"
      style={{ height: '100%' }}
      data={items}
      firstItemIndex={FIRST_ITEM_INDEX - conversation.prepended}
      initialTopMostItemIndex={{ index: 'LAST', align: 'end' }}
      alignToBottom
      computeItemKey={(_, item) => item.message.id}
      atTopThreshold={LOAD_MORE_THRESHOLD_PX}
      atTopStateChange={(atTop) => {
        if (atTop) void messages.loadOlder();
      }}
      atBottomThreshold={AUTO_SCROLL_TOLERANCE_PX}
      followOutput={(atBottom) => (atBottom || items[items.length - 1]?.message.isFrom(viewerId) ? 'smooth' : false)}
      components={{
        Header: () => (
          <div className="py-3 text-center text-xs text-zinc-400">{conversation.hasOlder ? t('message.loadingOlder') : t('message.beginning')}</div>
        ),
        Footer: () => <div className="h-3" />,
      }}
      itemContent={(_, item) => (
        <>
          {item.divider && <TimeDivider at={item.message.createdAt} lang={i18n.language} />}
          <MessageBubble message={item.message} own={item.message.isFrom(viewerId)} now={now} />
        </>
      )}
    />
  );
});
