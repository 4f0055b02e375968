import type { Notification as NotificationData, PrivateMessage, Summary, Unread } from '../api/wire.gen';
import type { ViewerData } from '../models/Viewer';

/** Noon of a fixed day: the messages and notifications below count from it. */
export const T0 = Date.UTC(2026, 10, 21, 12, 0);

/** A member as the inbox carries them. */
export function inboxUser(id: string, name = `Member ${id}`): Summary {
  return { id, databaseId: id, name, gqSlug: `member${id}`, avatar: { url: '' } };
}

/** A viewer (42 unless told) who may send private messages unless told otherwise. */
export function inboxViewer(overrides: { id?: string; userCan?: string[]; gqNotification?: number } = {}): ViewerData {
  const id = overrides.id ?? '42';
  return {
    id,
    databaseId: id,
    name: `Viewer ${id}`,
    gqSlug: `viewer${id}`,
    gqNotification: overrides.gqNotification ?? 0,
    gqUserSocketToken: { signature: `sig-${id}`, timestamp: '1795279125' },
    gqRoles: { isAdmin: false, userCan: overrides.userCan ?? ['chat', 'directMessages'] },
  };
}

/** Message `n` between `from` and `to`, a minute apart from message n-1. */
export function privateMessage(n: number, from: string, to: string, overrides: Partial<PrivateMessage> = {}): PrivateMessage {
  return {
    id: String(500 + n),
    databaseId: String(500 + n),
    content: `message ${n}`,
    createdAt: T0 + n * 60_000,
    from: from === '42' ? { ...inboxUser('42'), name: 'Viewer 42', gqSlug: 'viewer42' } : inboxUser(from),
    to: to === '42' ? { ...inboxUser('42'), name: 'Viewer 42', gqSlug: 'viewer42' } : inboxUser(to),
    read: false,
    image: null,
    ...overrides,
  };
}

/** Notification `n`, a system announcement unless told, `minutes` after T0. */
export function notification(n: number, minutes: number, overrides: Partial<NotificationData> = {}): NotificationData {
  return {
    id: String(900 + n),
    databaseId: String(900 + n),
    toId: '42',
    type: 'system',
    title: `Notice ${n}`,
    content: { text: `text ${n}` },
    read: false,
    createdAt: T0 + minutes * 60_000,
    from: null,
    ...overrides,
  };
}

export function unread(messages: number, notifications: number): Unread {
  return { messages, notifications };
}

/** A page of a conversation as utils.getPrivateMessage answers it (messages given oldest first, sent newest first). */
export function conversationPage(peer: Summary, messages: PrivateMessage[], options: { hasNextPage?: boolean; counts?: Unread; inboxSeq?: number } = {}) {
  const newestFirst = [...messages].reverse();
  return {
    privateMessages: {
      edges: newestFirst.map((node) => ({ cursor: node.id, node })),
      pageInfo: { endCursor: newestFirst.at(-1)?.id ?? '', hasNextPage: options.hasNextPage ?? false },
    },
    user: peer,
    unread: options.counts ?? unread(0, 0),
    conversation: { userId: peer.databaseId, unread: 0 },
    inboxSeq: options.inboxSeq ?? 1,
  };
}

/** A page of recents as utils.getPrivateMessageUsers answers it. */
export function recentsPage(entries: { user: Summary; lastMessage: PrivateMessage; unread: number }[], hasNextPage = false, counts = unread(0, 0)) {
  return {
    privateMessageUsers: {
      edges: entries.map((node) => ({ cursor: node.lastMessage.id, node })),
      pageInfo: { endCursor: entries.at(-1)?.lastMessage.id ?? '', hasNextPage },
    },
    unread: counts,
    inboxSeq: 1,
  };
}

/** A page of notifications as utils.getNotifications answers it (given oldest first). */
export function notificationsPage(items: NotificationData[], hasPreviousPage = false, counts = unread(0, 0)) {
  return {
    notifications: {
      edges: items.map((node) => ({ cursor: node.id, node })),
      pageInfo: { startCursor: items[0]?.id ?? '', endCursor: items.at(-1)?.id ?? '', hasPreviousPage, hasNextPage: false },
    },
    unread: counts,
    inboxSeq: 1,
  };
}
