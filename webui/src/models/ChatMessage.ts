import { makeAutoObservable } from 'mobx';
import type { RealtimeChatMessage, User } from '../api/wire.gen';
import { profilePath } from '../utils/links';

/** The chat room of the site. */
export const CHAT_ROOM = 'chat';
/** SPEC §5, §9: at most 120 characters, one message every 2000 ms, history pages of 18. */
export const CHAT_MAX_LENGTH = 120;
export const CHAT_SEND_THROTTLE_MS = 2000;
export const CHAT_PAGE_SIZE = 18;
/** A message the socket has not acknowledged by then is sent again over HTTP (same clientId). */
export const CHAT_ACK_TIMEOUT_MS = 8000;
/** The server replays at most this many events to a resuming client; further behind, reload. */
export const CHAT_MAX_REPLAY = 1000;

/** The length of a chat text as the server counts it (code points). */
export function chatLength(text: string): number {
  return [...text].length;
}

/** Who may delete what: admins any message, members their own (SPEC §6). */
export interface ChatActor {
  userId: string | null;
  isAdmin: boolean;
}

/** A message of a chat room (SPEC §3). */
export class ChatMessage {
  id: string;
  room: string;
  /** The room's sequence number: the order of the room. */
  seq: number;
  text: string;
  /** Epoch milliseconds. */
  createdAt: number;
  user: User;

  constructor(data: RealtimeChatMessage) {
    this.id = data.id;
    this.room = data.room;
    this.seq = data.seq;
    this.text = data.message;
    this.createdAt = data.created_at;
    this.user = data.user;
    makeAutoObservable(this);
  }

  /** Takes newer data of the same message (a resend after a reconnect, an HTTP reply). */
  update(data: RealtimeChatMessage) {
    this.seq = data.seq;
    this.text = data.message;
    this.createdAt = data.created_at;
    this.user = data.user;
  }

  get authorId() {
    return this.user.databaseId;
  }

  get profilePath() {
    return profilePath(this.user);
  }

  isOwnedBy(userId: string | null): boolean {
    return userId !== null && userId === this.user.databaseId;
  }

  canBeDeletedBy(actor: ChatActor): boolean {
    return actor.isAdmin || this.isOwnedBy(actor.userId);
  }
}
