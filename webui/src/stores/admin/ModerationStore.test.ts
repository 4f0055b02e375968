import type { AdminChatMessage, ChatMute } from '../../api/adminContent';
import { apiResponder, createTestRoot, json, mockFetch, type FetchCall } from '../../test/stores';
import { ModerationStore } from './ModerationStore';

function requests(calls: FetchCall[], action: string) {
  return calls.filter((call) => call.body?.action === action).map((call) => call.body?.data as Record<string, unknown>);
}

const ann = { databaseId: '7', name: 'Ann', slug: 'ann' };

function message(n: number, overrides: Partial<AdminChatMessage> = {}): AdminChatMessage {
  return { id: String(900 + n), room: 'lobby', seq: n, text: `message ${n}`, author: ann, createdAt: 1_000 + n, deleted: false, ...overrides };
}

/** A page as admin.chatMessages answers it: newest first, endCursor the oldest's id. */
function messagesPage(messages: AdminChatMessage[], hasNextPage = false) {
  const newestFirst = [...messages].reverse();
  return { edges: newestFirst.map((node) => ({ cursor: node.id, node })), pageInfo: { hasNextPage, endCursor: messages[0]?.id ?? '' } };
}

function mute(overrides: Partial<ChatMute> = {}): ChatMute {
  return { room: 'lobby', member: ann, until: 9_000, reason: 'flooding', by: null, createdAt: 1_000, ...overrides };
}

function setup(replies: Parameters<typeof apiResponder>[0]) {
  const calls = mockFetch(apiResponder(replies));
  const root = createTestRoot('en');
  return { root, calls, store: new ModerationStore(root) };
}

describe('ModerationStore', () => {
  it('lists the rooms page by page and searches them anew', async () => {
    const room = (name: string) => ({ name, members: 2, messages: 5, lastMessageAt: 1, createdAt: 0 });
    const { store, calls } = setup({
      'admin.chatRooms': (data) =>
        json(
          data.after
            ? { edges: [{ cursor: 'c', node: room('tea') }], pageInfo: { hasNextPage: false, endCursor: 'c' } }
            : { edges: [{ cursor: 'b', node: room('lobby') }], pageInfo: { hasNextPage: !data.q, endCursor: 'b' } },
        ),
    });
    await store.loadRooms();
    await store.loadRooms(true);
    expect(store.rooms.map((r) => r.name)).toEqual(['lobby', 'tea']);
    store.setRoomQuery('lob');
    await vi.waitFor(() => expect(store.roomsLoaded).toBe(true));
    expect(store.rooms.map((r) => r.name)).toEqual(['lobby']);
    expect(requests(calls, 'admin.chatRooms')).toEqual([{ first: 50 }, { first: 50, after: 'b' }, { first: 50, q: 'lob' }]);
  });

  it("shows a room's messages oldest at the top, older pages before them, and its mutes", async () => {
    const { store, calls } = setup({
      'admin.chatMessages': (data) => json(data.before ? messagesPage([message(1)]) : messagesPage([message(2), message(3)], true)),
      'admin.chatMutes': () => json({ mutes: [mute()] }),
    });
    store.openRoom('lobby');
    await vi.waitFor(() => expect(store.messagesLoaded).toBe(true));
    expect(store.messages.map((m) => m.id)).toEqual(['902', '903']);
    await store.loadOlder();
    expect(store.messages.map((m) => m.id)).toEqual(['901', '902', '903']);
    expect(store.prepended).toBe(1);
    expect(store.hasOlderMessages).toBe(false);
    await vi.waitFor(() => expect(store.mutes).toHaveLength(1));
    expect(requests(calls, 'admin.chatMessages')).toEqual([
      { room: 'lobby', first: 50 },
      { room: 'lobby', first: 50, before: '902' },
    ]);
    expect(requests(calls, 'admin.chatMutes')).toEqual([{ room: 'lobby' }]);
  });

  it('deletes the picked messages, which stay in the list flagged', async () => {
    const { store, calls, root } = setup({
      'admin.chatMessages': () => json(messagesPage([message(1), message(2)])),
      'admin.chatMutes': () => json({ mutes: [] }),
      'admin.chatDelete': (data) => json({ done: data.ids, failed: [] }),
    });
    store.openRoom('lobby');
    await vi.waitFor(() => expect(store.messagesLoaded).toBe(true));
    store.toggle('902');
    expect(await store.deleteSelected()).toBe(1);
    expect(requests(calls, 'admin.chatDelete')).toEqual([{ ids: ['902'] }]);
    expect(store.messages.map((m) => m.deleted)).toEqual([false, true]);
    expect(store.selected.size).toBe(0);
    expect(root.toasts.toasts.map((t) => t.message)).toEqual(['1 message deleted']);
  });

  it('mutes a member with a trimmed reason, reads the mutes again, and lifts a mute', async () => {
    let mutes: ChatMute[] = [];
    const { store, calls } = setup({
      'admin.chatMute': () => {
        mutes = [mute()];
        return json({ mute: mutes[0] });
      },
      'admin.chatUnmute': () => json({ ok: true, wasMuted: true }),
      'admin.chatMutes': () => json({ mutes }),
    });
    expect(await store.mute({ room: 'lobby', userId: '7', minutes: 60, reason: '  flooding ' })).toBe(true);
    expect(requests(calls, 'admin.chatMute')).toEqual([{ room: 'lobby', userId: '7', minutes: 60, reason: 'flooding' }]);
    expect(store.mutes).toHaveLength(1);
    expect(await store.unmute(store.mutes[0])).toBe(true);
    expect(requests(calls, 'admin.chatUnmute')).toEqual([{ room: 'lobby', userId: '7' }]);
    expect(store.mutes).toEqual([]);
  });

  it('shows a refused mute as a toast and keeps the form open', async () => {
    const { store, root } = setup({
      'admin.chatMute': () => json({ statusCode: 409, messages: ['An administrator cannot be muted.'], codes: ['admin.error.muteAdmin'] }, 409),
    });
    expect(await store.mute({ room: 'lobby', userId: '1', minutes: 10, reason: 'x' })).toBe(false);
    expect(root.toasts.toasts.map((t) => t.message)).toEqual(['An administrator cannot be muted.']);
  });
});
