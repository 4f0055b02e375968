import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VirtuosoMockContext } from 'react-virtuoso';
import type { AdminChatMessage, ChatMute } from '../../api/adminContent';
import { chatViewer, signIn } from '../../test/chat';
import { FakeSocket } from '../../test/fakeSocket';
import { stubResizeObserver } from '../../test/radix';
import { renderWithStores } from '../../test/render';
import { report, reportsPage } from '../../test/reports';
import { apiResponder, createTestRoot, json, mockFetch, type FetchCall } from '../../test/stores';
import Moderation from './Moderation';

function requests(calls: FetchCall[], action: string) {
  return calls.filter((call) => call.body?.action === action).map((call) => call.body?.data as Record<string, unknown>);
}

const ann = { databaseId: '7', name: 'Ann', slug: 'ann' };

function message(n: number): AdminChatMessage {
  return { id: String(900 + n), room: 'chat', seq: n, text: `message ${n}`, author: ann, createdAt: Date.UTC(2026, 10, 21, 12, n), deleted: false };
}

function setup() {
  vi.stubGlobal('WebSocket', FakeSocket);
  FakeSocket.reset();
  let mutes: ChatMute[] = [];
  const calls = mockFetch(
    apiResponder({
      'admin.reports': () => json(reportsPage([report(1)])),
      'admin.chatRooms': () =>
        json({ edges: [{ cursor: 'chat', node: { name: 'chat', members: 3, messages: 2, lastMessageAt: 1, createdAt: 0 } }], pageInfo: { hasNextPage: false, endCursor: 'chat' } }),
      'admin.chatMessages': () => json({ edges: [message(2), message(1)].map((node) => ({ cursor: node.id, node })), pageInfo: { hasNextPage: false, endCursor: '901' } }),
      'admin.chatMutes': () => json({ mutes }),
      'admin.chatMute': (data) => {
        mutes = [{ room: 'chat', member: ann, until: Date.UTC(2026, 10, 21, 13), reason: String(data.reason), by: null, createdAt: 1 }];
        return json({ mute: mutes[0] });
      },
    }),
  );
  const root = createTestRoot('en');
  signIn(root, chatViewer({ id: '1', isAdmin: true })).accept('1');
  renderWithStores(
    <VirtuosoMockContext.Provider value={{ viewportHeight: 2000, itemHeight: 60 }}>
      <Moderation />
    </VirtuosoMockContext.Provider>,
    root,
    '/en/admin/moderation',
  );
  return { calls };
}

describe('admin moderation', () => {
  beforeEach(stubResizeObserver);

  it('opens on the reports queue, then mutes a member from their message in a room', async () => {
    const user = userEvent.setup();
    const { calls } = setup();
    expect(await screen.findAllByTestId('report-row')).toHaveLength(1);

    await user.click(within(screen.getByTestId('moderation-panes')).getByRole('tab', { name: 'Chat rooms' }));
    await user.click(await screen.findByTestId('room-row'));
    const messages = await screen.findAllByTestId('moderation-message');
    expect(messages.map((m) => m.textContent)).toEqual([expect.stringContaining('message 1'), expect.stringContaining('message 2')]);

    await user.click(within(messages[1]).getByTestId('moderation-mute'));
    const dialog = await screen.findByTestId('mute-dialog');
    const confirm = within(dialog).getByTestId('mute-dialog-confirm');
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(dialog).getByText('1 day'));
    await user.type(within(dialog).getByTestId('mute-reason'), 'Flooding');
    await user.click(confirm);
    await waitFor(() => expect(screen.getByTestId('mute-row').textContent).toContain('Flooding'));
    expect(requests(calls, 'admin.chatMute')).toEqual([{ room: 'chat', userId: '7', minutes: 1440, reason: 'Flooding' }]);
  });
});
