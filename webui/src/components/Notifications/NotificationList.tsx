import { Bell, CheckCheck } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Virtuoso } from 'react-virtuoso';
import type { Notification } from '../../models/Notification';
import { useStores } from '../../stores/StoresContext';
import { NOTIFICATION_TIME_DIVIDER_GAP_MS, shouldShowTimeDivider } from '../../utils/time';
import { useNow } from '../../utils/useNow';
import { SmallSpinner } from '../common/SmallSpinner';
import { TimeDivider } from '../common/TimeDivider';
import { NotificationItem } from './NotificationItem';

/** Load older notifications within 50 px of the top; follow new ones within 10 px of the bottom. */
const LOAD_MORE_THRESHOLD_PX = 50;
const AUTO_SCROLL_TOLERANCE_PX = 10;
/** Virtuoso's index of the first page; older pages take the indexes below it, so the view stays put. */
const FIRST_ITEM_INDEX = 1_000_000;

interface ListItem {
  notification: Notification;
  divider: boolean;
}

/** The list's entries with a time divider before the first and wherever two are over ten minutes apart (SPEC §9). */
export function notificationItems(notifications: Notification[]): ListItem[] {
  let previous: number | undefined;
  return notifications.map((notification) => {
    const divider = shouldShowTimeDivider(previous, notification.createdAt, NOTIFICATION_TIME_DIVIDER_GAP_MS);
    previous = notification.createdAt;
    return { notification, divider };
  });
}

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
  const { t, i18n } = useTranslation();
  const now = useNow();
  const loaded = notifications.isLoaded;
  useEffect(() => {
    if (!loaded) void notifications.load();
  }, [notifications, loaded]);
  const items = notificationItems(notifications.ordered);

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
    <Virtuoso<ListItem>
      data-testid="notification-list"
      className="min-h-0 flex-1 overscroll-contain"
      style={{ height: '100%' }}
      data={items}
      firstItemIndex={FIRST_ITEM_INDEX - notifications.prepended}
      initialTopMostItemIndex={{ index: 'LAST', align: 'end' }}
      alignToBottom
      computeItemKey={(_, item) => item.notification.id}
      atTopThreshold={LOAD_MORE_THRESHOLD_PX}
      atTopStateChange={(atTop) => {
        if (atTop) void notifications.loadOlder();
      }}
      atBottomThreshold={AUTO_SCROLL_TOLERANCE_PX}
      followOutput={(atBottom) => (atBottom ? 'smooth' : false)}
      components={{
        Header: () => (
          <div className="py-3 text-center text-xs text-zinc-400">{notifications.hasOlder ? t('notification.loadingOlder') : t('notification.beginning')}</div>
        ),
        Footer: () => <div className="h-3" />,
      }}
      itemContent={(_, item) => (
        <>
          {item.divider && <TimeDivider at={item.notification.createdAt} lang={i18n.language} />}
          <NotificationItem notification={item.notification} now={now} onNavigate={onNavigate} />
        </>
      )}
    />
  );
});
