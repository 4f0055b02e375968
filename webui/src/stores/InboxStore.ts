import { makeAutoObservable, reaction, runInAction } from 'mobx';
import type { InboxReset, InboxSynced, RealtimeEvents, Unread } from '../api/wire.gen';
import type { RootStore } from './RootStore';

/** The reply of utils.getUnreadCounts. */
interface UnreadCountsReply {
  unread: Unread;
  inboxSeq: number;
}

/**
 * The viewer's inbox on the realtime socket (private messages, notifications, unread counters).
 * Every inbox event carries the member's inbox sequence number: an event at or below the highest
 * applied is a duplicate (a replay after a reconnect) and is dropped here, once, before the stores
 * see it. The highest seq is sent as connect's `inboxSeq`, so a reconnect replays what was missed;
 * `inbox_reset` (too far behind to replay) reloads the counters and the lists.
 *
 * The unread counters come with every event and every read; the newest wins.
 */
export class InboxStore {
  /** The highest inbox seq applied; 0 before the first (connect then asks for live events only). */
  seq = 0;
  /** The counters as the server last told them. */
  counts: Unread = { messages: 0, notifications: 0 };
  /** The counters were read from the server (before that the viewer's gqNotification stands in). */
  isLoaded = false;

  /** The inbox seq the counters are as of: an older reply does not overwrite them. */
  private countsSeq = 0;
  private countsRequest: Promise<void> | null = null;

  constructor(readonly root: RootStore) {
    makeAutoObservable<InboxStore, 'countsSeq' | 'countsRequest'>(this, { root: false, countsSeq: false, countsRequest: false });
    const socket = root.realtime.socket;
    socket.setConnectExtras(() => (this.seq > 0 ? { inboxSeq: this.seq } : {}));
    socket.on('private_message', (event) => this.receiveMessage(event));
    socket.on('delete_private_message', (event) => this.receiveDelete(event));
    socket.on('notification', (event) => this.receiveNotification(event));
    socket.on('unread', (event) => this.receiveUnread(event));
    socket.on('inbox_synced', (data) => this.synced(data));
    socket.on('inbox_reset', (data) => this.resetTo(data));
    reaction(
      () => root.auth.viewer?.data.databaseId ?? null,
      () => this.viewerChanged(),
    );
    // The counters come with the realtime channel: read them when it opens for a member.
    reaction(
      () => (root.realtime.status !== 'closed' ? (root.auth.viewer?.data.databaseId ?? null) : null),
      (viewerId) => viewerId && void this.loadCounts(),
    );
  }

  /** Unread private messages. */
  get unreadMessages(): number {
    return this.counts.messages;
  }

  /** Unread notifications: the live counter, or the viewer's until the counters are loaded. */
  get unreadNotifications(): number {
    return this.isLoaded ? this.counts.notifications : (this.root.auth.viewer?.unreadNotifications ?? 0);
  }

  /** Loads the counters (utils.getUnreadCounts); concurrent calls share the request. Failures stay quiet: the badges wait for the next event. */
  loadCounts(): Promise<void> {
    if (!this.root.auth.isLoggedIn) return Promise.resolve();
    this.countsRequest ??= this.fetchCounts().finally(() => {
      this.countsRequest = null;
    });
    return this.countsRequest;
  }

  private async fetchCounts() {
    const viewerId = this.viewerId;
    const result = await this.root.client.call<UnreadCountsReply>('utils.getUnreadCounts');
    if (!result.ok || this.viewerId !== viewerId) return;
    runInAction(() => {
      const { unread, inboxSeq } = result.data;
      this.applyCounts(unread, inboxSeq);
      // Before the socket has said where it is, the next connect resumes from here: the lists loaded
      // from now on show everything up to it (repeats are deduplicated by id).
      if (this.seq === 0 && !this.root.realtime.socket.isReady && inboxSeq > 0) this.seq = inboxSeq;
    });
  }

  /**
   * Takes counters from a reply or an event. `asOfSeq`, when known, is the inbox seq they are as
   * of: counters older than those held are ignored.
   */
  applyCounts(unread: Unread | undefined, asOfSeq?: number) {
    if (!unread) return;
    if (asOfSeq !== undefined) {
      if (this.isLoaded && asOfSeq < this.countsSeq) return;
      this.countsSeq = asOfSeq;
    }
    this.counts = { messages: Math.max(0, unread.messages), notifications: Math.max(0, unread.notifications) };
    this.isLoaded = true;
  }

  /** Whether an event is new: above the highest seq applied (which it then becomes). */
  private accept(seq: number): boolean {
    if (!Number.isFinite(seq) || seq <= this.seq) return false;
    this.seq = seq;
    return true;
  }

  private receiveMessage(event: RealtimeEvents['private_message']) {
    if (!this.accept(event.seq)) return;
    this.applyCounts(event.unread, event.seq);
    // The conversations and messages stores load with the screens that show them: until then they hold nothing to update.
    this.root.peek('conversations')?.receiveMessage(event);
    this.root.peek('messages')?.receiveMessage(event);
  }

  private receiveDelete(event: RealtimeEvents['delete_private_message']) {
    if (!this.accept(event.seq)) return;
    this.applyCounts(event.unread, event.seq);
    this.root.peek('messages')?.receiveDelete(event);
  }

  private receiveNotification(event: RealtimeEvents['notification']) {
    if (!this.accept(event.seq)) return;
    this.applyCounts(event.unread, event.seq);
    this.root.notifications.receive(event.notification);
  }

  private receiveUnread(event: RealtimeEvents['unread']) {
    if (!this.accept(event.seq)) return;
    this.applyCounts(event.unread, event.seq);
    if (event.conversation) this.root.peek('conversations')?.receiveUnread(event.conversation);
    const read = event.notificationsRead;
    if (read?.all || event.unread.notifications === 0) this.root.notifications.markAllLoadedRead();
    else if (read?.id) this.root.notifications.data.get(read.id)?.markAsRead();
  }

  private synced(data: InboxSynced) {
    if (data.lastSeq > this.seq) this.seq = data.lastSeq;
  }

  /** Too far behind to replay: continue from the server's seq and reload what was shown. */
  private resetTo(data: InboxReset) {
    this.seq = data.lastSeq;
    this.countsSeq = 0;
    void this.loadCounts();
    this.root.peek('conversations')?.reload();
    this.root.peek('messages')?.reload();
    this.root.notifications.reload();
  }

  private get viewerId(): string | null {
    return this.root.auth.viewer?.data.databaseId ?? null;
  }

  private viewerChanged() {
    this.seq = 0;
    this.countsSeq = 0;
    this.counts = { messages: 0, notifications: 0 };
    this.isLoaded = false;
    this.root.peek('conversations')?.reset();
    this.root.peek('messages')?.reset();
    this.root.notifications.reset();
    this.root.follows.reset();
    this.root.ui.close('messages');
    this.root.ui.close('notifications');
  }
}
