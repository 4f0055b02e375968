import { signIn } from '../test/chat';
import { FakeSocket } from '../test/fakeSocket';
import { apiResponder, createTestRoot, json, mockFetch, type FetchCall } from '../test/stores';
import { payment, topUpReply, walletSettings, walletView, walletViewer } from '../test/wallet';
import { PAYMENT_POLL_MS, QR_COUNTDOWN_SECONDS } from './TopUpStore';

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

describe('WalletStore', () => {
  it('takes the balances from the viewer as text and formats them with the settings’ symbols', () => {
    const { root } = setup();
    signIn(root, walletViewer({ gqMoney: JSON.stringify({ CNY: '10', USD: 2.5, EUR: '0.00' }) }));
    expect(root.wallet.money).toEqual({ CNY: '10.00', USD: '2.50', EUR: '0.00' });
    expect(root.wallet.credit).toBe(300);
    expect(root.wallet.format('CNY', root.wallet.balance('CNY'))).toBe('¥10.00');
    expect(root.wallet.format('CREDIT', -40)).toBe('-✦40');
    expect(root.wallet.currencies).toEqual(['CNY', 'USD', 'EUR']);
    root.auth.setViewer(null);
    expect(root.wallet.money).toEqual({});
    expect(root.wallet.credit).toBe(0);
  });

  it('updates in place on the wallet event, in every tab', () => {
    const { root } = setup();
    const socket = signIn(root, walletViewer());
    socket.accept('42');
    socket.receive('wallet', walletView({ USD: '14.80' }, 250));
    expect(root.wallet.balance('USD')).toBe('14.80');
    expect(root.wallet.credit).toBe(250);
    expect(root.wallet.formattedBalance).toBe('$14.80');
  });

  it('reloads the viewer on the viewer event: new rights, and an open chat joins without a reconnect', async () => {
    const { root, calls } = setup({
      'auth.viewer': () => json({ viewer: walletViewer({ userCan: ['chat'], gqVIP: { key: 'vip1', name: 'VIP Silver' } }) }),
      'utils.getChatMessages': () => json({ guaqi: { utils: { getChatMessages: { edges: [], pageInfo: { startCursor: '', hasNextPage: false } } } } }),
    });
    const socket = signIn(root, walletViewer());
    socket.accept('42');
    await root.chat.open();
    expect(root.chat.joinState).toBe('denied');
    const viewer = root.auth.viewer;
    socket.receive('viewer', { reason: 'membership' });
    await vi.waitFor(() => expect(root.auth.viewer?.isVip).toBe(true));
    expect(root.auth.viewer).toBe(viewer);
    expect(requests(calls, 'auth.viewer')).toHaveLength(1);
    expect(root.chat.canChat).toBe(true);
    expect(root.chat.joinState).toBe('joining');
    expect(socket.lastSent('join_room')?.data).toMatchObject({ room: 'chat' });
    expect(FakeSocket.instances).toHaveLength(1);
  });

  it('keeps the viewer when reloading it fails', async () => {
    const { root } = setup({ 'auth.viewer': () => json({ statusCode: 503, messages: ['busy'] }, 503) });
    signIn(root, walletViewer());
    await root.auth.reloadViewer();
    expect(root.auth.viewer?.name).toBe('Viewer 42');
  });
});

describe('TopUpStore', () => {
  afterEach(() => vi.useRealTimers());

  it('creates a payment, opens the QR dialog with a 300 s countdown, polls and closes with a toast when paid', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let status: 'pending' | 'paid' = 'pending';
    const { root, calls } = setup({
      'wallet.topUp': () => json(topUpReply()),
      'wallet.payment': () => json({ payment: payment({ status }) }),
      'wallet.get': () => json({ wallet: walletView({ USD: '14.80' }, 300) }),
    });
    signIn(root, walletViewer());
    expect(await root.topUp.start('USD', '12.30')).toBe(true);
    expect(requests(calls, 'wallet.topUp')).toEqual([{ currency: 'USD', amount: '12.30', provider: 'sandbox' }]);
    expect(root.topUp.isOpen).toBe(true);
    expect(root.topUp.countdown.remaining).toBe(QR_COUNTDOWN_SECONDS);

    vi.advanceTimersByTime(PAYMENT_POLL_MS);
    await vi.waitFor(() => expect(requests(calls, 'wallet.payment')).toHaveLength(1));
    expect(root.topUp.isOpen).toBe(true);
    expect(root.topUp.countdown.remaining).toBe(QR_COUNTDOWN_SECONDS - 3);

    status = 'paid';
    vi.advanceTimersByTime(PAYMENT_POLL_MS);
    await vi.waitFor(() => expect(root.topUp.isOpen).toBe(false));
    expect(root.toasts.toasts.map((toast) => [toast.type, toast.message])).toEqual([['success', '$12.30 added to your wallet']]);
    await vi.waitFor(() => expect(root.wallet.balance('USD')).toBe('14.80'));
  });

  it('checks the payment at once on a wallet event', async () => {
    const { root, calls } = setup({
      'wallet.topUp': () => json(topUpReply()),
      'wallet.payment': () => json({ payment: payment({ status: 'paid', paidAt: Date.now() }) }),
    });
    const socket = signIn(root, walletViewer());
    socket.accept('42');
    await root.topUp.start('USD', '12.30');
    socket.receive('wallet', walletView({ USD: '14.80' }, 300));
    await vi.waitFor(() => expect(root.topUp.isOpen).toBe(false));
    expect(requests(calls, 'wallet.payment')).toEqual([{ id: '77' }]);
    expect(root.wallet.balance('USD')).toBe('14.80');
  });

  it('shows expired when the countdown runs out, stops polling, and starts again from 300 s when opened again', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { root, calls } = setup({
      'wallet.topUp': () => json(topUpReply()),
      'wallet.payment': () => json({ payment: payment() }),
    });
    signIn(root, walletViewer());
    await root.topUp.start('USD', '12.30');
    expect(root.topUp.isExpired).toBe(false);
    vi.advanceTimersByTime(QR_COUNTDOWN_SECONDS * 1000);
    expect(root.topUp.countdown.remaining).toBe(0);
    expect(root.topUp.isExpired).toBe(true);
    await vi.waitFor(() => expect(requests(calls, 'wallet.payment').length).toBeGreaterThan(0));
    const polled = requests(calls, 'wallet.payment').length;
    vi.advanceTimersByTime(PAYMENT_POLL_MS * 3);
    expect(requests(calls, 'wallet.payment')).toHaveLength(polled);

    root.topUp.close();
    root.topUp.open();
    expect(root.topUp.countdown.remaining).toBe(QR_COUNTDOWN_SECONDS);
    expect(root.topUp.isExpired).toBe(false);
  });

  it('shows the server’s translated refusal as a toast and opens nothing', async () => {
    const { root } = setup({
      'wallet.topUp': () => json({ statusCode: 400, messages: ['Amounts have at most 2 decimals'], codes: ['wallet.error.precision'] }, 400),
    });
    signIn(root, walletViewer());
    expect(await root.topUp.start('USD', '1.234')).toBe(false);
    expect(root.topUp.isOpen).toBe(false);
    expect(root.toasts.toasts.map((toast) => toast.message)).toEqual(['Amounts have at most 2 decimals']);
  });
});
