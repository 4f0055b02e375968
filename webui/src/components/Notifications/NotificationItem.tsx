import { AtSign, Bell, Flag, Heart, Megaphone, MessageSquare, UserPlus, Users, type LucideIcon } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { slugPath, type Notification } from '../../models/Notification';
import { useStores } from '../../stores/StoresContext';
import { relativeTime } from '../../utils/time';
import { LocalizedLink } from '../common/LocalizedLink';
import { UserAvatar } from '../User/UserAvatar';

const ICONS: Record<string, LucideIcon> = {
  report: Flag,
  follow: UserPlus,
  system: Megaphone,
  comment: MessageSquare,
  mention: AtSign,
  like: Heart,
  community: Users,
};

/** The kinds a member's activity causes: their title names who did it and to what. */
const ACTIVITY = new Set(['comment', 'mention', 'like']);

const LINK = 'font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-400';

/**
 * One notification, by type: a report with the reported item (linking to its slug), the reason,
 * the reported text and the outcome; a follow with the follower's profile link; a comment,
 * reply, mention or like with who did it, to what, and the comment's first words; a community
 * answer, award or refund with its topic and amount; a system announcement with its text and
 * link; any other kind with its title and text. Opening a link or
 * pressing "mark read" marks it read.
 */
export const NotificationItem = observer(function NotificationItem({
  notification,
  now,
  onNavigate,
}: {
  notification: Notification;
  now: number;
  /** Called when a link inside is followed (the box closes). */
  onNavigate?: () => void;
}) {
  const { notifications } = useStores();
  const { t } = useTranslation();
  const Icon = ICONS[notification.type] ?? Bell;
  const open = () => {
    void notifications.markRead(notification);
    onNavigate?.();
  };
  return (
    <article
      data-testid="notification"
      data-type={notification.type}
      data-read={notification.read}
      className={`relative mx-3 my-1.5 flex gap-3 rounded-2xl p-3.5 ring-1 transition ${
        notification.read
          ? 'bg-white ring-zinc-900/5 dark:bg-zinc-900 dark:ring-white/5'
          : 'bg-brand-50/70 ring-brand-500/20 dark:bg-brand-500/10 dark:ring-brand-400/20'
      }`}
    >
      {notification.from ? (
        <UserAvatar user={notification.from} />
      ) : (
        <span className="grid size-10 shrink-0 place-items-center rounded-full bg-zinc-100 text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300">
          <Icon className="size-5" aria-hidden />
        </span>
      )}
      <div className="min-w-0 flex-1 text-sm">
        <div className="flex items-start gap-2">
          <p className="min-w-0 flex-1 break-words font-medium text-zinc-900 dark:text-zinc-100">
            <NotificationTitle notification={notification} onOpen={open} />
          </p>
          {!notification.read && (
            <button
              type="button"
              onClick={() => void notifications.markRead(notification)}
              aria-label={t('notification.markRead')}
              title={t('notification.markRead')}
              className="-mr-1 -mt-1 grid size-7 shrink-0 place-items-center rounded-full hover:bg-brand-100 dark:hover:bg-brand-500/20"
            >
              <span className="size-2 rounded-full bg-brand-600 dark:bg-brand-400" aria-hidden />
            </button>
          )}
        </div>
        <NotificationBody notification={notification} onOpen={open} />
        <time dateTime={new Date(notification.createdAt).toISOString()} title={new Date(notification.createdAt).toLocaleString()} className="mt-1.5 block text-xs text-zinc-400">
          {relativeTime(notification.createdAt, now, t)}
        </time>
      </div>
    </article>
  );
});

function NotificationTitle({ notification, onOpen }: { notification: Notification; onOpen: () => void }) {
  const { t } = useTranslation();
  if (ACTIVITY.has(notification.type) && notification.from) {
    const { targetType, replyTo } = notification.activity;
    const what = t(`notification.activity.target.${targetType}`, { defaultValue: t('notification.activity.target.other') });
    const key = notification.type === 'comment' && replyTo ? 'reply' : notification.type;
    return (
      <>
        <LocalizedLink to={notification.fromPath} onClick={onOpen} className={LINK}>
          {notification.from.name}
        </LocalizedLink>{' '}
        <span className="font-normal text-zinc-600 dark:text-zinc-300">{t(`notification.activity.${key}`, { what })}</span>
      </>
    );
  }
  if (notification.type === 'community') {
    const { kind, value, currency } = notification.community;
    const amount = currency === 'CREDIT' ? value : `${value} ${currency}`;
    return <>{t(`notification.community.${kind}`, { defaultValue: notification.title, amount, title: notification.title })}</>;
  }
  if (notification.type === 'follow' && notification.from) {
    return (
      <>
        <LocalizedLink to={notification.fromPath} onClick={onOpen} className={LINK}>
          {notification.from.name}
        </LocalizedLink>{' '}
        <span className="font-normal text-zinc-600 dark:text-zinc-300">{t('notification.follow.text')}</span>
      </>
    );
  }
  return <>{notification.title || t(`notification.kind.${notification.type in ICONS ? notification.type : 'other'}`)}</>;
}

function NotificationBody({ notification, onOpen }: { notification: Notification; onOpen: () => void }) {
  const { t } = useTranslation();
  switch (notification.type) {
    case 'report': {
      const report = notification.report;
      const rows: [string, string][] = [
        [t('notification.report.reason'), report.desc],
        [t('notification.report.reported'), report.userContent],
        [t('notification.report.result'), report.content],
      ];
      return (
        <div className="mt-1.5 space-y-1.5">
          {report.title && (
            <p className="text-zinc-600 dark:text-zinc-300">
              {t('notification.report.item')}{' '}
              {report.slug ? (
                <LocalizedLink to={slugPath(report.slug)} onClick={onOpen} className={LINK}>
                  {report.title}
                </LocalizedLink>
              ) : (
                <span className="font-medium">{report.title}</span>
              )}
            </p>
          )}
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-xl bg-white/70 p-2.5 text-xs ring-1 ring-zinc-900/5 dark:bg-zinc-950/40 dark:ring-white/5">
            {rows
              .filter(([, value]) => value)
              .map(([label, value]) => (
                <div key={label} className="contents">
                  <dt className="text-zinc-500 dark:text-zinc-400">{label}</dt>
                  <dd className="whitespace-pre-wrap break-words text-zinc-800 dark:text-zinc-200">{value}</dd>
                </div>
              ))}
          </dl>
        </div>
      );
    }
    case 'comment':
    case 'mention':
    case 'like': {
      const { excerpt } = notification.activity;
      return excerpt ? <p className="mt-1 whitespace-pre-wrap break-words text-zinc-600 dark:text-zinc-300">“{excerpt}”</p> : null;
    }
    case 'community':
      return notification.community.kind === 'answer' || !notification.title ? null : (
        <p className="mt-1 break-words text-zinc-600 dark:text-zinc-300">{notification.title}</p>
      );
    case 'follow':
      return notification.from ? (
        <LocalizedLink to={notification.fromPath} onClick={onOpen} className={`mt-1 inline-block text-xs ${LINK}`}>
          {t('notification.follow.view')}
        </LocalizedLink>
      ) : null;
    default: {
      const { text, url } = notification.system;
      return (
        <>
          {text && <p className="mt-1 whitespace-pre-wrap break-words text-zinc-600 dark:text-zinc-300">{text}</p>}
          {url && (
            <LocalizedLink to={url} onClick={onOpen} className={`mt-1 inline-block break-all text-xs ${LINK}`}>
              {t('notification.system.open')}
            </LocalizedLink>
          )}
        </>
      );
    }
  }
}
