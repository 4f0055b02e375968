import { makeAutoObservable, observable, runInAction } from 'mobx';
import {
  BULK_MAX,
  type AdminChatMessage,
  type AdminChatRoom,
  type ChatMessagesInput,
  type ChatMute,
  type ChatMuteInput,
  type ChatRoomsInput,
} from '../../api/adminContent';
import type { RootStore } from '../RootStore';
import { batches } from './ContentAdminStore';

/** Rooms and messages read per page. */
export const ROOMS_PAGE_SIZE = 50;
export const MESSAGES_PAGE_SIZE = 50;

/**
 * Chat moderation (admin.chatRooms, admin.chatMessages, admin.chatDelete, admin.chatMute,
 * admin.chatUnmute, admin.chatMutes): the rooms, one room's messages oldest at the top (older pages
 * as the list reaches its top, deleted ones flagged), messages picked and deleted, and the room's
 * active mutes. An answer for a room no longer open is dropped.
 */
export class ModerationStore {
  rooms: AdminChatRoom[] = [];
  roomQuery = '';
  roomsLoaded = false;
  hasMoreRooms = false;
  private roomsCursor = '';
  /** Where the page before the oldest message shown starts. */
  private olderCursor = '';

  /** The room whose messages are shown. */
  room: string | null = null;
  /** Oldest first, as the list shows them. */
  messages: AdminChatMessage[] = [];
  messagesLoaded = false;
  hasOlderMessages = false;
  /** Messages older pages put before the first page: the list keeps its scroll position with it. */
  prepended = 0;
  readonly selected = observable.set<string>();
  isDeleting = false;

  /** The active mutes of the room shown (every room's when none is). */
  mutes: ChatMute[] = [];
  isMuting = false;

  private roomsRequest: Promise<void> | null = null;
  private olderRequest: Promise<void> | null = null;

  constructor(private readonly root: RootStore) {
    makeAutoObservable<ModerationStore, 'root' | 'roomsRequest' | 'olderRequest'>(this, {
      root: false,
      roomsRequest: false,
      olderRequest: false,
    });
  }

  /** Reads the rooms' first page, or the next one. */
  loadRooms(more = false): Promise<void> {
    if (this.roomsRequest) return this.roomsRequest;
    if (more && !this.hasMoreRooms) return Promise.resolve();
    const query = this.roomQuery;
    const input: ChatRoomsInput = {
      first: ROOMS_PAGE_SIZE,
      ...(query ? { q: query } : {}),
      ...(more && this.roomsCursor ? { after: this.roomsCursor } : {}),
    };
    const request = (async () => {
      const reply = await this.root.client.request('admin.chatRooms', input);
      runInAction(() => {
        this.roomsRequest = null;
        if (!reply || query !== this.roomQuery) return;
        const rooms = reply.edges.map((edge) => edge.node);
        this.rooms = more ? [...this.rooms, ...rooms.filter((r) => !this.rooms.some((held) => held.name === r.name))] : rooms;
        this.roomsCursor = reply.pageInfo.endCursor;
        this.hasMoreRooms = reply.pageInfo.hasNextPage;
        this.roomsLoaded = true;
      });
    })();
    this.roomsRequest = request;
    return request;
  }

  /** Searches the rooms anew (the search box debounces its calls). */
  setRoomQuery(query: string) {
    const trimmed = query.trim();
    if (trimmed === this.roomQuery) return;
    this.roomQuery = trimmed;
    this.roomsRequest = null;
    this.roomsLoaded = false;
    void this.loadRooms();
  }

  /** Shows a room: its newest messages and its mutes. */
  openRoom(room: string) {
    this.room = room;
    this.messages = [];
    this.messagesLoaded = false;
    this.hasOlderMessages = false;
    this.prepended = 0;
    this.olderCursor = '';
    this.selected.clear();
    this.olderRequest = null;
    void this.loadMessages();
    void this.loadMutes();
  }

  closeRoom() {
    this.room = null;
    this.messages = [];
    this.selected.clear();
    void this.loadMutes();
  }

  /** Reads the newest page of the room shown again (messages sent since, deletions by others). */
  refresh() {
    if (this.room) this.openRoom(this.room);
  }

  private async loadMessages(before?: string): Promise<void> {
    const room = this.room;
    if (!room) return;
    const input: ChatMessagesInput = { room, first: MESSAGES_PAGE_SIZE, ...(before ? { before } : {}) };
    const reply = await this.root.client.request('admin.chatMessages', input);
    runInAction(() => {
      if (!reply || room !== this.room) return;
      const page = reply.edges.map((edge) => edge.node).reverse();
      if (before) {
        const held = new Set(this.messages.map((m) => m.id));
        const older = page.filter((m) => !held.has(m.id));
        this.messages = [...older, ...this.messages];
        this.prepended += older.length;
      } else {
        this.messages = page;
      }
      if (reply.pageInfo.endCursor) this.olderCursor = reply.pageInfo.endCursor;
      this.hasOlderMessages = reply.pageInfo.hasNextPage;
      this.messagesLoaded = true;
    });
  }

  /** Reads the page before the oldest message shown. */
  loadOlder(): Promise<void> {
    if (this.olderRequest) return this.olderRequest;
    if (!this.hasOlderMessages || !this.olderCursor) return Promise.resolve();
    const request = this.loadMessages(this.olderCursor).finally(() => {
      if (this.olderRequest === request) this.olderRequest = null;
    });
    this.olderRequest = request;
    return request;
  }

  toggle(id: string) {
    if (!this.selected.delete(id)) this.selected.add(id);
  }

  clearSelection() {
    this.selected.clear();
  }

  /** Deletes the picked messages (admin.chatDelete); they stay in the list, flagged, as the room's history does. */
  async deleteSelected(): Promise<number> {
    if (this.isDeleting || this.selected.size === 0) return 0;
    const ids = [...this.selected];
    const room = this.room;
    this.isDeleting = true;
    let done = 0;
    const refused: string[] = [];
    for (const batch of batches(ids, BULK_MAX)) {
      const reply = await this.root.client.request('admin.chatDelete', { ids: batch });
      if (!reply) break;
      done += reply.done.length;
      refused.push(...reply.failed.map((f) => f.message));
      runInAction(() => {
        const gone = new Set(reply.done);
        for (const id of gone) this.selected.delete(id);
        if (room !== this.room) return;
        this.messages = this.messages.map((m) => (gone.has(m.id) ? { ...m, deleted: true } : m));
      });
    }
    runInAction(() => {
      this.isDeleting = false;
    });
    if (done) this.root.toasts.success(this.root.t('admin.moderation.chat.deleted', { count: done }));
    for (const message of new Set(refused)) this.root.toasts.error(message);
    return done;
  }

  /** Reads the active mutes of the room shown, or of every room. */
  async loadMutes(): Promise<void> {
    const room = this.room;
    const reply = await this.root.client.request('admin.chatMutes', room ? { room } : {});
    runInAction(() => {
      if (reply && room === this.room) this.mutes = reply.mutes;
    });
  }

  /** Mutes a member in a room; true when done (a toast says so), false when refused (a toast says why). */
  async mute(input: ChatMuteInput): Promise<boolean> {
    if (this.isMuting) return false;
    this.isMuting = true;
    const reply = await this.root.client.request('admin.chatMute', { ...input, reason: input.reason.trim() });
    runInAction(() => {
      this.isMuting = false;
    });
    if (reply === null) return false;
    this.root.toasts.success(this.root.t('admin.moderation.mute.done'));
    await this.loadMutes();
    return true;
  }

  /** Lifts a mute at once. */
  async unmute(mute: ChatMute): Promise<boolean> {
    const userId = mute.member?.databaseId;
    if (!userId) return false;
    const reply = await this.root.client.request('admin.chatUnmute', { room: mute.room, userId });
    if (reply === null) return false;
    runInAction(() => {
      this.mutes = this.mutes.filter((m) => !(m.room === mute.room && m.member?.databaseId === userId));
    });
    this.root.toasts.success(this.root.t('admin.moderation.mute.lifted'));
    return true;
  }
}
