/** Shop data for the tests of the shop's stores and components. */
import type { CartLine, CartView, Money, OrderView, ProductView } from '../../models/shop';

export const money = (amount: string, currency = 'USD'): Money => ({ currency, amount });

export function product(overrides: Partial<ProductView> = {}): ProductView {
  const { id = '500', slug = 'tea-mug' } = overrides;
  return {
    id,
    slug,
    uri: `/shop/${slug}-${id}`,
    title: 'Tea mug',
    description: '<p>A mug for tea.</p>',
    excerpt: 'A mug',
    images: ['/media/mug-1.jpg', '/media/mug-2.jpg'],
    kind: 'physical',
    digitalType: '',
    categoryId: '',
    tags: [{ id: '9', slug: 'kitchen', name: 'Kitchen' }],
    variants: [
      { id: '501', name: 'Blue', price: money('9.00'), listPrice: money('10.00'), stock: 3 },
      { id: '502', name: 'Red', price: money('9.00'), listPrice: money('10.00'), stock: 0 },
    ],
    price: money('9.00'),
    listPrice: money('10.00'),
    vipDiscounts: [{ tier: 'vip1', name: 'Silver', percent: 10 }],
    roles: { vipOnly: [], minLevel: '' },
    canBuy: true,
    buyBlock: '',
    stock: 3,
    sold: 12,
    createdAt: 1_795_000_000_000,
    ...overrides,
  };
}

export function line(variantId: string, quantity: number, overrides: Partial<CartLine> = {}): CartLine {
  const unit = overrides.unitPrice ?? money('9.00');
  return {
    variantId,
    productId: '500',
    title: `Item ${variantId}`,
    variantName: 'Blue',
    thumb: '',
    quantity,
    stock: 5,
    unitPrice: unit,
    lineTotal: money((Number(unit.amount) * quantity).toFixed(2), unit.currency),
    available: true,
    problem: '',
    ...overrides,
  };
}

export function cartView(lines: CartLine[], currency = 'USD', overrides: Partial<CartView> = {}): CartView {
  const cents = lines.reduce((sum, l) => sum + Math.round(Number(l.lineTotal.amount) * 100), 0);
  const total = money((cents / 100).toFixed(2), currency);
  return {
    lines,
    count: lines.reduce((sum, l) => sum + l.quantity, 0),
    subtotal: total,
    discount: money('0.00', currency),
    total,
    coupon: null,
    couponError: '',
    needsAddress: false,
    ...overrides,
  };
}

export function order(overrides: Partial<OrderView> = {}): OrderView {
  return {
    id: '900',
    number: 'S20261124-900',
    status: 'pending',
    lines: [
      { variantId: '501', productId: '500', title: 'Tea mug', variantName: 'Blue', thumb: '/media/mug-1.jpg', quantity: 2, unitPrice: money('9.00'), lineTotal: money('18.00') },
    ],
    subtotal: money('18.00'),
    discount: money('0.00'),
    total: money('18.00'),
    coupon: null,
    payment: 'qrcode',
    address: null,
    delivery: null,
    trackingNo: '',
    createdAt: 1_795_000_000_000,
    paidAt: 0,
    expiresAt: 1_795_000_900_000,
    history: [{ status: 'pending', at: 1_795_000_000_000 }],
    ...overrides,
  };
}

export const qr = {
  title: 'Order S20261124-900',
  qrcode: 'http://localhost/en/pay/sandbox/77?t=signed',
  symbol: '$',
  amount: '18.00',
  description: 'Scan with your phone',
};
