import { FakeSocket } from '../test/fakeSocket';
import { FEED_CHANNEL, LiveChannels, isLiveChannel, nodeChannel, topicChannel, type LiveEvent } from './live';
import { RealtimeSocket } from './socket';

const CREDENTIALS = { userId: '42', signature: 'sig', timestamp: '1700000000' };

function ready() {
  const socket = new RealtimeSocket({ url: () => 'ws://test/api/ws', createSocket: (url) => new FakeSocket(url) });
  const live = new LiveChannels(socket);
  socket.open(CREDENTIALS);
  FakeSocket.last.accept();
  return { socket, live };
}

const deleted = (channel: string, id: string): LiveEvent => ({ channel, event: 'topic_deleted', data: { id } });

describe('isLiveChannel', () => {
  it('accepts the channels the server accepts', () => {
    for (const channel of ['feed', 'node:1', 'topic:1234567890123456789', 'article:42']) expect(isLiveChannel(channel)).toBe(true);
    for (const channel of ['', 'node:', 'node:0', 'node:x', 'room:1', 'feed:1', 'topic:1.2', 'topic:12345678901234567890'])
      expect(isLiveChannel(channel)).toBe(false);
  });
});

describe('LiveChannels', () => {
  beforeEach(() => FakeSocket.reset());

  it('watches a channel while one listener wants it and hands each listener its channel only', () => {
    const { live } = ready();
    const a: LiveEvent[] = [];
    const b: LiveEvent[] = [];
    const feed: LiveEvent[] = [];
    const stopA = live.subscribe(topicChannel('7'), (e) => a.push(e));
    const stopB = live.subscribe(topicChannel('7'), (e) => b.push(e));
    live.subscribe(FEED_CHANNEL, (e) => feed.push(e));
    expect(FakeSocket.last.sent.filter((f) => f.action === 'watch').map((f) => f.data.channel)).toEqual(['topic:7', 'feed']);
    expect(live.channels).toEqual(['topic:7', 'feed']);

    FakeSocket.last.receive('live', deleted('topic:7', '7'));
    FakeSocket.last.receive('live', deleted('feed', '8'));
    FakeSocket.last.receive('live', deleted('node:1', '9'));
    expect(a).toEqual([deleted('topic:7', '7')]);
    expect(b).toEqual([deleted('topic:7', '7')]);
    expect(feed).toEqual([deleted('feed', '8')]);

    stopA();
    stopA();
    expect(FakeSocket.last.actions).not.toContain('unwatch');
    FakeSocket.last.receive('live', deleted('topic:7', '10'));
    expect(a).toHaveLength(1);
    expect(b).toHaveLength(2);
    stopB();
    expect(FakeSocket.last.lastSent('unwatch')?.data).toEqual({ channel: 'topic:7' });
    expect(live.channels).toEqual(['feed']);
  });

  it('ignores channel names the server would refuse', () => {
    const { live } = ready();
    const stop = live.subscribe('room:chat', () => undefined);
    stop();
    expect(FakeSocket.last.actions).toEqual(['connect']);
    expect(nodeChannel('3')).toBe('node:3');
  });

  it('lets a listener stop listening while an event is handed out', () => {
    const { live } = ready();
    const seen: string[] = [];
    const stopFirst = live.subscribe('node:1', () => {
      seen.push('first');
      stopFirst();
    });
    live.subscribe('node:1', () => seen.push('second'));
    FakeSocket.last.receive('live', deleted('node:1', '1'));
    FakeSocket.last.receive('live', deleted('node:1', '2'));
    expect(seen).toEqual(['first', 'second', 'second']);
  });
});
