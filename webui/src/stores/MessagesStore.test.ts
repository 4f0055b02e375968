import { signIn } from '../test/chat';
import { FakeSocket } from '../test/fakeSocket';
import { conversationPage, inboxUser, inboxViewer, privateMessage, recentsPage, unread } from '../test/inbox';
import { apiResponder, createTestRoot, json, mockFetch, type FetchCall } from '../test/stores';
import type { PrivateMessage } from '../api/wire.gen';

function requests(calls: FetchCall[], action: string) {
  return calls.filter((call) => call.body?.action === action).map((call) => call.body?.data as Record<string, unknown>);
}

const ann = inboxUser('7', 'Ann');
const bob = inboxUser('8', 'Bob');

interface Options {
  pages?: Record<string, ReturnType<typeof conversationPage>>;
  send?: (data: Record<string, unknown>) => Response | Promise<Response>;
  viewer?: ReturnType<typeof inboxViewer>;
}

function setup({ pages, send, viewer = inboxViewer() }: Options = {}) {
  vi.stubGlobal('WebSocket', FakeSocket);
  FakeSocket.reset();
  const conversation = pages ?? {
    newest: conversationPage(ann, [privateMessage(1, '7', '42'), privateMessage(2, '42', '7'), privateMessage(3, '7', '42')], {
      hasNextPage: true,
      counts: unread(0, 0),
    }),
    '501': conversationPage(ann, [privateMessage(-1, '7', '42')]),
  };
  const base = apiResponder({
    'utils.getUnreadCounts': () => json({ unread: unread(1, 0), inboxSeq: 3 }),
    'utils.getPrivateMessage': (data) => json(conversation[typeof data.after === 'string' ? data.after : 'newest']),
    'utils.getPrivateMessageUsers': (data) =>
      json(
        data.after
          ? recentsPage([{ user: bob, lastMessage: privateMessage(0, '8', '42'), unread: 0 }])
          : recentsPage([{ user: ann, lastMessage: privateMessage(3, '7', '42'), unread: 1 }], true, unread(1, 0)),
      ),
    'mutates.readPrivateMessages': () => json({ gqReadPrivateMessages: { read: 1, unread: unread(0, 0), conversation: { userId: '7', unread: 0 } } }),
    'mutates.sendMessage': (data) => json({ gqSendMessage: { message: privateMessage(10, '42', '7', { content: String(data.content) }) } }),
    'mutates.deletePrivateMessage': (data) => json({ gqDeletePrivateMessage: { id: data.id } }),
  });
  const calls = mockFetch((call) =>
    send && call.body?.action === 'mutates.sendMessage' ? send(call.body.data as Record<string, unknown>) : base(call),
  );
  const root = createTestRoot('en');
  const socket = signIn(root, viewer);
  return { root, calls, socket, messages: root.messages };
}

describe('MessagesStore', () => {
  it('opens a conversation: the newest page of 20, marked read, oldest first', async () => {
    const { root, calls, messages } = setup();
    messages.openBox(ann);
    expect(root.ui.isOpen('messages')).toBe(true);
    await vi.waitFor(() => expect(root.conversations.get('7')?.isLoaded).toBe(true));
    expect(requests(calls, 'utils.getPrivateMessage')).toEqual([{ toId: '7', first: 20, markRead: true }]);
    expect(messages.thread('7').map((m) => m.content)).toEqual(['message 1', 'message 2', 'message 3']);
    expect(root.conversations.get('7')?.unread).toBe(0);
    expect(messages.thread('7').filter((m) => m.from.databaseId === '7').every((m) => m.read)).toBe(true);
  });

  it('pages back to older messages from the end cursor, keeping the list in place', async () => {
    const { calls, messages, root } = setup();
    await messages.openConversation(ann);
    await messages.loadOlder();
    expect(requests(calls, 'utils.getPrivateMessage')[1]).toEqual({ toId: '7', first: 20, after: '501' });
    expect(messages.thread('7')[0].content).toBe('message -1');
    expect(root.conversations.get('7')?.prepended).toBe(1);
    expect(root.conversations.get('7')?.hasOlder).toBe(false);
  });

  it('loads recents 20 a page, the most recent first', async () => {
    const { calls, root } = setup();
    await root.conversations.loadLatest();
    await root.conversations.loadOlder();
    expect(requests(calls, 'utils.getPrivateMessageUsers')).toEqual([
      { userId: '42', type: 'MESSAGE', first: 20 },
      { userId: '42', type: 'MESSAGE', first: 20, after: '503' },
    ]);
    expect(root.conversations.recents.map((c) => c.user.name)).toEqual(['Ann', 'Bob']);
    expect(root.inbox.unreadMessages).toBe(1);
  });

  it('sends once with a clientId, refuses a second send while one is on its way, and keeps the key for a retry', async () => {
    let answer: (response: Response) => void = () => {};
    const { calls, messages, root } = setup({ send: () => new Promise<Response>((resolve) => (answer = resolve)) });
    await messages.openConversation(ann);
    const first = messages.send('  hello\nthere  ');
    expect(messages.isSending).toBe(true);
    expect(await messages.send('hello\nthere')).toBe(false);
    await vi.waitFor(() => expect(requests(calls, 'mutates.sendMessage')).toHaveLength(1));
    answer(json({ statusCode: 502, messages: ['Bad gateway'] }, 502));
    expect(await first).toBe(false);
    const sent = requests(calls, 'mutates.sendMessage');
    expect(sent[0]).toMatchObject({ to_id: '7', content: 'hello\nthere' });
    const retry = messages.send('hello\nthere');
    await vi.waitFor(() => expect(requests(calls, 'mutates.sendMessage')).toHaveLength(2));
    answer(json({ gqSendMessage: { message: privateMessage(10, '42', '7', { content: 'hello\nthere' }) } }));
    expect(await retry).toBe(true);
    expect(requests(calls, 'mutates.sendMessage')[1].clientId).toBe(sent[0].clientId);
    expect(messages.thread('7').at(-1)?.content).toBe('hello\nthere');
    expect(root.conversations.get('7')?.lastMessage?.content).toBe('hello\nthere');
    // Another message gets another key.
    const third = messages.send('again');
    await vi.waitFor(() => expect(requests(calls, 'mutates.sendMessage')).toHaveLength(3));
    answer(json({ gqSendMessage: { message: privateMessage(11, '42', '7', { content: 'again' }) } }));
    await third;
    expect(requests(calls, 'mutates.sendMessage')[2].clientId).not.toBe(sent[0].clientId);
  });

  it('says why a message cannot be sent, without calling the server', async () => {
    const { calls, messages, root } = setup({ viewer: inboxViewer({ userCan: ['chat'] }) });
    await messages.openConversation(ann);
    expect(await messages.send('hi')).toBe(false);
    expect(root.toasts.toasts.at(-1)?.message).toBe('Your level does not allow private messages');
    expect(messages.canMessage).toBe(false);
    expect(requests(calls, 'mutates.sendMessage')).toHaveLength(0);
  });

  it('refuses empty and too long messages', async () => {
    const { messages } = setup();
    await messages.openConversation(ann);
    expect(messages.sendProblem('  \n ')).toBe('message.error.empty');
    expect(messages.sendProblem('x'.repeat(2001))).toBe('message.error.tooLong');
    expect(messages.sendProblem('x'.repeat(2000))).toBeNull();
    messages.closeConversation();
    expect(messages.sendProblem('hi')).toBe('message.error.recipientRequired');
  });

  it('deletes only the sender’s own messages, then says so', async () => {
    const { calls, messages, root } = setup();
    await messages.openConversation(ann);
    const [theirs, mine] = messages.thread('7');
    expect(await messages.delete(theirs)).toBe(false);
    expect(requests(calls, 'mutates.deletePrivateMessage')).toHaveLength(0);
    expect(await messages.delete(mine)).toBe(true);
    expect(requests(calls, 'mutates.deletePrivateMessage')).toEqual([{ id: mine.id, toId: '7' }]);
    expect(messages.data.has(mine.id)).toBe(false);
    expect(root.toasts.toasts.at(-1)).toMatchObject({ type: 'success', message: 'Message deleted' });
  });

  it('a deletion by the other member removes the message, and the recents show the one before', async () => {
    const { messages, root, socket } = setup();
    socket.accept('42');
    await messages.openConversation(ann);
    expect(root.conversations.get('7')?.lastMessage?.id).toBe('503');
    socket.receive('delete_private_message', { seq: 4, id: '503', fromId: '7', toId: '42', unread: unread(0, 0), conversation: { userId: '7', unread: 0 } });
    expect(messages.thread('7').map((m) => m.id)).toEqual(['501', '502']);
    expect(root.conversations.get('7')?.lastMessage?.id).toBe('502');
  });

  it('reads a message arriving in the conversation open in the box at once', async () => {
    const { calls, messages, root, socket } = setup();
    socket.accept('42');
    messages.openBox(ann);
    await vi.waitFor(() => expect(root.conversations.get('7')?.isLoaded).toBe(true));
    const live: PrivateMessage = privateMessage(4, '7', '42', { content: 'live' });
    socket.receive('private_message', { seq: 5, message: live, unread: unread(1, 0), conversation: { userId: '7', unread: 1 } });
    await vi.waitFor(() => expect(requests(calls, 'mutates.readPrivateMessages')).toEqual([{ toId: '7' }]));
    await vi.waitFor(() => expect(root.inbox.unreadMessages).toBe(0));
    // Closed box: a message waits, unread.
    messages.closeBox();
    socket.receive('private_message', { seq: 6, message: privateMessage(5, '7', '42'), unread: unread(1, 0), conversation: { userId: '7', unread: 1 } });
    expect(requests(calls, 'mutates.readPrivateMessages')).toHaveLength(1);
    expect(root.conversations.get('7')?.unread).toBe(1);
  });

  it('in a background tab, waits until the tab is seen again to read', async () => {
    const { calls, messages, root, socket } = setup();
    socket.accept('42');
    messages.openBox(ann);
    await vi.waitFor(() => expect(root.conversations.get('7')?.isLoaded).toBe(true));
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    socket.receive('private_message', { seq: 5, message: privateMessage(4, '7', '42'), unread: unread(1, 0), conversation: { userId: '7', unread: 1 } });
    expect(requests(calls, 'mutates.readPrivateMessages')).toHaveLength(0);
    expect(root.conversations.get('7')?.unread).toBe(1);
    visibility.mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.waitFor(() => expect(requests(calls, 'mutates.readPrivateMessages')).toEqual([{ toId: '7' }]));
    visibility.mockRestore();
  });
});
