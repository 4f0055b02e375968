import { connection, node } from '../test/community';
import { apiResponder, createTestRoot, json, mockFetch, type FetchCall } from '../test/stores';
import { walletViewer } from '../test/wallet';

function requests(calls: FetchCall[], action: string) {
  return calls.filter((call) => call.body?.action === action).map((call) => call.body?.data as Record<string, unknown>);
}

function setup(replies: Parameters<typeof apiResponder>[0] = {}, signedIn = true) {
  const calls = mockFetch(
    apiResponder({
      'archive.nodesList': (data) =>
        json({ communityCats: data.after ? connection([node('3')]) : connection([node('5'), node('4')], true) }),
      'community.join': (data) => json({ node: node(String(data.nodeId), { isJoin: true, communityCatMetas: { ...node(String(data.nodeId)).communityCatMetas, isJoin: true, memberCount: 11 } }) }),
      'community.leave': (data) => json({ node: node(String(data.nodeId)) }),
      ...replies,
    }),
  );
  const root = createTestRoot('en');
  if (signedIn) root.auth.setViewer(walletViewer());
  return { root, calls, community: root.community };
}

describe('CommunityStore', () => {
  it('lists the nodes in the server order, a page at a time', async () => {
    const { community, calls } = setup();
    community.add(node('3'));
    await community.loadLatest();
    expect(community.list.map((n) => n.databaseId)).toEqual(['5', '4']);
    expect(community.hasMore).toBe(true);
    await community.loadMore();
    expect(community.list.map((n) => n.databaseId)).toEqual(['5', '4', '3']);
    expect(requests(calls, 'archive.nodesList')).toEqual([{ first: 20 }, { first: 20, after: '4' }]);
  });

  it('asks a guest to log in instead of joining', async () => {
    const { community, calls, root } = setup({}, false);
    expect(await community.askToJoin(node('5'))).toBeNull();
    expect(root.ui.isOpen('login')).toBe(true);
    expect(requests(calls, 'community.join')).toEqual([]);
  });

  it('joins a free node at once and keeps the node after it', async () => {
    const { community, calls } = setup();
    const joined = await community.askToJoin(node('5'));
    expect(requests(calls, 'community.join')).toEqual([{ nodeId: '5' }]);
    expect(joined?.communityCatMetas.isJoin).toBe(true);
    expect(community.current(node('5')).communityCatMetas.memberCount).toBe(11);
  });

  it('does not try to join a node of type other', async () => {
    const { community, calls } = setup();
    expect(await community.askToJoin(node('5', { join: { type: 'other' } }))).toBeNull();
    expect(requests(calls, 'community.join')).toEqual([]);
  });

  it('asks to confirm a paid join, then pays; a balance too low keeps the confirmation with its message', async () => {
    let balance = 'low';
    const { community, calls, root } = setup({
      'community.join': (data) =>
        balance === 'low'
          ? json({ statusCode: 409, messages: ['Your USD balance is too low'], codes: ['wallet.error.insufficient'] }, 409)
          : json({ node: node(String(data.nodeId), { isJoin: true }) }),
    });
    const paid = node('6', { join: { type: 'money', value: '5.00', currency: 'USD', pay: { value: '5.00', currency: 'USD' } } });
    expect(await community.askToJoin(paid)).toBeNull();
    expect(community.pendingJoin).toEqual({ nodeId: '6', error: null });
    expect(requests(calls, 'community.join')).toEqual([]);

    expect(await community.confirmJoin()).toBeNull();
    expect(community.pendingJoin?.error?.messages).toEqual(['Your USD balance is too low']);
    expect(root.toasts.toasts).toEqual([]);

    balance = 'enough';
    const joined = await community.confirmJoin();
    expect(joined?.communityCatMetas.isJoin).toBe(true);
    expect(community.pendingJoin).toBeNull();
  });

  it('shows other refusals as a toast', async () => {
    const { community, root } = setup({
      'community.join': () => json({ statusCode: 403, messages: ['You need to reach Lv3 to join this node'], codes: ['community.error.level'] }, 403),
    });
    expect(await community.askToJoin(node('5', { join: { type: 'level', value: 'lv3' } }))).toBeNull();
    expect(root.toasts.toasts.map((toast) => toast.message)).toEqual(['You need to reach Lv3 to join this node']);
  });

  it('leaves a node', async () => {
    const { community, calls } = setup();
    community.add(node('5', { isJoin: true }));
    const left = await community.leave('5');
    expect(requests(calls, 'community.leave')).toEqual([{ nodeId: '5' }]);
    expect(left?.communityCatMetas.isJoin).toBe(false);
    expect(community.current(node('5')).communityCatMetas.isJoin).toBe(false);
  });
});
