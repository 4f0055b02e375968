import { act } from '@testing-library/react';
import type { LiveEvent } from '../api/live';
import type { ArchiveReply, ArticleNode, CommentNode, Role, TopicView } from '../api/wire.gen';
import type { RootStore } from '../stores/RootStore';
import { topic as communityTopic } from './community';
import { inboxUser, T0 } from './inbox';
import type { FetchCall } from './stores';

/** The data of the requests a test made for one action, in order. */
export function sentData(calls: FetchCall[], action: string): Record<string, unknown>[] {
  return calls.filter((call) => call.body?.action === action).map((call) => call.body?.data as Record<string, unknown>);
}

/**
 * Catches the live channels the components subscribe to (no socket) and answers a function that
 * plays an event to the listeners of its channel.
 */
export function captureLive(root: RootStore): (event: LiveEvent) => void {
  const listeners = new Map<string, Set<(event: LiveEvent) => void>>();
  vi.spyOn(root.realtime.live, 'subscribe').mockImplementation((channel, listener) => {
    const set = listeners.get(channel) ?? new Set();
    set.add(listener);
    listeners.set(channel, set);
    return () => set.delete(listener);
  });
  return (event) => act(() => listeners.get(event.channel)?.forEach((listener) => listener(event)));
}

/** Article `id` by member 7, readable by anyone unless `overrides` gate it. */
export function article(id: string, overrides: Partial<ArticleNode> = {}): ArticleNode {
  return {
    id,
    databaseId: id,
    groupId: id,
    lang: 'en',
    title: `Article ${id}`,
    gqSlug: `article-${id}`,
    uri: `/en/article/article-${id}-${id}`,
    content: `<p>Body of ${id}</p>`,
    excerpt: `Excerpt of ${id}`,
    author: inboxUser('7', 'Ada'),
    tags: [],
    viewsCache: 10,
    likeCount: 2,
    commentCount: 0,
    isLiked: false,
    createdAt: T0,
    updatedAt: T0,
    roles: [],
    gated: false,
    ...overrides,
  };
}

/** The same article gated by `roles`, offering `gate`. */
export function gatedArticle(id: string, gate: Role, roles: Role[] = [gate]): ArticleNode {
  return article(id, { content: '', gated: true, gate, roles });
}

/** Comment `id` on article 100 by `author` (member 7 unless told), `replyTo` another comment. */
export function comment(id: string, overrides: Partial<CommentNode> = {}): CommentNode {
  return {
    id,
    databaseId: id,
    targetType: 'article',
    targetId: '100',
    content: `<p>comment ${id}</p>`,
    author: inboxUser('7', 'Ada'),
    createdAt: T0 + Number(id) * 1000,
    likeCount: 0,
    isLiked: false,
    ...overrides,
  };
}

/** A content.comments reply. */
export function commentsPage(comments: CommentNode[], { hasNextPage = false, commentCount = comments.length } = {}) {
  return {
    comments: {
      edges: comments.map((node) => ({ cursor: node.databaseId, node })),
      pageInfo: { endCursor: comments.at(-1)?.databaseId ?? '', hasNextPage },
    },
    commentCount,
  };
}

/** A content.archive reply. */
export function archivePage(articles: ArticleNode[], { hasNextPage = false, term }: { hasNextPage?: boolean; term?: ArchiveReply['term'] } = {}): ArchiveReply {
  return {
    ...(term ? { term } : {}),
    posts: {
      edges: articles.map((node) => ({ cursor: node.databaseId, node })),
      pageInfo: { endCursor: articles.at(-1)?.databaseId ?? '', hasNextPage },
    },
  };
}

/** A normal topic `id` in node 3 by member 7, listed (no content). */
export function topic(id: string): TopicView {
  const { content: _content, ...listed } = communityTopic(id, {
    excerpt: `About ${id}`,
    author: inboxUser('7', 'Ada'),
    nodeId: '3',
    createdAt: T0,
    updatedAt: T0,
  });
  return listed;
}
