import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { VirtuosoMockContext } from 'react-virtuoso';
import { chatMessage, chatPage, chatViewer, signIn } from '../../test/chat';
import { FakeSocket } from '../../test/fakeSocket';
import { renderWithStores } from '../../test/render';
import { apiResponder, createTestRoot, json, mockFetch } from '../../test/stores';
import { SideToolbar } from '../Footer/SideToolbar';
import { ChatDrawer } from './ChatDrawer';
import { ChatWidget } from './ChatWidget';

function setup(messages = [chatMessage(1), chatMessage(2), chatMessage(10, { message: 'after a break', created_at: chatMessage(2).created_at + 301_000 })]) {
  vi.stubGlobal('WebSocket', FakeSocket);
  FakeSocket.reset();
  mockFetch(apiResponder({ 'utils.getChatMessages': () => json(chatPage(messages)) }));
  return createTestRoot('en');
}

function renderWidget(root = setup()) {
  return renderWithStores(
    <VirtuosoMockContext.Provider value={{ viewportHeight: 600, itemHeight: 64 }}>
      <div style={{ height: 600 }}>
        <ChatWidget />
      </div>
    </VirtuosoMockContext.Provider>,
    root,
  );
}

describe('ChatWidget', () => {
  // Virtuoso keeps its list `visibility: hidden` until it has scrolled to the initial item, which
  // jsdom never lays out, so elements inside the list have no accessible name: query them by text or label.
  it('lists the history oldest first with a time divider after a gap over 300 s, and names linking to profiles', async () => {
    const root = setup();
    signIn(root);
    renderWidget(root);
    const items = await screen.findAllByTestId('chat-message');
    expect(items.map((item) => within(item).getByText(/message|after/).textContent)).toEqual(['message 1', 'message 2', 'after a break']);
    // One divider before the first message, one before the message after the break.
    expect(screen.getAllByTestId('chat-time-divider')).toHaveLength(2);
    expect(within(items[0]).getByText('Member 7').closest('a')).toHaveAttribute('href', '/en/profile/member-7');
    expect(within(items[0]).getByLabelText('Profile of Member 7')).toHaveAttribute('href', '/en/profile/member-7');
    expect(within(items[0]).getByText(/ago|\//)).toBeInTheDocument();
  });

  it('shows live messages as they arrive', async () => {
    const root = setup();
    const socket = signIn(root);
    renderWidget(root);
    await screen.findAllByTestId('chat-message');
    socket.accept('42');
    socket.receive('join_success', { action: 'join_room', room: 'chat', online: 3, self: true, user: chatMessage(1).user });
    socket.receive('chat_room', chatMessage(11, { message: 'live one' }));
    expect(await screen.findByText('live one')).toBeInTheDocument();
    expect(screen.getByTestId('chat-online')).toHaveTextContent('3 online');
  });

  it('counts characters against 120 and blocks sending beyond', async () => {
    const root = setup();
    signIn(root);
    renderWidget(root);
    const box = await screen.findByRole('textbox', { name: 'Say something…' });
    const send = screen.getByRole('button', { name: 'Send' });
    expect(screen.getByTestId('chat-counter')).toHaveTextContent('0/120');
    expect(send).toBeDisabled();
    fireEvent.change(box, { target: { value: '你好 world' } });
    expect(screen.getByTestId('chat-counter')).toHaveTextContent('8/120');
    expect(send).toBeEnabled();
    fireEvent.change(box, { target: { value: 'x'.repeat(121) } });
    expect(screen.getByTestId('chat-counter')).toHaveTextContent('121/120');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(send).toBeDisabled();
  });

  it('tells a member without the right which levels allow chat, with a link to them', async () => {
    const root = setup();
    signIn(root, chatViewer({ userCan: [] }));
    root.settings.settings = { level: { lv: [{ key: 'lv2', names: { en: 'Lv2 Apprentice' }, roles: { userCan: ['chat'] } }] } };
    renderWidget(root);
    const notice = await screen.findByTestId('chat-no-access');
    expect(notice).toHaveTextContent("Your level can't chat yet. Levels that can: Lv2 Apprentice");
    expect(within(notice).getByRole('link', { name: 'See the membership levels' })).toHaveAttribute('href', '/en/account/membership');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('asks a guest to log in and opens the login box', async () => {
    const root = setup([]);
    renderWidget(root);
    expect(await screen.findByTestId('chat-empty')).toHaveTextContent('No messages yet');
    fireEvent.click(within(screen.getByTestId('chat-join-prompt')).getByRole('button', { name: 'Log in' }));
    expect(root.ui.isOpen('login')).toBe(true);
  });

  it('offers delete on own messages only, and asks before deleting', async () => {
    const root = setup([chatMessage(1), chatMessage(2, { message: 'mine', user: { name: 'Viewer 42', gqSlug: 'v', avatar: { url: '' }, databaseId: '42' } })]);
    signIn(root);
    renderWidget(root);
    const [theirs, mine] = await screen.findAllByTestId('chat-message');
    expect(within(theirs).queryByLabelText('Delete message')).not.toBeInTheDocument();
    fireEvent.click(within(mine).getByLabelText('Delete message'));
    expect(await screen.findByText('Delete this message?')).toBeInTheDocument();
    const remove = vi.spyOn(root.chat, 'delete').mockResolvedValue();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith(root.chat.ordered[1]));
  });
});

describe('ChatDrawer', () => {
  it('opens from the side toolbar chat button', async () => {
    const root = setup();
    renderWithStores(
      <VirtuosoMockContext.Provider value={{ viewportHeight: 600, itemHeight: 64 }}>
        <SideToolbar />
        <ChatDrawer />
      </VirtuosoMockContext.Provider>,
      root,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Chat' }));
    const drawer = await screen.findByRole('dialog', { name: 'Chat room' });
    expect(await within(drawer).findAllByTestId('chat-message')).toHaveLength(3);
    expect(root.chat.active).toBe(true);
    fireEvent.keyDown(drawer, { key: 'Escape' });
    await waitFor(() => expect(root.chat.active).toBe(false));
  });
});
