import type { CreateTopicInput, Role, SaveArticleInput } from '../../api/wire.gen';
import { htmlText, type Draft, type DraftGate } from '../../stores/DraftsStore';
import { fixDecimals } from '../../utils/money';

/** The fields of the create form that carry an error message. */
export const FORM_FIELDS = [
  'title',
  'content',
  'node',
  'bountyValue',
  'bountyDeadline',
  'voteOptions',
  'voteDeadline',
  'gate',
  'category',
  'tags',
] as const;
export type FormField = (typeof FORM_FIELDS)[number];

/** An error to show beside a field: an i18n key and its values, or the server's translated message. */
export interface FieldError {
  key: string;
  values?: Record<string, unknown>;
  message?: string;
}
export type FormErrors = Partial<Record<FormField, FieldError>>;

/** Server limits (docs/API.md): topic titles 120 characters, article titles 200, vote options 2-20 of 200 characters. */
export const TOPIC_TITLE_MAX = 120;
export const ARTICLE_TITLE_MAX = 200;
export const MAX_VOTE_OPTIONS = 20;
export const VOTE_OPTION_MAX = 200;
export const EXCERPT_MAX = 300;
export const MAX_TAGS = 10;
/** A bounty or vote ends within a year. */
export const MAX_DEADLINE_MS = 365 * 24 * 60 * 60 * 1000;
/** The keys of SPEC §5's topic checks. */
const SUBMIT_ERROR = 'page.community.submit.error';

const TERM_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/i;
const TERM_SLUG_MAX = 60;

/** What the checks need to know beyond the draft. */
export interface CheckContext {
  now: number;
  /** The node chosen may be posted in (free, joined, or administered by the viewer). */
  nodePostable: boolean;
  /** An existing topic is edited: its node, bounty and vote stay as they are and are not checked again. */
  editing?: boolean;
}

/** The number of characters of the content's text (SPEC §5: it must not be 0). */
export function contentLength(html: string): number {
  return htmlText(html).length;
}

function deadlineError(deadline: number | null, requiredKey: string, now: number): FieldError | undefined {
  if (deadline === null) return { key: requiredKey };
  if (deadline <= now || deadline > now + MAX_DEADLINE_MS) return { key: 'community.error.deadline' };
  return undefined;
}

function isPositive(text: string): boolean {
  return /^\d*\.?\d*$/.test(text) && /[1-9]/.test(text);
}

/** The gate's own problem: a price above 0, a level or tier chosen. */
function gateError(gate: DraftGate): FieldError | undefined {
  switch (gate.type) {
    case 'free':
    case 'login':
    case 'comment':
      return undefined;
    case 'money':
    case 'credit':
      return isPositive(gate.value) ? undefined : { key: 'page.create.error.price' };
    case 'level':
    case 'vip':
      return gate.value ? undefined : { key: 'page.create.error.level' };
    default:
      return gate.type satisfies never;
  }
}

/** The tag slugs of the comma-separated field, without empties and repeats. */
export function tagSlugs(tags: string): string[] {
  return [...new Set(tags.split(/[,，\s]+/).map((tag) => tag.trim()).filter(Boolean))];
}

/**
 * Every problem of the draft, in the order of the form (SPEC §5 first: title, content, the
 * bounty's value and deadline or the vote's options and deadline), keyed by field. Empty when it
 * may be sent.
 */
export function validateDraft(draft: Draft, context: CheckContext): FormErrors {
  const errors: FormErrors = {};
  const isArticle = draft.kind === 'article';
  if (draft.title.trim() === '') errors.title = { key: `${SUBMIT_ERROR}.title` };
  else if (draft.title.trim().length > (isArticle ? ARTICLE_TITLE_MAX : TOPIC_TITLE_MAX)) {
    errors.title = { key: 'community.error.titleLength', values: { max: isArticle ? ARTICLE_TITLE_MAX : TOPIC_TITLE_MAX } };
  }
  if (contentLength(draft.content) === 0) errors.content = { key: `${SUBMIT_ERROR}.content` };
  if (!isArticle && !context.editing) {
    if (!draft.nodeId) errors.node = { key: 'page.create.error.node' };
    else if (!context.nodePostable) errors.node = { key: 'community.error.notJoined' };
  }
  if (draft.kind === 'bounty' && !context.editing) {
    if (!isPositive(draft.bounty.value)) errors.bountyValue = { key: `${SUBMIT_ERROR}.money` };
    const deadline = deadlineError(draft.bounty.deadline, `${SUBMIT_ERROR}.bountyDeadline`, context.now);
    if (deadline) errors.bountyDeadline = deadline;
  }
  if (draft.kind === 'vote' && !context.editing) {
    const options = draft.vote.options;
    if (options.length < 2) errors.voteOptions = { key: `${SUBMIT_ERROR}.voteCount` };
    else if (options.some((option) => option.trim() === '')) errors.voteOptions = { key: `${SUBMIT_ERROR}.voteContent` };
    const deadline = deadlineError(draft.vote.deadline, `${SUBMIT_ERROR}.voteDeadline`, context.now);
    if (deadline) errors.voteDeadline = deadline;
  }
  const gate = gateError(draft.gate);
  if (gate) errors.gate = gate;
  if (isArticle) {
    const category = draft.article.category.trim();
    if (category && (!TERM_SLUG.test(category) || category.length > TERM_SLUG_MAX)) errors.category = { key: 'page.create.error.slug' };
    const tags = tagSlugs(draft.article.tags);
    if (tags.some((tag) => !TERM_SLUG.test(tag) || tag.length > TERM_SLUG_MAX)) errors.tags = { key: 'page.create.error.slug' };
    else if (tags.length > MAX_TAGS) errors.tags = { key: 'page.create.error.tags', values: { max: MAX_TAGS } };
  }
  return errors;
}

/** The text of a field's error. */
export function errorText(error: FieldError, t: (key: string, values?: Record<string, unknown>) => string): string {
  return error.message || t(error.key, error.values);
}

/** The first field with an error, in the form's order. */
export function firstError(errors: FormErrors): [FormField, FieldError] | null {
  for (const field of FORM_FIELDS) {
    const error = errors[field];
    if (error) return [field, error];
  }
  return null;
}

/** A price typed in major units as the server's integer minor units: "2.99" with 2 decimals is "299". */
export function toMinorUnits(text: string, decimals: number): string {
  const fixed = fixDecimals(text || '0', decimals).replace('.', '');
  return BigInt(fixed).toString();
}

/** The gate as the server's roles: free is none. */
export function gateRoles(gate: DraftGate, decimalsOf: (currency: string) => number): Role[] {
  switch (gate.type) {
    case 'free':
      return [];
    case 'login':
    case 'comment':
      return [{ type: gate.type }];
    case 'money':
      return [{ type: 'money', value: toMinorUnits(gate.value, decimalsOf(gate.currency)), currency: gate.currency }];
    case 'credit':
      return [{ type: 'credit', value: toMinorUnits(gate.value, 0) }];
    case 'level':
    case 'vip':
      return [{ type: gate.type, value: gate.value }];
    default:
      return gate.type satisfies never;
  }
}

/** The creation key of a draft's topic: a retried submit creates (and escrows a bounty) once. */
export function idemKeyOf(draft: Draft): string {
  return `create:${draft.id}`;
}

/** mutates.createTopic's input for a topic draft. */
export function topicInput(draft: Draft, decimalsOf: (currency: string) => number): CreateTopicInput {
  const input: CreateTopicInput = {
    title: draft.title.trim(),
    content: draft.content,
    cat: draft.nodeId,
    roles: gateRoles(draft.gate, decimalsOf),
    types: { type: draft.kind === 'article' ? 'normal' : draft.kind },
    idemKey: idemKeyOf(draft),
  };
  if (draft.kind === 'bounty') {
    const { bounty } = draft;
    input.types.bounty = {
      type: bounty.type,
      value: bounty.type === 'credit' ? toMinorUnits(bounty.value, 0) : fixDecimals(bounty.value, decimalsOf(bounty.currency)),
      deadline: bounty.deadline ?? 0,
      ...(bounty.type === 'money' && bounty.currency ? { currency: bounty.currency } : {}),
    };
  }
  if (draft.kind === 'vote') {
    input.types.vote = {
      type: 'single',
      value: draft.vote.options.map((option) => ({ text: option.trim() })),
      deadline: draft.vote.deadline ?? 0,
    };
  }
  return input;
}

/** An article draft's own fields as mutates.saveArticle reads them: what a new article and an edit both send. */
function articleFields(draft: Draft): Pick<SaveArticleInput, 'title' | 'content' | 'excerpt' | 'featuredImage' | 'category' | 'tags'> {
  const { article } = draft;
  const fields: ReturnType<typeof articleFields> = { title: draft.title.trim(), content: draft.content };
  if (article.excerpt.trim()) fields.excerpt = article.excerpt.trim();
  if (article.featuredImage) fields.featuredImage = article.featuredImage;
  if (article.category.trim()) fields.category = { slug: article.category.trim().toLowerCase() };
  const tags = tagSlugs(article.tags);
  if (tags.length) fields.tags = tags.map((slug) => ({ slug: slug.toLowerCase() }));
  return fields;
}

/** mutates.saveArticle's input for an article draft. */
export function articleInput(draft: Draft, decimalsOf: (currency: string) => number): SaveArticleInput {
  const input: SaveArticleInput = { ...articleFields(draft), roles: gateRoles(draft.gate, decimalsOf), clientId: idemKeyOf(draft) };
  if (draft.article.lang) input.lang = draft.article.lang;
  return input;
}

/** mutates.createTopic's input that edits topic `id`: title, content and roles (its type is sent to be checked, its node stays). */
export function topicEditInput(draft: Draft, id: string, roles: Role[]): CreateTopicInput {
  return { id, title: draft.title.trim(), content: draft.content, roles, types: { type: draft.kind === 'article' ? 'normal' : draft.kind } };
}

/** mutates.saveArticle's input that edits article version `id`, keeping its slug (its address) and language. */
export function articleEditInput(draft: Draft, id: string, slug: string, roles: Role[]): SaveArticleInput {
  return { ...articleFields(draft), id, ...(slug ? { slug } : {}), roles };
}

/** The field a refusal of the server belongs to, from its i18n key. */
export function fieldOfCode(code: string, kind: Draft['kind']): FormField | null {
  switch (code) {
    case `${SUBMIT_ERROR}.title`:
    case 'community.error.titleLength':
    case 'content.error.title':
      return 'title';
    case `${SUBMIT_ERROR}.content`:
    case 'content.error.content':
    case 'content.error.tooLong':
      return 'content';
    case `${SUBMIT_ERROR}.money`:
    case 'wallet.error.insufficient':
    case 'wallet.error.currency':
      return 'bountyValue';
    case `${SUBMIT_ERROR}.bountyDeadline`:
      return 'bountyDeadline';
    case `${SUBMIT_ERROR}.voteCount`:
    case `${SUBMIT_ERROR}.voteContent`:
      return 'voteOptions';
    case `${SUBMIT_ERROR}.voteDeadline`:
      return 'voteDeadline';
    case 'community.error.deadline':
      return kind === 'vote' ? 'voteDeadline' : 'bountyDeadline';
    case 'community.error.notJoined':
    case 'community.error.nodeNotFound':
    case 'community.error.joinClosed':
      return 'node';
    case 'content.error.roles':
      return 'gate';
    case 'content.error.category':
      return 'category';
    default:
      return null;
  }
}
