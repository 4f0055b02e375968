import { ShieldCheck } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Virtuoso } from 'react-virtuoso';
import type { ReportStatus } from '../../api/reports';
import { EmptyState } from '../../components/Feedback/EmptyState';
import { ReportRow } from '../../components/Report/ReportRow';
import { SmallSpinner } from '../../components/common/SmallSpinner';
import type { Report } from '../../models/Report';
import { useStores } from '../../stores/StoresContext';
import '../../stores/ReportsStore'; // builds root's store on first use (stores/lazyStores.ts)

const STATUSES: ReportStatus[] = ['open', 'resolved'];

/**
 * The moderation queue (/account/reports, admins only): the open reports oldest first, kept live
 * by the `report_queue` event, or the resolved ones; further pages load as the list reaches its end.
 */
export default observer(function ReportsPage() {
  const { reports, auth } = useStores();
  const { t } = useTranslation();
  const viewerId = auth.viewer?.id;
  const isAdmin = reports.isAdmin;

  useEffect(() => {
    if (viewerId && isAdmin) void reports.loadLatest();
  }, [reports, viewerId, isAdmin]);

  const rows = reports.ordered;
  return (
    <div className="flex flex-col gap-4" data-testid="report-queue">
      <div role="tablist" aria-label={t('page.account.reports.title')} className="flex gap-1 self-start rounded-full bg-zinc-100 p-1 dark:bg-zinc-800">
        {STATUSES.map((status) => (
          <button
            key={status}
            type="button"
            role="tab"
            aria-selected={reports.status === status}
            onClick={() => reports.setStatus(status)}
            className="rounded-full px-3.5 py-1.5 text-sm font-medium text-zinc-600 transition aria-selected:bg-white aria-selected:text-zinc-900 aria-selected:shadow-sm dark:text-zinc-300 dark:aria-selected:bg-zinc-900 dark:aria-selected:text-white"
          >
            {t(`page.account.reports.status.${status}`)}
          </button>
        ))}
      </div>
      {!reports.isLoaded ? (
        <div className="grid h-40 place-items-center">
          <SmallSpinner />
        </div>
      ) : rows.length === 0 ? (
        <EmptyState icon={ShieldCheck} title={t(`page.account.reports.empty.${reports.status}`)} />
      ) : (
        <div role="list" aria-label={t('page.account.reports.list')} className="rounded-2xl bg-white ring-1 ring-zinc-900/5 dark:bg-zinc-900 dark:ring-white/10">
          <Virtuoso<Report>
            useWindowScroll
            data={rows}
            computeItemKey={(_, report) => report.id}
            endReached={() => void reports.loadNewer()}
            increaseViewportBy={400}
            itemContent={(_, report) => <ReportRow report={report} />}
            components={{
              Footer: () =>
                reports.hasNewer ? (
                  <div className="flex h-12 items-center justify-center text-xs text-zinc-400">
                    <SmallSpinner />
                  </div>
                ) : null,
            }}
          />
        </div>
      )}
    </div>
  );
});
