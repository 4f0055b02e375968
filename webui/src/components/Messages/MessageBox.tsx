import { MessagesSquare } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../stores/StoresContext';
import { Sheet } from '../Overlay/Sheet';
import { ConversationLists } from './ConversationLists';
import { ConversationView } from './ConversationView';
import { LockOverlay } from './LockOverlay';
import '../../stores/MessagesStore'; // builds root's store on first use (stores/lazyStores.ts)

/**
 * The private-message box (SPEC §2): the recents and followings lists beside the open conversation
 * on wider screens, one or the other full screen on phones. Without directMessages a lock overlay
 * covers it (SPEC §6).
 */
export const MessageBox = observer(function MessageBox() {
  const { ui, messages } = useStores();
  const { t } = useTranslation();
  const mobile = ui.isMobile;
  const conversation = messages.active;
  const locked = !messages.canMessage;
  return (
    <Sheet
      open={messages.isOpen}
      onOpenChange={(open) => (open ? ui.open('messages') : messages.closeBox())}
      title={t('message.title')}
      description={t('message.description')}
      side={mobile ? 'right' : 'center'}
      className={mobile ? 'max-sm:w-screen' : 'sm:h-[min(84dvh,42rem)] sm:w-[min(94vw,54rem)]'}
    >
      <div data-testid="message-box" className="relative flex h-full min-h-0">
        <div className="flex min-h-0 flex-1" inert={locked}>
          {(!mobile || !conversation) && (
            <ConversationLists className={mobile ? 'w-full' : 'w-72 shrink-0 border-r border-zinc-100 dark:border-zinc-800'} />
          )}
          {(!mobile || conversation) &&
            (conversation ? <ConversationView key={conversation.peerId} conversation={conversation} /> : <NoConversation />)}
        </div>
        {locked && <LockOverlay />}
      </div>
    </Sheet>
  );
});

function NoConversation() {
  const { t } = useTranslation();
  return (
    <div className="hidden flex-1 flex-col items-center justify-center gap-3 bg-zinc-50/60 p-8 text-center text-sm text-zinc-500 sm:flex dark:bg-zinc-950/40 dark:text-zinc-400">
      <span className="grid size-12 place-items-center rounded-full bg-brand-50 text-brand-600 dark:bg-brand-500/10 dark:text-brand-400">
        <MessagesSquare className="size-6" aria-hidden />
      </span>
      <p className="max-w-60">{t('message.pick')}</p>
    </div>
  );
}
