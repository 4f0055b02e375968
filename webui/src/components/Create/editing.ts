import type { ArticleNode, ArticleReply, Role, TopicView } from '../../api/wire.gen';
import { htmlText, isGateType, newDraft, type Draft, type DraftGate } from '../../stores/DraftsStore';
import type { CommunityPageContent } from '../../stores/community/pageContent';
import type { RootStore } from '../../stores/RootStore';
import { localizePath } from '../../utils/links';
import { topicPath } from '../Community/paths';

/** What /create?edit= may open: an existing article or community topic. */
export const EDIT_KINDS = ['article', 'topic'] as const;
export type EditKind = (typeof EDIT_KINDS)[number];

/** An item to edit, as the `edit` query parameter names it: `article:<id>` or `topic:<id>`. */
export interface EditTarget {
  kind: EditKind;
  id: string;
}

/** The query parameter that opens an existing item in /create. */
export const EDIT_PARAM = 'edit';

/** The item the `edit` parameter names; null when it names none (a kind /create cannot edit, an id that is not a databaseId). */
export function parseEditTarget(value: string | null): EditTarget | null {
  const match = /^(article|topic):([1-9]\d{0,18})$/.exec(value ?? '');
  if (!match) return null;
  return { kind: match[1] as EditKind, id: match[2] };
}

/** The editor's address for an item, without the language prefix: /create?edit=kind:id. */
export function editPath(target: EditTarget): string {
  return `/create?${EDIT_PARAM}=${target.kind}:${target.id}`;
}

/** What an edit keeps from the item loaded: what to send back unchanged and where the item lives. */
export interface EditSource {
  target: EditTarget;
  /** The item's roles as loaded: sent back as they are while the gate is not changed (the form holds one entry). */
  roles: Role[];
  /** The gate the form was filled with, to tell whether the member changed it. */
  gate: DraftGate;
  /** An article's URL slug: kept, so its address does not move with a new title. */
  slug: string;
  /** The item's page, with its language prefix. */
  path: string;
  /** A topic's node (databaseId): it stays. */
  nodeId: string;
}

/** Text of a price in minor units as major units: "299" with 2 decimals is "2.99". */
export function fromMinorUnits(value: string, decimals: number): string {
  if (!/^\d+$/.test(value)) return '';
  if (decimals <= 0) return value.replace(/^0+(?=\d)/, '');
  const digits = value.padStart(decimals + 1, '0');
  return `${digits.slice(0, -decimals).replace(/^0+(?=\d)/, '')}.${digits.slice(-decimals)}`;
}

/** The form's one gate entry for an item's roles: the first the form can show; free when none. */
export function gateOfRoles(roles: Role[], decimalsOf: (currency: string) => number): DraftGate {
  const role = roles.find((entry) => isGateType(entry.type));
  if (!role || !isGateType(role.type)) return { type: 'free', value: '', currency: '' };
  switch (role.type) {
    case 'free':
    case 'login':
    case 'comment':
      return { type: role.type, value: '', currency: '' };
    case 'money':
      return { type: 'money', value: fromMinorUnits(role.value ?? '', decimalsOf(role.currency ?? '')), currency: role.currency ?? '' };
    case 'credit':
      return { type: 'credit', value: fromMinorUnits(role.value ?? '', 0), currency: '' };
    case 'level':
    case 'vip':
      return { type: role.type, value: role.value ?? '', currency: '' };
    default:
      return role.type satisfies never;
  }
}

/**
 * Whether an article's excerpt is the one the server makes from its content when none is written
 * (its first words, maybe cut with an ellipsis): such an excerpt is left out of the form, so that
 * it keeps following the content instead of being saved as written.
 */
export function isContentExcerpt(excerpt: string, content: string): boolean {
  const start = excerpt.replace(/(…|\.\.\.)$/, '').trim();
  return start === '' || htmlText(content).startsWith(start);
}

/** A draft filled with an article, for mutates.saveArticle with its id. */
export function draftOfArticle(article: ArticleNode, decimalsOf: (currency: string) => number): Draft {
  const draft = newDraft('article');
  draft.title = article.title;
  draft.content = article.content;
  draft.gate = gateOfRoles(article.roles, decimalsOf);
  draft.article = {
    excerpt: isContentExcerpt(article.excerpt, article.content) ? '' : article.excerpt,
    category: article.category?.gqSlug ?? '',
    tags: article.tags.map((tag) => tag.gqSlug).join(', '),
    featuredImage: article.featuredImage?.node.sourceUrl ?? '',
    lang: article.lang,
  };
  return draft;
}

/** A draft filled with a topic, for mutates.createTopic with its id (its type and node stay). */
export function draftOfTopic(topic: TopicView, decimalsOf: (currency: string) => number): Draft {
  const kind = topic.type === 'bounty' || topic.type === 'vote' ? topic.type : 'normal';
  const draft = newDraft(kind, { nodeId: topic.nodeId });
  draft.title = topic.title;
  draft.content = topic.content ?? '';
  draft.gate = gateOfRoles(topic.roles, decimalsOf);
  return draft;
}

/** An item loaded for editing, or why it cannot be. */
export type EditLoad =
  | { status: 'ready'; draft: Draft; source: EditSource }
  | { status: 'refused' }
  | { status: 'notFound' }
  | { status: 'failed' };

/** Whether the viewer may save the item: an article is an administrator's (mutates.saveArticle), a topic its author's or an administrator's. */
export function mayEdit(kind: EditKind, authorId: string, viewer: { databaseId: string; isAdmin: boolean } | null): boolean {
  if (!viewer) return false;
  if (viewer.isAdmin) return true;
  return kind === 'topic' && viewer.databaseId === authorId;
}

/**
 * Reads the item through the site's own read actions (content.article, a topic's page data) and fills
 * a draft with it. An article asked for by the id of a version in another language than the
 * request's is read from that version's page data, so the version named is the one edited.
 */
export async function loadEdit(root: RootStore, target: EditTarget, decimalsOf: (currency: string) => number): Promise<EditLoad> {
  const viewer = root.auth.viewer?.data;
  const poster = viewer ? { databaseId: viewer.databaseId, isAdmin: viewer.gqRoles?.isAdmin === true } : null;
  if (target.kind === 'article') {
    const article = await readArticle(root, target.id);
    if (article === 'failed' || article === 'notFound') return { status: article };
    if (!mayEdit('article', article.author.databaseId, poster) || article.gated) return { status: 'refused' };
    const draft = draftOfArticle(article, decimalsOf);
    return { status: 'ready', draft, source: { target, roles: article.roles, gate: { ...draft.gate }, slug: article.gqSlug, path: article.uri, nodeId: '' } };
  }
  // The topic's page data holds its content (the topic lists leave it out).
  const result = await root.client.call<{ content?: CommunityPageContent }>('auth.pageData', { path: localizePath(`/community/${target.id}`, root.locale.lang) });
  if (!result.ok) return { status: result.error.statusCode === 404 ? 'notFound' : 'failed' };
  const topic = result.data.content?.topic;
  if (topic?.databaseId !== target.id) return { status: 'notFound' };
  if (!mayEdit('topic', topic.author.databaseId, poster) || topic.locked) return { status: 'refused' };
  const draft = draftOfTopic(topic, decimalsOf);
  return {
    status: 'ready',
    draft,
    source: {
      target,
      roles: topic.roles,
      gate: { ...draft.gate },
      slug: '',
      path: localizePath(topicPath(topic), root.locale.lang),
      nodeId: topic.nodeId,
    },
  };
}

async function readArticle(root: RootStore, id: string): Promise<ArticleNode | 'notFound' | 'failed'> {
  const result = await root.client.call('content.article', { id });
  if (!result.ok) return result.error.statusCode === 404 ? 'notFound' : 'failed';
  const { article } = result.data;
  if (article.databaseId === id) return article;
  const version = article.versions?.find((entry) => entry.id === id);
  if (!version) return 'notFound';
  const page = await root.client.call<{ content?: ArticleReply }>('auth.pageData', { path: version.uri });
  if (!page.ok) return page.error.statusCode === 404 ? 'notFound' : 'failed';
  const own = page.data.content?.article;
  return own?.databaseId === id ? own : 'notFound';
}
