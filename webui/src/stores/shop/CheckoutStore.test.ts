import { runInAction } from 'mobx';
import { signIn } from '../../test/chat';
import { FakeSocket } from '../../test/fakeSocket';
import { apiResponder, createTestRoot, json, mockFetch, type FetchCall } from '../../test/stores';
import { walletSettings, walletViewer } from '../../test/wallet';
import { QR_COUNTDOWN_SECONDS } from '../TopUpStore';
import { ORDER_POLL_MS } from './CheckoutStore';
import { cartView, line, order, qr } from './fixtures';
import { orderIdOf } from './ShopStore';

function requests(calls: FetchCall[], action: string) {
  return calls.filter((call) => call.body?.action === action).map((call) => call.body?.data as Record<string, unknown>);
}

function setup(replies: Parameters<typeof apiResponder>[0] = {}) {
  vi.stubGlobal('WebSocket', FakeSocket);
  FakeSocket.reset();
  const calls = mockFetch(
    apiResponder({
      'cart.get': () => json({ cart: cartView([line('501', 2), line('502', 1)]) }),
      'wallet.get': () => json({ wallet: { money: { USD: '2.50' }, credit: 300 } }),
      ...replies,
    }),
  );
  const root = createTestRoot('en');
  runInAction(() => (root.settings.settings = walletSettings));
  return { root, calls };
}

async function member(root: ReturnType<typeof setup>['root']) {
  const socket = signIn(root, walletViewer());
  socket.accept('42');
  root.shop.cart.ensureCount();
  await vi.waitFor(() => expect(root.shop.cart.count).toBe(3));
  return socket;
}

describe('CheckoutStore', () => {
  afterEach(() => vi.useRealTimers());

  it('pays by balance: one shop.checkout with a clientId, the success at once, the cart read again', async () => {
    const paid = order({ status: 'paid', payment: 'money', paidAt: 1 });
    const { root, calls } = setup({
      'shop.checkout': () =>
        json({ order: paid, success: { data: { thumb: '/t.jpg', title: 'Tea mug' }, coupon: null, symbol: '$', finalPrice: '18.00', payment: 'money' } }),
    });
    await member(root);
    const { checkout } = root.shop;
    checkout.toggle('502');
    expect(checkout.chosenLines.map((l) => l.variantId)).toEqual(['501']);
    const clientId = checkout.clientId;
    expect(await checkout.submit()).toBe(true);
    const sent = requests(calls, 'shop.checkout');
    expect(sent).toEqual([{ clientId, variantIds: ['501'], payment: 'money' }]);
    expect(clientId).toMatch(/^checkout:[A-Za-z0-9]{8,}$/);
    expect(checkout.clientId).not.toBe(clientId);
    expect(checkout.success).toMatchObject({ symbol: '$', finalPrice: '18.00', payment: 'money', data: { title: 'Tea mug' } });
    expect(root.shop.orders.byId.get('900')?.status).toBe('paid');
    await vi.waitFor(() => expect(requests(calls, 'cart.get').length).toBeGreaterThanOrEqual(2));
  });

  it('keeps the clientId for a retry after the server could not answer, and takes a new one after a refusal', async () => {
    let status = 503;
    const { root } = setup({
      'shop.checkout': () => json({ statusCode: status, messages: [status === 503 ? 'Try again' : 'Choose a delivery address.'] }, status),
    });
    await member(root);
    const { checkout } = root.shop;
    const first = checkout.clientId;
    expect(await checkout.submit()).toBe(false);
    expect(checkout.error).toBe('Try again');
    expect(checkout.clientId).toBe(first);
    status = 400;
    expect(await checkout.submit()).toBe(false);
    expect(checkout.error).toBe('Choose a delivery address.');
    expect(checkout.clientId).not.toBe(first);
  });

  it('asks for an address before sending when a line is physical', async () => {
    const { root, calls } = setup({ 'cart.get': () => json({ cart: cartView([line('501', 3)], 'USD', { needsAddress: true }) }) });
    await member(root);
    const { checkout } = root.shop;
    expect(await checkout.submit()).toBe(false);
    expect(checkout.error).toBe('Choose a delivery address.');
    expect(requests(calls, 'shop.checkout')).toHaveLength(0);
    checkout.setAddress('31');
    checkout.setPayment('credit');
    void checkout.submit();
    await vi.waitFor(() => expect(requests(calls, 'shop.checkout')[0]).toMatchObject({ addressId: '31', payment: 'credit' }));
  });

  it('pays by QR: the dialog counts 300 s from each opening, expires, and the paid order shows the success', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let status: 'pending' | 'paid' = 'pending';
    const { root, calls } = setup({
      'shop.checkout': () => json({ order: order(), qr, paymentId: '77' }),
      'shop.payOrder': () => json({ order: order(), qr: { ...qr, qrcode: `${qr.qrcode}&n=2` }, paymentId: '78' }),
      'shop.order': () =>
        json(
          status === 'paid'
            ? { order: order({ status: 'paid', paidAt: 2 }), success: { data: { thumb: '', title: 'Tea mug' }, coupon: null, symbol: '$', finalPrice: '18.00', payment: 'qrcode' } }
            : { order: order() },
        ),
      'wallet.payment': () => json({ payment: { id: '77', status: 'pending', purpose: 'order', currency: 'USD', amount: '18.00', createdAt: 0, expiresAt: Date.now() + 300_000, paidAt: 0 } }),
    });
    const socket = await member(root);
    const { checkout } = root.shop;
    checkout.setPayment('qrcode');
    expect(await checkout.submit()).toBe(true);
    const { topUp } = root;
    expect(topUp.isOpen).toBe(true);
    expect(topUp.qr).toEqual(qr);
    expect(topUp.payment).toMatchObject({ id: '77', purpose: 'order', currency: 'USD', amount: '18.00' });
    expect(topUp.countdown.remaining).toBe(QR_COUNTDOWN_SECONDS);
    expect(checkout.pendingOrder?.id).toBe('900');

    // The dialog polls shop.order while it is open.
    await vi.advanceTimersByTimeAsync(ORDER_POLL_MS);
    expect(requests(calls, 'shop.order').length).toBeGreaterThanOrEqual(1);

    // 300 s later the code has expired.
    await vi.advanceTimersByTimeAsync(QR_COUNTDOWN_SECONDS * 1000 - ORDER_POLL_MS);
    expect(topUp.countdown.remaining).toBe(0);
    expect(topUp.isExpired).toBe(true);

    // Paying again from the orders page makes a new payment: the countdown starts again from 300 s.
    topUp.close();
    expect(await checkout.payOrder(order(), 'qrcode')).toBe(true);
    expect(requests(calls, 'shop.payOrder')).toEqual([{ orderId: '900', payment: 'qrcode' }]);
    expect(topUp.isOpen).toBe(true);
    expect(topUp.payment?.id).toBe('78');
    expect(topUp.countdown.remaining).toBe(QR_COUNTDOWN_SECONDS);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(topUp.countdown.remaining).toBe(QR_COUNTDOWN_SECONDS - 10);
    expect(topUp.isExpired).toBe(false);

    // Paid in another tab: the `order` event says so, the dialog closes and the success shows, once.
    status = 'paid';
    socket.receive('order' as never, { order: order({ status: 'paid', paidAt: 2 }) } as never);
    await vi.waitFor(() => expect(checkout.success).not.toBeNull());
    expect(checkout.success).toMatchObject({ finalPrice: '18.00', payment: 'qrcode', symbol: '$' });
    expect(topUp.isOpen).toBe(false);
    expect(checkout.pendingOrder).toBeNull();
    expect(root.shop.orders.byId.get('900')?.status).toBe('paid');
    checkout.closeSuccess();
    await vi.advanceTimersByTimeAsync(ORDER_POLL_MS * 2);
    expect(checkout.success).toBeNull();
  });

  it('learns the order was paid from the poll when no event comes', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let status: 'pending' | 'paid' = 'pending';
    const { root } = setup({
      'shop.checkout': () => json({ order: order(), qr, paymentId: '77' }),
      'shop.order': () => json({ order: order({ status, payment: 'qrcode' }) }),
      'wallet.payment': () => json({ statusCode: 404, messages: ['no'] }, 404),
    });
    await member(root);
    root.shop.checkout.setPayment('qrcode');
    await root.shop.checkout.submit();
    status = 'paid';
    await vi.advanceTimersByTimeAsync(ORDER_POLL_MS);
    await vi.waitFor(() => expect(root.shop.checkout.success).not.toBeNull());
    // Made from the order: its first line, total and symbol.
    expect(root.shop.checkout.success).toMatchObject({ data: { title: 'Tea mug' }, symbol: '$', finalPrice: '18.00', payment: 'qrcode' });
    expect(root.topUp.isOpen).toBe(false);
  });
});

describe('OrdersStore', () => {
  it('lists the orders newest first and follows the order event and the order notifications live', async () => {
    const { root, calls } = setup({
      'shop.orders': () =>
        json({ orders: { edges: [{ node: order({ id: '901', number: 'S-901' }) }, { node: order({ id: '900' }) }], pageInfo: { endCursor: 'c1', hasNextPage: false } } }),
      'shop.order': (data) => json({ order: order({ id: String(data.orderId), status: 'shipped', trackingNo: 'SF123' }) }),
      'shop.cancelOrder': () => json({ order: order({ id: '901', status: 'cancelled' }) }),
    });
    const socket = await member(root);
    const { orders } = root.shop;
    await orders.loadFirst();
    expect(orders.items.map((o) => o.id)).toEqual(['901', '900']);

    socket.receive('order' as never, { order: order({ id: '900', status: 'paid' }) } as never);
    expect(orders.byId.get('900')?.status).toBe('paid');
    socket.receive('order' as never, { order: order({ id: '902', number: 'S-902' }) } as never);
    expect(orders.items.map((o) => o.id)).toEqual(['902', '901', '900']);

    socket.receive('notification', {
      seq: 1,
      notification: { id: '1', databaseId: '1', toId: '42', type: 'order', title: 'Shipped', content: JSON.stringify({ orderId: '900' }), read: false, createdAt: 1 },
      unread: { notifications: 1, messages: 0 },
    } as never);
    await vi.waitFor(() => expect(orders.byId.get('900')?.trackingNo).toBe('SF123'));
    expect(requests(calls, 'shop.order')).toEqual([{ orderId: '900' }]);

    expect(await orders.cancel(orders.byId.get('901')!)).toBe(true);
    expect(orders.byId.get('901')?.status).toBe('cancelled');
    orders.setFilter('pending');
    await vi.waitFor(() => expect(orders.isLoaded).toBe(true));
    expect(orders.items.every((o) => o.status === 'pending')).toBe(true);
  });

  it('finds the order a notification names', () => {
    expect(orderIdOf({ orderId: '900' })).toBe('900');
    expect(orderIdOf(JSON.stringify({ orderId: 12 }))).toBe('12');
    expect(orderIdOf('nope')).toBe('');
    expect(orderIdOf({ text: 'x' })).toBe('');
  });
});

