import { makeAutoObservable } from 'mobx';
import type { Notification as NotificationData, Summary } from '../api/wire.gen';
import { profilePath } from '../utils/links';

/** SPEC §9: notification pages of 20. */
export const NOTIFICATIONS_PAGE_SIZE = 20;

/** The content of a report notification (SPEC §3): the reported item, the reason, the reported text, the outcome. */
export interface ReportContent {
  title: string;
  slug: string;
  desc: string;
  userContent: string;
  content: string;
}

/** The content of a comment, reply, mention or like notification: what it is about and the comment's first words. */
export interface ActivityContent {
  /** article, topic, answer or comment. */
  targetType: string;
  /** The comment answered (a reply), when there is one. */
  replyTo: string;
  excerpt: string;
}

/** The content of a community notification: an answer to the member's topic, an award, a refund. */
export interface CommunityContent {
  /** answer, award or refund. */
  kind: string;
  /** An award's share or a refund's amount, with its currency (CREDIT for credit). */
  value: string;
  currency: string;
}

/** The content of a system announcement. */
export interface SystemContent {
  text: string;
  url: string;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** A notification's content: the server sends a JSON object (its shape depends on the type), or null. */
function contentOf(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/**
 * The in-app path of a slug a notification links to: a path or address is kept, a bare slug
 * becomes `/{slug}` (the page resolver finds it).
 */
export function slugPath(slug: string): string {
  if (!slug) return '';
  return /^(\/|[a-z]+:)/i.test(slug) ? slug : `/${slug}`;
}

/** A notification of the viewer (SPEC §3). */
export class Notification {
  id: string;
  type: string;
  title: string;
  content: Record<string, unknown>;
  read: boolean;
  /** Epoch milliseconds. */
  createdAt: number;
  from: Summary | null;

  constructor(data: NotificationData) {
    this.id = data.id;
    this.type = data.type;
    this.title = data.title;
    this.content = contentOf(data.content);
    this.read = data.read;
    this.createdAt = data.createdAt;
    this.from = data.from ?? null;
    makeAutoObservable(this);
  }

  update(data: NotificationData) {
    this.type = data.type;
    this.title = data.title;
    this.content = contentOf(data.content);
    this.read = this.read || data.read;
    this.createdAt = data.createdAt;
    this.from = data.from ?? null;
  }

  markAsRead() {
    this.read = true;
  }

  /** The fields of a report notification. */
  get report(): ReportContent {
    const c = this.content;
    return { title: text(c.title), slug: text(c.slug), desc: text(c.desc), userContent: text(c.user_content), content: text(c.content) };
  }

  /** The fields of a comment, mention or like notification. */
  get activity(): ActivityContent {
    const c = this.content;
    return { targetType: text(c.targetType), replyTo: text(c.replyTo), excerpt: text(c.excerpt) };
  }

  /** The fields of a community notification. */
  get community(): CommunityContent {
    const c = this.content;
    return { kind: text(c.kind), value: text(c.value), currency: text(c.currency) };
  }

  /** The text and optional link of a system announcement (and of other kinds that carry text). */
  get system(): SystemContent {
    return { text: text(this.content.text), url: text(this.content.url) };
  }

  /** The profile of whoever caused it (a follower); empty for the site. */
  get fromPath(): string {
    return this.from ? profilePath(this.from) : '';
  }
}
