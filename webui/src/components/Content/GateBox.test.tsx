import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { signIn } from '../../test/chat';
import { sentData } from '../../test/content';
import { FakeSocket } from '../../test/fakeSocket';
import { stubResizeObserver } from '../../test/radix';
import { renderWithStores } from '../../test/render';
import { apiResponder, createTestRoot, json, mockFetch } from '../../test/stores';
import { payment, walletSettings, walletView, walletViewer } from '../../test/wallet';
import { GateBox } from './GateBox';

const QR_URL = 'http://localhost:8080/en/pay/sandbox/77?t=signed';
const qrcodeGate = { type: 'qrcode', value: '250', currency: 'USD' };

/** content.unlock's answer for a qrcode entry: the pending payment and its QR. */
function unlockByQr() {
  return {
    gqUnlock: {
      success: false,
      asset: 'USD',
      amount: 250,
      payment: payment({ purpose: 'unlock', amount: '2.50' }),
      qr: { title: 'Unlock content $2.50', qrcode: QR_URL, symbol: '$', amount: '2.50', description: 'Scan with your phone' },
    },
  };
}

describe('GateBox qrcode entry', () => {
  beforeEach(() => {
    stubResizeObserver();
    vi.stubGlobal('WebSocket', FakeSocket);
    FakeSocket.reset();
  });

  it('shows the payment’s QR and reads the content again once the wallet event says it is paid', async () => {
    let status: 'pending' | 'paid' = 'pending';
    const calls = mockFetch(
      apiResponder({
        'content.unlock': () => json(unlockByQr()),
        'wallet.payment': () => json({ payment: payment({ purpose: 'unlock', amount: '2.50', status }) }),
        'wallet.get': () => json({ wallet: walletView({}, 300) }),
      }),
    );
    const root = createTestRoot('en');
    root.settings.settings = walletSettings;
    const socket = signIn(root, walletViewer());
    socket.accept('42');
    const onUnlocked = vi.fn();
    renderWithStores(<GateBox targetType="article" targetId="100" gate={qrcodeGate} roles={[qrcodeGate]} onUnlocked={onUnlocked} />, root);

    expect(screen.getByText('Scan a code and pay $2.50 to read it')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Scan to pay $2.50' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unlock content $2.50' });
    expect(sentData(calls, 'content.unlock')).toEqual([{ targetType: 'article', targetId: '100', type: 'qrcode' }]);
    expect(screen.queryByTestId('unlock-confirm')).toBeNull();
    expect(within(dialog).getByRole('img', { name: 'QR code of the payment' })).toHaveAttribute('src', `/api/qrcode?str=${encodeURIComponent(QR_URL)}`);
    expect(within(dialog).getByTestId('payment-qr-amount')).toHaveTextContent('$2.50');
    expect(onUnlocked).not.toHaveBeenCalled();

    // A wallet event while the payment is still pending changes nothing.
    act(() => socket.receive('wallet', walletView({}, 300)));
    await waitFor(() => expect(sentData(calls, 'wallet.payment')).toHaveLength(1));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(onUnlocked).not.toHaveBeenCalled();

    status = 'paid';
    act(() => socket.receive('wallet', walletView({}, 300)));
    await waitFor(() => expect(onUnlocked).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Unlocked: enjoy reading')).toBeInTheDocument();
    expect(screen.queryByText('$2.50 added to your wallet')).toBeNull();
    act(() => socket.receive('wallet', walletView({}, 300)));
    expect(onUnlocked).toHaveBeenCalledTimes(1);
  });

  it('asks a guest to log in and makes no payment', async () => {
    const calls = mockFetch(apiResponder({}));
    const root = createTestRoot('en');
    root.settings.settings = walletSettings;
    renderWithStores(<GateBox targetType="topic" targetId="8" gate={qrcodeGate} roles={[qrcodeGate]} onUnlocked={() => undefined} />, root);
    await userEvent.click(screen.getByRole('button', { name: 'Scan to pay $2.50' }));
    expect(root.ui.isOpen('login')).toBe(true);
    expect(sentData(calls, 'content.unlock')).toEqual([]);
    expect(screen.queryByRole('dialog', { name: 'Unlock content $2.50' })).toBeNull();
  });

  it('keeps a wallet entry of the same currency paid from the wallet', async () => {
    const calls = mockFetch(
      apiResponder({
        'content.unlock': () => json({ gqUnlock: { success: true, asset: 'USD', amount: 500 } }),
        'wallet.get': () => json({ wallet: walletView({}, 300) }),
      }),
    );
    const root = createTestRoot('en');
    root.settings.settings = walletSettings;
    root.auth.setViewer(walletViewer());
    const onUnlocked = vi.fn();
    const money = { type: 'money', value: '500', currency: 'USD' };
    renderWithStores(<GateBox targetType="article" targetId="100" gate={money} roles={[qrcodeGate, money]} onUnlocked={onUnlocked} />, root);
    await userEvent.click(screen.getByRole('button', { name: 'Unlock for $5.00' }));
    await userEvent.click(within(await screen.findByTestId('unlock-confirm')).getByRole('button', { name: 'Pay $5.00' }));
    await waitFor(() => expect(onUnlocked).toHaveBeenCalledTimes(1));
    expect(sentData(calls, 'content.unlock')).toEqual([{ targetType: 'article', targetId: '100', asset: 'USD', type: 'money' }]);
  });
});
