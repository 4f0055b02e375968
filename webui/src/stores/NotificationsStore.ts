import { action, computed, makeObservable } from 'mobx';
import type { Notification as NotificationData, Unread } from '../api/wire.gen';
import { NOTIFICATIONS_PAGE_SIZE, Notification } from '../models/Notification';
import { byCreation } from '../utils/order';
import type { RootStore } from './RootStore';
import { PagedStore, type Page, type PageDirection } from './base/PagedStore';

/** The reply of utils.getNotifications. */
interface NotificationsReply {
  notifications: {
    edges: { cursor: string; node: NotificationData }[];
    pageInfo: { startCursor: string; endCursor: string; hasPreviousPage: boolean; hasNextPage: boolean };
  };
  unread: Unread;
  inboxSeq: number;
}

interface ReadReply {
  readNotification: { read: number; unread: Unread };
}

/**
 * The viewer's notifications by id (SPEC §2 notification box and account page): the newest page of
 * 20, older pages on demand, live arrivals from the inbox, and marking one or all read.
 */
export class NotificationsStore extends PagedStore<Notification, NotificationData> {
  constructor(root: RootStore) {
    super(root, 'NotificationsStore');
    makeObservable(this, {
      ordered: computed,
      hasUnread: computed,
      markRead: action,
      markAllRead: action,
      markAllLoadedRead: action,
    });
  }

  protected idOf(data: NotificationData) {
    return data.id;
  }

  protected create(data: NotificationData) {
    return new Notification(data);
  }

  protected update(notification: Notification, data: NotificationData) {
    notification.update(data);
  }

  /** Oldest to newest (SPEC §9). */
  get ordered(): Notification[] {
    return [...this.data.values()].sort(byCreation);
  }

  get hasUnread(): boolean {
    return this.root.inbox.unreadNotifications > 0 || this.ordered.some((notification) => !notification.read);
  }

  protected async fetchPage(_direction: PageDirection, before: string): Promise<Page<NotificationData> | null> {
    const viewerId = this.root.auth.viewer?.data.databaseId;
    if (!viewerId) return null;
    const reply = await this.root.client.request<NotificationsReply>('utils.getNotifications', {
      first: NOTIFICATIONS_PAGE_SIZE,
      ...(before ? { before } : {}),
    });
    if (!reply || this.root.auth.viewer?.data.databaseId !== viewerId) return null;
    const { startCursor, hasPreviousPage } = reply.notifications.pageInfo;
    return {
      items: reply.notifications.edges.map((edge) => edge.node),
      olderCursor: startCursor,
      hasOlder: hasPreviousPage,
      apply: () => this.root.inbox.applyCounts(reply.unread, reply.inboxSeq),
    };
  }

  /** Marks one notification read (utils.readNotification); the counters follow on every session. */
  async markRead(notification: Notification) {
    if (notification.read) return;
    notification.markAsRead();
    const reply = await this.root.client.request<ReadReply>('utils.readNotification', {
      id: notification.id,
      toId: this.root.auth.viewer?.data.databaseId,
    });
    this.inAction('markRead', () => {
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
    this.inAction('markAllRead', () => {
      if (reply) this.root.inbox.applyCounts(reply.readNotification.unread);
      else for (const notification of unread) notification.read = false;
    });
  }

  markAllLoadedRead() {
    for (const notification of this.data.values()) notification.markAsRead();
  }
}
