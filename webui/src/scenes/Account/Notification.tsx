import { observer } from 'mobx-react-lite';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FilterTabs } from '../../components/Admin/common/FilterTabs';
import { PageSpinner } from '../../components/Feedback/Spinner';
import { MarkAllRead, NotificationList } from '../../components/Notifications/NotificationList';
import { lazyExport } from '../../routing/lazyModule';
import { useStores } from '../../stores/StoresContext';

/** The settings tab, its own chunk: most visits only read the notifications. */
const NotificationSettings = lazyExport(() => import('../../components/Notifications/Settings/NotificationSettings'), 'NotificationSettings');

const TABS = ['list', 'settings'] as const;
type Tab = (typeof TABS)[number];

/** The tab a link names (`?tab=settings`); the list otherwise. */
function tabOf(value: string | null): Tab {
  return value === 'settings' ? 'settings' : 'list';
}

/**
 * /account/notification: every notification of the viewer, oldest to newest, live (SPEC §2); and,
 * at ?tab=settings, how they reach the member (push, email, do not disturb).
 */
export const NotificationPage = observer(function NotificationPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const tab = tabOf(search.get('tab'));
  return (
    <div className="flex flex-col gap-4">
      <FilterTabs
        label={t('page.account.notification.tabs.label')}
        testId="notification-tabs"
        options={TABS.map((value) => ({ value, label: t(`page.account.notification.tabs.${value}`) }))}
        value={tab}
        onChange={(next) =>
          setSearch((params) => {
            if (next === 'settings') params.set('tab', 'settings');
            else params.delete('tab');
            return params;
          })
        }
      />
      {tab === 'settings' ? (
        <Suspense fallback={<PageSpinner />}>
          <NotificationSettings />
        </Suspense>
      ) : (
        <NotificationInbox />
      )}
    </div>
  );
});

/** The notifications themselves, with the unread count and "mark all read". */
const NotificationInbox = observer(function NotificationInbox() {
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
