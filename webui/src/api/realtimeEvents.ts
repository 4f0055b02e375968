/**
 * The realtime protocol of /api/ws as the client sees it: the JSON shape of every event the server
 * sends and every command the client sends (the server side is documented in the package comment
 * of transport/ws/realtime.go). Frames are `{action, data}`.
 */

/** The viewer's socket token: their databaseId and `gqUserSocketToken`. */
export interface SocketCredentials {
  userId: string;
  signature: string;
  timestamp: string;
}

/** What a store may add to connect, resuming its own feed after a reconnect. */
export interface ConnectExtras {
  inboxSeq?: number;
}

/** A member as realtime events carry them. */
export interface RealtimeUser {
  name: string;
  gqSlug: string;
  avatar: { url: string };
  databaseId: string;
}

/** A chat message (chat_room), also the node of utils.getChatMessages and the reply of utils.chat. */
export interface ChatMessageData {
  id: string;
  action: string;
  message: string;
  /** Epoch milliseconds. */
  created_at: number;
  user: RealtimeUser;
  room: string;
  /** The room's sequence number of the event. */
  seq: number;
  /** Set on a message replayed after its deletion. */
  deleted?: boolean;
}

/** delete_chat: the message `id` was deleted by `user`. */
export interface DeleteChatData {
  id: string;
  room: string;
  seq: number;
  user: RealtimeUser;
}

/** join_success and leave_room: someone entered or left a room. */
export interface PresenceData {
  action: 'join_room' | 'leave_room';
  room: string;
  online: number;
  lastSeq?: number;
  user: RealtimeUser;
  /** Set on the answer to this connection's own join_room. */
  self?: boolean;
}

/** show_room: who is in a room. */
export interface ShowRoomData {
  room: string;
  online: number;
  lastSeq: number;
  users: RealtimeUser[];
}

/** chat_ack: the message sent with `clientId` was stored as `id`. */
export interface ChatAckData {
  clientId: string;
  id: string;
  seq: number;
  room: string;
}

/** A refused command. `code` is an i18n key (`chat.error.noAccess`). */
export interface RealtimeErrorData {
  code: string;
  message: string;
  /** The refused command's action. */
  action?: string;
  clientId?: string;
  /** noAccess: the names of the levels that allow chat. */
  levels?: string[];
  /** throttled: how long to wait. */
  retryAfterMs?: number;
  /** tooLong: the maximum length. */
  max?: number;
}

/** A member as the inbox (private messages, notifications, follows) carries them. */
export interface InboxUser {
  id: string;
  databaseId: string;
  name: string;
  gqSlug: string;
  avatar: { url: string };
}

/** A private message (SPEC §3): plain text with line breaks, shown as text. */
export interface PrivateMessageData {
  id: string;
  databaseId: string;
  content: string;
  /** Epoch milliseconds. */
  createdAt: number;
  from: InboxUser;
  to: InboxUser;
  /** The recipient opened the conversation since. */
  read: boolean;
  /** Always empty until media exists. */
  image: string;
}

/** A notification (SPEC §3); `content` depends on `type` (report, follow, system, …). */
export interface NotificationData {
  id: string;
  databaseId: string;
  toId: string;
  type: string;
  title: string;
  content: Record<string, unknown> | null;
  read: boolean;
  /** Epoch milliseconds. */
  createdAt: number;
  /** Who caused it; null for the site. */
  from: InboxUser | null;
}

/** A member's unread private messages and notifications, as the server counts them. */
export interface UnreadCounts {
  messages: number;
  notifications: number;
}

/** The viewer's unread messages from one peer. */
export interface ConversationUnread {
  userId: string;
  unread: number;
}

/**
 * Inbox events carry `seq`, the member's inbox sequence number (1, 2, 3… without gaps): the client
 * keeps the highest it applied and ignores anything at or below it.
 */
interface InboxEvent {
  seq: number;
}

/** private_message: a message to or from the viewer, with the counters after it. */
export interface PrivateMessageEvent extends InboxEvent {
  message: PrivateMessageData;
  unread: UnreadCounts;
  conversation: ConversationUnread;
}

/** delete_private_message: its sender deleted the message `id`. */
export interface DeletePrivateMessageEvent extends InboxEvent {
  id: string;
  fromId: string;
  toId: string;
  unread: UnreadCounts;
  conversation: ConversationUnread;
}

/** notification: a new notification for the viewer. */
export interface NotificationEvent extends InboxEvent {
  notification: NotificationData;
  unread: UnreadCounts;
}

/** unread: the viewer read something (on any connection); `conversation` when it was a conversation. */
export interface UnreadEvent extends InboxEvent {
  unread: UnreadCounts;
  conversation?: ConversationUnread;
  /** Which notifications a read marked: one by id, or all of them. */
  notificationsRead?: { id?: string; all?: boolean };
}

/** inbox_synced: the replay after connect or resume_inbox ended at `lastSeq`. */
export interface InboxSyncedData {
  lastSeq: number;
  replayed: number;
}

/** inbox_reset: the client is too far behind to replay; it reloads, and continues from `lastSeq`. */
export interface InboxResetData {
  lastSeq: number;
}

/** Every event the server sends, by action. */
export interface ServerEvents {
  connect: { userId: string };
  chat_room: ChatMessageData;
  delete_chat: DeleteChatData;
  join_success: PresenceData;
  leave_room: PresenceData;
  show_room: ShowRoomData;
  chat_ack: ChatAckData;
  private_message: PrivateMessageEvent;
  delete_private_message: DeletePrivateMessageEvent;
  notification: NotificationEvent;
  unread: UnreadEvent;
  inbox_synced: InboxSyncedData;
  inbox_reset: InboxResetData;
  error: RealtimeErrorData;
}

export type ServerAction = keyof ServerEvents;

/** Every command the client sends, by action. */
export interface ClientCommands {
  /** inboxSeq: where a member's sequenced personal events resume (see the server's protocol comment). */
  connect: SocketCredentials & ConnectExtras;
  join_room: { room: string; user: string; signature: string; timestamp: string; lastSeq?: number };
  show_room: { room: string };
  chat_room: { room: string; message: string; clientId: string };
  delete_chat: { id: string; room?: string; signature: string; timestamp: string };
  leave_room: { room: string };
  private_message: { to: string; data: unknown };
}

export type ClientAction = keyof ClientCommands;
