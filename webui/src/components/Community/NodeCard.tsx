import { Check, Users } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { NodeView } from '../../api/wire.gen';
import { abbreviate } from '../../utils/number';
import { LocalizedLink } from '../common/LocalizedLink';
import { NodeThumb } from './NodeThumb';
import { nodeDescription, nodeName, nodePath } from './paths';

/**
 * A node as a link to its page: picture, name (joined marked), members and topics; the card of the
 * community's grid adds the description, the compact row of the nodes drawer leaves it out.
 */
export const NodeCard = observer(function NodeCard({ node, compact = false, onOpen }: { node: NodeView; compact?: boolean; onOpen?: () => void }) {
  const { t, i18n } = useTranslation();
  const meta = node.communityCatMetas;
  const description = compact ? '' : nodeDescription(node, i18n.language);
  return (
    <LocalizedLink
      to={nodePath(node)}
      onClick={onOpen}
      data-testid={compact ? 'drawer-node' : 'node-card'}
      className={
        compact
          ? 'mx-3 my-1 flex items-center gap-3 rounded-xl px-2 py-2 transition hover:bg-zinc-100 dark:hover:bg-zinc-800'
          : 'flex h-full gap-3 rounded-2xl bg-white p-4 ring-1 ring-zinc-900/5 transition hover:ring-brand-500/40 dark:bg-zinc-900 dark:ring-white/10 dark:hover:ring-brand-400/40'
      }
    >
      <NodeThumb node={node} className={compact ? 'size-10' : 'size-12'} />
      <span className="min-w-0 flex-1">
        <span className={`flex items-center gap-1.5 ${compact ? 'font-medium' : 'font-semibold'}`}>
          <span className="truncate">{nodeName(node, i18n.language)}</span>
          {meta.isJoin && <Check className="size-4 shrink-0 text-emerald-600 dark:text-emerald-400" aria-label={t('page.community.join.joined')} />}
        </span>
        {description && <span className="mt-0.5 line-clamp-2 block text-sm text-zinc-600 dark:text-zinc-400">{description}</span>}
        <span className={`flex items-center gap-3 text-xs text-zinc-500 dark:text-zinc-400 ${compact ? 'mt-0.5' : 'mt-1.5'}`}>
          <span className="inline-flex items-center gap-1">
            <Users className="size-3.5" aria-hidden />
            {t('page.community.node.members', { count: meta.memberCount, formatted: abbreviate(meta.memberCount) })}
          </span>
          <span>{t('page.community.node.topics', { count: node.count, formatted: abbreviate(node.count) })}</span>
        </span>
      </span>
    </LocalizedLink>
  );
});
