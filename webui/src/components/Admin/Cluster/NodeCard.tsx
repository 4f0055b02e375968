import { CircleCheck, CircleX } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClusterNode } from '../../../api/adminSettings';
import { formatDateTime } from '../../../utils/dates';

/** A rate per second as the card shows it: one decimal below 10. */
export function formatRate(value: number | undefined): string {
  if (value === undefined || !Number.isFinite(value)) return '–';
  return value < 10 ? value.toFixed(1) : Math.round(value).toLocaleString();
}

function Stat({ label, value, testId, title }: { label: string; value: ReactNode; testId?: string; title?: string }) {
  return (
    <div className="min-w-0" title={title}>
      <dt className="truncate text-xs text-zinc-500 dark:text-zinc-400">{label}</dt>
      <dd className="truncate text-sm font-semibold tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** One node's own view: whether it serves, whom it sees, what it hosts and how busy it is. */
export const NodeCard = observer(function NodeCard({ node, grainKinds }: { node: ClusterNode; grainKinds: string[] }) {
  const { t, i18n } = useTranslation();
  return (
    <article
      data-testid="cluster-node"
      data-node={node.node}
      aria-labelledby={`node-${node.node}`}
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-zinc-200 dark:bg-zinc-900 dark:ring-zinc-800"
    >
      <header className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <h3 id={`node-${node.node}`} className="truncate font-semibold">
            {node.node}
          </h3>
          <p className="truncate font-mono text-xs text-zinc-500" title={node.memberId}>
            {node.memberId}
          </p>
        </div>
        {node.serving ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-700 dark:bg-emerald-500/10 dark:text-emerald-300">
            <CircleCheck className="size-3.5" aria-hidden />
            {t('admin.cluster.serving')}
          </span>
        ) : (
          <span className="inline-flex items-center gap-1 rounded-full bg-rose-50 px-2 py-0.5 text-xs font-medium text-rose-700 dark:bg-rose-500/10 dark:text-rose-300">
            <CircleX className="size-3.5" aria-hidden />
            {t('admin.cluster.notServing')}
          </span>
        )}
      </header>
      {!node.serving && node.reason && <p className="mt-2 text-sm text-rose-700 dark:text-rose-300">{node.reason}</p>}
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3">
        <Stat label={t('admin.cluster.members')} value={node.members?.length ?? 0} testId="node-members" />
        <Stat label={t('admin.cluster.websockets')} value={node.websockets.toLocaleString()} />
        <Stat label={t('admin.cluster.natsRoutes')} value={node.natsRoutes < 0 ? t('admin.cluster.externalNats') : node.natsRoutes} />
        <Stat label={t('admin.cluster.chatPerSecond')} value={formatRate(node.chatPerSecond)} />
        <Stat label={t('admin.cluster.deliveriesPerSecond')} value={formatRate(node.deliveriesPerSecond)} />
        <Stat
          label={t('admin.cluster.dbPool')}
          title={t('admin.cluster.dbPoolTitle')}
          value={node.db ? t('admin.cluster.dbPoolValue', { inUse: node.db.inUse, open: node.db.open, max: node.db.maxOpen || '∞' }) : '–'}
        />
        {grainKinds.map((kind) => (
          <Stat key={kind} label={t(`admin.cluster.grains.${kind}`, { defaultValue: kind })} value={node.grains?.[kind] ?? 0} />
        ))}
      </dl>
      <div className="mt-3 space-y-1 border-t border-zinc-100 pt-3 text-xs text-zinc-500 dark:border-zinc-800 dark:text-zinc-400">
        <p className="truncate">
          {t('admin.cluster.peers')}: <span className="text-zinc-700 dark:text-zinc-200">{node.peers?.length ? node.peers.join(', ') : t('admin.cluster.none')}</span>
        </p>
        <p className="truncate">
          {t('admin.cluster.version')}: <span className="font-mono text-zinc-700 dark:text-zinc-200">{node.version}</span>
          {node.memberRestarts > 0 && <> · {t('admin.cluster.restarts', { count: node.memberRestarts })}</>}
        </p>
        <p>
          {t('admin.cluster.started')}: {formatDateTime(node.startedAt, i18n.language)}
        </p>
      </div>
    </article>
  );
});
