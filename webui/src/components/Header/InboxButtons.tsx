import Bell from 'lucide-react/icons/bell';
import MessageCircle from 'lucide-react/icons/message-circle';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../stores/StoresContext';
import { CountBadge } from '../common/CountBadge';
import { HeaderButton } from './HeaderButton';

const BADGE = 'pointer-events-none absolute -right-0.5 -top-0.5 ring-2 ring-white dark:ring-zinc-950';

/** The header's private messages and notifications, each with its live unread count; members only. */
export const InboxButtons = observer(function InboxButtons() {
  const { auth, inbox, ui } = useStores();
  const { t } = useTranslation();
  if (!auth.isLoggedIn) return null;
  const unreadMessages = inbox.unreadMessages;
  const unreadNotifications = inbox.unreadNotifications;
  return (
    <>
      <HeaderButton
        label={unreadMessages > 0 ? t('message.titleUnread', { count: unreadMessages }) : t('message.title')}
        // The box's chunk brings the messages store (see stores/lazyStores.ts).
        onClick={() => ui.open('messages')}
        data-testid="header-messages"
        className="relative"
      >
        <MessageCircle className="size-[1.15rem]" aria-hidden />
        <CountBadge value={unreadMessages} className={BADGE} />
      </HeaderButton>
      <HeaderButton
        label={unreadNotifications > 0 ? t('notification.titleUnread', { count: unreadNotifications }) : t('notification.title')}
        onClick={() => ui.open('notifications')}
        data-testid="header-notifications"
        className="relative"
      >
        <Bell className="size-[1.15rem]" aria-hidden />
        <CountBadge value={unreadNotifications} className={BADGE} />
      </HeaderButton>
    </>
  );
});
