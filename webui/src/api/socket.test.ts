import { FakeSocket } from '../test/fakeSocket';
import { RECONNECT_BASE_MS, RECONNECT_MAX_MS, RealtimeSocket, reconnectDelay, SITE_CHANNEL, socketURL, type SocketStatus } from './socket';

const CREDENTIALS = { userId: '42', signature: 'sig', timestamp: '1700000000' };

function createSocket(options: { random?: () => number; onRejected?: () => void } = {}) {
  const socket = new RealtimeSocket({
    url: () => 'ws://test/api/ws',
    createSocket: (url) => new FakeSocket(url),
    random: options.random ?? (() => 0.5),
    onRejected: options.onRejected,
  });
  const statuses: SocketStatus[] = [];
  socket.on('status', (status) => statuses.push(status));
  return { socket, statuses };
}

describe('socketURL', () => {
  it('uses wss on https and ws otherwise, with the language', () => {
    expect(socketURL({ protocol: 'https:', host: 'souk.dev' }, 'en')).toBe('wss://souk.dev/api/ws?lang=en');
    expect(socketURL({ protocol: 'http:', host: '127.0.0.1:8091' })).toBe('ws://127.0.0.1:8091/api/ws');
  });
});

describe('reconnectDelay', () => {
  it('doubles from the base up to the maximum, jittered between half and all of it', () => {
    expect(reconnectDelay(0, 0)).toBe(RECONNECT_BASE_MS / 2);
    expect(reconnectDelay(0, 0.999999)).toBe(RECONNECT_BASE_MS);
    expect(reconnectDelay(3, 0)).toBe((RECONNECT_BASE_MS * 8) / 2);
    expect(reconnectDelay(40, 1)).toBe(RECONNECT_MAX_MS);
    for (let attempt = 0; attempt < 12; attempt++) {
      const delay = reconnectDelay(attempt, Math.random());
      const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** attempt);
      expect(delay).toBeGreaterThanOrEqual(ceiling / 2);
      expect(delay).toBeLessThanOrEqual(ceiling);
    }
  });
});

describe('RealtimeSocket', () => {
  beforeEach(() => {
    FakeSocket.reset();
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('authenticates with connect and becomes ready when the server answers', () => {
    const { socket, statuses } = createSocket();
    socket.open(CREDENTIALS);
    expect(FakeSocket.last.url).toBe('ws://test/api/ws');
    expect(socket.send('show_room', { room: 'chat' })).toBe(false);
    FakeSocket.last.open();
    expect(FakeSocket.last.sent).toEqual([{ action: 'connect', data: CREDENTIALS }]);
    FakeSocket.last.receive('connect', { userId: '42' });
    expect(socket.isReady).toBe(true);
    expect(statuses).toEqual(['connecting', 'authenticating', 'ready']);
    expect(socket.send('show_room', { room: 'chat' })).toBe(true);
    expect(FakeSocket.last.lastSent('show_room')).toEqual({ action: 'show_room', data: { room: 'chat' } });
  });

  it('reconnects with exponential backoff and resets it after a successful connect', () => {
    const { socket } = createSocket({ random: () => 0 });
    socket.open(CREDENTIALS);
    FakeSocket.last.drop();
    expect(socket.status).toBe('waiting');
    // attempt 0: half of 500 ms
    vi.advanceTimersByTime(249);
    expect(FakeSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.instances).toHaveLength(2);
    FakeSocket.last.drop();
    // attempt 1: half of 1000 ms
    vi.advanceTimersByTime(499);
    expect(FakeSocket.instances).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.instances).toHaveLength(3);
    FakeSocket.last.drop();
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.instances).toHaveLength(4);
    FakeSocket.last.accept();
    FakeSocket.last.drop();
    // back to attempt 0
    vi.advanceTimersByTime(250);
    expect(FakeSocket.instances).toHaveLength(5);
  });

  it('never waits longer than the maximum', () => {
    const { socket } = createSocket({ random: () => 0.999 });
    socket.open(CREDENTIALS);
    for (let i = 0; i < 12; i++) {
      FakeSocket.last.drop();
      vi.advanceTimersByTime(RECONNECT_MAX_MS);
    }
    expect(FakeSocket.instances).toHaveLength(13);
  });

  it('re-joins its rooms after a reconnect from the last sequence the store holds', () => {
    const { socket } = createSocket();
    let lastSeq: number | undefined;
    socket.open(CREDENTIALS);
    socket.join('chat', () => lastSeq);
    FakeSocket.last.accept();
    expect(FakeSocket.last.lastSent('join_room')?.data).toEqual({ room: 'chat', user: '42', signature: 'sig', timestamp: '1700000000' });
    lastSeq = 120;
    FakeSocket.last.drop();
    vi.advanceTimersByTime(RECONNECT_BASE_MS);
    FakeSocket.last.accept();
    expect(FakeSocket.last.actions).toEqual(['connect', 'join_room']);
    expect(FakeSocket.last.lastSent('join_room')?.data).toMatchObject({ room: 'chat', lastSeq: 120 });
    socket.leave('chat');
    expect(FakeSocket.last.lastSent('leave_room')?.data).toEqual({ room: 'chat' });
    FakeSocket.last.drop();
    vi.advanceTimersByTime(RECONNECT_BASE_MS);
    FakeSocket.last.accept();
    expect(FakeSocket.last.actions).toEqual(['connect']);
  });

  it('watches live channels once ready and again after every reconnect, also after a logout and a new login', () => {
    const { socket } = createSocket();
    const events: unknown[] = [];
    socket.on('live', (event) => events.push(event));
    socket.watch('topic:7');
    socket.open(CREDENTIALS);
    FakeSocket.last.accept();
    expect(FakeSocket.last.actions).toEqual(['connect', 'watch']);
    expect(FakeSocket.last.lastSent('watch')?.data).toEqual({ channel: 'topic:7' });
    socket.watch('topic:7');
    socket.watch('feed');
    expect(FakeSocket.last.actions).toEqual(['connect', 'watch', 'watch']);
    FakeSocket.last.receive('live', { channel: 'feed', event: 'topic_deleted', data: { id: '9' } });
    expect(events).toEqual([{ channel: 'feed', event: 'topic_deleted', data: { id: '9' } }]);

    FakeSocket.last.drop();
    vi.advanceTimersByTime(RECONNECT_BASE_MS);
    FakeSocket.last.accept();
    expect(FakeSocket.last.sent.filter((f) => f.action === 'watch').map((f) => f.data.channel)).toEqual(['topic:7', 'feed']);
    socket.unwatch('topic:7');
    socket.unwatch('topic:7');
    expect(FakeSocket.last.actions).toEqual(['connect', 'watch', 'watch', 'unwatch']);

    socket.close();
    socket.open(CREDENTIALS);
    FakeSocket.last.accept();
    expect(FakeSocket.last.actions).toEqual(['connect', 'watch']);
    expect(FakeSocket.last.lastSent('watch')?.data).toEqual({ channel: 'feed' });
  });

  it('emits each server event to its listeners, and ignores unknown or malformed frames', () => {
    const { socket } = createSocket();
    const messages: unknown[] = [];
    const acks: unknown[] = [];
    const stop = socket.on('chat_room', (data) => messages.push(data));
    socket.on('chat_ack', (data) => acks.push(data));
    socket.open(CREDENTIALS);
    FakeSocket.last.accept();
    const message = { id: '1', action: 'chat_room', message: 'hi', created_at: 1, room: 'chat', seq: 1, user: { name: 'a', gqSlug: 'a', avatar: { url: '' }, databaseId: '7' } };
    FakeSocket.last.receive('chat_room', message);
    FakeSocket.last.receive('chat_ack', { clientId: 'c-1', id: '1', seq: 1, room: 'chat' });
    FakeSocket.last.onmessage?.(new MessageEvent('message', { data: '{"action":"from_the_future","data":{}}' }));
    FakeSocket.last.onmessage?.(new MessageEvent('message', { data: 'not json' }));
    stop();
    FakeSocket.last.receive('chat_room', { ...message, seq: 2 });
    expect(messages).toEqual([message]);
    expect(acks).toEqual([{ clientId: 'c-1', id: '1', seq: 1, room: 'chat' }]);
  });

  it('stops and asks for a fresh token when connect is refused', () => {
    const onRejected = vi.fn();
    const { socket } = createSocket({ onRejected });
    socket.open(CREDENTIALS);
    FakeSocket.last.open();
    FakeSocket.last.receive('error', { code: 'chat.error.badSignature', message: 'expired', action: 'connect' });
    expect(onRejected).toHaveBeenCalledOnce();
    expect(socket.status).toBe('closed');
    vi.advanceTimersByTime(RECONNECT_MAX_MS * 2);
    expect(FakeSocket.instances).toHaveLength(1);
    socket.open({ ...CREDENTIALS, timestamp: '1700000100' });
    expect(FakeSocket.instances).toHaveLength(2);
  });

  it('connects again with the same token, no sooner than retryAfterMs, when the server cannot sign it in', () => {
    const onRejected = vi.fn();
    const { socket, statuses } = createSocket({ onRejected });
    socket.open(CREDENTIALS);
    FakeSocket.last.open();
    FakeSocket.last.receive('error', {
      code: 'common.error.unavailable',
      message: 'unavailable',
      action: 'connect',
      retryAfterMs: 5_000,
    });
    expect(onRejected).not.toHaveBeenCalled();
    expect(socket.status).toBe('waiting');
    vi.advanceTimersByTime(4_999);
    expect(FakeSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.instances).toHaveLength(2);
    FakeSocket.last.open();
    expect(FakeSocket.last.sent).toEqual([{ action: 'connect', data: CREDENTIALS }]);
    FakeSocket.last.receive('connect', { userId: '42' });
    expect(socket.isReady).toBe(true);
    expect(statuses).not.toContain('closed');
  });

  it('replaces the connection for another member and closes for good on logout', () => {
    const { socket } = createSocket();
    socket.open(CREDENTIALS);
    FakeSocket.last.accept();
    socket.open(CREDENTIALS);
    expect(FakeSocket.instances).toHaveLength(1);
    const first = FakeSocket.last;
    socket.open({ userId: '43', signature: 's2', timestamp: '1' });
    expect(first.closedWith).toBe(1000);
    expect(FakeSocket.instances).toHaveLength(2);
    FakeSocket.last.accept('43');
    socket.close();
    expect(socket.status).toBe('closed');
    expect(FakeSocket.last.closedWith).toBe(1000);
    vi.advanceTimersByTime(RECONNECT_MAX_MS * 2);
    expect(FakeSocket.instances).toHaveLength(2);
  });

  it('adds the fields a store resumes with to every connect', () => {
    const { socket } = createSocket();
    let inboxSeq = 17;
    socket.setConnectExtras(() => ({ inboxSeq }));
    socket.open(CREDENTIALS);
    FakeSocket.last.open();
    expect(FakeSocket.last.lastSent('connect')?.data).toEqual({ ...CREDENTIALS, inboxSeq: 17 });
    inboxSeq = 20;
    FakeSocket.last.drop();
    vi.advanceTimersByTime(RECONNECT_BASE_MS);
    FakeSocket.last.open();
    expect(FakeSocket.last.lastSent('connect')?.data).toMatchObject({ inboxSeq: 20 });
  });

  it('reconnects at once when asked while waiting', () => {
    const { socket } = createSocket();
    socket.open(CREDENTIALS);
    FakeSocket.last.drop();
    socket.retryNow();
    expect(FakeSocket.instances).toHaveLength(2);
    expect(socket.status).toBe('connecting');
  });

  describe('as a guest', () => {
    it('is ready once open without connect, and watches only the guest channels', () => {
      const { socket, statuses } = createSocket();
      const events: unknown[] = [];
      socket.on('live', (event) => events.push(event));
      socket.watch('topic:7');
      socket.watch(SITE_CHANNEL);
      socket.openGuest();
      expect(socket.isGuest).toBe(true);
      FakeSocket.last.open();
      expect(statuses).toEqual(['connecting', 'ready']);
      expect(socket.userId).toBeNull();
      expect(FakeSocket.last.sent).toEqual([{ action: 'watch', data: { channel: SITE_CHANNEL } }]);
      socket.watch('feed');
      socket.unwatch('topic:7');
      expect(FakeSocket.last.actions).toEqual(['watch']);
      // Nothing but watching goes over a guest's socket.
      expect(socket.send('show_room', { room: 'chat' })).toBe(false);
      socket.join('chat');
      expect(FakeSocket.last.actions).toEqual(['watch']);
      FakeSocket.last.receive('live', { channel: SITE_CHANNEL, event: 'layout', data: { version: 2 } });
      expect(events).toEqual([{ channel: SITE_CHANNEL, event: 'layout', data: { version: 2 } }]);
    });

    it('reconnects with backoff and watches again', () => {
      const { socket } = createSocket({ random: () => 0 });
      socket.watch(SITE_CHANNEL);
      socket.openGuest();
      FakeSocket.last.open();
      FakeSocket.last.drop();
      expect(socket.status).toBe('waiting');
      vi.advanceTimersByTime(RECONNECT_BASE_MS / 2);
      expect(FakeSocket.instances).toHaveLength(2);
      FakeSocket.last.open();
      expect(socket.status).toBe('ready');
      expect(FakeSocket.last.sent).toEqual([{ action: 'watch', data: { channel: SITE_CHANNEL } }]);
    });

    it("is replaced by a member's socket, which watches everything wished", () => {
      const { socket } = createSocket();
      socket.watch(SITE_CHANNEL);
      socket.watch('feed');
      socket.openGuest();
      const guest = FakeSocket.last;
      guest.open();
      socket.open(CREDENTIALS);
      expect(guest.closedWith).toBe(1000);
      expect(socket.isGuest).toBe(false);
      FakeSocket.last.accept();
      expect(FakeSocket.last.actions).toEqual(['connect', 'watch', 'watch']);
      // A member's socket is not replaced by a guest's.
      socket.openGuest();
      expect(FakeSocket.instances).toHaveLength(2);
      socket.close();
      expect(socket.isGuest).toBe(false);
      vi.advanceTimersByTime(RECONNECT_MAX_MS * 2);
      expect(FakeSocket.instances).toHaveLength(2);
    });
  });
});
