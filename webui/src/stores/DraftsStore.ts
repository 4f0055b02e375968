import { makeAutoObservable, reaction, toJS } from 'mobx';
import { readStorage, removeStorage, writeStorage } from '../platform/storage';
import type { RootStore } from './RootStore';
import { registerStore } from './lazyStores';

/** What the create page writes: a topic of each type, or an article (admins). */
export const DRAFT_KINDS = ['normal', 'bounty', 'vote', 'article'] as const;
export type DraftKind = (typeof DRAFT_KINDS)[number];

/** The gated-content entries offered on the create page (SPEC §6). */
export const GATE_TYPES = ['free', 'login', 'comment', 'money', 'credit', 'level', 'vip'] as const;
export type GateType = (typeof GATE_TYPES)[number];

/** Who may see the content: one entry; `value` is the price as decimal text, the credits or the level's key. */
export interface DraftGate {
  type: GateType;
  value: string;
  currency: string;
}

export interface DraftBounty {
  type: 'money' | 'credit';
  currency: string;
  /** Decimal text as typed (credit: an integer). */
  value: string;
  /** Epoch ms; null when not chosen. */
  deadline: number | null;
}

export interface DraftVote {
  options: string[];
  deadline: number | null;
}

export interface DraftArticle {
  excerpt: string;
  /** A category slug. */
  category: string;
  /** Tag slugs separated by commas. */
  tags: string;
  featuredImage: string;
  /** The version's language; empty is the page's. */
  lang: string;
}

/** A piece being written, kept in local storage until it is published or deleted. */
export interface Draft {
  id: string;
  kind: DraftKind;
  title: string;
  /** The editor's HTML. */
  content: string;
  /** The node (databaseId) a topic goes to. */
  nodeId: string;
  gate: DraftGate;
  bounty: DraftBounty;
  vote: DraftVote;
  article: DraftArticle;
  /** Epoch ms of the last save. */
  updatedAt: number;
}

/** Local storage key of a member's drafts (a JSON list): drafts never mix between accounts of one browser. */
export const DRAFTS_KEY = 'souk:drafts';
export const draftsKey = (userId: string) => `${DRAFTS_KEY}:${userId}`;
/** Typing is saved this long after the last change. */
export const DRAFT_SAVE_DELAY_MS = 1000;
/** Drafts kept at most; saving one more drops the oldest. */
export const MAX_DRAFTS = 20;
/** A new vote starts with this many empty options. */
export const INITIAL_VOTE_OPTIONS = 2;

function randomId(): string {
  const random = Math.random().toString(36).slice(2, 10).padEnd(8, '0');
  return `${Date.now().toString(36)}${random}`;
}

export function isDraftKind(value: unknown): value is DraftKind {
  return (DRAFT_KINDS as readonly unknown[]).includes(value);
}

export function isGateType(value: unknown): value is GateType {
  return (GATE_TYPES as readonly unknown[]).includes(value);
}

/** A blank draft of a kind, with a fresh id (it names the creation: a retried submit creates once). */
export function newDraft(kind: DraftKind, fields: Partial<Pick<Draft, 'nodeId'>> = {}): Draft {
  return {
    id: randomId(),
    kind,
    title: '',
    content: '',
    nodeId: fields.nodeId ?? '',
    gate: { type: 'free', value: '', currency: '' },
    bounty: { type: 'money', currency: '', value: '', deadline: null },
    vote: { options: Array.from({ length: INITIAL_VOTE_OPTIONS }, () => ''), deadline: null },
    article: { excerpt: '', category: '', tags: '', featuredImage: '', lang: '' },
    updatedAt: 0,
  };
}

/** A plain deep copy of a draft (the store's are observable), to edit or keep apart from the original. */
export function copyDraft(draft: Draft): Draft {
  return structuredClone(toJS(draft));
}

/** The visible text of editor HTML, without a DOM: tags dropped, entities of spaces read as spaces. */
export function htmlText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;|&#160;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A draft with nothing written yet is not worth keeping. */
export function isBlank(draft: Draft): boolean {
  return (
    draft.title.trim() === '' &&
    htmlText(draft.content) === '' &&
    !/<img\b/i.test(draft.content) &&
    draft.vote.options.every((option) => option.trim() === '') &&
    draft.bounty.value === '' &&
    draft.article.excerpt.trim() === ''
  );
}

const text = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : fallback);
const instant = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null);
const record = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {});

/** A draft read back from storage, with defaults for what an older or damaged copy lacks; null when it is not one. */
export function normalizeDraft(value: unknown): Draft | null {
  const raw = record(value);
  if (typeof raw.id !== 'string' || !raw.id || !isDraftKind(raw.kind)) return null;
  const blank = newDraft(raw.kind);
  const gate = record(raw.gate);
  const bounty = record(raw.bounty);
  const vote = record(raw.vote);
  const article = record(raw.article);
  return {
    id: raw.id,
    kind: raw.kind,
    title: text(raw.title),
    content: text(raw.content),
    nodeId: text(raw.nodeId),
    gate: { type: isGateType(gate.type) ? gate.type : 'free', value: text(gate.value), currency: text(gate.currency) },
    bounty: {
      type: bounty.type === 'credit' ? 'credit' : 'money',
      currency: text(bounty.currency),
      value: text(bounty.value),
      deadline: instant(bounty.deadline),
    },
    vote: {
      options: Array.isArray(vote.options) ? vote.options.map((option) => text(option)) : blank.vote.options,
      deadline: instant(vote.deadline),
    },
    article: {
      excerpt: text(article.excerpt),
      category: text(article.category),
      tags: text(article.tags),
      featuredImage: text(article.featuredImage),
      lang: text(article.lang),
    },
    updatedAt: instant(raw.updatedAt) ?? 0,
  };
}

/**
 * The signed-in member's drafts, kept in local storage (one list per member) so they survive a
 * reload and show their count in the create panel. Typing is saved debounced (`scheduleSave`); a
 * blank draft is not kept; another tab's changes arrive through the storage event.
 */
export class DraftsStore {
  drafts: Draft[] = [];

  private userId = '';
  private pending = new Map<string, { draft: Draft; timer: ReturnType<typeof setTimeout> }>();

  constructor(readonly root: RootStore) {
    makeAutoObservable<DraftsStore, 'pending' | 'userId'>(this, { root: false, pending: false, userId: false });
    reaction(
      () => root.auth.viewer?.data.databaseId ?? '',
      (userId) => this.load(userId),
      { fireImmediately: true },
    );
    if (typeof window !== 'undefined') window.addEventListener('storage', this.onStorage);
  }

  get count(): number {
    return this.drafts.length;
  }

  /** The drafts, the most recently saved first. */
  get sorted(): Draft[] {
    return [...this.drafts].sort((a, b) => b.updatedAt - a.updatedAt);
  }

  get(id: string): Draft | undefined {
    return this.drafts.find((draft) => draft.id === id);
  }

  /** Reads the member's drafts (a guest has none); pending saves of the member before are written first. */
  load(userId: string) {
    this.flush();
    this.userId = userId;
    this.drafts = userId ? this.read() : [];
  }

  /** Saves a copy of the draft now (a blank one is removed instead); the oldest go beyond MAX_DRAFTS. */
  save(draft: Draft, now = Date.now()) {
    this.dropPending(draft.id);
    if (!this.userId) return;
    if (isBlank(draft)) {
      this.remove(draft.id);
      return;
    }
    const copy: Draft = { ...copyDraft(draft), updatedAt: now };
    const others = this.drafts.filter((held) => held.id !== draft.id);
    this.drafts = [copy, ...others].sort((a, b) => b.updatedAt - a.updatedAt).slice(0, MAX_DRAFTS);
    this.write();
  }

  /** Saves the draft DRAFT_SAVE_DELAY_MS after the last call for it. */
  scheduleSave(draft: Draft) {
    const snapshot = copyDraft(draft);
    this.dropPending(draft.id);
    const timer = setTimeout(() => this.save(snapshot), DRAFT_SAVE_DELAY_MS);
    this.pending.set(draft.id, { draft: snapshot, timer });
  }

  /** Writes every save still waiting (the page closes, the member changes). */
  flush() {
    for (const { draft } of [...this.pending.values()]) this.save(draft);
  }

  /** Forgets a draft (deleted, or published) and any save of it still waiting. */
  remove(id: string) {
    this.dropPending(id);
    if (!this.drafts.some((draft) => draft.id === id)) return;
    this.drafts = this.drafts.filter((draft) => draft.id !== id);
    this.write();
  }

  private dropPending(id: string) {
    const held = this.pending.get(id);
    if (!held) return;
    clearTimeout(held.timer);
    this.pending.delete(id);
  }

  private read(): Draft[] {
    try {
      const list: unknown = JSON.parse(readStorage(draftsKey(this.userId)) ?? '[]');
      if (!Array.isArray(list)) return [];
      return list.map(normalizeDraft).filter((draft): draft is Draft => draft !== null);
    } catch {
      return [];
    }
  }

  private write() {
    const key = draftsKey(this.userId);
    if (this.drafts.length === 0) removeStorage(key);
    else writeStorage(key, JSON.stringify(this.drafts));
  }

  private onStorage = (event: StorageEvent) => {
    if (this.userId && event.key === draftsKey(this.userId)) this.drafts = this.read();
  };
}

registerStore('drafts', (root) => new DraftsStore(root));
