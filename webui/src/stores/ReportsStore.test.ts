import type { ReportQueueEvent } from '../api/reports';
import { chatViewer, signIn } from '../test/chat';
import { FakeSocket } from '../test/fakeSocket';
import { report, reportsPage } from '../test/reports';
import { apiResponder, createTestRoot, json, mockFetch, type FetchCall } from '../test/stores';

function requests(calls: FetchCall[], action: string) {
  return calls.filter((call) => call.body?.action === action).map((call) => call.body?.data as Record<string, unknown>);
}

function setup(replies: Parameters<typeof apiResponder>[0] = {}, isAdmin = true) {
  vi.stubGlobal('WebSocket', FakeSocket);
  FakeSocket.reset();
  const calls = mockFetch(apiResponder(replies));
  const root = createTestRoot('en');
  const socket = signIn(root, chatViewer({ id: '1', isAdmin }));
  socket.accept('1');
  return { root, calls, socket };
}

/** The server pushes a report_queue event on the admin's socket. */
function push(socket: FakeSocket, event: ReportQueueEvent) {
  socket.receive('report_queue', event);
}

const ids = (root: ReturnType<typeof setup>['root']) => root.reports.ordered.map((r) => r.id);

describe('ReportsStore', () => {
  it('reads the open queue oldest first, page by page from the end cursor', async () => {
    const { root, calls } = setup({
      'admin.reports': (data) => json(data.after ? reportsPage([report(3)]) : reportsPage([report(1), report(2)], true)),
    });
    await root.reports.loadLatest();
    expect(ids(root)).toEqual(['901', '902']);
    expect(root.reports.hasNewer).toBe(true);
    await root.reports.loadNewer();
    expect(ids(root)).toEqual(['901', '902', '903']);
    expect(root.reports.hasNewer).toBe(false);
    expect(requests(calls, 'admin.reports')).toEqual([
      { status: 'open', first: 20 },
      { status: 'open', first: 20, after: '902' },
    ]);
    await root.reports.loadNewer();
    expect(requests(calls, 'admin.reports')).toHaveLength(2);
  });

  it('asks for nothing when the viewer is no admin', async () => {
    const { root, calls } = setup({ 'admin.reports': () => json(reportsPage([report(1)])) }, false);
    await root.reports.loadLatest();
    expect(requests(calls, 'admin.reports')).toHaveLength(0);
    expect(root.reports.ordered).toEqual([]);
  });

  it('adds a new report live and removes one another admin resolved', async () => {
    const { root, socket } = setup({ 'admin.reports': () => json(reportsPage([report(1), report(2)])) });
    await root.reports.loadLatest();
    push(socket, { op: 'added', report: report(3) });
    expect(ids(root)).toEqual(['901', '902', '903']);
    push(socket, { op: 'added', report: report(3) });
    expect(ids(root)).toEqual(['901', '902', '903']);
    push(socket, { op: 'resolved', report: report(1, { status: 'resolved', resolution: 'dismiss' }) });
    expect(ids(root)).toEqual(['902', '903']);
  });

  it('leaves a new report to its page while later pages are unread, and ignores events before the first page', async () => {
    const { root, socket } = setup({ 'admin.reports': () => json(reportsPage([report(1)], true)) });
    push(socket, { op: 'added', report: report(5) });
    expect(root.reports.data.size).toBe(0);
    await root.reports.loadLatest();
    push(socket, { op: 'added', report: report(5) });
    expect(ids(root)).toEqual(['901']);
  });

  it('resolves a report: the action and note go to the server, the report leaves, a toast says so', async () => {
    const { root, calls } = setup({
      'admin.reports': () => json(reportsPage([report(1), report(2)])),
      'admin.resolveReport': (data) => json({ report: report(1, { status: 'resolved', resolution: String(data.action) }) }),
    });
    await root.reports.loadLatest();
    const first = root.reports.ordered[0];
    const done = root.reports.resolve(first, 'warn', '  be nice  ');
    expect(root.reports.resolving.has('901')).toBe(true);
    expect(await done).toBe(true);
    expect(requests(calls, 'admin.resolveReport')).toEqual([{ id: '901', action: 'warn', note: 'be nice' }]);
    expect(ids(root)).toEqual(['902']);
    expect(root.reports.resolving.size).toBe(0);
    expect(root.toasts.toasts.map((t) => [t.type, t.message])).toContainEqual(['success', 'Author warned']);
  });

  it('keeps a report whose resolution failed, with the server’s message as a toast', async () => {
    const { root } = setup({
      'admin.reports': () => json(reportsPage([report(1)])),
      'admin.resolveReport': () => json({ statusCode: 409, messages: ['This report was already resolved'], codes: ['report.error.resolved'] }, 409),
    });
    await root.reports.loadLatest();
    expect(await root.reports.resolve(root.reports.ordered[0], 'dismiss')).toBe(false);
    expect(ids(root)).toEqual(['901']);
    expect(root.toasts.toasts.map((t) => [t.type, t.message])).toEqual([['error', 'This report was already resolved']]);
  });

  it('shows the resolved reports newest resolution first, and a live resolution joins them', async () => {
    const { root, socket, calls } = setup({
      'admin.reports': (data) =>
        json(
          data.status === 'resolved'
            ? reportsPage([report(1, { status: 'resolved', resolvedAt: 10 }), report(2, { status: 'resolved', resolvedAt: 20 })])
            : reportsPage([report(3)]),
        ),
    });
    await root.reports.loadLatest();
    root.reports.setStatus('resolved');
    await vi.waitFor(() => expect(ids(root)).toEqual(['902', '901']));
    expect(requests(calls, 'admin.reports').at(-1)).toEqual({ status: 'resolved', first: 20 });
    push(socket, { op: 'added', report: report(4) });
    expect(ids(root)).toEqual(['902', '901']);
    push(socket, { op: 'resolved', report: report(3, { status: 'resolved', resolvedAt: 30 }) });
    expect(ids(root)).toEqual(['903', '902', '901']);
  });

  it('reads the queue again after a reconnect (the events missed meanwhile are not replayed)', async () => {
    let page = [report(1), report(2)];
    const { root, socket, calls } = setup({ 'admin.reports': () => json(reportsPage(page)) });
    await root.reports.loadLatest();
    page = [report(2), report(3)];
    socket.drop();
    await vi.waitFor(() => expect(FakeSocket.instances.length).toBe(2), { timeout: 3000 });
    FakeSocket.last.accept('1');
    await vi.waitFor(() => expect(ids(root)).toEqual(['902', '903']));
    expect(requests(calls, 'admin.reports')).toHaveLength(2);
  });

  it('forgets the queue when the viewer changes', async () => {
    const { root } = setup({ 'admin.reports': () => json(reportsPage([report(1)])) });
    await root.reports.loadLatest();
    root.auth.setViewer(chatViewer({ id: '2', isAdmin: false }));
    expect(root.reports.data.size).toBe(0);
    expect(root.reports.isLoaded).toBe(false);
  });
});
