import { act, screen, waitFor, within } from '@testing-library/react';
import type { ClusterNode } from '../../api/adminSettings';
import { CLUSTER_POLL_MS } from '../../stores/admin/ClusterStore';
import { renderWithStores } from '../../test/render';
import { apiResponder, createTestRoot, json, mockFetch } from '../../test/stores';
import Cluster from './Cluster';

function node(id: number, members: string[], extra: Partial<ClusterNode> = {}): ClusterNode {
  return {
    node: `node-${id}`,
    memberId: `m${id}`,
    serving: true,
    members,
    peers: members.filter((m) => m !== `m${id}`).map((m) => `node-${m.slice(1)}`),
    grains: { room: 2, session: 3, wallet: 1, upload: 0 },
    websockets: 4,
    natsRoutes: members.length - 1,
    memberRestarts: 0,
    version: 'v1.2.3',
    startedAt: 1_795_000_000_000,
    respondedAt: 1_795_000_100_000,
    chatPerSecond: 1.25,
    deliveriesPerSecond: 42,
    db: { open: 3, inUse: 1, idle: 2, maxOpen: 25 },
    ...extra,
  };
}

describe('/admin/cluster', () => {
  afterEach(() => vi.useRealTimers());

  it('shows every node, updates in place every 2 s, lists the disagreements, and pauses while the tab is hidden', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let nodes = [node(1, ['m1'])];
    let issues: string[] = [];
    const calls = mockFetch(apiResponder({ 'admin.clusterStatus': () => json({ nodes, agree: issues.length === 0, issues }) }));
    const polls = () => calls.filter((call) => call.body?.action === 'admin.clusterStatus').length;
    const root = createTestRoot('en');
    const view = renderWithStores(<Cluster />, root, '/en/admin/cluster');

    const first = await screen.findByTestId('cluster-node');
    expect(first).toHaveAttribute('data-node', 'node-1');
    expect(within(first).getByText('Serving')).toBeInTheDocument();
    expect(within(first).getByText('1.3')).toBeInTheDocument();
    expect(within(first).getByText('42')).toBeInTheDocument();
    expect(within(first).getByText('1 / 3 / 25')).toBeInTheDocument();
    expect(screen.getByTestId('cluster-summary')).toHaveTextContent('1 node answered · 4 websockets');
    expect(screen.queryByTestId('cluster-issues')).toBeNull();

    nodes = [node(1, ['m1']), node(2, ['m1', 'm2'], { serving: false, reason: 'joining the cluster' })];
    issues = ['node-1 sees 1 members, 2 nodes answered', 'node-2 does not serve: joining the cluster'];
    await act(() => vi.advanceTimersByTimeAsync(CLUSTER_POLL_MS));
    await waitFor(() => expect(screen.getAllByTestId('cluster-node')).toHaveLength(2));
    expect(screen.getAllByTestId('cluster-node')[0]).toBe(first);
    const second = screen.getAllByTestId('cluster-node')[1]!;
    expect(within(second).getByText('Not serving')).toBeInTheDocument();
    expect(within(second).getByText('joining the cluster')).toBeInTheDocument();
    const banner = screen.getByTestId('cluster-issues');
    expect(within(banner).getAllByRole('listitem').map((li) => li.textContent)).toEqual(issues);

    const hidden = vi.spyOn(document, 'hidden', 'get').mockReturnValue(true);
    document.dispatchEvent(new Event('visibilitychange'));
    const before = polls();
    await act(() => vi.advanceTimersByTimeAsync(CLUSTER_POLL_MS * 3));
    expect(polls()).toBe(before);
    hidden.mockReturnValue(false);
    document.dispatchEvent(new Event('visibilitychange'));
    await waitFor(() => expect(polls()).toBe(before + 1));

    view.unmount();
    await act(() => vi.advanceTimersByTimeAsync(CLUSTER_POLL_MS * 3));
    expect(polls()).toBe(before + 1);
  });
});
