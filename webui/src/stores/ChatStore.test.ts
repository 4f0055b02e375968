import { chatMessage, chatPage, chatViewer, signIn } from '../test/chat';
import { FakeSocket } from '../test/fakeSocket';
import { apiResponder, createTestRoot, json, mockFetch, type FetchCall } from '../test/stores';
import { CHAT_ACK_TIMEOUT_MS, CHAT_MAX_LENGTH, CHAT_PAGE_SIZE, CHAT_SEND_THROTTLE_MS } from '../models/ChatMessage';

function requests(calls: FetchCall[], action: string) {
  return calls.filter((call) => call.body?.action === action).map((call) => call.body?.data as Record<string, unknown>);
}

function setup(pages: Record<string, ReturnType<typeof chatPage>> = { newest: chatPage([chatMessage(3), chatMessage(1), chatMessage(2)]) }) {
  vi.stubGlobal('WebSocket', FakeSocket);
  FakeSocket.reset();
  const calls = mockFetch(
    apiResponder({
      'utils.getChatMessages': (data) => json(pages[typeof data.before === 'string' ? data.before : 'newest'] ?? chatPage([])),
      'utils.chat': (data) =>
        json({ guaqi: { utils: { sendChat: chatMessage(50, { id: 'http-1', message: String(data.text), user: { name: 'Viewer 42', gqSlug: 'v', avatar: { url: '' }, databaseId: '42' } }) } } }),
      'utils.chatDelete': (data) => json({ id: data.id, room: 'chat', signature: 'del-sig', timestamp: '1795279200' }),
    }),
  );
  const root = createTestRoot('en');
  return { root, chat: root.chat, calls };
}

describe('ChatStore', () => {
  afterEach(() => vi.useRealTimers());

  it('loads the newest page, orders it by sequence, then joins resuming after it', async () => {
    const { root, chat, calls } = setup();
    const socket = signIn(root);
    await chat.open();
    expect(requests(calls, 'utils.getChatMessages')).toEqual([{ room: 'chat', first: CHAT_PAGE_SIZE }]);
    expect(chat.ordered.map((m) => m.seq)).toEqual([1, 2, 3]);
    expect(chat.isLoaded).toBe(true);
    expect(chat.joinState).toBe('joining');
    socket.accept('42');
    expect(socket.lastSent('join_room')?.data).toMatchObject({ room: 'chat', user: '42', lastSeq: 3 });
    socket.receive('join_success', { action: 'join_room', room: 'chat', online: 4, lastSeq: 3, self: true, user: chatMessage(1).user });
    expect(chat.joinState).toBe('joined');
    expect(chat.online).toBe(4);
  });

  it('applies live events once, in sequence, ignoring anything at or below the last seen', async () => {
    const { root, chat } = setup();
    const socket = signIn(root);
    await chat.open();
    socket.accept('42');
    socket.receive('chat_room', chatMessage(2, { message: 'replayed duplicate' }));
    socket.receive('chat_room', chatMessage(4));
    socket.receive('chat_room', chatMessage(4, { message: 'duplicate' }));
    socket.receive('chat_room', chatMessage(5, { room: 'elsewhere' }));
    socket.receive('chat_room', chatMessage(6));
    expect(chat.ordered.map((m) => [m.seq, m.text])).toEqual([
      [1, 'message 1'],
      [2, 'message 2'],
      [3, 'message 3'],
      [4, 'message 4'],
      [6, 'message 6'],
    ]);
  });

  it('removes deleted messages, and drops replayed ones flagged deleted', async () => {
    const { root, chat } = setup();
    const socket = signIn(root);
    await chat.open();
    socket.accept('42');
    socket.receive('delete_chat', { id: chatMessage(2).id, room: 'chat', seq: 4, user: chatMessage(2).user });
    socket.receive('delete_chat', { id: chatMessage(1).id, room: 'chat', seq: 4, user: chatMessage(1).user });
    socket.receive('chat_room', chatMessage(3, { seq: 5, deleted: true, message: '' }));
    expect(chat.ordered.map((m) => m.seq)).toEqual([1]);
  });

  it('deletes through utils.chatDelete and delete_chat, and confirms when the room deleted it', async () => {
    const { root, chat, calls } = setup({ newest: chatPage([chatMessage(1, { user: { name: 'Me', gqSlug: 'me', avatar: { url: '' }, databaseId: '42' } }), chatMessage(2)]) });
    const socket = signIn(root);
    await chat.open();
    socket.accept('42');
    const [mine, theirs] = chat.ordered;
    await chat.delete(theirs);
    expect(requests(calls, 'utils.chatDelete')).toEqual([]);
    await chat.delete(mine);
    expect(requests(calls, 'utils.chatDelete')).toEqual([{ id: mine.id }]);
    expect(socket.lastSent('delete_chat')?.data).toEqual({ id: mine.id, room: 'chat', signature: 'del-sig', timestamp: '1795279200' });
    socket.receive('delete_chat', { id: mine.id, room: 'chat', seq: 3, user: mine.user });
    expect(chat.data.has(mine.id)).toBe(false);
    expect(root.toasts.toasts.map((t) => [t.type, t.message])).toEqual([['success', 'Message deleted']]);
  });

  it('forgets only the deletion a delete_chat refusal names', async () => {
    const { root, chat } = setup();
    const socket = signIn(root, chatViewer({ isAdmin: true, userCan: [] }));
    await chat.open();
    socket.accept('42');
    const [first, second] = chat.ordered;
    await chat.delete(first);
    await chat.delete(second);
    socket.receive('error', { code: 'chat.error.notFound', message: 'Not found', action: 'delete_chat', id: first.id });
    socket.receive('delete_chat', { id: second.id, room: 'chat', seq: 4, user: second.user });
    expect(root.toasts.toasts.map((t) => [t.type, t.message])).toEqual([
      ['error', "This message doesn't exist or was deleted"],
      ['success', 'Message deleted'],
    ]);
  });

  it('lets admins delete any message', async () => {
    const { root, chat, calls } = setup();
    const socket = signIn(root, chatViewer({ isAdmin: true, userCan: [] }));
    await chat.open();
    socket.accept('42');
    await chat.delete(chat.ordered[0]);
    expect(requests(calls, 'utils.chatDelete')).toHaveLength(1);
    expect(socket.lastSent('delete_chat')).toBeDefined();
  });

  it('sends on the socket with a clientId and replaces the pending message when the room sends it back', async () => {
    const { root, chat } = setup();
    const socket = signIn(root);
    await chat.open();
    socket.accept('42');
    socket.receive('join_success', { action: 'join_room', room: 'chat', online: 1, self: true, user: chatMessage(1).user });
    expect(chat.send('  hello  ')).toBe(true);
    const frame = socket.lastSent('chat_room');
    expect(frame?.data).toMatchObject({ room: 'chat', message: 'hello' });
    const clientId = String(frame?.data.clientId);
    expect(chat.outbox.map((e) => e.text)).toEqual(['hello']);
    socket.receive('chat_ack', { clientId, id: '9004', seq: 4, room: 'chat' });
    expect(chat.outbox).toHaveLength(1);
    socket.receive('chat_room', chatMessage(4, { id: '9004', message: 'hello' }));
    expect(chat.outbox).toHaveLength(0);
    expect(chat.ordered.at(-1)?.text).toBe('hello');
  });

  it('shows a muted member the refusal with the mute end the server named, and drops the pending message', async () => {
    const { root, chat } = setup();
    const socket = signIn(root);
    await chat.open();
    socket.accept('42');
    socket.receive('join_success', { action: 'join_room', room: 'chat', online: 1, self: true, user: chatMessage(1).user });
    expect(chat.send('hello')).toBe(true);
    const clientId = String(socket.lastSent('chat_room')?.data.clientId);
    const message = 'You are muted in this room until 2026-11-24 15:04 UTC';
    socket.receive('error', { code: 'chat.error.muted', message, action: 'chat_room', clientId });
    expect(chat.outbox).toHaveLength(0);
    expect(root.toasts.toasts.map((t) => t.message)).toEqual([message]);
  });

  it('throttles sending to one message per 2000 ms and refuses texts over 120 characters', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    const { root, chat } = setup();
    const socket = signIn(root);
    await chat.open();
    socket.accept('42');
    socket.receive('join_success', { action: 'join_room', room: 'chat', online: 1, self: true, user: chatMessage(1).user });
    expect(chat.send('x'.repeat(CHAT_MAX_LENGTH + 1))).toBe(false);
    expect(chat.send('')).toBe(false);
    expect(chat.send('first')).toBe(true);
    vi.advanceTimersByTime(CHAT_SEND_THROTTLE_MS - 1);
    expect(chat.send('too soon')).toBe(false);
    vi.advanceTimersByTime(1);
    expect(chat.send('x'.repeat(CHAT_MAX_LENGTH))).toBe(true);
    expect(socket.sent.filter((f) => f.action === 'chat_room')).toHaveLength(2);
    expect(root.toasts.toasts.map((t) => t.message)).toEqual(['Messages are at most 120 characters', "You're sending too fast; try again in 1 s"]);
  });

  it('falls back to utils.chat over HTTP when the socket is down, or the ack does not come', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    const { root, chat, calls } = setup();
    const socket = signIn(root);
    await chat.open();
    expect(chat.send('offline')).toBe(true);
    await vi.waitFor(() => expect(requests(calls, 'utils.chat')).toHaveLength(1));
    expect(requests(calls, 'utils.chat')[0]).toMatchObject({ text: 'offline', room: 'chat' });
    await vi.waitFor(() => expect(chat.outbox).toHaveLength(0));
    expect(chat.data.get('http-1')?.text).toBe('offline');

    socket.accept('42');
    socket.receive('join_success', { action: 'join_room', room: 'chat', online: 1, self: true, user: chatMessage(1).user });
    vi.advanceTimersByTime(CHAT_SEND_THROTTLE_MS);
    chat.send('lost ack');
    const clientId = socket.lastSent('chat_room')?.data.clientId;
    vi.advanceTimersByTime(CHAT_ACK_TIMEOUT_MS);
    await vi.waitFor(() => expect(requests(calls, 'utils.chat')).toHaveLength(2));
    expect(requests(calls, 'utils.chat')[1]).toMatchObject({ text: 'lost ack', clientId });
  });

  it('pages back through history before the oldest cursor, keeping count of what was prepended', async () => {
    const { chat, calls } = setup({
      newest: chatPage([chatMessage(20), chatMessage(21)], true),
      '20': chatPage([chatMessage(18), chatMessage(19)], true),
      '18': chatPage([chatMessage(17)], false),
    });
    await chat.open();
    await Promise.all([chat.loadOlder(), chat.loadOlder()]);
    expect(chat.prepended).toBe(2);
    await chat.loadOlder();
    await chat.loadOlder();
    expect(requests(calls, 'utils.getChatMessages').map((d) => d.before)).toEqual([undefined, '20', '18']);
    expect(chat.ordered.map((m) => m.seq)).toEqual([17, 18, 19, 20, 21]);
    expect(chat.prepended).toBe(3);
    expect(chat.hasOlder).toBe(false);
  });

  it('shows a member without the right the levels that allow chat, without joining', async () => {
    const { root, chat } = setup();
    root.settings.settings = {
      level: {
        lv: [
          { key: 'lv1', names: { en: 'Lv1 Newcomer' }, roles: { userCan: [] } },
          { key: 'lv2', names: { en: 'Lv2 Apprentice' }, roles: { userCan: ['chat'] } },
        ],
        vip: [{ key: 'vip1', name: 'VIP', roles: { userCan: ['chat', 'directMessages'] } }],
      },
    };
    const socket = signIn(root, chatViewer({ userCan: [] }));
    await chat.open();
    socket.accept('42');
    expect(chat.access).toBe('denied');
    expect(socket.actions).not.toContain('join_room');
    expect(chat.allowedLevels).toEqual(['Lv2 Apprentice', 'VIP']);
  });

  it('maps refusals to translated messages: no access on join, throttled sends', async () => {
    const { root, chat } = setup();
    const socket = signIn(root);
    await chat.open();
    socket.accept('42');
    socket.receive('error', { code: 'chat.error.noAccess', message: 'x', action: 'join_room', levels: ['Lv2', 'VIP'] });
    expect(chat.joinState).toBe('denied');
    expect(chat.allowedLevels).toEqual(['Lv2', 'VIP']);
    expect(chat.errorMessage({ code: 'chat.error.noAccess', message: '', levels: ['Lv2', 'VIP'] })).toBe("Your level can't chat yet. Levels that can: Lv2, VIP");

    chat.send('hi');
    const clientId = String(chat.outbox[0].clientId);
    socket.receive('error', { code: 'chat.error.throttled', message: 'wait', action: 'chat_room', clientId, retryAfterMs: 1200 });
    expect(chat.outbox).toHaveLength(0);
    expect(root.toasts.toasts.at(-1)?.message).toBe("You're sending too fast; try again in 2 s");
    expect(chat.errorMessage({ code: 'some.unknown.key', message: 'server said' })).toBe('server said');
  });

  it('re-joins after a reconnect from the last sequence received', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { root, chat } = setup();
    const socket = signIn(root);
    await chat.open();
    socket.accept('42');
    socket.receive('join_success', { action: 'join_room', room: 'chat', online: 1, self: true, user: chatMessage(1).user });
    socket.receive('chat_room', chatMessage(7));
    socket.drop();
    expect(chat.joinState).toBe('joining');
    vi.advanceTimersByTime(1000);
    FakeSocket.last.accept('42');
    expect(FakeSocket.last.lastSent('join_room')?.data).toMatchObject({ lastSeq: 7 });
  });

  it('closes the socket on logout and leaves the room for another member', async () => {
    const { root, chat } = setup();
    const socket = signIn(root);
    await chat.open();
    socket.accept('42');
    root.auth.setViewer(chatViewer({ id: '43', userCan: [] }));
    expect(socket.closedWith).toBe(1000);
    expect(FakeSocket.last.url).toContain('/api/ws');
    expect(chat.access).toBe('denied');
    FakeSocket.last.accept('43');
    // The site channel (live layout) only: the chat room is not joined again.
    expect(FakeSocket.last.actions).toEqual(['connect', 'watch']);
    root.auth.setViewer(null);
    expect(root.realtime.status).toBe('closed');
    expect(chat.access).toBe('guest');
  });
});
