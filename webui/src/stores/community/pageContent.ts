import type { AnswerView, NodeView, TopicView } from '../../api/wire.gen';
import type { RootStore } from '../RootStore';
import type { Connection } from '../base/ConnectionStore';

/** auth.pageData's content on a community page (app/community/page.go). */
export interface CommunityPageContent {
  /** single: a topic and its answers; answer: one answer and its topic; archive: a node and its topics. */
  view: 'single' | 'answer' | 'archive';
  node?: NodeView;
  topic?: TopicView;
  /** Absent when the topic's gate keeps the viewer out. */
  answer?: AnswerView;
  topics?: Connection<TopicView>;
  /** Absent when the topic's gate keeps the viewer out. */
  answers?: Connection<AnswerView>;
}

/** Reads a community page's content again with paging args (the page after `after`); null on failure (shown as a toast). */
export async function fetchPageContent(root: RootStore, path: string, after: string): Promise<CommunityPageContent | null> {
  const reply = await root.client.request('auth.pageData', { path, args: after ? { after } : {} });
  return (reply?.content as CommunityPageContent | undefined) ?? null;
}
