import { signIn } from '../test/chat';
import { FakeSocket } from '../test/fakeSocket';
import { conversationPage, inboxUser, inboxViewer, notification, notificationsPage, privateMessage, recentsPage, unread } from '../test/inbox';
import { apiResponder, createTestRoot, json, mockFetch, type FetchCall } from '../test/stores';

function requests(calls: FetchCall[], action: string) {
  return calls.filter((call) => call.body?.action === action).map((call) => call.body?.data as Record<string, unknown>);
}

const ann = inboxUser('7', 'Ann');

function setup(counts = unread(2, 1), inboxSeq = 10) {
  vi.stubGlobal('WebSocket', FakeSocket);
  FakeSocket.reset();
  const calls = mockFetch(
    apiResponder({
      'utils.getUnreadCounts': () => json({ unread: counts, inboxSeq }),
      'utils.getPrivateMessageUsers': () => json(recentsPage([{ user: ann, lastMessage: privateMessage(1, '7', '42'), unread: 1 }], false, counts)),
      'utils.getPrivateMessage': () => json(conversationPage(ann, [privateMessage(1, '7', '42')], { counts: unread(0, 1), inboxSeq })),
      'utils.getNotifications': () => json(notificationsPage([notification(1, 0)], false, counts)),
    }),
  );
  const root = createTestRoot('en');
  return { root, calls };
}

/** A member signed in with the socket ready and the counters loaded. */
async function ready(counts = unread(2, 1), inboxSeq = 10) {
  const { root, calls } = setup(counts, inboxSeq);
  const socket = signIn(root, inboxViewer());
  socket.accept('42');
  await vi.waitFor(() => expect(root.inbox.isLoaded).toBe(true));
  return { root, calls, socket };
}

describe('InboxStore', () => {
  it('reads the counters when the realtime channel opens for a member, and resumes the socket from the highest seq', async () => {
    const { root, calls, socket } = await ready();
    expect(requests(calls, 'utils.getUnreadCounts')).toHaveLength(1);
    expect(root.inbox.unreadMessages).toBe(2);
    expect(root.inbox.unreadNotifications).toBe(1);
    // The first connect came before any seq was known: live events only.
    expect(socket.lastSent('connect')?.data).not.toHaveProperty('inboxSeq');
    socket.receive('inbox_synced', { lastSeq: 12, replayed: 0 });
    socket.receive('notification', { seq: 13, notification: notification(2, 5), unread: unread(2, 2) });
    socket.drop();
    root.realtime.socket.retryNow();
    const again = FakeSocket.last;
    expect(again).not.toBe(socket);
    again.open();
    expect(again.lastSent('connect')?.data).toMatchObject({ userId: '42', inboxSeq: 13 });
  });

  it('applies each inbox event once: anything at or below the highest seq is a replay and is dropped', async () => {
    const { root, socket } = await ready();
    socket.receive('inbox_synced', { lastSeq: 10, replayed: 0 });
    socket.receive('notification', { seq: 11, notification: notification(1, 0), unread: unread(2, 2) });
    socket.receive('notification', { seq: 11, notification: notification(9, 1, { title: 'replayed' }), unread: unread(9, 9) });
    socket.receive('notification', { seq: 9, notification: notification(8, 2), unread: unread(7, 7) });
    socket.receive('private_message', { seq: 12, message: privateMessage(2, '7', '42'), unread: unread(3, 2), conversation: { userId: '7', unread: 1 } });
    expect(root.inbox.seq).toBe(12);
    expect(root.notifications.ordered.map((n) => n.title)).toEqual(['Notice 1']);
    expect(root.inbox.unreadMessages).toBe(3);
    expect(root.inbox.unreadNotifications).toBe(2);
    expect(root.conversations.get('7')?.unread).toBe(1);
    expect(root.conversations.get('7')?.lastMessage?.content).toBe('message 2');
  });

  it('keeps one copy of a message seen twice (the page, then the live event)', async () => {
    const { root, socket } = await ready();
    await root.messages.openConversation(ann);
    socket.receive('private_message', { seq: 11, message: privateMessage(1, '7', '42', { read: true }), unread: unread(0, 1), conversation: { userId: '7', unread: 0 } });
    socket.receive('private_message', { seq: 12, message: privateMessage(2, '7', '42'), unread: unread(1, 1), conversation: { userId: '7', unread: 1 } });
    expect(root.messages.thread('7').map((m) => m.content)).toEqual(['message 1', 'message 2']);
  });

  it('an unread event (a read on any session) clears the conversation badge and the counter', async () => {
    const { root, socket } = await ready();
    await root.conversations.loadLatest();
    expect(root.conversations.get('7')?.unread).toBe(1);
    socket.receive('unread', { seq: 11, unread: unread(1, 1), conversation: { userId: '7', unread: 0 } });
    expect(root.conversations.get('7')?.unread).toBe(0);
    expect(root.inbox.unreadMessages).toBe(1);
    socket.receive('unread', { seq: 12, unread: unread(1, 0) });
    expect(root.inbox.unreadNotifications).toBe(0);
  });

  it('marks the loaded notifications read when the counter reaches zero elsewhere', async () => {
    const { root, socket } = await ready();
    await root.notifications.loadLatest();
    expect(root.notifications.ordered[0].read).toBe(false);
    socket.receive('unread', { seq: 11, unread: unread(2, 0) });
    expect(root.notifications.ordered[0].read).toBe(true);
  });

  it('inbox_reset continues from the server seq and reloads the counters and the lists that were shown', async () => {
    const { root, calls, socket } = await ready();
    await Promise.all([root.conversations.loadLatest(), root.notifications.loadLatest()]);
    const before = { counts: requests(calls, 'utils.getUnreadCounts').length, recents: requests(calls, 'utils.getPrivateMessageUsers').length };
    socket.receive('inbox_reset', { lastSeq: 700 });
    expect(root.inbox.seq).toBe(700);
    await vi.waitFor(() => expect(requests(calls, 'utils.getUnreadCounts')).toHaveLength(before.counts + 1));
    await vi.waitFor(() => expect(requests(calls, 'utils.getPrivateMessageUsers')).toHaveLength(before.recents + 1));
    await vi.waitFor(() => expect(requests(calls, 'utils.getNotifications')).toHaveLength(2));
    socket.receive('notification', { seq: 650, notification: notification(5, 9), unread: unread(5, 5) });
    expect(root.notifications.data.has('905')).toBe(false);
  });

  it('an unread event naming a notification marks just that one read on this session', async () => {
    const { root, socket } = await ready(unread(0, 2), 10);
    socket.receive('notification', { seq: 11, notification: notification(1, 0), unread: unread(0, 1) });
    socket.receive('notification', { seq: 12, notification: notification(2, 0), unread: unread(0, 2) });
    const [first, second] = root.notifications.ordered;
    socket.receive('unread', { seq: 13, unread: unread(0, 1), notificationsRead: { id: first.id } });
    expect(first.read).toBe(true);
    expect(second.read).toBe(false);
    socket.receive('unread', { seq: 14, unread: unread(0, 0), notificationsRead: { all: true } });
    expect(second.read).toBe(true);
  });

  it('older counters in a reply do not overwrite newer ones from an event', async () => {
    const { root, socket } = await ready(unread(2, 1), 10);
    socket.receive('unread', { seq: 15, unread: unread(0, 0) });
    root.inbox.applyCounts(unread(4, 4), 12);
    expect(root.inbox.unreadMessages).toBe(0);
    root.inbox.applyCounts(unread(1, 0), 16);
    expect(root.inbox.unreadMessages).toBe(1);
  });

  it('starts again for another viewer', async () => {
    const { root, socket } = await ready();
    socket.receive('notification', { seq: 11, notification: notification(1, 0), unread: unread(2, 2) });
    root.auth.setViewer(inboxViewer({ id: '43' }));
    expect(root.inbox.seq).toBe(0);
    expect(root.notifications.data.size).toBe(0);
    expect(root.conversations.data.size).toBe(0);
  });

  it('the same member in two tabs: a message arrives in both, a read in one clears both', async () => {
    const first = await ready(unread(0, 0), 10);
    const second = createTestRoot('en');
    const secondSocket = signIn(second, inboxViewer());
    secondSocket.accept('42');
    await vi.waitFor(() => expect(second.inbox.isLoaded).toBe(true));
    const incoming = { seq: 11, message: privateMessage(2, '7', '42'), unread: unread(1, 0), conversation: { userId: '7', unread: 1 } };
    first.socket.receive('private_message', incoming);
    secondSocket.receive('private_message', incoming);
    expect([first.root.inbox.unreadMessages, second.inbox.unreadMessages]).toEqual([1, 1]);
    // The first tab opens the conversation: it is marked read, and the server tells every session.
    await first.root.messages.openConversation(ann);
    expect(requests(first.calls, 'utils.getPrivateMessage').at(-1)).toMatchObject({ toId: '7', markRead: true, first: 20 });
    const read = { seq: 12, unread: unread(0, 0), conversation: { userId: '7', unread: 0 } };
    first.socket.receive('unread', read);
    secondSocket.receive('unread', read);
    expect([first.root.inbox.unreadMessages, second.inbox.unreadMessages]).toEqual([0, 0]);
    expect(second.conversations.get('7')?.unread).toBe(0);
  });
});
