import Shapes from 'lucide-react/icons/shapes';
import { useTranslation } from 'react-i18next';
import type { NodeView } from '../../../api/wire.gen';
import type { NodesProps } from '../../../models/builder';
import { NodeThumb } from '../../Community/NodeThumb';
import { nodeName, nodePath } from '../../Community/paths';
import { EmptyState } from '../../Feedback/EmptyState';
import { ScrollMenu } from '../../Layout/ScrollMenu';
import { BlockTitle } from './BlockTitle';
import { BlockLink, useBlockClient, useBlockContext, useBlockText } from './context';
import { useBlockItems } from './useBlockItems';

/** The most nodes archive.nodesList gives in one page: the picked ones are found among them. */
const NODES_PAGE = 50;

/** The nodes a strip shows: the picked ones in their order, or the first `count`. */
export function pickNodes(nodes: NodeView[], props: NodesProps): NodeView[] {
  const ids = Array.isArray(props.ids) ? props.ids : [];
  if (ids.length === 0) return nodes.slice(0, Math.max(1, props.count || 0));
  const byId = new Map(nodes.map((node) => [node.databaseId, node]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** A strip of community nodes that scrolls sideways, each a link to its node. */
export function NodesBlock({ props }: { props: NodesProps }) {
  const client = useBlockClient();
  const { t } = useTranslation();
  const { lang } = useBlockContext();
  const text = useBlockText();
  const { ref, state, retry } = useBlockItems<NodeView>(JSON.stringify([props.ids, props.count, lang]), async () => {
    const result = await client.call('archive.nodesList', { first: NODES_PAGE });
    return result.ok ? pickNodes(result.data.communityCats.edges.map((edge) => edge.node), props) : null;
  });
  let body;
  if (state.status === 'idle' || state.status === 'loading') {
    body = (
      <div role="status" aria-label={t('page.blocks.loading')} className="flex gap-3 overflow-hidden">
        {Array.from({ length: 4 }, (_, index) => (
          <div key={index} data-testid="block-skeleton" className="h-14 w-40 shrink-0 animate-pulse rounded-2xl bg-zinc-100 dark:bg-zinc-800" />
        ))}
      </div>
    );
  } else if (state.status === 'error') {
    body = (
      <EmptyState icon={Shapes} title={t('page.blocks.nodesFailed')}>
        <button type="button" onClick={retry} className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-400">
          {t('common.retry')}
        </button>
      </EmptyState>
    );
  } else if (state.items.length === 0) {
    body = <EmptyState icon={Shapes} title={t('page.blocks.noNodes')} />;
  } else {
    body = (
      <ScrollMenu gap={12} aria-label={t('page.blocks.nodes')}>
        {state.items.map((node) => (
          <BlockLink
            key={node.databaseId}
            to={nodePath(node)}
            className="flex shrink-0 items-center gap-3 rounded-2xl bg-white py-2 pl-2 pr-4 ring-1 ring-zinc-900/5 transition hover:ring-brand-500/40 dark:bg-zinc-900 dark:ring-white/10"
          >
            <NodeThumb node={node} className="size-10" />
            <span className="text-sm font-medium">{nodeName(node, lang)}</span>
          </BlockLink>
        ))}
      </ScrollMenu>
    );
  }
  return (
    <section ref={ref} data-testid="block-nodes">
      <BlockTitle title={text(props.title)} />
      {body}
    </section>
  );
}
