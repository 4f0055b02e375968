import { signIn } from '../test/chat';
import { FakeSocket } from '../test/fakeSocket';
import { apiResponder, createTestRoot, json, mockFetch, type FetchCall } from '../test/stores';
import { entriesPage, entry, growth, membershipsReply, tiers, walletSettings, walletView, walletViewer } from '../test/wallet';

function requests(calls: FetchCall[], action: string) {
  return calls.filter((call) => call.body?.action === action).map((call) => call.body?.data as Record<string, unknown>);
}

function setup(replies: Parameters<typeof apiResponder>[0] = {}) {
  vi.stubGlobal('WebSocket', FakeSocket);
  FakeSocket.reset();
  const calls = mockFetch(apiResponder(replies));
  const root = createTestRoot('en');
  root.settings.settings = walletSettings;
  return { root, calls };
}

describe('MembershipsStore', () => {
  it('buys behind a confirmation with one idemKey per confirmation, kept across a failed attempt', async () => {
    let fail = true;
    const { root, calls } = setup({
      'wallet.memberships': () => json(membershipsReply()),
      'wallet.buyMembership': () =>
        fail
          ? json({ statusCode: 400, messages: ['Not enough USD'], codes: ['wallet.error.insufficient'] }, 400)
          : json({ wallet: walletView({ USD: '0.51' }, 300), membership: { key: 'vip1', expiresAt: Date.UTC(2026, 11, 24) } }),
      'auth.viewer': () => json({ viewer: walletViewer({ gqVIP: { key: 'vip1', name: 'VIP Silver' }, userCan: ['chat'] }) }),
    });
    signIn(root, walletViewer());
    await root.memberships.fetch();
    expect(root.memberships.tiers.map((tier) => tier.key)).toEqual(['vip1', 'vip2']);
    expect(root.memberships.current).toBeNull();

    root.memberships.askToBuy(tiers[0], 'USD');
    const key = root.memberships.pending?.idemKey ?? '';
    expect(key).toMatch(/^[A-Za-z0-9:_-]{8,100}$/);

    expect(await root.memberships.confirm()).toBe(false);
    expect(root.toasts.toasts.at(-1)).toMatchObject({ type: 'error', message: 'Not enough USD' });
    expect(root.memberships.pending?.idemKey).toBe(key);

    fail = false;
    expect(await root.memberships.confirm()).toBe(true);
    expect(requests(calls, 'wallet.buyMembership')).toEqual([
      { tier: 'vip1', currency: 'USD', idemKey: key },
      { tier: 'vip1', currency: 'USD', idemKey: key },
    ]);
    expect(root.memberships.pending).toBeNull();
    expect(root.memberships.current?.key).toBe('vip1');
    expect(root.memberships.currentTier?.name).toBe('VIP Silver');
    expect(root.wallet.balance('USD')).toBe('0.51');
    expect(root.toasts.toasts.at(-1)).toMatchObject({ type: 'success', message: 'Welcome to VIP Silver!' });
    await vi.waitFor(() => expect(root.auth.viewer?.isVip).toBe(true));

    root.memberships.askToBuy(tiers[0], 'CREDIT');
    expect(root.memberships.pending?.idemKey).not.toBe(key);
  });

  it('sends nothing while a purchase is on its way, and asks a guest to log in', async () => {
    const { root } = setup();
    const answer = apiResponder({});
    const calls = mockFetch((call) => (call.body?.action === 'wallet.buyMembership' ? new Promise<Response>(() => {}) : answer(call)));
    root.memberships.askToBuy(tiers[0], 'USD');
    expect(root.memberships.pending).toBeNull();
    expect(root.loginBox.isOpen).toBe(true);
    signIn(root, walletViewer());
    root.memberships.askToBuy(tiers[0], 'USD');
    void root.memberships.confirm();
    void root.memberships.confirm();
    root.memberships.cancel();
    await vi.waitFor(() => expect(requests(calls, 'wallet.buyMembership')).toHaveLength(1));
    expect(root.memberships.isBuying).toBe(true);
    expect(root.memberships.pending).not.toBeNull();
  });

  it('reads the membership again on a viewer event', async () => {
    let current: { key: string; expiresAt: number } | null = null;
    const { root, calls } = setup({
      'wallet.memberships': () => json(membershipsReply(current)),
      'auth.viewer': () => json({ viewer: walletViewer() }),
    });
    const socket = signIn(root, walletViewer());
    socket.accept('42');
    await root.memberships.fetch();
    current = { key: 'vip2', expiresAt: 0 };
    socket.receive('viewer', { reason: 'membership' });
    await vi.waitFor(() => expect(root.memberships.current?.key).toBe('vip2'));
    expect(requests(calls, 'wallet.memberships')).toHaveLength(2);
  });
});

describe('LedgerStore', () => {
  it('reads newest first, pages on with the end cursor, filters, and brings new entries in on a wallet event', async () => {
    let newest = [entry(3), entry(2)];
    const { root, calls } = setup({
      'wallet.entries': (data) => {
        if (data.after === '102') return json(entriesPage([entry(1)]));
        if (data.asset === 'CREDIT') return json(entriesPage([entry(5, { asset: 'CREDIT', amount: '-3000', reason: 'membership' })]));
        return json(entriesPage(newest, true));
      },
    });
    const socket = signIn(root, walletViewer());
    socket.accept('42');
    await root.ledger.loadLatest();
    expect(root.ledger.ordered.map((e) => e.id)).toEqual(['103', '102']);
    expect(root.ledger.hasOlder).toBe(true);
    await root.ledger.loadOlder();
    expect(root.ledger.ordered.map((e) => e.id)).toEqual(['103', '102', '101']);
    expect(root.ledger.hasOlder).toBe(false);
    expect(requests(calls, 'wallet.entries')).toEqual([{ first: 20 }, { first: 20, after: '102' }]);

    newest = [entry(4), entry(3)];
    socket.receive('wallet', walletView({ USD: '8.00' }, 300));
    await vi.waitFor(() => expect(root.ledger.ordered.map((e) => e.id)).toEqual(['104', '103', '102', '101']));

    root.ledger.setFilter({ asset: 'CREDIT' });
    await vi.waitFor(() => expect(root.ledger.ordered.map((e) => e.id)).toEqual(['105']));
    expect(requests(calls, 'wallet.entries').at(-1)).toEqual({ first: 20, asset: 'CREDIT' });
    expect(root.ledger.ordered[0].isCredit).toBe(false);
  });
});

describe('GrowthStore', () => {
  it('shows the progress to the next level and signs in once a day', async () => {
    let signedIn = false;
    const { root, calls } = setup({
      'account.growth': () => json({ growth: growth() }),
      'account.signIn': () =>
        signedIn
          ? json({ statusCode: 409, messages: ['You have already signed in today'], codes: ['account.error.signedIn'] }, 409)
          : ((signedIn = true), json({ growth: growth({ points: 40, signedInToday: true }) })),
    });
    signIn(root, walletViewer());
    await root.growth.fetch();
    expect(root.growth.percent).toBe(60);
    expect(root.growth.pointsToNext).toBe(20);
    expect(await root.growth.signIn()).toBe(true);
    expect(root.growth.growth?.signedInToday).toBe(true);
    expect(root.growth.percent).toBe(80);
    expect(root.toasts.toasts.at(-1)).toMatchObject({ type: 'success', message: 'Signed in for today' });
    expect(await root.growth.signIn()).toBe(false);
    expect(root.toasts.toasts.at(-1)).toMatchObject({ type: 'error', message: 'You have already signed in today' });
    expect(requests(calls, 'account.signIn')).toHaveLength(2);
  });

  it('is full at the top level', async () => {
    const { root } = setup({ 'account.growth': () => json({ growth: growth({ points: 5000, next: null }) }) });
    signIn(root, walletViewer());
    await root.growth.fetch();
    expect(root.growth.percent).toBe(100);
    expect(root.growth.pointsToNext).toBe(0);
  });
});
