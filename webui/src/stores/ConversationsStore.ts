import { makeAutoObservable, observable, runInAction } from 'mobx';
import type { ConversationUnread, InboxUser, PrivateMessageData, PrivateMessageEvent, UnreadCounts } from '../api/socket';
import { Conversation } from '../models/Conversation';
import { RECENTS_PAGE_SIZE, type PrivateMessage } from '../models/PrivateMessage';
import type { RootStore } from './RootStore';

/** The reply of utils.getPrivateMessageUsers. */
interface RecentsReply {
  privateMessageUsers: {
    edges: { cursor: string; node: { user: InboxUser; lastMessage: PrivateMessageData; unread: number } }[];
    pageInfo: { endCursor: string; hasNextPage: boolean };
  };
  unread: UnreadCounts;
  inboxSeq: number;
}

/**
 * The viewer's conversations by the other member's id: the recents list (utils.getPrivateMessageUsers,
 * pages of 20, most recent first) kept current by private_message and unread events, and the
 * conversations opened from elsewhere (a profile, the followings list).
 */
export class ConversationsStore {
  byPeer = observable.map<string, Conversation>();
  isFetching = false;
  isLoaded = false;
  /** More (older) conversations exist after the last page loaded. */
  hasMore = false;

  private endCursor = '';
  private request: Promise<void> | null = null;

  constructor(readonly root: RootStore) {
    makeAutoObservable<ConversationsStore, 'request'>(this, { root: false, request: false });
  }

  /** The recents list: conversations with a message, the most recent first. */
  get recents(): Conversation[] {
    return [...this.byPeer.values()]
      .filter((conversation) => conversation.lastMessage !== null)
      .sort((a, b) => (b.lastMessage?.createdAt ?? 0) - (a.lastMessage?.createdAt ?? 0));
  }

  get(peerId: string): Conversation | undefined {
    return this.byPeer.get(peerId);
  }

  /** The conversation with `user`, created when there is none yet. */
  ensure(user: InboxUser): Conversation {
    let conversation = this.byPeer.get(user.databaseId);
    if (!conversation) {
      conversation = new Conversation(user);
      this.byPeer.set(user.databaseId, conversation);
    }
    return conversation;
  }

  /** Loads the first page of recents once; concurrent calls share the request. */
  load(): Promise<void> {
    if (this.isLoaded) return Promise.resolve();
    this.request ??= this.fetchPage('').finally(() => {
      this.request = null;
    });
    return this.request;
  }

  /** Loads the next page (the list's end was reached). */
  loadMore(): Promise<void> {
    if (!this.isLoaded || !this.hasMore || !this.endCursor) return Promise.resolve();
    this.request ??= this.fetchPage(this.endCursor).finally(() => {
      this.request = null;
    });
    return this.request;
  }

  private async fetchPage(after: string) {
    const viewerId = this.root.auth.viewer?.data.databaseId;
    if (!viewerId) return;
    this.isFetching = true;
    const reply = await this.root.client.request<RecentsReply>('utils.getPrivateMessageUsers', {
      userId: viewerId,
      type: 'MESSAGE',
      first: RECENTS_PAGE_SIZE,
      ...(after ? { after } : {}),
    });
    runInAction(() => {
      this.isFetching = false;
      if (!reply || this.root.auth.viewer?.data.databaseId !== viewerId) return;
      for (const { node } of reply.privateMessageUsers.edges) {
        const conversation = this.ensure(node.user);
        conversation.setUser(node.user);
        conversation.noteMessage(node.lastMessage);
        conversation.setUnread(node.unread);
      }
      this.endCursor = reply.privateMessageUsers.pageInfo.endCursor || this.endCursor;
      this.hasMore = reply.privateMessageUsers.pageInfo.hasNextPage;
      this.isLoaded = true;
      this.root.inbox.applyCounts(reply.unread, reply.inboxSeq);
    });
  }

  /** A live message to or from the viewer: it leads its conversation now. */
  receiveMessage(event: PrivateMessageEvent) {
    const viewerId = this.root.auth.viewer?.data.databaseId ?? null;
    const message = event.message;
    const peer = message.from.databaseId === viewerId ? message.to : message.from;
    const conversation = this.ensure(peer);
    conversation.noteMessage(message);
    conversation.setUnread(event.conversation.unread);
  }

  /** The viewer read a conversation (here or on another connection), or a message was deleted. */
  receiveUnread(unread: ConversationUnread) {
    const conversation = this.byPeer.get(unread.userId);
    if (!conversation) return;
    conversation.setUnread(unread.unread);
    if (unread.unread === 0) this.root.messages.markReceivedRead(unread.userId);
  }

  /**
   * A message was deleted: the conversation's newest message becomes the newest one still loaded;
   * when none is, the recents are read again.
   */
  messageDeleted(peerId: string, messageId: string, unread: number, replacement: PrivateMessage | null) {
    const conversation = this.byPeer.get(peerId);
    if (!conversation) return;
    conversation.setUnread(unread);
    if (conversation.lastMessage?.id !== messageId) return;
    conversation.setLastMessage(replacement);
    if (!replacement && this.isLoaded) this.reload();
  }

  /** Reads the recents again (after an inbox reset, or a deletion of what they showed), when they were shown. */
  reload() {
    const wasLoaded = this.isLoaded;
    for (const conversation of this.byPeer.values()) {
      if (conversation.peerId !== this.root.messages.activePeerId) conversation.setLastMessage(null);
    }
    this.isLoaded = false;
    this.hasMore = false;
    this.endCursor = '';
    if (wasLoaded) void this.load();
  }

  /** Forgets everything (another viewer). */
  reset() {
    this.byPeer.clear();
    this.isLoaded = false;
    this.isFetching = false;
    this.hasMore = false;
    this.endCursor = '';
  }
}
