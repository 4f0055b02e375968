import { signIn } from '../test/chat';
import { FakeSocket } from '../test/fakeSocket';
import { inboxUser, inboxViewer, notification, notificationsPage, unread } from '../test/inbox';
import { apiResponder, createTestRoot, json, mockFetch, type FetchCall } from '../test/stores';

function requests(calls: FetchCall[], action: string) {
  return calls.filter((call) => call.body?.action === action).map((call) => call.body?.data as Record<string, unknown>);
}

function setup(readFails = false) {
  vi.stubGlobal('WebSocket', FakeSocket);
  FakeSocket.reset();
  const calls = mockFetch(
    apiResponder({
      'utils.getUnreadCounts': () => json({ unread: unread(0, 3), inboxSeq: 5 }),
      'utils.getNotifications': (data) =>
        json(
          data.before === '901'
            ? notificationsPage([notification(0, -30)])
            : notificationsPage([notification(1, 0), notification(2, 10), notification(3, 12)], true, unread(0, 3)),
        ),
      'utils.readNotification': (data) =>
        readFails
          ? json({ statusCode: 404, messages: ['Notification not found'] }, 404)
          : json({ readNotification: { read: data.all ? 3 : 1, unread: unread(0, data.all ? 0 : 2) } }),
    }),
  );
  const root = createTestRoot('en');
  const socket = signIn(root, inboxViewer({ gqNotification: 3 }));
  return { root, calls, socket, notifications: root.notifications };
}

describe('NotificationsStore', () => {
  it('loads the newest page of 20 and lists it oldest to newest', async () => {
    const { calls, notifications } = setup();
    await notifications.loadLatest();
    expect(requests(calls, 'utils.getNotifications')).toEqual([{ first: 20 }]);
    expect(notifications.ordered.map((n) => n.title)).toEqual(['Notice 1', 'Notice 2', 'Notice 3']);
    expect(notifications.hasOlder).toBe(true);
  });

  it('pages back to older notifications from the start cursor', async () => {
    const { calls, notifications } = setup();
    await notifications.loadLatest();
    await notifications.loadOlder();
    expect(requests(calls, 'utils.getNotifications')[1]).toEqual({ first: 20, before: '901' });
    expect(notifications.ordered[0].title).toBe('Notice 0');
    expect(notifications.prepended).toBe(1);
    expect(notifications.hasOlder).toBe(false);
  });

  it('appends live notifications, each once', async () => {
    const { notifications, socket } = setup();
    socket.accept('42');
    await notifications.loadLatest();
    const follow = notification(4, 20, { type: 'follow', title: 'Ann', content: { userId: '7' }, from: inboxUser('7', 'Ann') });
    socket.receive('notification', { seq: 6, notification: follow, unread: unread(0, 4) });
    socket.receive('notification', { seq: 7, notification: follow, unread: unread(0, 4) });
    expect(notifications.ordered.map((n) => n.id)).toEqual(['901', '902', '903', '904']);
    expect(notifications.ordered.at(-1)?.fromPath).toBe('/profile/member7-7');
  });

  it('marks one read with its id and the viewer, and the counters follow', async () => {
    const { calls, notifications, root } = setup();
    await notifications.loadLatest();
    const first = notifications.ordered[0];
    await notifications.markRead(first);
    expect(requests(calls, 'utils.readNotification')).toEqual([{ id: '901', toId: '42' }]);
    expect(first.read).toBe(true);
    expect(root.inbox.unreadNotifications).toBe(2);
    await notifications.markRead(first);
    expect(requests(calls, 'utils.readNotification')).toHaveLength(1);
  });

  it('marks all read', async () => {
    const { calls, notifications, root } = setup();
    await notifications.loadLatest();
    await notifications.markAllRead();
    expect(requests(calls, 'utils.readNotification')).toEqual([{ all: true, toId: '42' }]);
    expect(notifications.ordered.every((n) => n.read)).toBe(true);
    expect(root.inbox.unreadNotifications).toBe(0);
    expect(notifications.hasUnread).toBe(false);
  });

  it('keeps a notification unread when the server refuses', async () => {
    const { notifications, root } = setup(true);
    await notifications.loadLatest();
    const first = notifications.ordered[0];
    await notifications.markRead(first);
    expect(first.read).toBe(false);
    expect(root.toasts.toasts.at(-1)?.message).toBe('Notification not found');
  });

  it('reads the report, follow and system fields', () => {
    const { notifications } = setup();
    notifications.receive(
      notification(1, 0, { type: 'report', content: { title: 'A post', slug: 'a-post', desc: 'spam', user_content: 'buy', content: 'removed' } }),
    );
    notifications.receive(notification(2, 0, { content: { text: 'Hello', url: 'https://example.com' } }));
    const [report, system] = notifications.ordered;
    expect(report.report).toEqual({ title: 'A post', slug: 'a-post', desc: 'spam', userContent: 'buy', content: 'removed' });
    expect(system.system).toEqual({ text: 'Hello', url: 'https://example.com' });
  });
});
