import * as Popover from '@radix-ui/react-popover';
import { Ban, Check, MessageSquareWarning, Trash2, type LucideIcon } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REPORT_ACTIONS, type ReportAction } from '../../api/reports';
import type { Summary } from '../../api/wire.gen';
import type { Report } from '../../models/Report';
import { avatarSrc } from '../../models/Viewer';
import { useStores } from '../../stores/StoresContext';
import { formatDateTime } from '../../utils/dates';
import { profilePath } from '../../utils/links';
import { ImageViewer } from '../common/ImageViewer';
import { LocalizedLink } from '../common/LocalizedLink';
import '../../stores/ReportsStore'; // builds root's store on first use (stores/lazyStores.ts)

const ACTION_ICONS: Record<ReportAction, LucideIcon> = { dismiss: Check, deleteContent: Trash2, warn: MessageSquareWarning, ban: Ban };
const ACTION_TONES: Record<ReportAction, string> = {
  dismiss: 'ring-1 ring-zinc-200 hover:bg-zinc-50 dark:ring-zinc-700 dark:hover:bg-zinc-800',
  deleteContent: 'ring-1 ring-rose-200 text-rose-700 hover:bg-rose-50 dark:ring-rose-500/30 dark:text-rose-300 dark:hover:bg-rose-500/10',
  warn: 'ring-1 ring-amber-200 text-amber-800 hover:bg-amber-50 dark:ring-amber-400/30 dark:text-amber-300 dark:hover:bg-amber-400/10',
  ban: 'bg-rose-600 text-white hover:bg-rose-700',
};

/** A member's name and avatar, linking to their profile. */
function MemberChip({ user }: { user: Summary }) {
  return (
    <LocalizedLink to={profilePath(user)} className="inline-flex max-w-full items-center gap-1.5 font-medium text-zinc-800 hover:underline dark:text-zinc-100">
      <img src={avatarSrc(user.avatar?.url, user.gqSlug || user.databaseId)} alt="" className="size-5 shrink-0 rounded-full bg-zinc-100 dark:bg-zinc-800" />
      <span className="truncate">{user.name}</span>
    </LocalizedLink>
  );
}

/**
 * One report of the moderation queue: what was reported and by whom, the reason and what the
 * reporter wrote, the screenshots (the image viewer opens on a click) and, while open, the four
 * actions, each asking for confirmation first.
 */
export const ReportRow = observer(function ReportRow({ report }: { report: Report }) {
  const { t, i18n } = useTranslation();
  const [viewing, setViewing] = useState<number | null>(null);
  const { data } = report;
  const images = report.images;
  const targetUser = report.targetUser;
  const media = report.targetMedia;
  return (
    <article
      role="listitem"
      data-testid="report-row"
      data-id={report.id}
      className="flex flex-col gap-3 border-b border-zinc-100 px-4 py-4 last:border-b-0 dark:border-zinc-800"
    >
      <header className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-zinc-500 dark:text-zinc-400">
        <span className="rounded-full bg-zinc-100 px-2 py-0.5 font-medium text-zinc-700 dark:bg-zinc-800 dark:text-zinc-200">
          {t(`page.account.reports.postType.${data.postType}`, { defaultValue: data.postType })}
        </span>
        <span className="rounded-full bg-rose-50 px-2 py-0.5 font-medium text-rose-700 dark:bg-rose-500/10 dark:text-rose-300" data-testid="report-type">
          {data.type}
        </span>
        <time dateTime={new Date(data.createdAt).toISOString()}>{formatDateTime(data.createdAt, i18n.language)}</time>
        {!report.isOpen && data.resolution && (
          <span className="font-medium text-emerald-700 dark:text-emerald-400">
            {t(`page.account.reports.resolution.${data.resolution}`, { defaultValue: data.resolution })}
          </span>
        )}
      </header>
      <section aria-label={t('page.account.reports.target')} className="rounded-xl bg-zinc-50 px-3.5 py-2.5 text-sm ring-1 ring-zinc-900/5 dark:bg-zinc-800/60 dark:ring-white/5" data-testid="report-target">
        {report.author && data.postType !== 'user' && (
          <p className="mb-1 flex items-center gap-1.5 text-xs text-zinc-500">
            {t('page.account.reports.author')} <MemberChip user={report.author} />
          </p>
        )}
        {report.targetText ? (
          <p className="line-clamp-4 whitespace-pre-wrap break-words">{report.targetText}</p>
        ) : targetUser ? (
          <MemberChip user={targetUser} />
        ) : media ? (
          <a href={media.sourceUrl} target="_blank" rel="noopener noreferrer" className="text-brand-700 hover:underline dark:text-brand-400">
            {media.fileName}
          </a>
        ) : null}
        {report.isTargetDeleted && (
          <p className="mt-1 text-xs italic text-zinc-500" data-testid="report-target-gone">
            {t('page.account.reports.targetGone')}
          </p>
        )}
      </section>
      <div className="text-sm">
        <p className="flex flex-wrap items-center gap-1.5 text-xs text-zinc-500">
          {t('page.account.reports.reporter')} <MemberChip user={report.reporter} />
        </p>
        <p className="mt-1 whitespace-pre-wrap break-words" data-testid="report-content">
          {data.content}
        </p>
      </div>
      {images.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={t('common.report.screenshots')}>
          {images.map((img, index) => (
            <li key={img.id}>
              <button
                type="button"
                onClick={() => setViewing(index)}
                aria-label={t('page.account.reports.viewScreenshot', { n: index + 1 })}
                className="block size-16 overflow-hidden rounded-lg bg-zinc-100 ring-1 ring-zinc-900/5 transition hover:ring-brand-500 dark:bg-zinc-800"
              >
                <img src={img.sourceUrl} alt="" loading="lazy" className="size-full object-cover" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {viewing !== null && (
        <ImageViewer
          images={images.map((img) => ({ src: img.sourceUrl, alt: img.fileName, width: img.width || undefined, height: img.height || undefined }))}
          index={viewing}
          onClose={() => setViewing(null)}
        />
      )}
      {report.isOpen && (
        <div className="flex flex-wrap gap-2">
          {REPORT_ACTIONS.map((action) => (
            <ConfirmAction key={action} report={report} action={action} />
          ))}
        </div>
      )}
    </article>
  );
});

/** One moderation action: a button, then a confirmation with an optional note before it is taken. */
const ConfirmAction = observer(function ConfirmAction({ report, action }: { report: Report; action: ReportAction }) {
  const { reports } = useStores();
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const Icon = ACTION_ICONS[action];
  const busy = reports.resolving.has(report.id);
  const label = t(`page.account.reports.action.${action}`);
  return (
    <Popover.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setNote('');
      }}
    >
      <Popover.Trigger
        disabled={busy}
        className={`inline-flex h-8 items-center gap-1.5 rounded-full px-3 text-xs font-medium transition disabled:opacity-50 ${ACTION_TONES[action]}`}
      >
        <Icon className="size-3.5" aria-hidden />
        {label}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="top"
          sideOffset={6}
          collisionPadding={12}
          role="dialog"
          aria-label={t(`page.account.reports.confirm.${action}`)}
          data-testid="report-confirm"
          className="z-[60] w-72 rounded-xl bg-white p-3 text-sm shadow-xl ring-1 ring-zinc-900/10 animate-fade-in dark:bg-zinc-800 dark:ring-white/10"
        >
          <p className="font-medium text-zinc-900 dark:text-zinc-100">{t(`page.account.reports.confirm.${action}`)}</p>
          <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">{t(`page.account.reports.confirmText.${action}`)}</p>
          <label htmlFor={`${id}-note`} className="mt-3 block text-xs font-medium text-zinc-600 dark:text-zinc-300">
            {t('page.account.reports.note')}
          </label>
          <textarea
            id={`${id}-note`}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            rows={2}
            maxLength={500}
            className="mt-1 block w-full resize-none rounded-lg bg-zinc-100/80 px-2.5 py-1.5 text-xs outline-none focus:ring-2 focus:ring-brand-500 dark:bg-zinc-900/60"
          />
          <div className="mt-3 flex justify-end gap-2">
            <Popover.Close className="rounded-lg px-3 py-1.5 text-xs font-medium text-zinc-600 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-700">
              {t('common.cancel')}
            </Popover.Close>
            <button
              type="button"
              disabled={busy}
              onClick={() => {
                setOpen(false);
                void reports.resolve(report, action, note);
              }}
              className={`rounded-lg px-3 py-1.5 text-xs font-medium text-white disabled:opacity-50 ${action === 'dismiss' ? 'bg-zinc-900 hover:bg-zinc-700 dark:bg-white dark:text-zinc-900' : 'bg-rose-600 hover:bg-rose-700'}`}
            >
              {label}
            </button>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
});
