import { SquarePen, Users } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { nodeChannel } from '../../api/live';
import type { NodeView } from '../../api/wire.gen';
import { useDocumentTitle } from '../../routing/useDocumentTitle';
import { fetchPageContent, type CommunityPageContent } from '../../stores/community/pageContent';
import { TopicList } from '../../stores/community/TopicList';
import { useStores } from '../../stores/StoresContext';
import { localizePath, profilePath, toLang } from '../../utils/links';
import { abbreviate } from '../../utils/number';
import { LocalizedLink } from '../common/LocalizedLink';
import { UserAvatar } from '../User/UserAvatar';
import { PRIMARY_BUTTON } from '../Wallet/buttons';
import { CommunityTrail } from './CommunityTrail';
import { JoinButton, JoinRequirement } from './JoinButton';
import { NodeThumb } from './NodeThumb';
import { nodeDescription, nodeName } from './paths';
import { TopicFeed } from './TopicFeed';

/** The page to write a topic in a node. */
export function createTopicPath(nodeId: string): string {
  return `/create?node=${encodeURIComponent(nodeId)}`;
}

/** "New topic": a member goes to the create page with the node chosen, a guest is asked to log in. */
export function NewTopicButton({ nodeId }: { nodeId: string }) {
  const { auth } = useStores();
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  return (
    <button
      type="button"
      data-testid="new-topic"
      className={PRIMARY_BUTTON}
      onClick={() => {
        if (auth.requireLogin()) void navigate(localizePath(createTopicPath(nodeId), toLang(i18n.language)));
      }}
    >
      <SquarePen className="size-4" aria-hidden />
      {t('page.community.node.newTopic')}
    </button>
  );
}

/** A node's header: picture, name and description in the reader's language, counts, admins, join and new topic. */
const NodeHeader = observer(function NodeHeader({ node: given }: { node: NodeView }) {
  const { community } = useStores();
  const { t, i18n } = useTranslation();
  const node = community.current(given);
  const meta = node.communityCatMetas;
  const description = nodeDescription(node, i18n.language);
  return (
    <header className="rounded-3xl bg-white p-5 ring-1 ring-zinc-900/5 sm:p-6 dark:bg-zinc-900 dark:ring-white/10" data-testid="node-header">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <NodeThumb node={node} className="size-16 sm:size-20" />
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-bold tracking-tight">{nodeName(node, i18n.language)}</h1>
          {description && <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{description}</p>}
          <p className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-zinc-500 dark:text-zinc-400">
            <span className="inline-flex items-center gap-1" data-testid="member-count">
              <Users className="size-4" aria-hidden />
              {t('page.community.node.members', { count: meta.memberCount, formatted: abbreviate(meta.memberCount) })}
            </span>
            <span>{t('page.community.node.topics', { count: node.count, formatted: abbreviate(node.count) })}</span>
            <span>
              <JoinRequirement node={node} />
            </span>
          </p>
          {meta.admin.length > 0 && (
            <div className="mt-3 flex flex-wrap items-center gap-2 text-sm">
              <span className="text-zinc-500 dark:text-zinc-400">{t('page.community.node.admins')}</span>
              <ul className="flex flex-wrap gap-2">
                {meta.admin.map((admin) => (
                  <li key={admin.databaseId}>
                    <LocalizedLink to={profilePath(admin)} className="inline-flex items-center gap-1.5 rounded-full py-0.5 pl-0.5 pr-2.5 ring-1 ring-zinc-200 hover:bg-zinc-50 dark:ring-zinc-700 dark:hover:bg-zinc-800">
                      <UserAvatar user={admin} size="sm" className="!size-6" />
                      <span className="font-medium">{admin.name}</span>
                    </LocalizedLink>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <JoinButton node={node} />
          <NewTopicButton nodeId={node.databaseId} />
        </div>
      </div>
    </header>
  );
});

/** A node's page (the archive view): its header and its topics, newest first, live for members. */
export const NodePage = observer(function NodePage({ path, content }: { path: string; content: CommunityPageContent & { node: NodeView } }) {
  const root = useStores();
  const { i18n } = useTranslation();
  const { node } = content;
  useDocumentTitle(nodeName(node, i18n.language));
  const list = useMemo(() => {
    const topics = new TopicList(root, async (after) => (await fetchPageContent(root, path, after))?.topics ?? null, node.databaseId);
    if (content.topics) topics.seed(content.topics);
    return topics;
  }, [root, path, content, node.databaseId]);
  useEffect(() => {
    root.community.add(node);
  }, [root, node]);
  return (
    <section className="mx-auto w-full max-w-[var(--site-width,72rem)] px-4 py-6 sm:px-5 sm:py-8">
      <CommunityTrail />
      <NodeHeader node={node} />
      <div className="mt-6">
        <TopicFeed list={list} channel={nodeChannel(node.databaseId)} />
      </div>
    </section>
  );
});
