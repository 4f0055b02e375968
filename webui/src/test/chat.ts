import type { RealtimeChatMessage } from '../api/wire.gen';
import type { ViewerData } from '../models/Viewer';
import type { RootStore } from '../stores/RootStore';
import { FakeSocket } from './fakeSocket';

/** A chat message of seq `seq`, by member 7 unless told, a minute apart. */
export function chatMessage(seq: number, overrides: Partial<RealtimeChatMessage> = {}): RealtimeChatMessage {
  return {
    id: String(1000 + seq),
    action: 'chat_room',
    message: `message ${seq}`,
    created_at: Date.UTC(2026, 10, 21, 12, 0) + seq * 60_000,
    room: 'chat',
    seq,
    user: { name: `Member ${overrides.user?.databaseId ?? '7'}`, gqSlug: 'member', avatar: { url: '' }, databaseId: '7' },
    ...overrides,
  };
}

/** A history page as utils.getChatMessages answers it. */
export function chatPage(messages: RealtimeChatMessage[], hasNextPage = false) {
  return {
    guaqi: {
      utils: {
        getChatMessages: {
          edges: messages.map((node) => ({ cursor: String(node.seq), node })),
          pageInfo: { startCursor: messages.length ? String(messages[0].seq) : '', hasNextPage },
        },
      },
    },
  };
}

/** A signed-in viewer who may chat unless told otherwise. */
export function chatViewer(overrides: { id?: string; userCan?: string[]; isAdmin?: boolean } = {}): ViewerData {
  const id = overrides.id ?? '42';
  return {
    id,
    databaseId: id,
    name: `Viewer ${id}`,
    gqSlug: `viewer${id}`,
    gqUserSocketToken: { signature: `sig-${id}`, timestamp: '1795279125' },
    gqRoles: { isAdmin: overrides.isAdmin ?? false, userCan: overrides.userCan ?? ['chat'] },
  };
}

/** Logs the viewer in and opens the socket (a FakeSocket: stub WebSocket first). */
export function signIn(root: RootStore, viewer: ViewerData = chatViewer()) {
  root.auth.setViewer(viewer);
  root.realtime.start();
  return FakeSocket.last;
}
