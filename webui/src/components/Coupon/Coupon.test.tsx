import { runInAction } from 'mobx';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { signIn, chatViewer } from '../../test/chat';
import { FakeSocket } from '../../test/fakeSocket';
import { stubResizeObserver } from '../../test/radix';
import { renderWithStores } from '../../test/render';
import { apiResponder, createTestRoot, json, mockFetch, type FetchCall } from '../../test/stores';
import CouponsPage from '../../scenes/Account/Coupons';
import { NOW, coupon, page } from '../../stores/account/testData';
import { CouponInfo } from './CouponInfoDialog';
import { CouponExpiry, CouponStatusChip } from './CouponStatusChip';

function requests(calls: FetchCall[], action: string) {
  return calls.filter((call) => call.body?.action === action).map((call) => call.body?.data as Record<string, unknown>);
}

function setup(replies: Parameters<typeof apiResponder>[0] = {}) {
  vi.stubGlobal('WebSocket', FakeSocket);
  FakeSocket.reset();
  stubResizeObserver();
  const calls = mockFetch(apiResponder(replies));
  const root = createTestRoot('en');
  runInAction(() => (root.settings.settings = { currency: [{ code: 'CNY', symbol: '¥' }] }));
  const socket = signIn(root, chatViewer({ id: '1' }));
  socket.accept('1');
  return { root, calls, socket };
}

const member = (id: string, name: string) => ({ id, databaseId: id, name, gqSlug: name.toLowerCase(), avatar: { url: '' } });

describe('CouponStatusChip and CouponExpiry', () => {
  it('shows the status SPEC §4 names and the expiry', () => {
    const { root } = setup();
    renderWithStores(
      <>
        <CouponStatusChip coupon={coupon('a', { type: '' })} now={NOW} />
        <CouponStatusChip coupon={coupon('b', { expiredAt: { expiredTime: NOW - 1, hasExpired: false } })} now={NOW} />
        <CouponStatusChip coupon={coupon('c', { status: 'used' })} now={NOW} />
        <CouponStatusChip coupon={coupon('d')} now={NOW} />
        <CouponExpiry coupon={coupon('e')} now={NOW} />
        <CouponExpiry coupon={coupon('f', { expiredAt: { expiredTime: Date.UTC(2026, 11, 31, 12), hasExpired: false } })} now={NOW} />
        <CouponExpiry coupon={coupon('g', { expiredAt: { expiredTime: Date.UTC(2026, 0, 2, 12), hasExpired: true } })} now={NOW} />
      </>,
      root,
    );
    expect(screen.getAllByTestId('coupon-status').map((chip) => chip.textContent)).toEqual(['Invalid', 'Expired', 'Used', 'Unused']);
    expect(screen.getAllByTestId('coupon-expiry').map((node) => node.textContent)).toEqual(['No expiry', 'Expires Dec 31, 2026', 'Expired Jan 2, 2026']);
  });
});

describe('CouponInfo', () => {
  it('shows every field, links the allowed users and restricted products, face value with 2 decimals', () => {
    const { root } = setup();
    renderWithStores(
      <CouponInfo
        coupon={coupon('CODE1', {
          allowPush: false,
          useRestrict: { type: 'ids', users: [{ id: '7', name: 'Ann', slug: 'ann' }] },
          restrictedType: 'ids',
          restrictedProduct: [{ id: '31', title: 'Mug', slug: 'mug' }],
          minSpend: { currency: 'CNY', amount: '50' },
          description: 'For mugs',
        })}
      />,
      root,
      '/en/account/coupons',
    );
    const info = screen.getByTestId('coupon-info');
    expect(within(info).getByText('CODE1')).toBeInTheDocument();
    expect(within(info).getByText('¥10.50')).toBeInTheDocument();
    expect(within(info).getByText('¥50.00')).toBeInTheDocument();
    expect(within(info).getByRole('link', { name: /Ann/ })).toHaveAttribute('href', '/en/profile/ann-7');
    expect(within(info).getByRole('link', { name: 'Mug' })).toHaveAttribute('href', '/en/shop/mug-31');
    expect(within(info).getByText('For mugs')).toBeInTheDocument();
    expect(within(info).getByText('This coupon cannot be given to another member.')).toBeInTheDocument();
    expect(screen.queryByTestId('coupon-gift')).toBeNull();
  });

  it('links the shop categories and tags a coupon is restricted to', () => {
    const { root } = setup();
    renderWithStores(
      <CouponInfo
        coupon={coupon('TERMS1', {
          restrictedType: 'terms',
          restrictedTerms: [
            { id: '41', kind: 'category', slug: 'tea', name: 'Tea' },
            { id: '42', kind: 'tag', slug: 'sale', name: 'Sale' },
          ],
        })}
      />,
      root,
      '/en/account/coupons',
    );
    const terms = screen.getByTestId('coupon-terms');
    expect(within(terms).getByRole('link', { name: 'Tea' })).toHaveAttribute('href', '/en/shop-archive/tea-41');
    expect(within(terms).getByRole('link', { name: 'Sale' })).toHaveAttribute('href', '/en/shop-tag/sale-42');
  });

  it('enables the gift button only once a recipient is chosen, then gives the coupon', async () => {
    const { root, calls } = setup({
      'search.user': () => json({ users: { nodes: [member('1', 'Me'), member('2', 'Bob')] } }),
      'account.couponPush': () => json({ success: true, coupon: coupon('G1') }),
    });
    renderWithStores(<CouponInfo coupon={coupon('G1')} />, root, '/en/account/coupons');
    const gift = screen.getByTestId('coupon-gift');
    expect(gift).toBeDisabled();
    fireEvent.change(screen.getByTestId('coupon-recipient-search'), { target: { value: 'bo' } });
    const bob = await screen.findByRole('button', { name: /Bob/ }, { timeout: 3000 });
    // The viewer is not offered.
    expect(screen.queryByRole('button', { name: /^Me/ })).toBeNull();
    expect(requests(calls, 'search.user')).toEqual([{ key: 'bo', first: 8 }]);
    fireEvent.click(bob);
    expect(screen.getByTestId('coupon-gift')).toBeEnabled();
    expect(screen.getByTestId('coupon-gift')).toHaveTextContent('Give to Bob');
    fireEvent.click(screen.getByTestId('coupon-gift'));
    await waitFor(() => expect(requests(calls, 'account.couponPush')).toEqual([{ couponCode: 'G1', toUserId: '2' }]));
    await waitFor(() => expect(root.toasts.toasts.map((toast) => toast.message)).toContain('Coupon given successfully'));
  });
});

describe('CouponsPage', () => {
  it('lists the tab and shows a coupon gifted live', async () => {
    const { root, socket } = setup({ 'account.coupons': () => json({ coupons: page([coupon('A1')]) }) });
    renderWithStores(<CouponsPage />, root, '/en/account/coupons');
    expect(await screen.findByText('Coupon A1')).toBeInTheDocument();
    act(() => (socket.receive as unknown as (a: string, d: unknown) => void)('coupon', { coupon: coupon('GIFT9', { name: 'Gift from Bob', createdAt: NOW + 1 }) }));
    expect(await screen.findByText('Gift from Bob')).toBeInTheDocument();
    expect(screen.getAllByTestId('coupon-card').map((card) => card.dataset.code)).toEqual(['GIFT9', 'A1']);
    fireEvent.click(screen.getByRole('tab', { name: 'Used' }));
    await waitFor(() => expect(screen.getByText('No used coupons')).toBeInTheDocument());
  });
});
