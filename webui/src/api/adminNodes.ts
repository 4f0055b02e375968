/**
 * The operators' node and category form (admin.node, admin.saveNode) and term saves
 * (admin.term, admin.saveTerm): the generated wire types under the names the form uses.
 */
export type { NodeChoices, NodeDraft, NodeReply, SaveNodeReply, TaxonomyOption, TermDraft, TermReply } from './wire.gen';

/** How a member joins a node, as admin.saveNode takes it. */
export const JOIN_TYPES = ['free', 'money', 'level', 'other'] as const;
export type JoinType = (typeof JOIN_TYPES)[number];

/** The kinds of community_nodes rows the form edits. */
export const NODE_KINDS = ['node', 'category'] as const;
export type NodeKind = (typeof NODE_KINDS)[number];

/** The kinds of article_terms rows the term form edits: article categories and tags, shop categories and tags. */
export const TERM_KINDS = ['category', 'tag', 'shop_category', 'shop_tag'] as const;
export type TermKind = (typeof TERM_KINDS)[number];
