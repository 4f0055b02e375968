import { action, computed, makeObservable, observable, override } from 'mobx';
import type { ConversationUnread, PrivateMessage as PrivateMessageData, RealtimeEvents, Summary, Unread } from '../api/wire.gen';
import type { Conversation } from '../models/Conversation';
import { DIRECT_MESSAGES, MESSAGE_MAX_LENGTH, MESSAGES_PAGE_SIZE, PrivateMessage, messageLength, type PrivateMessageImage } from '../models/PrivateMessage';
import { byCreation } from '../utils/order';
import type { RootStore } from './RootStore';
import { ModelStore } from './base/ModelStore';
import { registerStore } from './lazyStores';
// The conversations store is read with this one: its module registers it.
import './ConversationsStore';

/** The reply of utils.getPrivateMessage. */
interface ConversationPageReply {
  privateMessages: { edges: { cursor: string; node: PrivateMessageData }[]; pageInfo: { endCursor: string; hasNextPage: boolean } };
  user: Summary;
  unread: Unread;
  conversation: ConversationUnread;
  inboxSeq: number;
}

interface ReadReply {
  gqReadPrivateMessages: { read: number; unread: Unread; conversation: ConversationUnread };
}

/** Which list the box shows beside the conversation. */
export type MessageBoxTab = 'recents' | 'followings';

/** A send in progress or failed: a retry of the same text to the same member keeps the clientId. */
interface PendingSend {
  peerId: string;
  text: string;
  /** The image's media id; empty for none. */
  imageId: string;
  clientId: string;
}

let clientIds = 0;
function nextClientId(): string {
  clientIds += 1;
  return `pm-${Date.now().toString(36)}-${clientIds}-${Math.random().toString(36).slice(2, 8)}`;
}

/**
 * Private messages by id and the private-message box (SPEC §2, §4): the conversation open in it,
 * its pages (utils.getPrivateMessage, 20 at a time, older pages on demand), sending with an
 * idempotency key, deleting one's own messages, and reading: opening a conversation marks it read,
 * and so does a message arriving in the open conversation.
 */
export class MessagesStore extends ModelStore<PrivateMessage, PrivateMessageData> {
  /** The member whose conversation the box shows; null shows the lists. */
  activePeerId: string | null = null;
  tab: MessageBoxTab = 'recents';
  isSending = false;
  /** The messages page (/messages) shows the conversations, as the box does. */
  onPage = false;

  private pending: PendingSend | null = null;

  constructor(root: RootStore) {
    super(root, 'MessagesStore');
    makeObservable<MessagesStore, 'readWhenSeen' | 'forget'>(this, {
      activePeerId: observable, tab: observable, isSending: observable, onPage: observable, showOnPage: action,
      viewerId: computed, canMessage: computed, isOpen: computed, active: computed,
      openBox: action, closeBox: action, setTab: action, openConversation: action, closeConversation: action, markRead: action,
      markReceivedRead: action, send: action, delete: action, receiveMessage: action, readWhenSeen: action, receiveDelete: action,
      forget: action, reload: action,
      reset: override,
    });
    if (typeof document !== 'undefined') document.addEventListener('visibilitychange', () => this.readWhenSeen());
  }

  get viewerId(): string | null {
    return this.root.auth.viewer?.data.databaseId ?? null;
  }

  /** The viewer may send private messages: admins, and levels whose userCan has directMessages (SPEC §6). */
  get canMessage(): boolean {
    const roles = this.root.auth.viewer?.data.gqRoles;
    return roles?.isAdmin === true || (roles?.userCan ?? []).includes(DIRECT_MESSAGES);
  }

  get isOpen(): boolean {
    return this.root.ui.isOpen('messages');
  }

  /** The messages page is on screen (true) or was left (false). */
  showOnPage(on: boolean) {
    this.onPage = on;
  }

  /** The open conversation is on screen: the box or the messages page shows it and the page is not in a background tab. */
  private isShowing(peerId: string): boolean {
    return (this.isOpen || this.onPage) && this.activePeerId === peerId && (typeof document === 'undefined' || document.visibilityState !== 'hidden');
  }

  get active(): Conversation | undefined {
    return this.activePeerId ? this.root.conversations.get(this.activePeerId) : undefined;
  }

  /** The messages between the viewer and `peerId`, oldest first. */
  thread(peerId: string): PrivateMessage[] {
    const viewerId = this.viewerId;
    return [...this.data.values()].filter((message) => message.isBetween(viewerId, peerId)).sort(byCreation);
  }

  /** Opens the box: on the lists, or on the conversation with `user` (the message button of a profile). */
  openBox(user?: Summary) {
    if (!this.root.auth.requireLogin()) return;
    this.root.ui.open('messages');
    if (user) void this.openConversation(user);
  }

  closeBox() {
    this.root.ui.close('messages');
    this.activePeerId = null;
  }

  setTab(tab: MessageBoxTab) {
    this.tab = tab;
  }

  /** Shows the conversation with `user`: loads its newest page once, and marks it read. */
  async openConversation(user: Summary) {
    const conversation = this.root.conversations.ensure(user);
    this.activePeerId = conversation.peerId;
    if (!conversation.isLoaded) await this.loadPage(conversation, '');
    else if (conversation.unread > 0) await this.markRead(conversation.peerId);
  }

  /**
   * Shows the conversation with the member of a profile slug (a push's link, /messages/<slug>): one of
   * the viewer's conversations, or the member of that slug found by search.user. False when no member has it.
   */
  async openBySlug(slug: string): Promise<boolean> {
    const known = [...this.root.conversations.data.values()].find((conversation) => conversation.user.gqSlug === slug);
    if (known) {
      await this.openConversation(known.user);
      return true;
    }
    const result = await this.root.client.call('search.user', { key: slug, first: 20 });
    const user = result.ok ? result.data.users.nodes.find((node) => node.gqSlug === slug) : undefined;
    if (!user) return false;
    await this.openConversation(user);
    return true;
  }

  /** Back to the lists. */
  closeConversation() {
    this.activePeerId = null;
  }

  /** Loads the page before the oldest message held of the open conversation. */
  loadOlder(): Promise<void> {
    const conversation = this.active;
    if (!conversation?.isLoaded || !conversation.hasOlder || !conversation.endCursor) return Promise.resolve();
    return this.loadPage(conversation, conversation.endCursor);
  }

  /** Loads a page of a conversation (the newest when `after` is empty, marking it read); one at a time per conversation. */
  private loadPage(conversation: Conversation, after: string): Promise<void> {
    return this.shared(conversation.peerId, () => this.fetchPage(conversation, after));
  }

  private async fetchPage(conversation: Conversation, after: string) {
    const viewerId = this.viewerId;
    this.inAction('fetchPage', () => {
      conversation.isFetching = true;
    });
    const reply = await this.root.client.request<ConversationPageReply>('utils.getPrivateMessage', {
      toId: conversation.peerId,
      first: MESSAGES_PAGE_SIZE,
      ...(after ? { after } : { markRead: true }),
    });
    this.inAction('fetchPage', () => {
      conversation.isFetching = false;
      if (!reply || this.viewerId !== viewerId) return;
      let added = 0;
      for (const { node } of reply.privateMessages.edges) {
        if (!this.data.has(node.id)) added += 1;
        this.add(node);
      }
      if (after) conversation.prepended += added;
      else if (reply.privateMessages.edges[0]) conversation.noteMessage(reply.privateMessages.edges[0].node);
      conversation.setUser(reply.user);
      conversation.setUnread(reply.conversation.unread);
      if (reply.conversation.unread === 0) this.markReceivedRead(conversation.peerId);
      conversation.endCursor = reply.privateMessages.pageInfo.endCursor || conversation.endCursor;
      conversation.hasOlder = reply.privateMessages.pageInfo.hasNextPage;
      conversation.isLoaded = true;
      this.root.inbox.applyCounts(reply.unread, reply.inboxSeq);
    });
  }

  /** Marks the conversation with `peerId` read (mutates.readPrivateMessages); every session of the viewer hears it as an unread event. */
  async markRead(peerId: string) {
    this.root.conversations.get(peerId)?.setUnread(0);
    this.markReceivedRead(peerId);
    const result = await this.root.client.call<ReadReply>('mutates.readPrivateMessages', { toId: peerId });
    if (!result.ok) return;
    this.inAction('markRead', () => {
      const read = result.data.gqReadPrivateMessages;
      this.root.inbox.applyCounts(read.unread);
      this.root.conversations.get(read.conversation.userId)?.setUnread(read.conversation.unread);
    });
  }

  /** The viewer has read what `peerId` sent. */
  markReceivedRead(peerId: string) {
    for (const message of this.data.values()) if (message.from.databaseId === peerId) message.markAsRead();
  }

  protected idOf(data: PrivateMessageData) {
    return data.id;
  }

  protected create(data: PrivateMessageData) {
    return new PrivateMessage(data);
  }

  protected update(message: PrivateMessage, data: PrivateMessageData) {
    message.update(data);
  }

  /** Why `text` (with an image or not) cannot be sent to the open conversation, as an i18n key; null when it can. */
  sendProblem(text: string, withImage = false): string | null {
    if (!this.canMessage) return 'message.error.noAccess';
    if (!this.activePeerId) return 'message.error.recipientRequired';
    if (this.activePeerId === this.viewerId) return 'message.error.self';
    const content = text.trim();
    if (!content && !withImage) return 'message.error.empty';
    if (messageLength(content) > MESSAGE_MAX_LENGTH) return 'message.error.tooLong';
    return null;
  }

  /**
   * Sends `text`, and an image of the viewer's library if given, to the open conversation
   * (mutates.sendMessage) with a clientId, so that a retry after a lost answer sends nothing more.
   * Returns whether it was sent (the box then clears).
   */
  async send(text: string, image: PrivateMessageImage | null = null): Promise<boolean> {
    if (this.isSending) return false;
    const problem = this.sendProblem(text, image !== null);
    const peerId = this.activePeerId;
    if (problem || !peerId) {
      if (problem) this.root.toasts.error(this.root.t(problem, { max: MESSAGE_MAX_LENGTH }));
      return false;
    }
    const content = text.trim();
    const imageId = image?.id ?? '';
    const held = this.pending;
    const pending = held?.peerId === peerId && held.text === content && held.imageId === imageId ? held : { peerId, text: content, imageId, clientId: nextClientId() };
    this.pending = pending;
    this.isSending = true;
    const reply = await this.root.client.request('mutates.sendMessage', {
      to_id: peerId,
      content,
      ...(imageId ? { image: imageId } : {}),
      clientId: pending.clientId,
    });
    this.inAction('send', () => {
      this.isSending = false;
      const message = reply?.gqSendMessage?.message;
      if (!message) return;
      if (this.pending === pending) this.pending = null;
      this.add(message);
      this.root.conversations.get(peerId)?.noteMessage(message);
    });
    return Boolean(reply?.gqSendMessage?.message);
  }

  /** Deletes one of the viewer's messages (after they confirmed); a toast says it is done. */
  async delete(message: PrivateMessage): Promise<boolean> {
    if (!message.canBeDeletedBy(this.viewerId)) return false;
    const reply = await this.root.client.request('mutates.deletePrivateMessage', {
      id: message.id,
      toId: message.to.databaseId,
    });
    if (!reply) return false;
    this.forget(message.id, message.to.databaseId);
    this.root.toasts.success(this.root.t('message.deleted'));
    return true;
  }

  /** A live message: kept, and read at once when its conversation is open in the box. */
  receiveMessage(event: RealtimeEvents['private_message']) {
    const message = this.add(event.message);
    const peerId = message.peerOf(this.viewerId).databaseId;
    if (this.isShowing(peerId) && !message.isFrom(this.viewerId) && event.conversation.unread > 0) void this.markRead(peerId);
  }

  /** Back to a tab whose box shows a conversation that got messages meanwhile: they are read now. */
  private readWhenSeen() {
    const conversation = this.active;
    if (conversation && conversation.unread > 0 && this.isShowing(conversation.peerId)) void this.markRead(conversation.peerId);
  }

  receiveDelete(event: RealtimeEvents['delete_private_message']) {
    const peerId = event.fromId === this.viewerId ? event.toId : event.fromId;
    this.forget(event.id, peerId, event.conversation);
  }

  private forget(id: string, peerId: string, unread?: ConversationUnread) {
    this.data.delete(id);
    const conversation = this.root.conversations.get(peerId);
    const replacement = this.thread(peerId).at(-1) ?? null;
    this.root.conversations.messageDeleted(peerId, id, unread?.unread ?? conversation?.unread ?? 0, replacement);
  }

  /** After an inbox reset: the loaded pages may miss deletions; the open conversation is read again. */
  reload() {
    this.data.clear();
    for (const conversation of this.root.conversations.data.values()) conversation.unload();
    const active = this.active;
    if (active && (this.isOpen || this.onPage)) void this.loadPage(active, '');
  }

  /** Forgets everything (another viewer). */
  override reset() {
    super.reset();
    this.activePeerId = null;
    this.tab = 'recents';
    this.isSending = false;
    this.pending = null;
  }
}

registerStore('messages', (root) => new MessagesStore(root));
