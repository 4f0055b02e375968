import { MessagesSquare } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { NodeView, TopicView } from '../api/wire.gen';
import { AnswerPage } from '../components/Community/AnswerPage';
import { NodePage } from '../components/Community/NodePage';
import { TopicPage } from '../components/Community/TopicPage';
import type { CommunityPageContent } from '../stores/community/pageContent';
import { useStores } from '../stores/StoresContext';
import { ModuleFrame, type ModuleProps } from './ModuleFrame';

function hasNode(content: CommunityPageContent): content is CommunityPageContent & { node: NodeView } {
  return content.node !== undefined;
}

function hasTopic(content: CommunityPageContent): content is CommunityPageContent & { topic: TopicView } {
  return content.topic !== undefined;
}

/** The contents shown once: the page cache still holds them when the reader comes back. */
const shown = new WeakSet<object>();

/**
 * Reads a page again when the reader comes back to it (its cached content missed what happened
 * meanwhile: votes, answers, the bounty); the first showing uses the content just read.
 */
function useFreshOnReturn(path: string, content: object | undefined) {
  const { pages } = useStores();
  useEffect(() => {
    if (content && shown.has(content)) void pages.load(path, true);
    // Only on arrival: the content read again is shown as it comes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path]);
  useEffect(() => {
    if (content) shown.add(content);
  }, [content]);
}

/**
 * The community module (a lazily loaded chunk): a node's page (archive view), a topic's (single)
 * or an answer's (answer), from auth.pageData's content. A page without content keeps the frame
 * the page builder's blocks fill.
 */
export default function CommunityModule({ page, blocks, content }: ModuleProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const data = content as CommunityPageContent | undefined;
  useFreshOnReturn(pathname, data);
  if (data?.view === 'archive' && hasNode(data)) return <NodePage key={pathname} path={pathname} content={data} />;
  if (data?.view === 'single' && hasTopic(data)) return <TopicPage key={pathname} path={pathname} content={data} />;
  if (data?.view === 'answer' && hasTopic(data)) return <AnswerPage key={pathname} path={pathname} content={data} />;
  return (
    <ModuleFrame
      page={page}
      blocks={blocks}
      kindLabel={t('page.modules.community.title')}
      emptyText={t('page.modules.community.empty')}
      icon={MessagesSquare}
    />
  );
}
