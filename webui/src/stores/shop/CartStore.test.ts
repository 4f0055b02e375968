import { runInAction } from 'mobx';
import { signIn } from '../../test/chat';
import { FakeSocket } from '../../test/fakeSocket';
import { apiResponder, createTestRoot, json, mockFetch, type FetchCall } from '../../test/stores';
import { walletSettings, walletViewer } from '../../test/wallet';
import { LOCAL_CART_KEY, LOCAL_CART_VERSION, readLocalCart } from './CartStore';
import { cartView, line, money } from './fixtures';

function requests(calls: FetchCall[], action: string) {
  return calls.filter((call) => call.body?.action === action).map((call) => call.body as Record<string, unknown> & { data: Record<string, unknown> });
}

function setup(replies: Parameters<typeof apiResponder>[0] = {}) {
  vi.stubGlobal('WebSocket', FakeSocket);
  FakeSocket.reset();
  const calls = mockFetch(apiResponder(replies));
  const root = createTestRoot('en');
  runInAction(() => (root.settings.settings = walletSettings));
  return { root, calls };
}

/** cart.quote priced per item at 9.00 in the request's currency. */
function quote(data: Record<string, unknown>, currency: string) {
  const items = (data.items as { variantId: string; quantity: number }[]) ?? [];
  return json({ cart: cartView(items.map((i) => line(i.variantId, i.quantity, { unitPrice: money('9.00', currency) })), currency) });
}

describe('CartStore (guest)', () => {
  it('keeps the local cart versioned in localStorage, counts it and prices it with cart.quote', async () => {
    const { root, calls } = setup({ 'cart.quote': (data) => quote(data, 'USD') });
    const cart = root.shop.cart;
    expect(cart.count).toBe(0);
    await cart.add('501', 2, 5);
    await cart.add('502', 1);
    expect(JSON.parse(localStorage.getItem(LOCAL_CART_KEY)!)).toEqual({
      v: LOCAL_CART_VERSION,
      items: [
        { variantId: '501', quantity: 2 },
        { variantId: '502', quantity: 1 },
      ],
    });
    expect(cart.count).toBe(3);
    expect(requests(calls, 'cart.quote')).toHaveLength(0);

    await cart.refresh();
    expect(requests(calls, 'cart.quote').at(-1)?.data).toEqual({ items: [{ variantId: '501', quantity: 2 }, { variantId: '502', quantity: 1 }] });
    expect(cart.view?.total.amount).toBe('27.00');

    // Within stock: 5 at most of 501.
    await cart.add('501', 10, 5);
    expect(cart.quantityOf('501')).toBe(5);
    expect(await cart.add('501', 1, 5)).toBe(false);
    await cart.remove('502');
    expect(readLocalCart()).toEqual([{ variantId: '501', quantity: 5 }]);
    expect(cart.view?.lines.map((l) => l.variantId)).toEqual(['501']);
  });

  it('forgets a local cart of another version or a damaged one', () => {
    localStorage.setItem(LOCAL_CART_KEY, JSON.stringify({ v: 0, items: [{ variantId: '501', quantity: 2 }] }));
    expect(readLocalCart()).toEqual([]);
    localStorage.setItem(LOCAL_CART_KEY, '{oops');
    expect(readLocalCart()).toEqual([]);
    localStorage.setItem(LOCAL_CART_KEY, JSON.stringify({ v: LOCAL_CART_VERSION, items: [{ variantId: 'x' }, { variantId: '7', quantity: -3 }] }));
    expect(readLocalCart()).toEqual([{ variantId: '7', quantity: 1 }]);
  });

  it('prices the cart again in the currency picked in the locale popover', async () => {
    const { root } = setup();
    // The responder reads the envelope's currency.
    mockFetch((call) => {
      if (call.body?.action === 'cart.quote') return quote(call.body.data as Record<string, unknown>, String(call.body.currency));
      if (call.body?.action === 'utils.getSettings') return json({ settings: walletSettings });
      return json({ statusCode: 404, messages: ['no'] }, 404);
    });
    const cart = root.shop.cart;
    await cart.add('501', 1);
    cart.ensureLoaded();
    await vi.waitFor(() => expect(cart.view?.total).toEqual(money('9.00', 'USD')));
    await root.locale.setCurrency('EUR');
    await vi.waitFor(() => expect(cart.view?.total).toEqual(money('9.00', 'EUR')));
  });
});

describe('CartStore (member)', () => {
  it('merges the local cart at sign-in with cart.merge, clears it, and counts the server cart', async () => {
    let merged: unknown = null;
    const { root, calls } = setup({
      'cart.merge': (data) => {
        merged = data;
        return json({ cart: cartView([line('501', 3), line('777', 1)]) });
      },
    });
    const cart = root.shop.cart;
    await cart.add('501', 2);
    expect(cart.count).toBe(2);
    signIn(root, walletViewer());
    await vi.waitFor(() => expect(cart.view?.count).toBe(4));
    expect(merged).toEqual({ items: [{ variantId: '501', quantity: 2 }] });
    expect(localStorage.getItem(LOCAL_CART_KEY)).toBeNull();
    expect(cart.local).toEqual([]);
    expect(cart.count).toBe(4);
    expect(requests(calls, 'cart.get')).toHaveLength(0);

    // Signed out: the guest's (now empty) local cart again.
    root.auth.setViewer(null);
    expect(cart.count).toBe(0);
  });

  it('reads a member’s cart without a local one, and changes quantities with cart.set', async () => {
    const { root, calls } = setup({
      'cart.get': () => json({ cart: cartView([line('501', 1)]) }),
      'cart.set': (data) =>
        data.quantity === 99
          ? json({ statusCode: 409, messages: ['Not enough in stock.'], codes: ['shop.error.stock'] }, 409)
          : json({ cart: cartView(Number(data.quantity) > 0 ? [line('501', Number(data.quantity))] : []) }),
    });
    const cart = root.shop.cart;
    signIn(root, walletViewer());
    // Read when a badge or the cart page shows it.
    expect(requests(calls, 'cart.get')).toHaveLength(0);
    cart.ensureCount();
    await vi.waitFor(() => expect(cart.count).toBe(1));
    expect(requests(calls, 'cart.merge')).toHaveLength(0);
    expect(await cart.setQuantity('501', 4)).toBe(true);
    expect(requests(calls, 'cart.set').at(-1)?.data).toEqual({ variantId: '501', quantity: 4 });
    expect(cart.count).toBe(4);
    expect(await cart.setQuantity('501', 99)).toBe(false);
    expect(root.toasts.toasts.map((toast) => toast.message)).toContain('Not enough in stock.');
    expect(cart.count).toBe(4);
    await cart.remove('501');
    expect(cart.count).toBe(0);
  });

  it('keeps the local cart when the server could not merge it, and merges it on the next visit of the cart', async () => {
    let fail = true;
    const { root } = setup({
      'cart.merge': () => (fail ? json({ statusCode: 503, messages: ['busy'] }, 503) : json({ cart: cartView([line('501', 2)]) })),
      'cart.get': () => json({ cart: cartView([]) }),
    });
    const cart = root.shop.cart;
    await cart.add('501', 2);
    signIn(root, walletViewer());
    await vi.waitFor(() => expect(cart.mergeFailed).toBe(true));
    expect(readLocalCart()).toEqual([{ variantId: '501', quantity: 2 }]);
    fail = false;
    cart.ensureLoaded();
    await vi.waitFor(() => expect(cart.count).toBe(2));
    expect(readLocalCart()).toEqual([]);
  });
});
