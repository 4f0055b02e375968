import { makeAutoObservable } from 'mobx';
import type { PrivateMessage as PrivateMessageData, Summary } from '../api/wire.gen';
import { PrivateMessage } from './PrivateMessage';

/** The viewer's conversation with one member: the recents entry and the loaded pages of its messages. */
export class Conversation {
  /** The other member. */
  user: Summary;
  /** The newest message, shown in the recents list; null for a conversation not started yet. */
  lastMessage: PrivateMessage | null = null;
  /** Unread messages from the other member. */
  unread = 0;

  /** The newest page was loaded; older pages follow from `endCursor`. */
  isLoaded = false;
  isFetching = false;
  /** Older messages exist before the oldest one held. */
  hasOlder = false;
  endCursor = '';
  /** How many messages older pages put before the first page: the list keeps its position with it. */
  prepended = 0;

  constructor(user: Summary) {
    this.user = user;
    makeAutoObservable(this);
  }

  get peerId() {
    return this.user.databaseId;
  }

  /** Takes a fuller picture of the member (a conversation opened from a profile knows little). */
  setUser(user: Summary) {
    this.user = user;
  }

  /** Keeps `data` as the newest message unless a newer one is held. */
  noteMessage(data: PrivateMessageData) {
    if (this.lastMessage?.id === data.id) this.lastMessage.update(data);
    else if (!this.lastMessage || data.createdAt >= this.lastMessage.createdAt) this.lastMessage = new PrivateMessage(data);
  }

  setLastMessage(message: PrivateMessage | null) {
    this.lastMessage = message;
  }

  setUnread(unread: number) {
    this.unread = Math.max(0, unread);
  }

  /** Forgets the loaded pages (after an inbox reset); the next open loads the newest page again. */
  unload() {
    this.isLoaded = false;
    this.hasOlder = false;
    this.endCursor = '';
    this.prepended = 0;
  }
}
