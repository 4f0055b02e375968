import type { NodeView } from '../../api/wire.gen';
import { localize } from '../../models/settings';

/** Topics carry no slug: their page's segment is made from the title (the server reads only the id). */
const MAX_SLUG = 60;

/** A URL segment from a title: lower-case latin letters and digits joined by '-', empty when none. */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, MAX_SLUG)
    .replace(/^-+|-+$/g, '');
}

function segment(slug: string, id: string): string {
  return slug ? `${slug}-${id}` : id;
}

/** A topic's page: /community/{slug}-{id}. */
export function topicPath(topic: { databaseId: string; title: string }): string {
  return `/community/${segment(slugify(topic.title), topic.databaseId)}`;
}

/** An answer's page with its topic's summary: /community-answer/{slug}-{id}. */
export function answerPath(answer: { databaseId: string }, topicTitle: string): string {
  return `/community-answer/${segment(slugify(topicTitle), answer.databaseId)}`;
}

/** A node's page: /community-archive/{gqSlug}-{id}. */
export function nodePath(node: Pick<NodeView, 'gqSlug' | 'databaseId'>): string {
  return `/community-archive/${segment(encodeURIComponent(node.gqSlug), node.databaseId)}`;
}

/** A node's name in lang (the default language's, or any, when it has none in lang). */
export function nodeName(node: NodeView, lang: string): string {
  return localize(node.communityCatMetas.name, lang) || node.gqSlug;
}

/** A node's description in lang. */
export function nodeDescription(node: NodeView, lang: string): string {
  return localize(node.communityCatMetas.description, lang);
}
