import { observer } from 'mobx-react-lite';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { NodeView } from '../../api/wire.gen';
import { NODES_PAGE_SIZE } from '../../stores/CommunityStore';
import { useStores } from '../../stores/StoresContext';
import { JoinButton, JoinRequirement } from '../Community/JoinButton';
import { nodeName } from '../Community/paths';
import { mayPostIn, type CreateForm } from './CreateForm';
import { errorId, Field, SELECT } from './FormParts';

/** Pages of nodes read on their own before the picker offers "more". */
export const AUTO_NODE_PAGES = 5;

/** The nodes in the picker's groups: the viewer's own first, then the open ones, then those to join first. */
export function groupNodes(nodes: NodeView[], viewer: Parameters<typeof mayPostIn>[1]) {
  const joined: NodeView[] = [];
  const open: NodeView[] = [];
  const closed: NodeView[] = [];
  for (const node of nodes) {
    const isMine = node.communityCatMetas.isJoin || node.communityCatMetas.admin.some((admin) => admin.databaseId === viewer?.databaseId);
    if (isMine) joined.push(node);
    else if (mayPostIn(node, viewer)) open.push(node);
    else closed.push(node);
  }
  return { joined, open, closed };
}

/**
 * The node a topic goes to (archive.nodesList through the community store): the viewer's nodes
 * first. A node to join first cannot be picked, except the one asked for by ?node=, which shows
 * its join rule and the join button instead.
 */
export const NodePicker = observer(function NodePicker({ form }: { form: CreateForm }) {
  const { community } = useStores();
  const { t, i18n } = useTranslation();
  const id = useId();
  const error = form.errors.node;
  const viewer = form.poster;
  const pagesRead = Math.ceil(community.list.length / NODES_PAGE_SIZE);
  const wanted = form.draft.nodeId;
  const found = community.list.some((node) => node.databaseId === wanted);

  useEffect(() => {
    if (!community.isLoaded) {
      void community.loadLatest();
      return;
    }
    // Read on while the node asked for is not there yet, and a few pages on their own.
    if (community.hasOlder && !community.isFetching && (pagesRead < AUTO_NODE_PAGES || (wanted && !found))) void community.loadOlder();
  }, [community, community.isLoaded, community.hasOlder, community.isFetching, pagesRead, wanted, found]);

  const { joined, open, closed } = groupNodes(community.list, viewer);
  const chosen = form.node;
  const option = (node: NodeView, disabled = false) => (
    <option key={node.databaseId} value={node.databaseId} disabled={disabled && node.databaseId !== wanted}>
      {nodeName(node, i18n.language)}
    </option>
  );

  return (
    <Field id={id} label={t('page.create.node.label')} required error={error}>
      <select
        id={id}
        value={wanted}
        onChange={(event) => form.setNode(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId(id) : undefined}
        aria-busy={community.isFetching || undefined}
        data-testid="node-picker"
        className={`${SELECT} w-full`}
      >
        <option value="">{community.isFetching && community.list.length === 0 ? t('common.loading') : t('page.create.node.choose')}</option>
        {joined.length > 0 && <optgroup label={t('page.create.node.joined')}>{joined.map((node) => option(node))}</optgroup>}
        {open.length > 0 && <optgroup label={t('page.create.node.open')}>{open.map((node) => option(node))}</optgroup>}
        {closed.length > 0 && <optgroup label={t('page.create.node.closed')}>{closed.map((node) => option(node, true))}</optgroup>}
      </select>
      {community.hasOlder && !community.isFetching && (
        <button type="button" onClick={() => void community.loadOlder()} className="mt-1.5 text-sm font-medium text-brand-700 hover:underline dark:text-brand-400">
          {t('page.create.node.more')}
        </button>
      )}
      {chosen && !mayPostIn(chosen, viewer) && (
        <div className="mt-2 flex flex-wrap items-center gap-3 rounded-xl bg-zinc-50 p-3 text-sm ring-1 ring-zinc-900/5 dark:bg-zinc-800/60 dark:ring-white/5">
          <p className="min-w-0 flex-1 text-zinc-600 dark:text-zinc-300">
            {t('page.create.node.mustJoin')} <JoinRequirement node={chosen} />
          </p>
          <JoinButton node={chosen} />
        </div>
      )}
    </Field>
  );
});
