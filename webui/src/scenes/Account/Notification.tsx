import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { MarkAllRead, NotificationList } from '../../components/Notifications/NotificationList';
import { useStores } from '../../stores/StoresContext';

/** /account/notification: every notification of the viewer, oldest to newest, live (SPEC §2). */
export const NotificationPage = observer(function NotificationPage() {
  const { inbox } = useStores();
  const { t } = useTranslation();
  const unread = inbox.unreadNotifications;
  return (
    <div
      data-testid="notification-page"
      className="flex h-[min(72dvh,44rem)] min-h-80 flex-col overflow-hidden rounded-3xl bg-zinc-50/60 ring-1 ring-zinc-900/5 dark:bg-zinc-900/60 dark:ring-white/10"
    >
      <div className="flex shrink-0 items-center justify-between gap-3 border-b border-zinc-100 bg-white px-4 py-3 dark:border-zinc-800 dark:bg-zinc-900">
        <p className="text-sm text-zinc-600 dark:text-zinc-300" data-testid="notification-page-unread">
          {unread > 0 ? t('notification.unreadCount', { count: unread }) : t('notification.allRead')}
        </p>
        <MarkAllRead />
      </div>
      <NotificationList />
    </div>
  );
});
