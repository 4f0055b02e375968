import type { AnswerView, NodeView, Summary, TopicView } from '../api/wire.gen';
import type { Connection } from '../stores/base/ConnectionStore';
import type { CommunityPageContent } from '../stores/community/pageContent';

/** An instant the fixtures are made at. */
export const T0 = Date.UTC(2026, 10, 21, 12, 0);

export function member(id: string, name = `Member ${id}`): Summary {
  return { id, databaseId: id, name, gqSlug: `member${id}`, avatar: { url: '' } };
}

/** Node `id`, free to join unless told. */
export function node(id: string, overrides: Partial<NodeView> & { join?: Partial<NodeView['communityCatMetas']['settings']['joinRole']>; isJoin?: boolean } = {}): NodeView {
  const { join, isJoin = false, ...rest } = overrides;
  return {
    id,
    databaseId: id,
    gqSlug: `node${id}`,
    thumb: '',
    count: 3,
    communityCatMetas: {
      name: { en: `Node ${id}`, 'zh-hans': `节点 ${id}`, es: `Nodo ${id}` },
      description: { en: `About node ${id}`, 'zh-hans': `关于节点 ${id}`, es: `Sobre el nodo ${id}` },
      isJoin,
      memberCount: 10,
      admin: [member('1', 'Admin')],
      settings: { nodeType: 'normal', joinRole: { type: 'free', value: '', ...join } },
    },
    ...rest,
  };
}

/** Topic `id` in node 5 by member 7, a minute after T0 per id. */
export function topic(id: string, overrides: Partial<TopicView> = {}): TopicView {
  return {
    id,
    databaseId: id,
    title: `Topic ${id}`,
    content: `<p>Content of topic ${id}</p>`,
    excerpt: `Content of topic ${id}`,
    locked: false,
    roles: [],
    type: 'normal',
    author: member('7', 'Ann'),
    nodeId: '5',
    answerCount: 0,
    likeCount: 0,
    isLiked: false,
    commentCount: 0,
    createdAt: T0 + Number(id) * 60_000,
    updatedAt: T0 + Number(id) * 60_000,
    ...overrides,
  };
}

/** Answer `id` to topic 8 by member 9. */
export function answer(id: string, overrides: Partial<AnswerView> = {}): AnswerView {
  return {
    id,
    databaseId: id,
    topicId: '8',
    content: `<p>Answer ${id}</p>`,
    author: member('9', 'Bob'),
    likeCount: 0,
    isLiked: false,
    commentCount: 0,
    createdAt: T0 + Number(id) * 60_000,
    ...overrides,
  };
}

export function connection<D extends { databaseId: string }>(items: D[], hasNextPage = false): Connection<D> {
  return {
    edges: items.map((item) => ({ cursor: item.databaseId, node: item })),
    pageInfo: { endCursor: items.at(-1)?.databaseId ?? '', hasNextPage },
  };
}

/** auth.pageData's reply for a community page. */
export function communityPage(view: 'single' | 'answer' | 'archive', id: string, content: Omit<CommunityPageContent, 'view'>) {
  return {
    page: { lang: 'en', kind: 'community', view, slug: 'x', id, variant: '', name: '', title: '', layout: 'default' },
    modules: [],
    guaqi: {},
    content: { view, ...content },
  };
}
