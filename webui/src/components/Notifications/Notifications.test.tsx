import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { VirtuosoMockContext } from 'react-virtuoso';
import type { Notification as NotificationData } from '../../api/wire.gen';
import { signIn } from '../../test/chat';
import { FakeSocket } from '../../test/fakeSocket';
import { inboxUser, inboxViewer, notification, notificationsPage, unread } from '../../test/inbox';
import { renderWithStores } from '../../test/render';
import { apiResponder, createTestRoot, json, mockFetch, type FetchCall } from '../../test/stores';
import { NotificationPage } from '../../scenes/Account/Notification';
import { InboxButtons } from '../Header/InboxButtons';
import { NotificationBox } from './NotificationBox';

function requests(calls: FetchCall[], action: string) {
  return calls.filter((call) => call.body?.action === action).map((call) => call.body?.data as Record<string, unknown>);
}

const report = notification(1, 0, {
  type: 'report',
  title: 'Your report was handled',
  content: { title: 'A post', slug: 'article/a-post-5', desc: 'Spam', user_content: 'buy now', content: 'Removed' },
});
const follow = notification(2, 5, { type: 'follow', title: 'Ann', content: { userId: '7' }, from: inboxUser('7', 'Ann') });
const system = notification(3, 20, { title: 'Maintenance tonight', content: { text: 'Back at 2 am.', url: 'https://status.example.com' } });

function setup(items: NotificationData[] = [report, follow, system]) {
  vi.stubGlobal('WebSocket', FakeSocket);
  FakeSocket.reset();
  const calls = mockFetch(
    apiResponder({
      'utils.getUnreadCounts': () => json({ unread: unread(0, 3), inboxSeq: 5 }),
      'utils.getNotifications': () => json(notificationsPage(items, false, unread(0, 3))),
      'utils.readNotification': (data) => json({ readNotification: { read: 1, unread: unread(0, data.all ? 0 : 2) } }),
    }),
  );
  const root = createTestRoot('en');
  const socket = signIn(root, inboxViewer({ gqNotification: 3 }));
  return { root, calls, socket };
}

function renderInVirtuoso(ui: React.ReactNode, root: ReturnType<typeof setup>['root'], path = '/en') {
  return renderWithStores(<VirtuosoMockContext.Provider value={{ viewportHeight: 800, itemHeight: 120 }}>{ui}</VirtuosoMockContext.Provider>, root, path);
}

describe('NotificationBox', () => {
  it('opens from the header bell and lists oldest to newest, with a divider beyond ten minutes', async () => {
    const { root } = setup();
    renderInVirtuoso(
      <>
        <InboxButtons />
        <NotificationBox />
      </>,
      root,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Notifications (3 unread)' }));
    const items = await screen.findAllByTestId('notification');
    expect(items.map((item) => item.dataset.type)).toEqual(['report', 'follow', 'system']);
    // One before the first; none between 0 and 5 minutes; one before the entry 15 minutes later.
    expect(screen.getAllByTestId('time-divider')).toHaveLength(2);
    expect(items[2].previousElementSibling).toHaveAttribute('data-testid', 'time-divider');
  });

  it('renders what members do: comments, replies, mentions and likes with who and what, and the community kinds', async () => {
    const ann = inboxUser('7', 'Ann');
    const { root } = setup([
      notification(11, 0, { type: 'comment', title: 'Ann', from: ann, content: { targetType: 'article', targetId: '5', excerpt: 'Great read' } }),
      notification(12, 1, { type: 'comment', title: 'Ann', from: ann, content: { targetType: 'comment', targetId: '6', replyTo: '6', excerpt: 'Agreed' } }),
      notification(13, 2, { type: 'mention', title: 'Ann', from: ann, content: { targetType: 'topic', targetId: '8', excerpt: 'ask @ming' } }),
      notification(14, 3, { type: 'like', title: 'Ann', from: ann, content: { targetType: 'answer', targetId: '9' } }),
      notification(15, 4, { type: 'community', title: 'Best tip?', content: { kind: 'answer', topicId: '8' } }),
      notification(16, 5, { type: 'community', title: 'Best tip?', content: { kind: 'award', topicId: '8', value: '5.00', currency: 'USD' } }),
      notification(17, 6, { type: 'community', title: 'Best tip?', content: { kind: 'refund', topicId: '8', value: '500', currency: 'CREDIT' } }),
    ]);
    root.ui.open('notifications');
    renderInVirtuoso(<NotificationBox />, root);
    const items = await screen.findAllByTestId('notification');
    expect(items[0]).toHaveTextContent('Ann commented on your article');
    expect(items[0]).toHaveTextContent('“Great read”');
    expect(within(items[0]).getByText('Ann').closest('a')).toHaveAttribute('href', '/en/profile/member7-7');
    expect(items[1]).toHaveTextContent('Ann replied to your comment');
    expect(items[2]).toHaveTextContent('Ann mentioned you in a comment');
    expect(items[2]).toHaveTextContent('“ask @ming”');
    expect(items[3]).toHaveTextContent('Ann liked your answer');
    expect(items[4]).toHaveTextContent('New answer to your topic “Best tip?”');
    expect(items[5]).toHaveTextContent('Your answer was awarded 5.00 USD');
    expect(items[5]).toHaveTextContent('Best tip?');
    expect(items[6]).toHaveTextContent('Nothing was awarded: your bounty of 500 came back');
  });

  it('renders each type: a report with its fields and slug, a follow with the profile, a system text with its link', async () => {
    const { root } = setup();
    root.ui.open('notifications');
    renderInVirtuoso(<NotificationBox />, root);
    const [reportItem, followItem, systemItem] = await screen.findAllByTestId('notification');
    expect(within(reportItem).getByText('Your report was handled')).toBeInTheDocument();
    expect(within(reportItem).getByText('A post').closest('a')).toHaveAttribute('href', '/en/article/a-post-5');
    expect(reportItem).toHaveTextContent('ReasonSpam');
    expect(reportItem).toHaveTextContent('Reported contentbuy now');
    expect(reportItem).toHaveTextContent('ResultRemoved');
    expect(within(followItem).getByText('Ann').closest('a')).toHaveAttribute('href', '/en/profile/member7-7');
    expect(followItem).toHaveTextContent('Ann started following you');
    expect(systemItem).toHaveTextContent('Maintenance tonight');
    expect(systemItem).toHaveTextContent('Back at 2 am.');
    expect(within(systemItem).getByText('Open link').closest('a')).toHaveAttribute('href', 'https://status.example.com');
  });

  it('shows live arrivals, and marks one or all read', async () => {
    const { root, calls, socket } = setup([report]);
    socket.accept('42');
    root.ui.open('notifications');
    renderInVirtuoso(<NotificationBox />, root);
    await screen.findAllByTestId('notification');
    socket.receive('notification', { seq: 6, notification: follow, unread: unread(0, 2) });
    await waitFor(() => expect(screen.getAllByTestId('notification')).toHaveLength(2));
    const [first] = screen.getAllByTestId('notification');
    fireEvent.click(within(first).getByLabelText('Mark as read'));
    await waitFor(() => expect(first).toHaveAttribute('data-read', 'true'));
    expect(requests(calls, 'utils.readNotification')).toEqual([{ id: '901', toId: '42' }]);
    fireEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(screen.getAllByTestId('notification').every((item) => item.dataset.read === 'true')).toBe(true));
    expect(requests(calls, 'utils.readNotification')[1]).toEqual({ all: true, toId: '42' });
    expect(screen.queryByRole('button', { name: 'Mark all read' })).not.toBeInTheDocument();
  });
});

describe('NotificationPage', () => {
  it('lists every notification with the live unread count', async () => {
    const { root, socket } = setup();
    socket.accept('42');
    renderInVirtuoso(<NotificationPage />, root, '/en/account/notification');
    expect(await screen.findAllByTestId('notification')).toHaveLength(3);
    expect(screen.getByTestId('notification-page-unread')).toHaveTextContent('3 unread');
    socket.receive('unread', { seq: 6, unread: unread(0, 0) });
    await waitFor(() => expect(screen.getByTestId('notification-page-unread')).toHaveTextContent('You are all caught up'));
  });

  it('says when there is nothing yet', async () => {
    const { root } = setup([]);
    renderInVirtuoso(<NotificationPage />, root);
    expect(await screen.findByTestId('notifications-empty')).toHaveTextContent('No notifications yet');
  });
});
