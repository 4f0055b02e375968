import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { VirtuosoMockContext } from 'react-virtuoso';
import { signIn } from '../../test/chat';
import { FakeSocket } from '../../test/fakeSocket';
import { conversationPage, inboxUser, inboxViewer, privateMessage, recentsPage, unread } from '../../test/inbox';
import { renderWithStores } from '../../test/render';
import { apiResponder, createTestRoot, json, mockFetch, type FetchCall } from '../../test/stores';
import type { ViewerData } from '../../models/Viewer';
import { InboxButtons } from '../Header/InboxButtons';
import { FollowActions, FollowCounts } from '../User/FollowActions';
import { MessageBox } from './MessageBox';

const ann = inboxUser('7', 'Ann');
const bob = inboxUser('8', 'Bob');

function requests(calls: FetchCall[], action: string) {
  return calls.filter((call) => call.body?.action === action).map((call) => call.body?.data as Record<string, unknown>);
}

function setup(options: { send?: () => Promise<Response> } = {}) {
  vi.stubGlobal('WebSocket', FakeSocket);
  FakeSocket.reset();
  const base = apiResponder({
    'utils.getUnreadCounts': () => json({ unread: unread(2, 0), inboxSeq: 3 }),
    'utils.getPrivateMessageUsers': () =>
      json(
        recentsPage(
          [
            { user: ann, lastMessage: privateMessage(3, '7', '42', { content: 'see you\nsoon' }), unread: 2 },
            { user: bob, lastMessage: privateMessage(1, '42', '8', { content: 'hi Bob' }), unread: 0 },
          ],
          false,
          unread(2, 0),
        ),
      ),
    'utils.getPrivateMessage': () =>
      json(
        conversationPage(ann, [
          privateMessage(1, '7', '42', { content: 'hello' }),
          privateMessage(2, '42', '7', { content: 'mine' }),
          privateMessage(3, '7', '42', { content: 'see you\nsoon' }),
        ]),
      ),
    'profile.follow': () =>
      json({
        follow: {
          edges: [{ cursor: '9', node: { ...inboxUser('9', 'Cleo'), description: 'Designer', isFollowing: true } }],
          pageInfo: { endCursor: '9', hasNextPage: false },
          totalCount: 1,
        },
      }),
    'mutates.sendMessage': () => json({ gqSendMessage: { message: privateMessage(4, '42', '7', { content: 'new' }) } }),
    'mutates.deletePrivateMessage': (data) => json({ gqDeletePrivateMessage: { id: data.id } }),
    'profile.followStats': () =>
      json({ followStats: { userId: '7', followers: 1200, following: 3, isFollowing: false, isFollowedBy: false, isBlocked: false } }),
    'profile.followUser': () => json({ gqFollowUser: { userId: '7', isFollowing: true, followers: 1201, following: 1 } }),
  });
  const send = options.send;
  const calls = mockFetch((call) => (send && call.body?.action === 'mutates.sendMessage' ? send() : base(call)));
  return { calls, root: createTestRoot('en') };
}

function renderBox(viewer: ViewerData | null = inboxViewer(), options: { send?: () => Promise<Response> } = {}) {
  const { root, calls } = setup(options);
  const socket = viewer ? signIn(root, viewer) : null;
  renderWithStores(
    <VirtuosoMockContext.Provider value={{ viewportHeight: 600, itemHeight: 64 }}>
      <InboxButtons />
      <MessageBox />
    </VirtuosoMockContext.Provider>,
    root,
  );
  return { root, calls, socket };
}

describe('MessageBox', () => {
  // Virtuoso keeps its list `visibility: hidden` in jsdom: elements inside it are queried by text or test id.
  it('lists recents with their unread badges; opening one shows it oldest first and clears its badge', async () => {
    const { root } = renderBox();
    fireEvent.click(screen.getByRole('button', { name: 'Private messages' }));
    const rows = await screen.findAllByTestId('message-recent');
    expect(rows.map((row) => row.dataset.peer)).toEqual(['7', '8']);
    expect(within(rows[0]).getByText('Ann')).toBeInTheDocument();
    expect(within(rows[0]).getByLabelText('2 unread')).toHaveTextContent('2');
    expect(within(rows[0]).getByText('see you soon')).toBeInTheDocument();
    expect(within(rows[1]).getByText(/You:/)).toBeInTheDocument();
    fireEvent.click(rows[0]);
    const items = await screen.findAllByTestId('private-message');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual(['hello', 'mine', 'see you\nsoon']);
    await waitFor(() => expect(within(screen.getAllByTestId('message-recent')[0]).queryByLabelText('2 unread')).not.toBeInTheDocument());
    expect(root.conversations.get('7')?.unread).toBe(0);
  });

  it('grows the message box from 3 to 6 rows and disables send while sending', async () => {
    let answer: (response: Response) => void = () => {};
    const { root, calls } = renderBox(inboxViewer(), { send: () => new Promise((resolve) => (answer = resolve)) });
    root.messages.openBox(ann);
    const box = await screen.findByRole('textbox', { name: 'Write a message…' });
    const send = screen.getByRole('button', { name: 'Send' });
    expect(box).toHaveAttribute('rows', '3');
    expect(send).toBeDisabled();
    fireEvent.change(box, { target: { value: 'a\nb\nc\nd\ne' } });
    expect(box).toHaveAttribute('rows', '5');
    fireEvent.change(box, { target: { value: 'a\nb\nc\nd\ne\nf\ng\nh' } });
    expect(box).toHaveAttribute('rows', '6');
    fireEvent.change(box, { target: { value: 'new' } });
    fireEvent.click(send);
    await waitFor(() => expect(send).toBeDisabled());
    expect(send).toHaveAttribute('aria-busy', 'true');
    fireEvent.keyDown(box, { key: 'Enter' });
    answer(json({ gqSendMessage: { message: privateMessage(4, '42', '7', { content: 'new' }) } }));
    await waitFor(() => expect(box).toHaveValue(''));
    expect(requests(calls, 'mutates.sendMessage')).toHaveLength(1);
    expect(requests(calls, 'mutates.sendMessage')[0]).toMatchObject({ to_id: '7', content: 'new' });
    expect(await screen.findByText('new')).toBeInTheDocument();
  });

  it('asks before deleting one’s own message, then confirms with a toast', async () => {
    const { root, calls } = renderBox();
    root.messages.openBox(ann);
    const items = await screen.findAllByTestId('private-message');
    expect(within(items[0]).queryByLabelText('Delete message')).not.toBeInTheDocument();
    fireEvent.click(within(items[1]).getByLabelText('Delete message'));
    expect(await screen.findByText('Delete this message?')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('mine')).not.toBeInTheDocument());
    expect(requests(calls, 'mutates.deletePrivateMessage')).toEqual([{ id: '502', toId: '7' }]);
    expect(root.toasts.toasts.at(-1)).toMatchObject({ type: 'success', message: 'Message deleted' });
  });

  it('lists the followings and opens a conversation from them', async () => {
    const { root } = renderBox();
    root.messages.openBox();
    fireEvent.click(await screen.findByRole('tab', { name: /Following/ }));
    const [cleo] = await screen.findAllByTestId('message-following');
    expect(cleo).toHaveTextContent('CleoDesigner');
    fireEvent.click(cleo);
    await waitFor(() => expect(root.messages.activePeerId).toBe('9'));
  });

  it('covers the box with a lock and a close button when the viewer lacks directMessages', async () => {
    const { root } = renderBox(inboxViewer({ userCan: ['chat'] }));
    root.messages.openBox();
    const lock = await screen.findByTestId('message-lock');
    expect(lock).toHaveTextContent('Private messages are locked');
    expect(lock).toHaveTextContent('Your level does not allow private messages');
    expect(within(lock).getByRole('link', { name: 'See which levels can' })).toHaveAttribute('href', '/en/account/membership');
    fireEvent.click(within(lock).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(root.ui.isOpen('messages')).toBe(false));
  });

  it('updates the header badges live', async () => {
    const { root, socket } = renderBox();
    socket!.accept('42');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Private messages (2 unread)' })).toHaveTextContent('2'));
    socket!.receive('private_message', { seq: 4, message: privateMessage(5, '8', '42'), unread: unread(3, 0), conversation: { userId: '8', unread: 1 } });
    expect(await screen.findByRole('button', { name: 'Private messages (3 unread)' })).toHaveTextContent('3');
    socket!.receive('notification', {
      seq: 5,
      notification: { id: '1', databaseId: '1', toId: '42', type: 'system', title: 'Hi', content: { text: '' }, read: false, createdAt: 1, from: null },
      unread: unread(3, 1),
    });
    expect(await screen.findByRole('button', { name: 'Notifications (1 unread)' })).toHaveTextContent('1');
    socket!.receive('unread', { seq: 6, unread: unread(0, 0), conversation: { userId: '8', unread: 0 } });
    expect(await screen.findByRole('button', { name: 'Private messages' })).not.toHaveTextContent(/\d/);
    expect(root.inbox.unreadNotifications).toBe(0);
  });
});

describe('FollowActions', () => {
  it('asks a guest to log in to follow or write', async () => {
    const { root, calls } = setup();
    renderWithStores(<FollowActions user={ann} />, root);
    fireEvent.click(screen.getByRole('button', { name: 'Follow' }));
    expect(root.ui.isOpen('login')).toBe(true);
    root.ui.close();
    fireEvent.click(screen.getByRole('button', { name: 'Message' }));
    expect(root.ui.isOpen('login')).toBe(true);
    expect(requests(calls, 'profile.followUser')).toHaveLength(0);
  });

  it('shows the counts and follows a member', async () => {
    const { root, calls } = setup();
    root.auth.setViewer(inboxViewer());
    renderWithStores(
      <>
        <FollowCounts userId="7" />
        <FollowActions user={ann} />
      </>,
      root,
    );
    expect(await screen.findByTestId('follow-followers')).toHaveTextContent('1.2K');
    expect(screen.getByTestId('follow-following')).toHaveTextContent('3');
    fireEvent.click(screen.getByTestId('follow-button'));
    await waitFor(() => expect(screen.getByTestId('follow-button')).toHaveAttribute('aria-pressed', 'true'));
    expect(requests(calls, 'profile.followUser')).toEqual([{ userId: '7', follow: true }]);
    expect(screen.getByTestId('follow-button')).toHaveTextContent('Following');
  });
});
