import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { VirtuosoMockContext } from 'react-virtuoso';
import { signIn } from '../test/chat';
import { FakeSocket } from '../test/fakeSocket';
import { conversationPage, inboxUser, inboxViewer, privateMessage, recentsPage, unread } from '../test/inbox';
import { renderWithStores } from '../test/render';
import { apiResponder, createTestRoot, json, mockFetch, type FetchCall } from '../test/stores';
import { Messages } from './Messages';

const ann = inboxUser('7', 'Ann');

function requests(calls: FetchCall[], action: string) {
  return calls.filter((call) => call.body?.action === action).map((call) => call.body?.data as Record<string, unknown>);
}

async function renderPage(path: string, { signedIn = true, recents = [] as (typeof ann)[] } = {}) {
  vi.stubGlobal('WebSocket', FakeSocket);
  FakeSocket.reset();
  const calls = mockFetch(
    apiResponder({
      'utils.getUnreadCounts': () => json({ unread: unread(0, 0), inboxSeq: 1 }),
      'utils.getPrivateMessageUsers': () =>
        json(recentsPage(recents.map((user) => ({ user, lastMessage: privateMessage(1, user.databaseId, '42'), unread: 0 })), false, unread(0, 0))),
      'search.user': (data) => json({ users: { nodes: [inboxUser('70', 'Annie'), ...(data.key === ann.gqSlug ? [ann] : [])] } }),
      'utils.getPrivateMessage': () => json(conversationPage(ann, [privateMessage(1, '7', '42', { content: 'hello' })])),
    }),
  );
  const root = createTestRoot('en');
  if (signedIn) signIn(root, inboxViewer());
  if (recents.length > 0) await root.conversations.loadLatest();
  renderWithStores(
    <VirtuosoMockContext.Provider value={{ viewportHeight: 600, itemHeight: 64 }}>
      <Routes>
        <Route path="/en/messages" element={<Messages />} />
        <Route path="/en/messages/:slug" element={<Messages />} />
      </Routes>
    </VirtuosoMockContext.Provider>,
    root,
    path,
  );
  return { root, calls };
}

describe('the messages page', () => {
  it("opens the conversation with the member of the slug, found by search.user, and counts as on screen", async () => {
    const { root, calls } = await renderPage(`/en/messages/${ann.gqSlug}`);
    await screen.findByRole('region', { name: 'Conversation with Ann' });
    expect(await screen.findByText('hello')).toBeInTheDocument();
    expect(requests(calls, 'search.user')).toEqual([{ key: ann.gqSlug, first: 20 }]);
    expect(root.messages.activePeerId).toBe('7');
    expect(root.messages.onPage).toBe(true);
  });

  it('opens a conversation the viewer already has without searching', async () => {
    const { root, calls } = await renderPage(`/en/messages/${ann.gqSlug}`, { recents: [ann] });
    await screen.findByRole('region', { name: 'Conversation with Ann' });
    await waitFor(() => expect(root.messages.activePeerId).toBe('7'));
    expect(requests(calls, 'search.user')).toEqual([]);
  });

  it('says so when no member has the slug', async () => {
    await renderPage('/en/messages/nobody');
    expect(await screen.findByText('This member could not be found.')).toBeInTheDocument();
  });

  it('asks a guest to log in', async () => {
    const { calls } = await renderPage(`/en/messages/${ann.gqSlug}`, { signedIn: false });
    expect(await screen.findByText('Please log in to read your private messages.')).toBeInTheDocument();
    expect(requests(calls, 'search.user')).toEqual([]);
  });
});
