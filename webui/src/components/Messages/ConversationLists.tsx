import { MessageCircle, Users } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Virtuoso } from 'react-virtuoso';
import type { Summary } from '../../api/wire.gen';
import type { Conversation } from '../../models/Conversation';
import type { MessageBoxTab } from '../../stores/MessagesStore';
import { useStores } from '../../stores/StoresContext';
import type { FollowedUser } from '../../stores/FollowsStore';
import { relativeTime } from '../../utils/time';
import { useNow } from '../../utils/useNow';
import { CountBadge } from '../common/CountBadge';
import { SmallSpinner } from '../common/SmallSpinner';
import { UserAvatar } from '../User/UserAvatar';
import '../../stores/ConversationsStore'; // builds root's store on first use (stores/lazyStores.ts)
import '../../stores/MessagesStore'; // builds root's store on first use (stores/lazyStores.ts)

const TABS: MessageBoxTab[] = ['recents', 'followings'];

/** The recents and followings lists of the private-message box, as two tabs. */
export const ConversationLists = observer(function ConversationLists({ className = '' }: { className?: string }) {
  const { messages, inbox } = useStores();
  const { t } = useTranslation();
  return (
    <div className={`flex min-h-0 flex-col ${className}`}>
      <div role="tablist" aria-label={t('message.lists')} className="flex shrink-0 gap-1 border-b border-zinc-100 p-2 dark:border-zinc-800">
        {TABS.map((tab) => (
          <button
            key={tab}
            type="button"
            role="tab"
            aria-selected={messages.tab === tab}
            onClick={() => messages.setTab(tab)}
            className={`inline-flex flex-1 items-center justify-center gap-1.5 rounded-lg px-3 py-1.5 text-sm font-medium transition ${
              messages.tab === tab
                ? 'bg-zinc-900 text-white dark:bg-white dark:text-zinc-900'
                : 'text-zinc-600 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800'
            }`}
          >
            {tab === 'recents' ? <MessageCircle className="size-4" aria-hidden /> : <Users className="size-4" aria-hidden />}
            {t(`message.tabs.${tab}`)}
            {tab === 'recents' && <CountBadge value={inbox.unreadMessages} />}
          </button>
        ))}
      </div>
      {messages.tab === 'recents' ? <RecentsList /> : <FollowingsList />}
    </div>
  );
});

function ListMessage({ children }: { children: React.ReactNode }) {
  return <div className="flex flex-1 items-center justify-center p-8 text-center text-sm text-zinc-500 dark:text-zinc-400">{children}</div>;
}

/** The viewer's conversations, the most recent first, 20 a page as the list is scrolled. */
export const RecentsList = observer(function RecentsList() {
  const { conversations } = useStores();
  const { t } = useTranslation();
  const loaded = conversations.isLoaded;
  useEffect(() => {
    if (!loaded) void conversations.loadLatest();
  }, [conversations, loaded]);
  const recents = conversations.recents;
  if (!loaded && recents.length === 0) return <ListMessage>{conversations.isFetching ? <SmallSpinner /> : null}</ListMessage>;
  if (recents.length === 0) return <ListMessage>{t('message.emptyRecents')}</ListMessage>;
  return (
    <Virtuoso<Conversation>
      data-testid="message-recents"
      className="min-h-0 flex-1"
      style={{ height: '100%' }}
      data={recents}
      computeItemKey={(_, conversation) => conversation.peerId}
      endReached={() => void conversations.loadOlder()}
      itemContent={(_, conversation) => <RecentItem conversation={conversation} />}
      components={{ Footer: () => (conversations.hasOlder ? <div className="py-3 text-center text-xs text-zinc-400">{t('common.loading')}</div> : null) }}
    />
  );
});

const RecentItem = observer(function RecentItem({ conversation }: { conversation: Conversation }) {
  const { messages } = useStores();
  const { t } = useTranslation();
  const now = useNow();
  const last = conversation.lastMessage;
  const active = messages.activePeerId === conversation.peerId;
  const mine = last?.isFrom(messages.viewerId) ?? false;
  return (
    <button
      type="button"
      data-testid="message-recent"
      data-peer={conversation.peerId}
      aria-current={active || undefined}
      onClick={() => void messages.openConversation(conversation.user)}
      className={`flex w-full items-center gap-3 px-3 py-2.5 text-left transition ${
        active ? 'bg-brand-50 dark:bg-brand-500/10' : 'hover:bg-zinc-50 dark:hover:bg-zinc-800/60'
      }`}
    >
      <UserAvatar user={conversation.user} />
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline gap-2">
          <span className={`min-w-0 flex-1 truncate text-sm ${conversation.unread > 0 ? 'font-semibold' : 'font-medium'}`}>{conversation.user.name}</span>
          {last && <time className="shrink-0 text-[11px] text-zinc-400">{relativeTime(last.createdAt, now, t)}</time>}
        </span>
        <span className="mt-0.5 flex items-center gap-2">
          <span className={`min-w-0 flex-1 truncate text-xs ${conversation.unread > 0 ? 'text-zinc-800 dark:text-zinc-200' : 'text-zinc-500 dark:text-zinc-400'}`}>
            {mine && `${t('message.you')}: `}
            {last && (last.content ? last.content.replace(/\s+/g, ' ') : last.image && `[${t('message.image')}]`)}
          </span>
          <CountBadge value={conversation.unread} label={t('message.unread', { count: conversation.unread })} />
        </span>
      </span>
    </button>
  );
});

/** The members the viewer follows, 12 a page as the list is scrolled; a click opens the conversation. */
export const FollowingsList = observer(function FollowingsList() {
  const { follows, messages } = useStores();
  const { t } = useTranslation();
  const loaded = follows.isLoaded;
  useEffect(() => {
    if (!loaded) void follows.loadLatest();
  }, [follows, loaded]);
  if (!loaded) return <ListMessage>{follows.isFetching ? <SmallSpinner /> : null}</ListMessage>;
  if (follows.followings.length === 0) return <ListMessage>{t('message.emptyFollowings')}</ListMessage>;
  return (
    <Virtuoso<FollowedUser>
      data-testid="message-followings"
      className="min-h-0 flex-1"
      style={{ height: '100%' }}
      data={follows.followings}
      computeItemKey={(_, user) => user.databaseId}
      endReached={() => void follows.loadOlder()}
      itemContent={(_, user) => <FollowingItem user={user} onOpen={(u) => void messages.openConversation(u)} />}
      components={{ Footer: () => (follows.hasOlder ? <div className="py-3 text-center text-xs text-zinc-400">{t('common.loading')}</div> : null) }}
    />
  );
});

function FollowingItem({ user, onOpen }: { user: FollowedUser; onOpen: (user: Summary) => void }) {
  return (
    <button
      type="button"
      data-testid="message-following"
      onClick={() => onOpen(user)}
      className="flex w-full items-center gap-3 px-3 py-2.5 text-left transition hover:bg-zinc-50 dark:hover:bg-zinc-800/60"
    >
      <UserAvatar user={user} />
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-medium">{user.name}</span>
        {user.description && <span className="block truncate text-xs text-zinc-500 dark:text-zinc-400">{user.description}</span>}
      </span>
    </button>
  );
}
