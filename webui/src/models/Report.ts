import { makeAutoObservable } from 'mobx';
import type { ReportData, ReportMediaItem, ReportPostType, ReportTarget } from '../api/reports';
import type { Summary } from '../api/wire.gen';
import type { Settings } from './settings';

/** SPEC §5, §9: up to 4 screenshots, a reason of 1 to 2000 characters. */
export const REPORT_MAX_IMAGES = 4;
export const REPORT_CONTENT_MAX = 2000;
/** The moderation queue reads 20 reports a page. */
export const REPORTS_PAGE_SIZE = 20;

/** The settings' report list (post, comment, user, chat) whose reasons fit each kind of reported thing. */
export const REPORT_REASON_LIST: Record<ReportPostType, string> = {
  user: 'user',
  chatMessage: 'chat',
  privateMessage: 'chat',
  media: 'post',
};

/**
 * The reasons a reporter picks from for a kind of thing, in the settings' language: its own list,
 * else every reason the settings name (each once).
 */
export function reportReasons(settings: Settings | null, postType: ReportPostType): string[] {
  const lists = settings?.report;
  if (typeof lists !== 'object' || lists === null) return [];
  const byType = lists as Record<string, unknown>;
  const strings = (value: unknown) => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string' && item !== '') : []);
  const own = strings(byType[REPORT_REASON_LIST[postType]]);
  if (own.length > 0) return own;
  return [...new Set(Object.values(byType).flatMap(strings))];
}

/** The length of a text as the server counts it (code points). */
export function reportLength(text: string): number {
  return [...text].length;
}

/** A report in the moderation queue (contract: admin.reports). */
export class Report {
  data: ReportData;

  constructor(data: ReportData) {
    this.data = data;
    makeAutoObservable(this);
  }

  get id(): string {
    return this.data.id;
  }

  get createdAt(): number {
    return this.data.createdAt;
  }

  get isOpen(): boolean {
    return this.data.status !== 'resolved';
  }

  get reporter(): Summary {
    return this.data.reporter;
  }

  get author(): Summary | null {
    return this.data.author ?? null;
  }

  get images(): ReportMediaItem[] {
    return (this.data.imgs ?? []).filter((img) => Boolean(img?.sourceUrl));
  }

  get target(): ReportTarget {
    return this.data.target ?? { deleted: false };
  }

  /** The reported content no longer exists (deleted by its author or a moderator). */
  get isTargetDeleted(): boolean {
    return this.target.deleted === true;
  }

  /** The reported text (a chat or private message) as it was when reported. */
  get targetText(): string {
    return typeof this.target.excerpt === 'string' ? this.target.excerpt : '';
  }

  /** The reported member: the target of a user report. */
  get targetUser(): Summary | null {
    const user = this.target.user;
    if (user && typeof user === 'object') return user;
    if (this.data.postType === 'user' && this.author) return this.author;
    return null;
  }

  get targetMedia(): ReportMediaItem | null {
    const media = this.target.media;
    return media && typeof media === 'object' && typeof media.sourceUrl === 'string' ? media : null;
  }

  update(data: ReportData) {
    this.data = data;
  }
}
