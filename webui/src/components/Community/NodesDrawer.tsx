import { Shapes } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Virtuoso } from 'react-virtuoso';
import type { NodeView } from '../../api/wire.gen';
import { useStores } from '../../stores/StoresContext';
import { EmptyState } from '../Feedback/EmptyState';
import { SmallSpinner } from '../common/SmallSpinner';
import { Sheet } from '../Overlay/Sheet';
import { NodeCard } from './NodeCard';

/** The button that opens the nodes drawer. */
export function NodesButton({ className = '' }: { className?: string }) {
  const { ui } = useStores();
  const { t } = useTranslation();
  return (
    <button
      type="button"
      onClick={() => ui.open('nodes')}
      data-testid="open-nodes"
      className={`inline-flex h-9 items-center gap-1.5 rounded-full px-3.5 text-sm font-medium text-zinc-700 ring-1 ring-zinc-200 transition hover:bg-zinc-100 dark:text-zinc-200 dark:ring-zinc-700 dark:hover:bg-zinc-800 ${className}`}
    >
      <Shapes className="size-4" aria-hidden />
      {t('page.community.nodes.open')}
    </button>
  );
}

/** The nodes drawer (SPEC §2): the community's nodes 20 at a time, each linking to its page. */
export const NodesDrawer = observer(function NodesDrawer() {
  const { ui, community } = useStores();
  const { t } = useTranslation();
  const open = ui.isOpen('nodes');
  useEffect(() => {
    if (open) void community.loadLatest();
  }, [open, community]);
  const close = () => ui.close('nodes');
  const nodes = community.list;
  const hasMore = community.hasMore;
  return (
    <Sheet open={open} onOpenChange={(next) => ui.setOpen('nodes', next)} title={t('page.community.nodes.title')} side="right">
      {!community.isLoaded ? (
        <div className="grid h-40 place-items-center">
          <SmallSpinner />
        </div>
      ) : nodes.length === 0 ? (
        <div className="p-5">
          <EmptyState icon={Shapes} title={t('page.community.nodes.empty')} />
        </div>
      ) : (
        <Virtuoso<NodeView>
          data={nodes}
          style={{ height: '100%' }}
          data-testid="nodes-drawer"
          computeItemKey={(_, node) => node.databaseId}
          endReached={() => void community.loadMore()}
          increaseViewportBy={200}
          itemContent={(_, node) => <NodeCard node={node} compact onOpen={close} />}
          components={{
            Footer: () =>
              hasMore ? (
                <div className="grid h-14 place-items-center">
                  <SmallSpinner />
                </div>
              ) : (
                <div className="h-3" />
              ),
          }}
        />
      )}
    </Sheet>
  );
});
