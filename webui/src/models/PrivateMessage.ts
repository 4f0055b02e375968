import { makeAutoObservable } from 'mobx';
import type { MessageImage, PrivateMessage as PrivateMessageData, Summary } from '../api/wire.gen';

/** SPEC §9: conversations and the recents list load 20 at a time, the followings list 12. */
export const MESSAGES_PAGE_SIZE = 20;
export const RECENTS_PAGE_SIZE = 20;
export const FOLLOWINGS_PAGE_SIZE = 12;
/** The server takes 1 to 2000 characters (code points) once markup is removed. */
export const MESSAGE_MAX_LENGTH = 2000;
/** SPEC §5: the message box has 3 to 6 rows. */
export const MESSAGE_MIN_ROWS = 3;
export const MESSAGE_MAX_ROWS = 6;
/** The capability (userCan) that lets a member send private messages (SPEC §6). */
export const DIRECT_MESSAGES = 'directMessages';

/** A private message's picture: a media item of the sender's (SPEC §3 "image"). */
export type PrivateMessageImage = MessageImage;

/** The picture a message carries: the server sends `{image: {id, sourceUrl, width, height}}`; anything else is none. */
export function messageImage(value: unknown): PrivateMessageImage | null {
  if (typeof value !== 'object' || value === null) return null;
  const image = value as Partial<PrivateMessageImage>;
  if (typeof image.sourceUrl !== 'string' || !image.sourceUrl) return null;
  return { id: String(image.id ?? ''), sourceUrl: image.sourceUrl, width: Number(image.width ?? 0), height: Number(image.height ?? 0) };
}

/** The length of a message as the server counts it (code points). */
export function messageLength(text: string): number {
  return [...text].length;
}

/** The rows the message box shows for `text`: one per line, between 3 and 6. */
export function messageRows(text: string): number {
  return Math.min(MESSAGE_MAX_ROWS, Math.max(MESSAGE_MIN_ROWS, text.split('\n').length));
}

/** A private message (SPEC §3). Its content is plain text with line breaks, never HTML. */
export class PrivateMessage {
  id: string;
  content: string;
  /** Epoch milliseconds. */
  createdAt: number;
  from: Summary;
  to: Summary;
  /** The recipient opened the conversation since. */
  read: boolean;
  image: PrivateMessageImage | null;

  constructor(data: PrivateMessageData) {
    this.id = data.id;
    this.content = data.content;
    this.createdAt = data.createdAt;
    this.from = data.from;
    this.to = data.to;
    this.read = data.read;
    this.image = messageImage(data.image);
    makeAutoObservable(this);
  }

  /** Takes newer data of the same message (a live event after the page, a replay). */
  update(data: PrivateMessageData) {
    this.content = data.content;
    this.createdAt = data.createdAt;
    this.from = data.from;
    this.to = data.to;
    this.read = this.read || data.read;
    this.image = messageImage(data.image) ?? this.image;
  }

  markAsRead() {
    this.read = true;
  }

  /** The other member of the conversation, seen by `viewerId`. */
  peerOf(viewerId: string | null): Summary {
    return this.from.databaseId === viewerId ? this.to : this.from;
  }

  isFrom(userId: string | null): boolean {
    return userId !== null && this.from.databaseId === userId;
  }

  /** Only the sender may delete a message (SPEC §6). */
  canBeDeletedBy(userId: string | null): boolean {
    return this.isFrom(userId);
  }

  /** Whether the message belongs to the conversation between `viewerId` and `peerId`. */
  isBetween(viewerId: string | null, peerId: string): boolean {
    return (
      (this.from.databaseId === viewerId && this.to.databaseId === peerId) ||
      (this.from.databaseId === peerId && this.to.databaseId === viewerId)
    );
  }
}

