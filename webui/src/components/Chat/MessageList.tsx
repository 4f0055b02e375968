import { MessagesSquare } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Virtuoso } from 'react-virtuoso';
import type { RealtimeUser } from '../../api/socket';
import type { ChatMessage } from '../../models/ChatMessage';
import type { OutgoingMessage } from '../../stores/ChatStore';
import { useStores } from '../../stores/StoresContext';
import { CHAT_TIME_DIVIDER_GAP_MS, shouldShowTimeDivider } from '../../utils/time';
import { useNow } from '../../utils/useNow';
import { MessageItem, OutgoingItem, TimeDivider } from './MessageItem';

/** SPEC §9: load older messages within 50 px of the top; follow new ones only within 10 px of the bottom. */
export const LOAD_MORE_THRESHOLD_PX = 50;
export const AUTO_SCROLL_TOLERANCE_PX = 10;
/** Virtuoso's index of the first page; older pages take the indexes below it, so the view stays put. */
const FIRST_ITEM_INDEX = 1_000_000;

type ListItem =
  | { kind: 'message'; key: string; message: ChatMessage; divider: boolean }
  | { kind: 'outgoing'; key: string; entry: OutgoingMessage; divider: boolean };

function listItems(messages: ChatMessage[], outbox: OutgoingMessage[]): ListItem[] {
  const items: ListItem[] = [];
  let previous: number | undefined;
  for (const message of messages) {
    items.push({ kind: 'message', key: message.id, message, divider: shouldShowTimeDivider(previous, message.createdAt, CHAT_TIME_DIVIDER_GAP_MS) });
    previous = message.createdAt;
  }
  for (const entry of outbox) {
    items.push({ kind: 'outgoing', key: entry.clientId, entry, divider: shouldShowTimeDivider(previous, entry.createdAt, CHAT_TIME_DIVIDER_GAP_MS) });
    previous = entry.createdAt;
  }
  return items;
}

/** The room's messages, newest at the bottom, in a virtual list. */
export const MessageList = observer(function MessageList() {
  const { chat, auth } = useStores();
  const { t, i18n } = useTranslation();
  const now = useNow();
  const items = listItems(chat.ordered, chat.outbox);
  const viewerId = chat.actor.userId;
  const viewer = auth.viewer;
  const me: RealtimeUser | null = viewer
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
    <Virtuoso<ListItem>
      data-testid="chat-messages"
      className="min-h-0 flex-1 overscroll-contain"
      style={{ height: '100%' }}
      data={items}
      firstItemIndex={FIRST_ITEM_INDEX - chat.prepended}
      initialTopMostItemIndex={{ index: 'LAST', align: 'end' }}
      alignToBottom
      computeItemKey={(_, item) => item.key}
      atTopThreshold={LOAD_MORE_THRESHOLD_PX}
      atTopStateChange={(atTop) => {
        if (atTop) void chat.loadOlder();
      }}
      atBottomThreshold={AUTO_SCROLL_TOLERANCE_PX}
      followOutput={(atBottom) => {
        const last = items[items.length - 1];
        return atBottom || last?.kind === 'outgoing' ? 'smooth' : false;
      }}
      components={{
        Header: () => (
          <div className="py-3 text-center text-xs text-zinc-400">
            {chat.hasOlder ? t('chat.loadingOlder') : t('chat.beginning')}
          </div>
        ),
        Footer: () => <div className="h-3" />,
      }}
      itemContent={(_, item) => (
        <>
          {item.divider && <TimeDivider at={item.kind === 'message' ? item.message.createdAt : item.entry.createdAt} lang={i18n.language} />}
          {item.kind === 'message' ? (
            <MessageItem message={item.message} now={now} own={item.message.isOwnedBy(viewerId)} />
          ) : (
            <OutgoingItem text={item.entry.text} user={me} />
          )}
        </>
      )}
    />
  );
});
