import { ScrollText, X } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AUDIT_OUTCOMES, type AuditEntry, type AuditOutcome } from '../../api/adminMembers';
import { AuditDetail } from '../../components/Admin/Audit/AuditDetail';
import { OutcomeBadge } from '../../components/Admin/Audit/OutcomeBadge';
import { AdminTable, type AdminColumn } from '../../components/Admin/common/AdminTable';
import { FilterTabs } from '../../components/Admin/common/FilterTabs';
import { SearchBox } from '../../components/Admin/common/SearchBox';
import { SectionHeader } from '../../components/Admin/common/SectionHeader';
import { FIELD, LABEL, SMALL_BUTTON } from '../../components/Admin/common/styles';
import { useDebouncedValue } from '../../components/Admin/common/useDebouncedValue';
import { AuditStore, type AuditFilters } from '../../stores/admin/AuditStore';
import { useStores } from '../../stores/StoresContext';
import { formatDateTime } from '../../utils/dates';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A date field's value (yyyy-mm-dd, the viewer's day) as epoch ms: its start, or its end for `to`. */
export function dayBound(value: string, end: boolean): number {
  if (!value) return 0;
  const start = new Date(`${value}T00:00:00`).getTime();
  if (Number.isNaN(start)) return 0;
  return end ? start + DAY_MS - 1 : start;
}

/**
 * /admin/audit: every call of an administrators' action, newest first, filtered by text (an
 * action or target prefix), actor, action, outcome and dates; an entry opens with its before and
 * after side by side. `?target=`, `?actor=` and `?action=` start it filtered (a member's panel
 * links here).
 */
const Audit = observer(function Audit() {
  const root = useStores();
  const { t, i18n } = useTranslation();
  const id = useId();
  const [params] = useSearchParams();
  const [audit] = useState(
    () => new AuditStore(root, { target: params.get('target') ?? '', actorId: params.get('actor') ?? '', action: params.get('action') ?? '' }),
  );
  const [actor, setActor] = useState(audit.filters.actorId);
  const settledActor = useDebouncedValue(actor.trim());
  const [actionName, setActionName] = useState(audit.filters.action);
  const settledAction = useDebouncedValue(actionName.trim());
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');

  useEffect(() => {
    void audit.loadLatest();
  }, [audit]);
  useEffect(() => {
    if (settledActor === '' || /^\d+$/.test(settledActor)) audit.setFilters({ actorId: settledActor });
  }, [audit, settledActor]);
  useEffect(() => {
    audit.setFilters({ action: settledAction });
  }, [audit, settledAction]);

  const filter = (change: Partial<AuditFilters>) => audit.setFilters(change);
  const columns: AdminColumn<AuditEntry>[] = [
    { key: 'at', header: t('admin.audit.column.at'), width: '11.5rem', cell: (entry) => <span className="tabular-nums text-zinc-500 dark:text-zinc-400">{formatDateTime(entry.at, i18n.language)}</span> },
    { key: 'actor', header: t('admin.audit.column.actor'), width: 'minmax(0,1fr)', cell: (entry) => <span className="truncate">{entry.actor?.name ?? t('admin.audit.unknownActor')}</span> },
    { key: 'action', header: t('admin.audit.column.action'), width: 'minmax(0,1.2fr)', cell: (entry) => <code className="truncate text-xs">{entry.action}</code> },
    { key: 'target', header: t('admin.audit.column.target'), width: 'minmax(0,1fr)', cell: (entry) => <span className="truncate text-zinc-600 dark:text-zinc-300">{entry.target || '—'}</span> },
    { key: 'outcome', header: t('admin.audit.column.outcome'), width: '8rem', cell: (entry) => <OutcomeBadge outcome={entry.outcome} status={entry.status} /> },
  ];

  return (
    <div className="flex flex-col gap-4" data-testid="admin-audit">
      <SectionHeader title={t('admin.audit.title')} description={t('admin.audit.description')} />
      <div className="flex flex-col gap-3">
        <SearchBox value={audit.filters.q} onSearch={(q) => filter({ q })} placeholder={t('admin.audit.search')} testId="audit-search" />
        <div className="flex flex-wrap items-end gap-3">
          <label className={`${LABEL} w-32`} htmlFor={`${id}-actor`}>
            {t('admin.audit.actorId')}
            <input id={`${id}-actor`} inputMode="numeric" value={actor} onChange={(event) => setActor(event.target.value)} className={FIELD} data-testid="audit-actor" />
          </label>
          <label className={`${LABEL} w-48`} htmlFor={`${id}-action`}>
            {t('admin.audit.action')}
            <input
              id={`${id}-action`}
              value={actionName}
              placeholder="admin.ban"
              onChange={(event) => setActionName(event.target.value)}
              className={FIELD}
              data-testid="audit-action"
            />
          </label>
          <label className={LABEL} htmlFor={`${id}-from`}>
            {t('admin.audit.from')}
            <input
              id={`${id}-from`}
              type="date"
              value={from}
              onChange={(event) => {
                setFrom(event.target.value);
                filter({ from: dayBound(event.target.value, false) });
              }}
              className={FIELD}
            />
          </label>
          <label className={LABEL} htmlFor={`${id}-to`}>
            {t('admin.audit.to')}
            <input
              id={`${id}-to`}
              type="date"
              value={to}
              min={from || undefined}
              onChange={(event) => {
                setTo(event.target.value);
                filter({ to: dayBound(event.target.value, true) });
              }}
              className={FIELD}
            />
          </label>
          <FilterTabs<AuditOutcome | ''>
            label={t('admin.audit.column.outcome')}
            options={[{ value: '', label: t('admin.audit.outcome.all') }, ...AUDIT_OUTCOMES.map((value) => ({ value, label: t(`admin.audit.outcome.${value}`) }))]}
            value={audit.filters.outcome}
            onChange={(outcome) => filter({ outcome })}
            testId="audit-outcome"
          />
        </div>
        {audit.filters.target && (
          <div className="flex flex-wrap gap-2">
            <button type="button" className={SMALL_BUTTON} onClick={() => filter({ target: '' })} aria-label={t('admin.audit.clearFilter')}>
              {t('admin.audit.column.target')}: {audit.filters.target}
              <X className="size-3" aria-hidden />
            </button>
          </div>
        )}
      </div>
      <AdminTable<AuditEntry>
        label={t('admin.audit.list')}
        rows={audit.ordered}
        rowKey={(entry) => entry.id}
        columns={columns}
        loading={!audit.isLoaded}
        hasMore={audit.hasNewer}
        onEndReached={() => void audit.loadMore()}
        onRowClick={(entry) => audit.select(entry.id)}
        activeKey={audit.selectedId ?? undefined}
        emptyIcon={ScrollText}
        emptyTitle={t('admin.audit.empty')}
        testId="audit-table"
        rowTestId="audit-row"
      />
      {audit.selected && <AuditDetail entry={audit.selected} onClose={() => audit.select(null)} />}
    </div>
  );
});

export default Audit;
