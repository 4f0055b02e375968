import { MessagesSquare } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { User } from '../../api/wire.gen';
import type { ChatMessage } from '../../models/ChatMessage';
import type { OutgoingMessage } from '../../stores/ChatStore';
import { useStores } from '../../stores/StoresContext';
import { CHAT_TIME_DIVIDER_GAP_MS } from '../../utils/time';
import { useNow } from '../../utils/useNow';
import { ReverseFeed } from '../common/ReverseFeed';
import { MessageItem, OutgoingItem } from './MessageItem';
import '../../stores/ChatStore'; // builds root's store on first use (stores/lazyStores.ts)

type ListItem = { kind: 'message'; key: string; message: ChatMessage; at: number } | { kind: 'outgoing'; key: string; entry: OutgoingMessage; at: number };

function listItems(messages: ChatMessage[], outbox: OutgoingMessage[]): ListItem[] {
  return [
    ...messages.map((message): ListItem => ({ kind: 'message', key: message.id, message, at: message.createdAt })),
    ...outbox.map((entry): ListItem => ({ kind: 'outgoing', key: entry.clientId, entry, at: entry.createdAt })),
  ];
}

/** The room's messages, newest at the bottom, in a virtual list. */
export const MessageList = observer(function MessageList() {
  const { chat, auth } = useStores();
  const { t } = useTranslation();
  const now = useNow();
  const items = listItems(chat.ordered, chat.outbox);
  const viewerId = chat.actor.userId;
  const viewer = auth.viewer;
  const me: User | null = viewer
    ? { name: viewer.name, gqSlug: viewer.data.gqSlug ?? '', avatar: { url: viewer.avatarUrl }, databaseId: viewer.data.databaseId }
    : null;

  if (!chat.isLoaded) {
    return (
      <div className="grid flex-1 place-items-center" role="status">
        <span className="size-6 animate-spin rounded-full border-2 border-zinc-200 border-t-brand-500 dark:border-zinc-700 dark:border-t-brand-400" />
        <span className="sr-only">{t('common.loading')}</span>
      </div>
    );
  }
  if (items.length === 0) {
    return (
      <div data-testid="chat-empty" className="flex flex-1 flex-col items-center justify-center gap-3 p-8 text-center text-sm text-zinc-500">
        <span className="grid size-12 place-items-center rounded-full bg-brand-50 text-brand-600 dark:bg-brand-500/10 dark:text-brand-400">
          <MessagesSquare className="size-6" aria-hidden />
        </span>
        {t('common.chat.empty')}
      </div>
    );
  }

  return (
    <ReverseFeed<ListItem>
      testId="chat-messages"
      items={items}
      keyOf={(item) => item.key}
      timeOf={(item) => item.at}
      dividerGapMs={CHAT_TIME_DIVIDER_GAP_MS}
      dividerTestId="chat-time-divider"
      prepended={chat.prepended}
      hasOlder={chat.hasOlder}
      onLoadOlder={() => void chat.loadOlder()}
      olderLabel={t('chat.loadingOlder')}
      beginningLabel={t('chat.beginning')}
      alwaysFollow={(last) => last.kind === 'outgoing'}
    >
      {(item) =>
        item.kind === 'message' ? <MessageItem message={item.message} now={now} own={item.message.isOwnedBy(viewerId)} /> : <OutgoingItem text={item.entry.text} user={me} />
      }
    </ReverseFeed>
  );
});
