import { action, computed, makeObservable, observable, override, reaction } from 'mobx';
import type { SocketStatus } from '../api/socket';
import type { ChatAck, ChatDeleted, Presence, RealtimeChatMessage, Refusal, ShowRoomReply } from '../api/wire.gen';
import {
  CHAT_ACK_TIMEOUT_MS,
  CHAT_MAX_LENGTH,
  CHAT_MAX_REPLAY,
  CHAT_PAGE_SIZE,
  CHAT_ROOM,
  CHAT_SEND_THROTTLE_MS,
  ChatMessage,
  chatLength,
  type ChatActor,
} from '../models/ChatMessage';
import { localize } from '../models/settings';
import type { RootStore } from './RootStore';
import { PagedStore, type Page, type PageDirection } from './base/PagedStore';
import { registerStore } from './lazyStores';

/** The refusal of a send from a member muted in the room (admin.chatMute). */
const MUTED_CODE = 'chat.error.muted';

/** Where the viewer is with the room: not in it, on the way in, in it, or not allowed. */
export type JoinState = 'idle' | 'joining' | 'joined' | 'denied';

/** A message sent and not yet seen back from the room. */
export interface OutgoingMessage {
  clientId: string;
  text: string;
  createdAt: number;
  /** The stored message's id once acknowledged. */
  messageId: string | null;
}

interface ChatPage {
  guaqi?: { utils?: { getChatMessages?: { edges: { node: RealtimeChatMessage }[]; pageInfo: { startCursor: string; hasNextPage: boolean } } } };
}

interface ChatDeleteReply {
  id: string;
  room: string;
  signature: string;
  timestamp: string;
}

/** The private members MobX annotates. */
type PrivateMembers =
  | 'lastSeq' | 'sendOverHttp' | 'receiveMessage' | 'receiveDelete' | 'receivePresence'
  | 'receiveShowRoom' | 'receiveAck' | 'receiveError' | 'socketStatusChanged' | 'viewerChanged';

let clientIds = 0;
function nextClientId(): string {
  clientIds += 1;
  return `c-${Date.now().toString(36)}-${clientIds}-${Math.random().toString(36).slice(2, 8)}`;
}

/**
 * The chat room (SPEC §4): its messages by id, history pages over HTTP, live events from the
 * realtime socket applied in sequence order (anything at or below the last seen sequence is a
 * duplicate), presence, sending with acknowledgement and HTTP fallback, and deletion.
 */
export class ChatStore extends PagedStore<ChatMessage, RealtimeChatMessage> {
  readonly room = CHAT_ROOM;
  outbox: OutgoingMessage[] = [];
  joinState: JoinState = 'idle';
  /** Members in the room, as the last presence event said. */
  online = 0;
  /** The levels that allow chat, as the server named them when it refused a join. */
  deniedLevels: string[] | null = null;
  /** The widget is on screen: the room is joined while it is. */
  active = false;
  lastSentAt = 0;

  /** The highest sequence number applied; live events at or below it are duplicates. */
  private lastSeq = 0;
  private readonly ackTimers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly pendingDeletes = new Set<string>();

  constructor(root: RootStore) {
    super(root, 'ChatStore');
    makeObservable<ChatStore, PrivateMembers>(this, {
      outbox: observable, joinState: observable, online: observable, deniedLevels: observable, active: observable,
      lastSentAt: observable, lastSeq: observable,
      ordered: computed, actor: computed, canChat: computed, access: computed, allowedLevels: computed,
      open: action, close: action, join: action, send: action, sendOverHttp: action, delete: action, receiveMessage: action,
      receiveDelete: action, receivePresence: action, receiveShowRoom: action, receiveAck: action, receiveError: action,
      socketStatusChanged: action, viewerChanged: action,
      receive: override, reset: override,
    });
    const socket = root.realtime.socket;
    socket.on('chat_room', (data) => this.receiveMessage(data));
    socket.on('delete_chat', (data) => this.receiveDelete(data));
    socket.on('join_success', (data) => this.receivePresence(data));
    socket.on('leave_room', (data) => this.receivePresence(data));
    socket.on('show_room', (data) => this.receiveShowRoom(data));
    socket.on('chat_ack', (data) => this.receiveAck(data));
    socket.on('error', (data) => this.receiveError(data));
    socket.on('status', (status) => this.socketStatusChanged(status));
    reaction(
      () => root.auth.viewer?.data.databaseId ?? null,
      () => this.viewerChanged(),
    );
    // The viewer's rights changed without a reload (a VIP bought, a level up): an open widget joins.
    reaction(
      () => this.canChat,
      (canChat) => {
        if (canChat && this.active && this.joinState === 'denied') {
          this.deniedLevels = null;
          this.join();
        }
      },
    );
  }

  /** The messages in room order (by sequence number). */
  get ordered(): ChatMessage[] {
    return [...this.data.values()].sort((a, b) => a.seq - b.seq);
  }

  get actor(): ChatActor {
    const viewer = this.root.auth.viewer;
    return { userId: viewer?.data.databaseId ?? null, isAdmin: viewer?.data.gqRoles?.isAdmin === true };
  }

  /** The viewer may chat: admins, and members whose level gives `chat` (SPEC §6). */
  get canChat(): boolean {
    const roles = this.root.auth.viewer?.data.gqRoles;
    return roles?.isAdmin === true || (roles?.userCan ?? []).includes('chat');
  }

  /** Why the input is not shown: a guest, or a member without the right. */
  get access(): 'guest' | 'denied' | 'allowed' {
    if (!this.root.auth.isLoggedIn) return 'guest';
    return this.canChat && this.joinState !== 'denied' ? 'allowed' : 'denied';
  }

  /** The names of the levels that allow chat: the server's list, else the settings' levels whose roles include chat. */
  get allowedLevels(): string[] {
    if (this.deniedLevels?.length) return this.deniedLevels;
    const levels = this.root.settings.settings?.level;
    const lang = this.root.locale.lang;
    return [...(levels?.lv ?? []), ...(levels?.vip ?? [])]
      .filter((level) => {
        const userCan = (level.roles as { userCan?: unknown } | undefined)?.userCan;
        return Array.isArray(userCan) && userCan.includes('chat');
      })
      .map((level) => (level.names ? localize(level.names, lang) : level.name) || level.key);
  }

  /** Milliseconds until the next message may be sent. */
  throttleRemaining(now = Date.now()): number {
    return Math.max(0, this.lastSentAt + CHAT_SEND_THROTTLE_MS - now);
  }

  /** The widget opened: load the newest page (once), then join the room. */
  async open() {
    this.active = true;
    await this.loadLatest();
    if (this.active) this.join();
  }

  /** The widget closed: leave the room (the history stays, and a later join resumes from it). */
  close() {
    this.active = false;
    this.root.realtime.socket.leave(this.room);
    if (this.joinState !== 'denied') this.joinState = 'idle';
  }

  /** Joins the room when the viewer may; the socket re-joins after reconnects, resuming from the last sequence. */
  join() {
    if (!this.root.auth.isLoggedIn) return;
    if (!this.canChat) {
      this.joinState = 'denied';
      return;
    }
    this.joinState = 'joining';
    this.root.realtime.socket.join(this.room, () => (this.isLoaded ? this.lastSeq : undefined));
  }

  protected idOf(data: RealtimeChatMessage) {
    return data.id;
  }

  protected create(data: RealtimeChatMessage) {
    return new ChatMessage(data);
  }

  protected update(message: ChatMessage, data: RealtimeChatMessage) {
    message.update(data);
  }

  protected async fetchPage(direction: PageDirection, before: string): Promise<Page<RealtimeChatMessage> | null> {
    const reply = await this.root.client.request<ChatPage>('utils.getChatMessages', {
      room: this.room,
      first: CHAT_PAGE_SIZE,
      ...(before ? { before } : {}),
    });
    const page = reply?.guaqi?.utils?.getChatMessages;
    if (!page) return null;
    const items = page.edges.map((edge) => edge.node);
    return {
      items,
      olderCursor: page.pageInfo.startCursor,
      hasOlder: page.pageInfo.hasNextPage,
      apply: () => {
        if (direction === 'latest') for (const item of items) this.lastSeq = Math.max(this.lastSeq, item.seq);
      },
    };
  }

  /** Keeps a message of this room or updates the one held; a deleted one is dropped. */
  override receive(data: RealtimeChatMessage) {
    if (data.room && data.room !== this.room) return;
    if (data.deleted) {
      this.data.delete(data.id);
      return;
    }
    this.add(data);
    this.outbox = this.outbox.filter((entry) => entry.messageId !== data.id);
  }

  /**
   * Sends a message: checks it (empty, too long, too soon), then sends it on the socket with a
   * clientId, or over HTTP when the socket is down. Returns whether it was sent.
   */
  send(input: string, now = Date.now()): boolean {
    const text = input.trim();
    if (!text) return false;
    if (chatLength(text) > CHAT_MAX_LENGTH) {
      this.root.toasts.error(this.root.t('chat.error.tooLong', { max: CHAT_MAX_LENGTH }));
      return false;
    }
    const wait = this.throttleRemaining(now);
    if (wait > 0) {
      this.root.toasts.warning(this.root.t('chat.error.throttled', { seconds: Math.ceil(wait / 1000) }));
      return false;
    }
    this.lastSentAt = now;
    const entry: OutgoingMessage = { clientId: nextClientId(), text, createdAt: now, messageId: null };
    this.outbox.push(entry);
    const sent =
      this.joinState === 'joined' &&
      this.root.realtime.socket.send('chat_room', { room: this.room, message: text, clientId: entry.clientId });
    if (sent) {
      this.ackTimers.set(
        entry.clientId,
        setTimeout(() => void this.sendOverHttp(entry.clientId), CHAT_ACK_TIMEOUT_MS),
      );
    } else {
      void this.sendOverHttp(entry.clientId);
    }
    return true;
  }

  /** Sends an outgoing message with utils.chat; the clientId makes a repeat harmless. */
  private async sendOverHttp(clientId: string) {
    this.clearAckTimer(clientId);
    const entry = this.outbox.find((e) => e.clientId === clientId);
    if (!entry || entry.messageId) return;
    const reply = await this.root.client.request('utils.chat', {
      text: entry.text,
      room: this.room,
      clientId,
    });
    this.inAction('sendOverHttp', () => {
      const message = reply?.guaqi?.utils?.sendChat;
      // The sequence is not advanced here: the live events before it must still come from the socket.
      if (message) this.receive(message);
      this.outbox = this.outbox.filter((e) => e.clientId !== clientId);
    });
  }

  /** Deletes a message (after the viewer confirmed): utils.chatDelete signs it, delete_chat performs it. */
  async delete(message: ChatMessage) {
    if (!message.canBeDeletedBy(this.actor)) return;
    const socket = this.root.realtime.socket;
    if (!socket.isReady) {
      this.root.toasts.error(this.root.t('chat.error.notConnected'));
      return;
    }
    const reply = await this.root.client.request<ChatDeleteReply>('utils.chatDelete', { id: message.id });
    if (!reply) return;
    this.pendingDeletes.add(message.id);
    const sent = socket.send('delete_chat', {
      id: message.id,
      room: reply.room || this.room,
      signature: reply.signature,
      timestamp: reply.timestamp,
    });
    if (!sent) {
      this.pendingDeletes.delete(message.id);
      this.root.toasts.error(this.root.t('chat.error.notConnected'));
    }
  }

  /** The text of a refused command in the viewer's language. */
  errorMessage(error: Refusal): string {
    const vars = {
      levels: (error.levels?.length ? error.levels : this.allowedLevels).join(', '),
      seconds: Math.max(1, Math.ceil((error.retryAfterMs ?? 0) / 1000)),
      max: error.max ?? CHAT_MAX_LENGTH,
    };
    // A mute's end is a value only the server holds: its message, in the socket's language, names it.
    if (error.code === MUTED_CODE && error.message && error.message !== error.code) return error.message;
    if (this.root.i18n.exists(error.code)) return this.root.t(error.code, vars);
    return error.message || this.root.t('chat.error.unavailable');
  }

  private receiveMessage(data: RealtimeChatMessage) {
    if (data.room !== this.room || data.seq <= this.lastSeq) return;
    this.lastSeq = data.seq;
    this.receive(data);
  }

  private receiveDelete(data: ChatDeleted) {
    if (data.room !== this.room || data.seq <= this.lastSeq) return;
    this.lastSeq = data.seq;
    this.data.delete(data.id);
    if (this.pendingDeletes.delete(data.id)) this.root.toasts.success(this.root.t('chat.deleted'));
  }

  private receivePresence(data: Presence) {
    if (data.room !== this.room) return;
    this.online = data.online;
    if (!data.self) return;
    this.joinState = 'joined';
    this.deniedLevels = null;
    if (this.isLoaded && data.lastSeq !== undefined && data.lastSeq - this.lastSeq > CHAT_MAX_REPLAY) {
      // Further behind than the server replays: start again from the newest page.
      this.reset();
      void this.loadLatest();
    }
  }

  private receiveShowRoom(data: ShowRoomReply) {
    if (data.room === this.room) this.online = data.online;
  }

  private receiveAck(data: ChatAck) {
    this.clearAckTimer(data.clientId);
    if (this.data.has(data.id)) {
      this.outbox = this.outbox.filter((entry) => entry.clientId !== data.clientId);
      return;
    }
    const entry = this.outbox.find((e) => e.clientId === data.clientId);
    if (entry) entry.messageId = data.id;
  }

  private receiveError(error: Refusal) {
    switch (error.action) {
      case 'join_room':
        if (error.code === 'chat.error.noAccess') {
          this.joinState = 'denied';
          this.deniedLevels = error.levels ?? null;
          this.root.realtime.socket.leave(this.room);
          return;
        }
        this.joinState = 'idle';
        this.root.toasts.error(this.errorMessage(error));
        return;
      case 'chat_room':
        if (error.clientId) {
          this.clearAckTimer(error.clientId);
          this.outbox = this.outbox.filter((entry) => entry.clientId !== error.clientId);
        }
        this.root.toasts.error(this.errorMessage(error));
        return;
      case 'delete_chat':
        // The refusal names its message; other deletions in flight may still succeed.
        if (error.id) this.pendingDeletes.delete(error.id);
        else this.pendingDeletes.clear();
        this.root.toasts.error(this.errorMessage(error));
        return;
      default:
        // connect and other features' refusals are not the chat's to show.
        return;
    }
  }

  private socketStatusChanged(status: SocketStatus) {
    if (status === 'ready') return;
    if (this.joinState === 'joined') this.joinState = this.active ? 'joining' : 'idle';
    // What the socket took and did not acknowledge goes over HTTP now instead of after the timeout.
    for (const entry of this.outbox) if (!entry.messageId && this.ackTimers.has(entry.clientId)) void this.sendOverHttp(entry.clientId);
  }

  private viewerChanged() {
    this.root.realtime.socket.leave(this.room);
    for (const clientId of this.ackTimers.keys()) this.clearAckTimer(clientId);
    this.outbox = [];
    this.pendingDeletes.clear();
    this.joinState = 'idle';
    this.deniedLevels = null;
    this.lastSentAt = 0;
    if (this.active) this.join();
  }

  private clearAckTimer(clientId: string) {
    clearTimeout(this.ackTimers.get(clientId));
    this.ackTimers.delete(clientId);
  }

  /** Forgets the history (further behind than the server replays); what was not acknowledged stays in the outbox. */
  override reset() {
    super.reset();
    this.outbox = this.outbox.filter((entry) => !entry.messageId);
    this.lastSeq = 0;
  }
}

registerStore('chat', (root) => new ChatStore(root));
