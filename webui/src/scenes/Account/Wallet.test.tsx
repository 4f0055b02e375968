import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VirtuosoMockContext } from 'react-virtuoso';
import { UserMenu } from '../../components/Header/UserMenu';
import { LevelTipsDialog } from '../../components/User/LevelTipsDialog';
import { signIn } from '../../test/chat';
import { FakeSocket } from '../../test/fakeSocket';
import { stubResizeObserver } from '../../test/radix';
import { renderApp, renderWithStores } from '../../test/render';
import { apiResponder, createTestRoot, json, mockFetch, type FetchCall } from '../../test/stores';
import { entriesPage, entry, growth, membershipsReply, payment, topUpReply, walletSettings, walletView, walletViewer } from '../../test/wallet';
import { Route, Routes } from 'react-router';
import { AccountPage } from './AccountPage';

function requests(calls: FetchCall[], action: string) {
  return calls.filter((call) => call.body?.action === action).map((call) => call.body?.data as Record<string, unknown>);
}

function setup(replies: Parameters<typeof apiResponder>[0] = {}) {
  vi.stubGlobal('WebSocket', FakeSocket);
  FakeSocket.reset();
  const calls = mockFetch(
    apiResponder({
      'utils.getSettings': () => json({ settings: walletSettings }),
      'wallet.get': () => json({ wallet: walletView({}, 300) }),
      'wallet.entries': () => json(entriesPage([entry(2), entry(1, { reason: 'gift', amount: '-1.00', peer: { id: '7', databaseId: '7', name: 'Ann', gqSlug: 'ann', avatar: { url: '' } } })])),
      'wallet.memberships': () => json(membershipsReply()),
      'account.growth': () => json({ growth: growth() }),
      ...replies,
    }),
  );
  const root = createTestRoot('en');
  root.settings.settings = walletSettings;
  const socket = signIn(root, walletViewer());
  socket.accept('42');
  return { root, calls, socket };
}

/** The account pages under their route, in a Virtuoso that renders rows in jsdom. */
function renderAccount(root: ReturnType<typeof setup>['root'], path: string) {
  return renderWithStores(
    <VirtuosoMockContext.Provider value={{ viewportHeight: 600, itemHeight: 60 }}>
      <Routes>
        <Route path="/en/account" element={<AccountPage />} />
        <Route path="/en/account/:page" element={<AccountPage />} />
      </Routes>
    </VirtuosoMockContext.Provider>,
    root,
    path,
  );
}

describe('account overview', () => {
  beforeEach(stubResizeObserver);

  it('shows a signed-in member their summary, balances, membership, growth and the pages', async () => {
    const { root } = setup();
    renderAccount(root, '/en/account');
    const overview = await screen.findByTestId('account-overview');
    expect(within(overview).getByText('Hello, Viewer 42')).toBeInTheDocument();
    expect(within(overview).getByTestId('balance-CNY')).toHaveTextContent('¥10.00');
    expect(within(overview).getByTestId('balance-CREDIT')).toHaveTextContent('✦300');
    expect(await within(overview).findByText('Not a member yet')).toBeInTheDocument();
    expect(await within(overview).findByText('20 points to Lv2 Apprentice')).toBeInTheDocument();
    expect(within(overview).getByRole('progressbar', { name: 'Progress to the next level' })).toHaveAttribute('aria-valuenow', '60');
    expect(within(overview).getByRole('link', { name: /Wallet/ })).toHaveAttribute('href', '/en/account/wealth');
    expect(within(overview).getByRole('link', { name: /Membership/ })).toHaveAttribute('href', '/en/account/membership');
    expect(screen.queryByText('Please log in to see your account.')).toBeNull();
  });

  it('signs in for the day from the overview; the button is disabled afterwards', async () => {
    const { root, calls } = setup({ 'account.signIn': () => json({ growth: growth({ points: 40, signedInToday: true }) }) });
    renderAccount(root, '/en/account');
    const button = await screen.findByRole('button', { name: 'Daily sign-in' });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    expect(await screen.findByRole('button', { name: 'Signed in today' })).toBeDisabled();
    expect(requests(calls, 'account.signIn')).toHaveLength(1);
    expect(await screen.findByText('Signed in for today')).toBeInTheDocument();
  });

  it('asks a guest to log in', async () => {
    mockFetch(apiResponder({}));
    renderApp('/en/account');
    expect(await screen.findByText('Please log in to see your account.')).toBeInTheDocument();
  });
});

describe('wealth page', () => {
  beforeEach(stubResizeObserver);
  afterEach(() => vi.useRealTimers());

  it('tops up: decimal input, QR dialog with its countdown, closes with a toast when the wallet event says paid', async () => {
    let status: 'pending' | 'paid' = 'pending';
    const { root, calls, socket } = setup({
      'wallet.topUp': () => json(topUpReply()),
      'wallet.payment': () => json({ payment: payment({ status }) }),
      'wallet.get': () => json({ wallet: walletView(status === 'paid' ? { USD: '14.80' } : {}, 300) }),
    });
    renderAccount(root, '/en/account/wealth');
    await screen.findByTestId('wealth-page');
    const amount = screen.getByLabelText(/^Amount/);
    const submit = screen.getByRole('button', { name: 'Top up' });
    expect(submit).toBeDisabled();
    await userEvent.type(amount, 'a1x2.345');
    expect(amount).toHaveValue('12.34');
    await userEvent.clear(amount);
    await userEvent.type(amount, '12.3');
    fireEvent.blur(amount);
    expect(amount).toHaveValue('12.30');
    await userEvent.selectOptions(screen.getByLabelText('Currency'), 'USD');
    await userEvent.click(submit);

    const dialog = await screen.findByRole('dialog', { name: 'Top up $12.30' });
    expect(requests(calls, 'wallet.topUp')).toEqual([{ currency: 'USD', amount: '12.30', provider: 'sandbox' }]);
    expect(within(dialog).getByRole('img', { name: 'QR code of the payment' })).toHaveAttribute(
      'src',
      `/api/qrcode?str=${encodeURIComponent('http://localhost:8080/en/pay/sandbox/77?t=signed')}`,
    );
    expect(within(dialog).getByTestId('payment-qr-countdown')).toHaveTextContent('Expires in 5:00');
    expect(within(dialog).getByTestId('payment-qr-link')).toHaveAttribute('href', 'http://localhost:8080/en/pay/sandbox/77?t=signed');

    status = 'paid';
    act(() => socket.receive('wallet', walletView({ USD: '14.80' }, 300)));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('$12.30 added to your wallet')).toBeInTheDocument();
    expect(screen.getByTestId('balance-USD')).toHaveTextContent('$14.80');
  });

  it('shows the code expired once the 300 s run out', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { root } = setup({
      'wallet.topUp': () => json(topUpReply()),
      'wallet.payment': () => json({ payment: payment() }),
    });
    renderAccount(root, '/en/account/wealth');
    await screen.findByTestId('wealth-page');
    await act(() => root.topUp.start('USD', '12.30'));
    const dialog = await screen.findByRole('dialog');
    act(() => vi.advanceTimersByTime(299_000));
    expect(within(dialog).getByTestId('payment-qr-countdown')).toHaveTextContent('Expires in 0:01');
    act(() => vi.advanceTimersByTime(1000));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('This code has expired');
    expect(within(dialog).queryByTestId('payment-qr-countdown')).toBeNull();
  });

  it('lists the ledger newest first and filters it', async () => {
    const { root, calls } = setup();
    renderAccount(root, '/en/account/wealth');
    const rows = await screen.findAllByTestId('ledger-entry');
    expect(rows.map((row) => row.dataset.reason)).toEqual(['topup', 'gift']);
    expect(rows[0]).toHaveTextContent('+$2.00');
    expect(rows[1]).toHaveTextContent('-$1.00');
    expect(rows[1]).toHaveTextContent('With Ann');
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'gift');
    await waitFor(() => expect(requests(calls, 'wallet.entries').at(-1)).toEqual({ first: 20, reason: 'gift' }));
  });
});

describe('membership page', () => {
  beforeEach(stubResizeObserver);

  it('shows the tiers side by side and buys one with credit behind a confirmation', async () => {
    const { root, calls } = setup({
      'wallet.buyMembership': () => json({ wallet: walletView({}, 0), membership: { key: 'vip1', expiresAt: Date.UTC(2026, 11, 24) } }),
      'auth.viewer': () => json({ viewer: walletViewer({ gqVIP: { key: 'vip1', name: 'VIP Silver' }, userCan: ['chat'] }) }),
    });
    renderAccount(root, '/en/account/membership');
    expect(await screen.findByText('You are not a member yet')).toBeInTheDocument();
    const cards = screen.getAllByTestId('membership-tier');
    expect(cards.map((card) => card.dataset.tier)).toEqual(['vip1', 'vip2']);
    expect(cards[0]).toHaveTextContent('30 days');
    expect(cards[0]).toHaveTextContent('Chat room');
    expect(cards[0]).toHaveTextContent('no daily limit, up to 10 MB each');
    expect(cards[0]).toHaveTextContent('5 a day, up to 100 MB each');
    expect(cards[1]).toHaveTextContent('Page builder');
    expect(cards[0]).toHaveTextContent('✦3000');
    await userEvent.selectOptions(within(cards[0]).getByLabelText('Pay with'), 'CREDIT');
    await userEvent.click(within(cards[0]).getByRole('button', { name: 'Buy' }));

    const confirm = await screen.findByRole('dialog', { name: 'Confirm the purchase' });
    expect(confirm).toHaveTextContent('Buy VIP Silver (30 days) for ✦3000?');
    expect(confirm).toHaveTextContent('Your balance: ✦300');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Pay ✦3000' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests(calls, 'wallet.buyMembership')).toEqual([{ tier: 'vip1', currency: 'CREDIT', idemKey: expect.stringMatching(/^vip:/) }]);
    expect(await screen.findByText('Welcome to VIP Silver!')).toBeInTheDocument();
    expect(screen.getByTestId('membership-expiry')).toHaveTextContent('Valid until Dec 24, 2026');
    await waitFor(() => expect(root.auth.viewer?.isVip).toBe(true));
  });
});

describe('sandbox confirm page', () => {
  it('shows the payment and pays it', async () => {
    let status: 'pending' | 'paid' = 'pending';
    const sandbox = () => ({ id: '77', status, title: 'Top up $12.30', currency: 'USD', symbol: '$', amount: '12.30', expiresAt: Date.now() + 200_000 });
    const calls = mockFetch(
      apiResponder({
        'payments.sandboxShow': () => json({ payment: sandbox() }),
        'payments.sandboxPay': () => ((status = 'paid'), json({ payment: sandbox() })),
      }),
    );
    renderApp('/es/pay/sandbox/77?t=tok');
    expect(await screen.findByTestId('sandbox-amount')).toHaveTextContent('$12.30');
    await userEvent.click(screen.getByRole('button', { name: 'Pagar $12.30' }));
    expect(await screen.findByText('Pago recibido')).toBeInTheDocument();
    expect(requests(calls, 'payments.sandboxPay')).toEqual([{ id: '77', token: 'tok' }]);
    expect(requests(calls, 'payments.sandboxShow')[0]).toEqual({ id: '77', token: 'tok' });
  });

  it('says when the link is not valid, in the server’s words', async () => {
    mockFetch(apiResponder({ 'payments.sandboxShow': () => json({ statusCode: 404, messages: ['Payment not found'] }, 404) }));
    renderApp('/en/pay/sandbox/99?t=bad');
    expect(await screen.findByRole('alert')).toHaveTextContent('Payment not found');
  });

  it('shows an expired payment as expired', async () => {
    mockFetch(
      apiResponder({
        'payments.sandboxShow': () => json({ payment: { id: '77', status: 'expired', title: 'Top up', currency: 'USD', symbol: '$', amount: '1.00', expiresAt: 1 } }),
      }),
    );
    renderApp('/pay/sandbox/77?t=tok');
    expect(await screen.findByTestId('sandbox-expired')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /支付/ })).toBeNull();
  });
});

describe('user menu balances', () => {
  beforeEach(stubResizeObserver);

  it('follow the wallet event without a reload', async () => {
    const { root, socket } = setup();
    renderWithStores(<UserMenu />, root, '/en');
    await userEvent.click(screen.getByTestId('user-menu'));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByTestId('money-balance')).toHaveTextContent('$2.50');
    act(() => socket.receive('wallet', walletView({ USD: '14.80' }, 42)));
    expect(within(menu).getByTestId('money-balance')).toHaveTextContent('$14.80');
    expect(within(menu).getByTestId('credit-balance')).toHaveTextContent('✦42');
  });
});

describe('level tips dialog', () => {
  beforeEach(stubResizeObserver);

  it('shows a member the progress to the next level, how to earn points and the daily sign-in', async () => {
    const { root, calls, socket } = setup({
      'utils.levelTips': () => json({ levelTips: { levels: [], vip: [], current: { key: 'lv1', name: 'Lv1 Newcomer' } } }),
      'account.signIn': () => json({ growth: growth({ points: 40, signedInToday: true }) }),
      'auth.viewer': () => json({ viewer: walletViewer({ gqLevel: { key: 'lv2', name: 'Lv2 Apprentice' } }) }),
    });
    renderWithStores(<LevelTipsDialog />, root, '/en');
    act(() => root.levelTips.open());
    const dialog = await screen.findByRole('dialog', { name: 'Levels and privileges' });
    expect(await within(dialog).findByText('20 points to Lv2 Apprentice')).toBeInTheDocument();
    expect(within(dialog).getByText('Daily sign-in', { selector: 'span' })).toBeInTheDocument();
    expect(within(dialog).getByText('Today: 3 / 20')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Daily sign-in' }));
    expect(await within(dialog).findByRole('button', { name: 'Signed in today' })).toBeDisabled();
    expect(within(dialog).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '80');

    // A level up: the viewer and the tips are read again.
    const tipsRead = requests(calls, 'utils.levelTips').length;
    act(() => socket.receive('viewer', { reason: 'level' }));
    await waitFor(() => expect(root.auth.viewer?.level?.key).toBe('lv2'));
    await waitFor(() => expect(requests(calls, 'utils.levelTips')).toHaveLength(tipsRead + 1));
  });
});
