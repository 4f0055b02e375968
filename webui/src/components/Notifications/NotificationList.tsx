import { Bell, CheckCheck } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Notification } from '../../models/Notification';
import { useStores } from '../../stores/StoresContext';
import { NOTIFICATION_TIME_DIVIDER_GAP_MS } from '../../utils/time';
import { useNow } from '../../utils/useNow';
import { SmallSpinner } from '../common/SmallSpinner';
import { ReverseFeed } from '../common/ReverseFeed';
import { NotificationItem } from './NotificationItem';

/** "Mark all read", shown while anything is unread. */
export const MarkAllRead = observer(function MarkAllRead() {
  const { notifications } = useStores();
  const { t } = useTranslation();
  if (!notifications.hasUnread) return null;
  return (
    <button
      type="button"
      onClick={() => void notifications.markAllRead()}
      className="inline-flex items-center gap-1.5 rounded-full px-3 py-1.5 text-xs font-medium text-brand-700 ring-1 ring-brand-600/20 transition hover:bg-brand-50 dark:text-brand-400 dark:ring-brand-400/30 dark:hover:bg-brand-500/10"
    >
      <CheckCheck className="size-3.5" aria-hidden />
      {t('notification.markAllRead')}
    </button>
  );
});

/**
 * The viewer's notifications, oldest to newest with the newest at the bottom, older pages as the
 * list is scrolled to the top, and live arrivals appended (the list follows them when at the bottom).
 */
export const NotificationList = observer(function NotificationList({ onNavigate }: { onNavigate?: () => void }) {
  const { notifications } = useStores();
  const { t } = useTranslation();
  const now = useNow();
  const loaded = notifications.isLoaded;
  useEffect(() => {
    if (!loaded) void notifications.loadLatest();
  }, [notifications, loaded]);
  const items = notifications.ordered;

  if (!loaded && items.length === 0) {
    return <div className="grid flex-1 place-items-center p-8">{notifications.isFetching && <SmallSpinner />}</div>;
  }
  if (items.length === 0) {
    return (
      <div data-testid="notifications-empty" className="flex flex-1 flex-col items-center justify-center gap-3 p-8 text-center text-sm text-zinc-500 dark:text-zinc-400">
        <span className="grid size-12 place-items-center rounded-full bg-zinc-100 text-zinc-500 dark:bg-zinc-800 dark:text-zinc-400">
          <Bell className="size-6" aria-hidden />
        </span>
        {t('page.account.notification.empty')}
      </div>
    );
  }
  return (
    <ReverseFeed<Notification>
      testId="notification-list"
      items={items}
      keyOf={(notification) => notification.id}
      timeOf={(notification) => notification.createdAt}
      dividerGapMs={NOTIFICATION_TIME_DIVIDER_GAP_MS}
      prepended={notifications.prepended}
      hasOlder={notifications.hasOlder}
      onLoadOlder={() => void notifications.loadOlder()}
      olderLabel={t('notification.loadingOlder')}
      beginningLabel={t('notification.beginning')}
    >
      {(notification) => <NotificationItem notification={notification} now={now} onNavigate={onNavigate} />}
    </ReverseFeed>
  );
});
