import { makeAutoObservable, observable, runInAction } from 'mobx';
import type { NotificationData, UnreadCounts } from '../api/socket';
import { NOTIFICATIONS_PAGE_SIZE, Notification } from '../models/Notification';
import { byCreation } from '../utils/order';
import type { RootStore } from './RootStore';

/** The reply of utils.getNotifications. */
interface NotificationsReply {
  notifications: {
    edges: { cursor: string; node: NotificationData }[];
    pageInfo: { startCursor: string; endCursor: string; hasPreviousPage: boolean; hasNextPage: boolean };
  };
  unread: UnreadCounts;
  inboxSeq: number;
}

interface ReadReply {
  readNotification: { read: number; unread: UnreadCounts };
}

/**
 * The viewer's notifications by id (SPEC §2 notification box and account page): the newest page of
 * 20, older pages on demand, live arrivals from the inbox, and marking one or all read.
 */
export class NotificationsStore {
  byId = observable.map<string, Notification>();
  isFetching = false;
  isLoaded = false;
  /** Older notifications exist before the oldest one held. */
  hasOlder = false;
  /** How many notifications older pages put before the first page: the list keeps its position with it. */
  prepended = 0;

  private startCursor = '';
  private latestRequest: Promise<void> | null = null;
  private olderRequest: Promise<void> | null = null;

  constructor(readonly root: RootStore) {
    makeAutoObservable<NotificationsStore, 'latestRequest' | 'olderRequest'>(this, {
      root: false,
      latestRequest: false,
      olderRequest: false,
    });
  }

  /** Oldest to newest (SPEC §9). */
  get ordered(): Notification[] {
    return [...this.byId.values()].sort(byCreation);
  }

  get hasUnread(): boolean {
    return this.root.inbox.unreadNotifications > 0 || this.ordered.some((notification) => !notification.read);
  }

  /** Loads the newest page once; concurrent calls share the request. */
  load(): Promise<void> {
    if (this.isLoaded || !this.root.auth.isLoggedIn) return Promise.resolve();
    this.latestRequest ??= this.fetchPage('').finally(() => {
      this.latestRequest = null;
    });
    return this.latestRequest;
  }

  /** Loads the page before the oldest notification held. */
  loadOlder(): Promise<void> {
    if (!this.isLoaded || !this.hasOlder || !this.startCursor) return Promise.resolve();
    this.olderRequest ??= this.fetchPage(this.startCursor).finally(() => {
      this.olderRequest = null;
    });
    return this.olderRequest;
  }

  private async fetchPage(before: string) {
    const viewerId = this.root.auth.viewer?.data.databaseId;
    this.isFetching = true;
    const reply = await this.root.client.request<NotificationsReply>('utils.getNotifications', {
      first: NOTIFICATIONS_PAGE_SIZE,
      ...(before ? { before } : {}),
    });
    runInAction(() => {
      this.isFetching = false;
      if (!reply || this.root.auth.viewer?.data.databaseId !== viewerId) return;
      let added = 0;
      for (const { node } of reply.notifications.edges) {
        if (!this.byId.has(node.id)) added += 1;
        this.receive(node);
      }
      if (before) this.prepended += added;
      const { startCursor, hasPreviousPage } = reply.notifications.pageInfo;
      if (startCursor || !before) this.startCursor = startCursor;
      this.hasOlder = hasPreviousPage;
      this.isLoaded = true;
      this.root.inbox.applyCounts(reply.unread, reply.inboxSeq);
    });
  }

  /** Adds a notification or updates the one held (a live arrival, a replay, a page). */
  receive(data: NotificationData) {
    const held = this.byId.get(data.id);
    if (held) held.update(data);
    else this.byId.set(data.id, new Notification(data));
  }

  /** Marks one notification read (utils.readNotification); the counters follow on every session. */
  async markRead(notification: Notification) {
    if (notification.read) return;
    notification.markAsRead();
    const reply = await this.root.client.request<ReadReply>('utils.readNotification', {
      id: notification.id,
      toId: this.root.auth.viewer?.data.databaseId,
    });
    runInAction(() => {
      if (reply) this.root.inbox.applyCounts(reply.readNotification.unread);
      else notification.read = false;
    });
  }

  /** Marks every notification of the viewer read. */
  async markAllRead() {
    const unread = this.ordered.filter((notification) => !notification.read);
    this.markAllLoadedRead();
    const reply = await this.root.client.request<ReadReply>('utils.readNotification', {
      all: true,
      toId: this.root.auth.viewer?.data.databaseId,
    });
    runInAction(() => {
      if (reply) this.root.inbox.applyCounts(reply.readNotification.unread);
      else for (const notification of unread) notification.read = false;
    });
  }

  markAllLoadedRead() {
    for (const notification of this.byId.values()) notification.markAsRead();
  }

  /** Reads the list again after an inbox reset, when it was shown. */
  reload() {
    const wasLoaded = this.isLoaded;
    this.reset();
    if (wasLoaded) void this.load();
  }

  /** Forgets everything (another viewer). */
  reset() {
    this.byId.clear();
    this.isLoaded = false;
    this.isFetching = false;
    this.hasOlder = false;
    this.prepended = 0;
    this.startCursor = '';
  }
}
