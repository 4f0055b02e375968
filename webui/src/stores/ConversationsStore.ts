import { action, computed, makeObservable, override } from 'mobx';
import type { ConversationUnread, PrivateMessage as PrivateMessageData, RealtimeEvents, Summary, Unread } from '../api/wire.gen';
import { Conversation } from '../models/Conversation';
import { RECENTS_PAGE_SIZE, type PrivateMessage } from '../models/PrivateMessage';
import type { RootStore } from './RootStore';
import { PagedStore, type Page, type PageDirection } from './base/PagedStore';
import { registerStore } from './lazyStores';

/** One entry of the recents list: the member, the newest message and how many are unread. */
interface RecentData {
  user: Summary;
  lastMessage: PrivateMessageData;
  unread: number;
}

/** The reply of utils.getPrivateMessageUsers. */
interface RecentsReply {
  privateMessageUsers: {
    edges: { cursor: string; node: RecentData }[];
    pageInfo: { endCursor: string; hasNextPage: boolean };
  };
  unread: Unread;
  inboxSeq: number;
}

/**
 * The viewer's conversations by the other member's id: the recents list (utils.getPrivateMessageUsers,
 * pages of 20, most recent first) kept current by private_message and unread events, and the
 * conversations opened from elsewhere (a profile, the followings list).
 */
export class ConversationsStore extends PagedStore<Conversation, RecentData> {
  constructor(root: RootStore) {
    super(root, 'ConversationsStore');
    makeObservable(this, {
      recents: computed,
      ensure: action,
      receiveMessage: action,
      receiveUnread: action,
      messageDeleted: action,
      reload: override,
    });
  }

  protected idOf(data: RecentData) {
    return data.user.databaseId;
  }

  protected create(data: RecentData) {
    const conversation = new Conversation(data.user);
    this.update(conversation, data);
    return conversation;
  }

  protected update(conversation: Conversation, data: RecentData) {
    conversation.setUser(data.user);
    conversation.noteMessage(data.lastMessage);
    conversation.setUnread(data.unread);
  }

  /** The recents list: conversations with a message, the most recent first. */
  get recents(): Conversation[] {
    return [...this.data.values()]
      .filter((conversation) => conversation.lastMessage !== null)
      .sort((a, b) => (b.lastMessage?.createdAt ?? 0) - (a.lastMessage?.createdAt ?? 0));
  }

  /** The conversation with `user`, created when there is none yet. */
  ensure(user: Summary): Conversation {
    let conversation = this.data.get(user.databaseId);
    if (!conversation) {
      conversation = new Conversation(user);
      this.data.set(user.databaseId, conversation);
    }
    return conversation;
  }

  /** Reads a page of recents; older pages are the less recent conversations. */
  protected async fetchPage(_direction: PageDirection, after: string): Promise<Page<RecentData> | null> {
    const viewerId = this.root.auth.viewer?.data.databaseId;
    if (!viewerId) return null;
    const reply = await this.root.client.request<RecentsReply>('utils.getPrivateMessageUsers', {
      userId: viewerId,
      type: 'MESSAGE',
      first: RECENTS_PAGE_SIZE,
      ...(after ? { after } : {}),
    });
    if (!reply || this.root.auth.viewer?.data.databaseId !== viewerId) return null;
    const { endCursor, hasNextPage } = reply.privateMessageUsers.pageInfo;
    return {
      items: reply.privateMessageUsers.edges.map((edge) => edge.node),
      olderCursor: endCursor,
      hasOlder: hasNextPage,
      apply: () => this.root.inbox.applyCounts(reply.unread, reply.inboxSeq),
    };
  }

  /** A live message to or from the viewer: it leads its conversation now. */
  receiveMessage(event: RealtimeEvents['private_message']) {
    const viewerId = this.root.auth.viewer?.data.databaseId ?? null;
    const message = event.message;
    const peer = message.from.databaseId === viewerId ? message.to : message.from;
    const conversation = this.ensure(peer);
    conversation.noteMessage(message);
    conversation.setUnread(event.conversation.unread);
  }

  /** The viewer read a conversation (here or on another connection), or a message was deleted. */
  receiveUnread(unread: ConversationUnread) {
    const conversation = this.data.get(unread.userId);
    if (!conversation) return;
    conversation.setUnread(unread.unread);
    if (unread.unread === 0) this.root.peek('messages')?.markReceivedRead(unread.userId);
  }

  /**
   * A message was deleted: the conversation's newest message becomes the newest one still loaded;
   * when none is, the recents are read again.
   */
  messageDeleted(peerId: string, messageId: string, unread: number, replacement: PrivateMessage | null) {
    const conversation = this.data.get(peerId);
    if (!conversation) return;
    conversation.setUnread(unread);
    if (conversation.lastMessage?.id !== messageId) return;
    conversation.setLastMessage(replacement);
    if (!replacement && this.isLoaded) this.reload();
  }

  /** Reads the recents again (after an inbox reset, or a deletion of what they showed), when they were shown. */
  override reload() {
    const wasLoaded = this.isLoaded;
    for (const conversation of this.data.values()) {
      if (conversation.peerId !== this.root.peek('messages')?.activePeerId) conversation.setLastMessage(null);
    }
    this.resetPaging();
    if (wasLoaded) void this.loadLatest();
  }
}

registerStore('conversations', (root) => new ConversationsStore(root));
