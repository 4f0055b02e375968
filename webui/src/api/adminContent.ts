/**
 * The operators' content and moderation screens (admin.content, admin.contentBulk, admin.createCoupons,
 * admin.chatRooms, admin.chatMessages, admin.chatDelete, admin.chatMute, admin.chatUnmute,
 * admin.chatMutes): the generated wire types under the names the admin screens use, and the values
 * the server documents as text.
 */
import type { ActorView, AdminChatMessage, AdminChatMute, AdminChatRoom, AdminContentRow, BulkReply } from './wire.gen';

export type {
  ChatMessagesInput,
  ChatMessagesReply,
  ChatMuteInput,
  ChatMutesReply,
  ChatRoomsInput,
  ChatRoomsReply,
  ContentBulkInput,
  ContentInput,
  ContentReply,
  CouponCreateInput,
  CreateReply,
} from './wire.gen';
export type { ActorView, AdminChatMessage, AdminChatRoom, AdminContentRow };

/** An active mute: a member may not send in a room until `until`. */
export type ChatMute = AdminChatMute;
/** What a bulk change did: the ids done, and each refused one with its translated reason. */
export type BulkResult = BulkReply;

/** The kinds of content admin.content lists, in the order the screen's tabs show them. */
export const CONTENT_KINDS = ['article', 'topic', 'answer', 'comment', 'product', 'coupon', 'node', 'category', 'term', 'page'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

/**
 * The kinds admin.contentBulk deletes and restores; the others are refused (a coupon is never
 * deleted, nodes and categories have no soft delete, pages are removed in the page builder).
 */
export const BULK_KINDS: readonly ContentKind[] = ['article', 'topic', 'answer', 'comment', 'product'];

/** Which rows admin.content lists: the live ones, the deleted ones, or both. */
export const CONTENT_STATUSES = ['live', 'deleted', 'all'] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];

/** What admin.contentBulk does to the rows. */
export type BulkOp = 'delete' | 'restore';

/** The most ids admin.contentBulk and admin.chatDelete take at once. */
export const BULK_MAX = 100;
