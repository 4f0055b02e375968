import { ArrowRight } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../stores/StoresContext';
import { LocalizedLink } from '../common/LocalizedLink';
import { Sheet } from '../Overlay/Sheet';
import { MarkAllRead, NotificationList } from './NotificationList';

/** The account page that lists every notification. */
export const NOTIFICATION_PAGE_PATH = '/account/notification';

/** The notification box (SPEC §2), opened from the header's bell: a side drawer, full screen on phones. */
export const NotificationBox = observer(function NotificationBox() {
  const { ui } = useStores();
  const { t } = useTranslation();
  const close = () => ui.close('notifications');
  return (
    <Sheet
      open={ui.isOpen('notifications')}
      onOpenChange={(open) => ui.setOpen('notifications', open)}
      title={t('notification.title')}
      description={t('notification.description')}
      side="right"
      className="max-sm:w-screen sm:w-[26rem]"
    >
      <div data-testid="notification-box" className="flex h-full min-h-0 flex-col bg-zinc-50/60 dark:bg-zinc-950/40">
        <div className="flex shrink-0 items-center justify-between gap-2 border-b border-zinc-100 bg-white px-4 py-2 dark:border-zinc-800 dark:bg-zinc-900">
          <LocalizedLink
            to={NOTIFICATION_PAGE_PATH}
            onClick={close}
            className="inline-flex items-center gap-1 text-xs font-medium text-zinc-600 hover:text-zinc-900 dark:text-zinc-300 dark:hover:text-white"
          >
            {t('notification.viewAll')}
            <ArrowRight className="size-3.5" aria-hidden />
          </LocalizedLink>
          <MarkAllRead />
        </div>
        <NotificationList onNavigate={close} />
      </div>
    </Sheet>
  );
});
