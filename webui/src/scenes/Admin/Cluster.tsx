import { TriangleAlert } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NodeCard } from '../../components/Admin/Cluster/NodeCard';
import { SectionHeader } from '../../components/Admin/common/SectionHeader';
import { SmallSpinner } from '../../components/common/SmallSpinner';
import { ClusterStore } from '../../stores/admin/ClusterStore';
import { useStores } from '../../stores/StoresContext';

/** /admin/cluster: every node's own view of the cluster, updated in place every 2 s, and where the views disagree. */
const Cluster = observer(function Cluster() {
  const root = useStores();
  const { t } = useTranslation();
  const [store] = useState(() => new ClusterStore(root));
  useEffect(() => {
    store.start();
    return () => store.stop();
  }, [store]);

  const header = <SectionHeader title={t('admin.cluster.title')} description={t('admin.cluster.description')} />;
  if (!store.isLoaded) {
    return (
      <div data-testid="admin-cluster" className="space-y-4">
        {header}
        <div className="flex min-h-40 items-center justify-center">
          <SmallSpinner />
        </div>
      </div>
    );
  }
  return (
    <div data-testid="admin-cluster" className="space-y-4">
      {header}
      <p className="text-sm text-zinc-600 dark:text-zinc-300" data-testid="cluster-summary" aria-live="polite">
        {t('admin.cluster.summary', { count: store.nodes.length, websockets: store.totalWebsockets.toLocaleString() })}
      </p>
      {store.error && (
        <p role="alert" className="rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-800 dark:bg-amber-500/10 dark:text-amber-300">
          {t('admin.cluster.pollFailed', { message: store.error })}
        </p>
      )}
      {store.issues.length > 0 && (
        <div role="alert" data-testid="cluster-issues" className="rounded-xl bg-rose-50 px-4 py-3 text-sm text-rose-800 dark:bg-rose-500/10 dark:text-rose-300">
          <p className="flex items-center gap-2 font-semibold">
            <TriangleAlert className="size-4" aria-hidden />
            {t('admin.cluster.disagree')}
          </p>
          <ul className="mt-1 list-disc space-y-0.5 pl-6">
            {store.issues.map((issue) => (
              <li key={issue}>{issue}</li>
            ))}
          </ul>
        </div>
      )}
      <div className="grid gap-4 md:grid-cols-2 2xl:grid-cols-3">
        {store.nodes.map((node) => (
          <NodeCard key={node.node} node={node} grainKinds={store.grainKinds} />
        ))}
      </div>
    </div>
  );
});

export default Cluster;
