import { ArrowLeft } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { Conversation } from '../../models/Conversation';
import type { PrivateMessage } from '../../models/PrivateMessage';
import { useStores } from '../../stores/StoresContext';
import { profilePath } from '../../utils/links';
import { NOTIFICATION_TIME_DIVIDER_GAP_MS } from '../../utils/time';
import { useNow } from '../../utils/useNow';
import { LocalizedLink } from '../common/LocalizedLink';
import { SmallSpinner } from '../common/SmallSpinner';
import { ReverseFeed } from '../common/ReverseFeed';
import { UserAvatar } from '../User/UserAvatar';
import { MessageBubble } from './MessageBubble';
import { MessageComposer } from './MessageComposer';
import '../../stores/MessagesStore'; // builds root's store on first use (stores/lazyStores.ts)

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
  const { t } = useTranslation();
  const now = useNow();
  const items = messages.thread(conversation.peerId);
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
    <ReverseFeed<PrivateMessage>
      testId="message-thread"
      items={items}
      keyOf={(message) => message.id}
      timeOf={(message) => message.createdAt}
      dividerGapMs={NOTIFICATION_TIME_DIVIDER_GAP_MS}
      prepended={conversation.prepended}
      hasOlder={conversation.hasOlder}
      onLoadOlder={() => void messages.loadOlder()}
      olderLabel={t('message.loadingOlder')}
      beginningLabel={t('message.beginning')}
      alwaysFollow={(last) => last.isFrom(viewerId)}
    >
      {(message) => <MessageBubble message={message} own={message.isFrom(viewerId)} now={now} />}
    </ReverseFeed>
  );
});
