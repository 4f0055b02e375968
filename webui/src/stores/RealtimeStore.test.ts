import { chatViewer } from '../test/chat';
import { FakeSocket } from '../test/fakeSocket';
import { createTestRoot } from '../test/stores';
import { socketCredentials } from './RealtimeStore';

describe('RealtimeStore', () => {
  beforeEach(() => {
    vi.stubGlobal('WebSocket', FakeSocket);
    FakeSocket.reset();
  });

  it('opens the socket on login with the viewer token, and closes it on logout', () => {
    const root = createTestRoot('es');
    root.realtime.start();
    expect(FakeSocket.instances).toHaveLength(0);
    root.auth.setViewer(chatViewer());
    expect(FakeSocket.last.url).toBe(`ws://${window.location.host}/api/ws?lang=es`);
    FakeSocket.last.open();
    expect(FakeSocket.last.lastSent('connect')?.data).toEqual({ userId: '42', signature: 'sig-42', timestamp: '1795279125' });
    FakeSocket.last.receive('connect', { userId: '42' });
    expect(root.realtime.status).toBe('ready');
    root.auth.setViewer(chatViewer());
    expect(FakeSocket.instances).toHaveLength(1);
    root.auth.setViewer(null);
    expect(FakeSocket.last.closedWith).toBe(1000);
    expect(root.realtime.status).toBe('closed');
    root.realtime.stop();
  });

  it('fetches the viewer again when the server refuses the token, once per token', () => {
    const root = createTestRoot();
    const fetchViewer = vi.spyOn(root.auth, 'fetchViewer').mockResolvedValue();
    root.auth.setViewer(chatViewer());
    root.realtime.start();
    FakeSocket.last.open();
    FakeSocket.last.receive('error', { code: 'chat.error.badSignature', message: '', action: 'connect' });
    expect(fetchViewer).toHaveBeenCalledOnce();
    expect(root.realtime.status).toBe('closed');
    root.realtime.stop();
  });

  it('has no credentials for a guest or a viewer without a token', () => {
    const root = createTestRoot();
    expect(socketCredentials(null)).toBeNull();
    root.auth.setViewer({ ...chatViewer(), gqUserSocketToken: null });
    expect(socketCredentials(root.auth.viewer)).toBeNull();
  });
});
