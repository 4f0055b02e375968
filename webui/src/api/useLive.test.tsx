import { cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { chatViewer } from '../test/chat';
import { FakeSocket } from '../test/fakeSocket';
import { createTestRoot } from '../test/stores';
import { StoresProvider } from '../stores/StoresContext';
import type { LiveEvent } from './live';
import { useLiveChannel } from './useLive';

const created = (channel: string, id: string) =>
  ({ channel, event: 'topic_deleted', data: { id } }) satisfies LiveEvent;

function setup() {
  vi.stubGlobal('WebSocket', FakeSocket);
  FakeSocket.reset();
  const root = createTestRoot();
  root.auth.setViewer(chatViewer());
  root.realtime.start();
  FakeSocket.last.accept();
  const wrapper = ({ children }: { children: ReactNode }) => <StoresProvider root={root}>{children}</StoresProvider>;
  return { root, wrapper };
}

describe('useLiveChannel', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('watches the channel while mounted, calls the latest handler, and follows a channel change', () => {
    const { root, wrapper } = setup();
    const first: LiveEvent[] = [];
    const second: LiveEvent[] = [];
    const { rerender, unmount } = renderHook(
      ({ channel, handler }: { channel: string | null; handler: (e: LiveEvent) => void }) => useLiveChannel(channel, handler),
      { wrapper, initialProps: { channel: 'topic:1', handler: (e: LiveEvent) => first.push(e) } },
    );
    expect(FakeSocket.last.lastSent('watch')?.data).toEqual({ channel: 'topic:1' });

    FakeSocket.last.receive('live', created('topic:1', 'a'));
    rerender({ channel: 'topic:1', handler: (e) => second.push(e) });
    FakeSocket.last.receive('live', created('topic:1', 'b'));
    expect(first).toEqual([created('topic:1', 'a')]);
    expect(second).toEqual([created('topic:1', 'b')]);
    // Besides the site channel every page watches (the live layout).
    expect(FakeSocket.last.sent.filter((f) => f.action === 'watch' && f.data.channel !== 'site')).toHaveLength(1);

    rerender({ channel: 'node:2', handler: (e) => second.push(e) });
    expect(FakeSocket.last.lastSent('unwatch')?.data).toEqual({ channel: 'topic:1' });
    expect(FakeSocket.last.lastSent('watch')?.data).toEqual({ channel: 'node:2' });
    unmount();
    expect(FakeSocket.last.lastSent('unwatch')?.data).toEqual({ channel: 'node:2' });
    expect(root.realtime.live.channels).toEqual([]);
    root.realtime.stop();
  });

  it('watches nothing for a null channel', () => {
    const { root, wrapper } = setup();
    renderHook(() => useLiveChannel(null, () => undefined), { wrapper });
    expect(FakeSocket.last.sent).toEqual([expect.objectContaining({ action: 'connect' }), { action: 'watch', data: { channel: 'site' } }]);
    root.realtime.stop();
  });
});
