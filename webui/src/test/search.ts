import type { Post, Summary } from '../api/wire.gen';
import { json } from './stores';

/** A search result node. */
export function post(id: string, title: string, extra: Partial<Post> = {}): Post {
  return {
    id,
    databaseId: id,
    kind: 'article',
    title,
    gqSlug: 'slug',
    uri: `/article/slug-${id}`,
    lang: 'zh-hans',
    viewsCache: 0,
    likeCount: 0,
    commentCount: 0,
    createdAt: 1,
    ...extra,
  };
}

/** A member found by search.user. */
export function member(id: string, name: string, gqSlug: string): Summary {
  return { id, databaseId: id, name, gqSlug, avatar: { url: '' } };
}

/** A utils.search reply of posts. */
export function page(posts: Post[], hasNextPage = false, endCursor = String(posts.length)): Response {
  return json({ posts: { edges: posts.map((node, i) => ({ cursor: String(i + 1), node })), pageInfo: { endCursor, hasNextPage } } });
}

/** A search.user reply. */
export function members(...nodes: Summary[]): Response {
  return json({ users: { nodes } });
}
