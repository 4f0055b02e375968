import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { runInAction } from 'mobx';
import { VirtuosoMockContext } from 'react-virtuoso';
import ShopModule from '../../modules/Shop';
import { Orders } from '../../scenes/Account/Orders';
import { Cart } from '../../scenes/Cart';
import { cartView, line, money, order, product } from '../../stores/shop/fixtures';
import type { PageRecord } from '../../stores/PagesStore';
import { signIn } from '../../test/chat';
import { FakeSocket } from '../../test/fakeSocket';
import { renderWithStores } from '../../test/render';
import { apiResponder, createTestRoot, json, mockFetch, type FetchCall } from '../../test/stores';
import { walletSettings, walletViewer } from '../../test/wallet';
import { CartButton } from './CartButton';
import { PaymentSuccessDialog } from './PaymentSuccessDialog';

function requests(calls: FetchCall[], action: string) {
  return calls.filter((call) => call.body?.action === action).map((call) => call.body?.data as Record<string, unknown>);
}

function setup(replies: Parameters<typeof apiResponder>[0] = {}) {
  vi.stubGlobal('WebSocket', FakeSocket);
  FakeSocket.reset();
  const calls = mockFetch(apiResponder(replies));
  const root = createTestRoot('en');
  runInAction(() => (root.settings.settings = walletSettings));
  return { root, calls };
}

const page = (view: PageRecord['view'], id: string) => ({ kind: 'shop', view, id, slug: '', title: '' }) as unknown as PageRecord;

describe('Product page', () => {
  it('shows the price with the list price struck through, the variants, and a quantity bounded by the stock', async () => {
    const { root } = setup();
    renderWithStores(
      <>
        <ShopModule page={page('single', '500')} content={{ product: product() }} />
        <CartButton />
      </>,
      root,
      '/en/shop/tea-mug-500',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Tea mug' })).toBeInTheDocument();
    const pricing = screen.getAllByTestId('price')[0].parentElement!;
    expect(within(pricing).getByTestId('price')).toHaveTextContent('$9.00');
    expect(within(pricing).getByTestId('list-price')).toHaveTextContent('$10.00');
    expect(screen.getByText('Silver: 10% off')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Red' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Blue' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByTestId('product-stock')).toHaveTextContent('3 in stock');

    const more = screen.getByRole('button', { name: 'One more' });
    for (let i = 0; i < 5; i++) fireEvent.click(more);
    expect(screen.getByRole('textbox', { name: 'Quantity' })).toHaveValue('3');
    expect(more).toBeDisabled();

    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect(root.shop.cart.count).toBe(3));
    expect(screen.getByTestId('header-cart')).toHaveAccessibleName('Shopping cart, 3 items');
    // Everything in stock is in the cart now.
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeDisabled();
    expect(screen.getByText('3 in your cart')).toBeInTheDocument();
  });

  it('follows the stock live on the product channel', async () => {
    const { root } = setup({ 'cart.get': () => json({ cart: cartView([]) }) });
    const socket = signIn(root, walletViewer());
    socket.accept('42');
    const view = renderWithStores(<ShopModule page={page('single', '500')} content={{ product: product() }} />, root, '/en/shop/tea-mug-500');
    await waitFor(() => expect(socket.lastSent('watch')?.data).toEqual({ channel: 'product:500' }));
    socket.receive('live', { channel: 'product:500', event: 'stock', data: { productId: '500', variants: [{ id: '501', stock: 1 }, { id: '502', stock: 4 }] } } as never);
    await waitFor(() => expect(screen.getByTestId('product-stock')).toHaveTextContent('1 in stock'));
    expect(screen.getByRole('radio', { name: 'Red' })).toBeEnabled();
    view.unmount();
    expect(socket.lastSent('unwatch')?.data).toEqual({ channel: 'product:500' });
  });

  it('explains why a product cannot be bought, with the way out', () => {
    const { root } = setup();
    renderWithStores(
      <ShopModule page={page('single', '500')} content={{ product: product({ canBuy: false, buyBlock: 'vip', roles: { vipOnly: ['vip1'], minLevel: '' } }) }} />,
      root,
    );
    const gate = screen.getByTestId('buy-gate');
    expect(gate).toHaveAttribute('data-block', 'vip');
    expect(within(gate).getByRole('link', { name: 'Become a member' })).toHaveAttribute('href', '/en/account/membership');
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeDisabled();
  });

  it('lists a tag’s products from the page data and reads more pages', async () => {
    const { root, calls } = setup({
      'shop.archive': () => json({ products: { edges: [{ node: product({ id: '600', title: 'Teapot' }) }], pageInfo: { endCursor: 'c2', hasNextPage: false } } }),
    });
    const reply = { products: { edges: [{ node: product() }], pageInfo: { endCursor: 'c1', hasNextPage: true } }, term: { id: '9', slug: 'kitchen', name: 'Kitchen' } };
    renderWithStores(<ShopModule page={page('tag', '9')} content={reply} />, root);
    expect(screen.getByRole('heading', { level: 1, name: 'Kitchen' })).toBeInTheDocument();
    expect(screen.getAllByTestId('product-card')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Tea mug' })).toHaveAttribute('href', '/en/shop/tea-mug-500');
    fireEvent.click(screen.getByRole('button', { name: 'More products' }));
    await waitFor(() => expect(screen.getAllByTestId('product-card')).toHaveLength(2));
    expect(requests(calls, 'shop.archive')).toEqual([{ tagId: '9', first: 20, after: 'c1' }]);
  });
});

describe('Cart page', () => {
  it('prices a guest’s local cart, shows line problems, and asks to log in to check out', async () => {
    const { root, calls } = setup({
      'cart.quote': () => json({ cart: cartView([line('501', 2), line('503', 4, { stock: 1, problem: 'stock', available: false })]) }),
    });
    await root.shop.cart.add('501', 2);
    await root.shop.cart.add('503', 4);
    renderWithStores(<Cart />, root, '/en/cart');
    const lines = await screen.findAllByTestId('cart-line');
    expect(lines).toHaveLength(2);
    expect(within(lines[1]).getByTestId('cart-line-problem')).toHaveTextContent('Only 1 left: lower the quantity.');
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$54.00');
    expect(screen.getByTestId('checkout-guest')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Log in to check out' }));
    expect(root.ui.isOpen('login')).toBe(true);

    fireEvent.change(screen.getByLabelText('Coupon'), { target: { value: 'WELCOME' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(requests(calls, 'cart.quote').at(-1)).toMatchObject({ couponCode: 'WELCOME' }));
  });

  it('checks out a member’s cart by balance and shows the payment success', async () => {
    const { root, calls } = setup({
      'cart.get': () => json({ cart: cartView([line('501', 2)]) }),
      'account.coupons': () => json({ coupons: { edges: [{ node: { code: 'C10', name: 'Ten off', faceValue: money('1.00') } }], pageInfo: { hasNextPage: false } } }),
      'shop.checkout': () =>
        json({
          order: order({ status: 'paid', payment: 'money' }),
          success: { data: { thumb: '', title: 'Tea mug' }, coupon: { code: 'C10', name: 'Ten off', type: 'cash', faceValue: money('1.00'), discount: money('1.00') }, symbol: '$', finalPrice: '17', payment: 'money' },
        }),
    });
    const socket = signIn(root, walletViewer());
    socket.accept('42');
    renderWithStores(
      <>
        <Cart />
      </>,
      root,
      '/en/cart',
    );
    await screen.findByTestId('checkout');
    expect(screen.getByTestId('checkout-balance-money')).toHaveTextContent('Balance $2.50');
    expect(screen.getByTestId('checkout-balance-credit')).toHaveTextContent('Balance ✦300');
    fireEvent.click(await screen.findByRole('button', { name: 'Ten off · $1.00' }));
    await waitFor(() => expect(requests(calls, 'cart.get').at(-1)).toEqual({ couponCode: 'C10' }));
    await waitFor(() => expect(screen.getByTestId('checkout-submit')).toBeEnabled());
    fireEvent.click(screen.getByTestId('checkout-submit'));
    const dialog = await screen.findByTestId('payment-success');
    expect(within(dialog).getByTestId('payment-success-title')).toHaveTextContent('Tea mug');
    expect(within(dialog).getByTestId('payment-success-price')).toHaveTextContent('$17.00');
    expect(within(dialog).getByTestId('payment-success-method')).toHaveTextContent('Wallet balance');
    expect(within(dialog).getByTestId('payment-success-coupon')).toHaveTextContent('Ten off (−$1.00)');
    expect(requests(calls, 'shop.checkout')[0]).toMatchObject({ couponCode: 'C10', payment: 'money' });
  });
});

describe('Checkout address', () => {
  it('asks for an address when a line is physical, choosing the default one, and sends it', async () => {
    const place = (geonameId: number, name: string) => ({ geonameId, name });
    const address = (id: string, isDefault: boolean, name: string) => ({
      id,
      type: 'SELECTED',
      default: isDefault,
      country: place(1814991, 'China'),
      province: place(1796231, 'Shanghai'),
      city: place(0, ''),
      district: place(0, ''),
      address: `${id} Nanjing Road`,
      addressString: '',
      phone: '13800138000',
      dialCode: '+86',
      name,
      postcode: '200000',
      index: 0,
    });
    const { root, calls } = setup({
      'cart.get': () => json({ cart: cartView([line('501', 1)], 'USD', { needsAddress: true }) }),
      'account.coupons': () => json({ coupons: { edges: [], pageInfo: { hasNextPage: false } } }),
      'account.addresses': () => json({ addresses: [address('31', false, 'Ann'), address('32', true, 'Bo')] }),
      'shop.checkout': () => json({ order: order({ status: 'paid', payment: 'money' }) }),
    });
    const socket = signIn(root, walletViewer());
    socket.accept('42');
    renderWithStores(<Cart />, root, '/en/cart');
    const chooser = await screen.findByTestId('address-chooser');
    await waitFor(() => expect(within(chooser).getByRole('radio', { name: /Bo/ })).toHaveAttribute('aria-checked', 'true'));
    fireEvent.click(within(chooser).getByRole('radio', { name: /Ann/ }));
    fireEvent.click(screen.getByTestId('checkout-submit'));
    await screen.findByTestId('payment-success');
    expect(requests(calls, 'shop.checkout')[0]).toMatchObject({ addressId: '31', payment: 'money' });
  });
});

describe('Orders page', () => {
  it('lists the orders with their status, and offers pay, cancel and confirm receipt', async () => {
    const { root } = setup({
      'cart.get': () => json({ cart: cartView([]) }),
      'shop.orders': () =>
        json({
          orders: {
            edges: [
              { node: order({ id: '902', number: 'S-902', status: 'shipped', trackingNo: 'SF1', payment: 'money' }) },
              { node: order({ id: '901', number: 'S-901', status: 'paid', delivery: { codes: ['KEY-1'], url: '' }, payment: 'credit' }) },
              { node: order({ id: '900', expiresAt: Date.now() + 600_000 }) },
            ],
            pageInfo: { endCursor: '', hasNextPage: false },
          },
        }),
      'shop.confirmReceipt': () => json({ order: order({ id: '902', number: 'S-902', status: 'completed' }) }),
    });
    const socket = signIn(root, walletViewer());
    socket.accept('42');
    renderWithStores(
      <VirtuosoMockContext.Provider value={{ viewportHeight: 2000, itemHeight: 200 }}>
        <Orders />
        <PaymentSuccessDialog />
      </VirtuosoMockContext.Provider>,
      root,
      '/en/account/orders',
    );
    const cards = await screen.findAllByTestId('order');
    expect(cards.map((card) => card.dataset.status)).toEqual(['shipped', 'paid', 'pending']);
    expect(within(cards[0]).getByTestId('order-tracking')).toHaveTextContent('SF1');
    expect(within(cards[1]).getByTestId('order-delivery')).toHaveTextContent('KEY-1');
    expect(within(cards[2]).getByRole('button', { name: 'Pay' })).toBeInTheDocument();
    expect(within(cards[2]).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(within(cards[2]).getByText(/^Pay within \d+:\d\d$/)).toBeInTheDocument();

    fireEvent.click(within(cards[0]).getByRole('button', { name: 'Confirm receipt' }));
    await waitFor(() => expect(screen.getAllByTestId('order')[0]).toHaveAttribute('data-status', 'completed'));

    // Live: the pending order was paid elsewhere.
    socket.receive('order' as never, { order: order({ id: '900', status: 'paid', payment: 'qrcode' }) } as never);
    await waitFor(() => expect(screen.getAllByTestId('order')[2]).toHaveAttribute('data-status', 'paid'));
    expect(within(screen.getAllByTestId('order')[2]).getByTestId('order-status')).toHaveTextContent('Paid');
  });
});
