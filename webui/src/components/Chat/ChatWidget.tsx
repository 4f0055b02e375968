import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../stores/StoresContext';
import { ChatInput } from './ChatInput';
import { JoinPrompt, NoAccess } from './ChatGate';
import { MessageList } from './MessageList';
import '../../stores/ChatStore'; // builds root's store on first use (stores/lazyStores.ts)

/** Presence and connection: who is here, and whether the live feed is on its way. */
const RoomStatus = observer(function RoomStatus() {
  const { chat, realtime } = useStores();
  const { t } = useTranslation();
  let note: string | null = null;
  if (realtime.status === 'waiting') note = t('chat.status.waiting');
  else if (realtime.status === 'connecting' || realtime.status === 'authenticating') note = t('chat.status.connecting');
  else if (chat.joinState === 'joining') note = t('chat.joining');
  const live = chat.joinState === 'joined';
  return (
    <div className="flex h-9 shrink-0 items-center gap-2 border-b border-zinc-100 px-4 text-xs text-zinc-500 dark:border-zinc-800 dark:text-zinc-400">
      <span className={`size-2 rounded-full ${live ? 'bg-emerald-500 shadow-[0_0_0_3px] shadow-emerald-500/20' : 'bg-zinc-300 dark:bg-zinc-600'}`} aria-hidden />
      {live && <span data-testid="chat-online">{t('chat.online', { count: chat.online })}</span>}
      {note && <span role="status">{note}</span>}
      {chat.joinState === 'idle' && (
        <button type="button" onClick={() => chat.join()} className="ml-auto font-medium text-brand-700 hover:underline dark:text-brand-400">
          {t('chat.join')}
        </button>
      )}
    </div>
  );
});

/** The chat widget (SPEC §2): message list, join prompt or 'no access', input. It joins the room while shown. */
export const ChatWidget = observer(function ChatWidget({ className = '' }: { className?: string }) {
  const { chat } = useStores();
  useEffect(() => {
    void chat.open();
    return () => chat.close();
  }, [chat]);

  return (
    <section data-testid="chat-widget" className={`flex h-full min-h-0 flex-col bg-zinc-50/60 dark:bg-zinc-950/40 ${className}`}>
      {chat.access === 'allowed' && <RoomStatus />}
      <MessageList />
      {chat.access === 'guest' && <JoinPrompt />}
      {chat.access === 'denied' && <NoAccess />}
      {chat.access === 'allowed' && <ChatInput />}
    </section>
  );
});
