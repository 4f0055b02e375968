/**
 * The shop's wire types (products, cart, checkout and orders: contract of issue 16), typed by hand
 * until the registry's generated types list them, and the small rules the shop screens share.
 */
import type { RequestClient, RequestResult } from '../api/client';
import type { RealtimeSocket } from '../api/socket';
import { fixDecimals } from '../utils/money';

/** An amount in a currency: `{ currency: "CNY", amount: "12.30" }` (decimal text). */
export interface Money {
  currency: string;
  amount: string;
}

/** A list page of the server: edges and where the next page starts. */
export interface ListPage<T> {
  edges: { node: T; cursor?: string }[];
  pageInfo: { endCursor?: string; hasNextPage: boolean };
}

export interface ProductTerm {
  id: string;
  slug: string;
  name: string;
}

export interface VariantView {
  id: string;
  /** Translated; "" for a product's only variant. */
  name: string;
  price: Money;
  listPrice: Money;
  stock: number;
}

export type BuyBlock = '' | 'vip' | 'level' | 'login';

export interface ProductView {
  id: string;
  slug: string;
  /** The product's page without the language prefix: /shop/{slug}-{id}. */
  uri?: string;
  title: string;
  /** Sanitized HTML. */
  description: string;
  excerpt: string;
  images: string[];
  kind: 'physical' | 'digital';
  /** A digital product's delivery: download or code. */
  digitalType?: '' | 'download' | 'code';
  categoryId?: string;
  category?: ProductTerm | null;
  tags: ProductTerm[];
  variants: VariantView[];
  price: Money;
  listPrice: Money;
  vipDiscounts: { tier: string; name: string; percent: number }[];
  roles: { vipOnly: string[]; minLevel: string };
  canBuy: boolean;
  buyBlock: BuyBlock;
  stock: number;
  sold: number;
  createdAt: number;
}

export interface ProductReply {
  product: ProductView;
}

export interface ArchiveReply {
  products: ListPage<ProductView>;
  term?: ProductTerm | null;
}

export type LineProblem = '' | 'stock' | 'gone' | 'price' | 'vip' | 'level';

export interface CartLine {
  variantId: string;
  productId: string;
  title: string;
  variantName: string;
  thumb: string;
  quantity: number;
  stock: number;
  unitPrice: Money;
  lineTotal: Money;
  available: boolean;
  problem: LineProblem;
}

export interface CouponBrief {
  code: string;
  name: string;
  type: string;
  faceValue: Money | null;
  discount: Money | null;
}

export interface CartView {
  lines: CartLine[];
  count: number;
  subtotal: Money;
  discount: Money;
  total: Money;
  coupon: CouponBrief | null;
  couponError: string;
  needsAddress: boolean;
}

export interface CartReply {
  cart: CartView;
}

/** One line of the guest's local cart (and of cart.merge / cart.quote). */
export interface CartItem {
  variantId: string;
  quantity: number;
}

export type OrderStatus = 'pending' | 'paid' | 'shipped' | 'delivered' | 'completed' | 'refunded' | 'cancelled' | 'expired';
export const ORDER_STATUSES: OrderStatus[] = ['pending', 'paid', 'shipped', 'delivered', 'completed', 'refunded', 'cancelled', 'expired'];

export type PaymentMethod = 'money' | 'credit' | 'qrcode';
export const PAYMENT_METHODS: PaymentMethod[] = ['money', 'credit', 'qrcode'];

export interface OrderLine {
  variantId: string;
  productId: string;
  title: string;
  variantName: string;
  thumb: string;
  quantity: number;
  unitPrice: Money;
  lineTotal: Money;
}

/** The part of an address an order shows. */
export interface OrderAddress {
  id: string;
  name: string;
  phone: string;
  dialCode: string;
  addressString: string;
  address: string;
  postcode?: string;
  default?: boolean;
  country?: { geonameId: number; name: string };
  province?: { geonameId: number; name: string };
  city?: { geonameId: number; name: string };
  district?: { geonameId: number; name: string };
}

export interface OrderView {
  id: string;
  number: string;
  status: OrderStatus;
  lines: OrderLine[];
  subtotal: Money;
  discount: Money;
  total: Money;
  coupon: CouponBrief | null;
  payment: '' | PaymentMethod;
  address: OrderAddress | null;
  delivery: { codes: string[]; url: string } | null;
  trackingNo: string;
  createdAt: number;
  paidAt: number;
  expiresAt: number;
  history: { status: OrderStatus; at: number }[];
}

/** The payment success dialog's data (SPEC §3). */
export interface PaymentSuccess {
  data: { thumb: string; title: string };
  coupon: CouponBrief | null;
  symbol: string;
  finalPrice: string;
  payment: PaymentMethod;
}

/** The payment QR dialog's data (SPEC §3). */
export interface QrData {
  title: string;
  qrcode: string;
  symbol: string;
  amount: string;
  description: string;
}

export interface CheckoutReply {
  order: OrderView;
  success?: PaymentSuccess;
  qr?: QrData;
  paymentId?: string;
}

export interface OrderReply {
  order: OrderView;
  success?: PaymentSuccess;
}

export interface OrdersReply {
  orders: ListPage<OrderView>;
}

/** The live `stock` event of the channel `product:<id>`. */
export interface StockEvent {
  productId: string;
  variants: { id: string; stock: number }[];
}

// ---------- Rules ----------

/** The page of a product: `/shop/{slug}-{id}`, or `/shop/{id}` without a slug. */
export function productPath(product: { slug?: string; id: string; uri?: string }): string {
  if (product.uri?.startsWith('/shop/')) return product.uri;
  const slug = encodeURIComponent(product.slug ?? '');
  return slug ? `/shop/${slug}-${product.id}` : `/shop/${product.id}`;
}

/** The page of a product tag: `/shop-tag/{slug}-{id}`. */
export function productTagPath(tag: ProductTerm): string {
  const slug = encodeURIComponent(tag.slug ?? '');
  return slug ? `/shop-tag/${slug}-${tag.id}` : `/shop-tag/${tag.id}`;
}

/** The page of a product category: `/shop-archive/{slug}-{id}`. */
export function productCategoryPath(category: ProductTerm): string {
  const slug = encodeURIComponent(category.slug ?? '');
  return slug ? `/shop-archive/${slug}-${category.id}` : `/shop-archive/${category.id}`;
}

/** The live channel of a product's stock. */
export const productChannel = (productId: string) => `product:${productId}`;

/** An amount as text with the 2 decimals a currency shows (SPEC §9). */
export function twoDecimals(amount: string): string {
  return fixDecimals(amount || '0', 2);
}

/** Whether a list price is above the price (a VIP discount applies). */
export function isDiscounted(price: Money | null | undefined, listPrice: Money | null | undefined): boolean {
  if (!price || !listPrice || price.currency !== listPrice.currency) return false;
  return Number(listPrice.amount) > Number(price.amount);
}

/** A quantity clamped to 1..stock (0 when nothing is left). */
export function clampQuantity(quantity: number, stock: number): number {
  const max = Math.max(0, Math.floor(stock));
  if (max === 0) return 0;
  const q = Math.floor(Number.isFinite(quantity) ? quantity : 1);
  return Math.min(max, Math.max(1, q));
}

/** Orders a member may still pay or cancel. */
export const isPending = (order: Pick<OrderView, 'status'>) => order.status === 'pending';
/** Orders whose receipt a member may confirm. */
export const canConfirmReceipt = (order: Pick<OrderView, 'status'>) => order.status === 'shipped' || order.status === 'delivered';

// ---------- Calls ----------

/**
 * Performs a shop action the generated registry types do not list yet (or list already: the call is
 * the same), returning the failure instead of showing it.
 */
export function shopCall<T>(client: RequestClient, action: string, data: object = {}): Promise<RequestResult<T>> {
  const call = client.call.bind(client) as unknown as (action: string, data?: unknown) => Promise<RequestResult<T>>;
  return call(action, data);
}

/** As shopCall, showing a failure as toasts; null on failure. */
export async function shopRequest<T>(client: RequestClient, action: string, data: object = {}): Promise<T | null> {
  const result = await shopCall<T>(client, action, data);
  if (result.ok) return result.data;
  client.showError(result.error);
  return null;
}

/** Listens to a session event the generated types do not list yet (`order`). */
export function onShopEvent<T>(socket: RealtimeSocket, event: 'order', listener: (data: T) => void): () => void {
  const on = socket.on.bind(socket) as unknown as (event: string, listener: (data: T) => void) => () => void;
  return on(event, listener);
}

/** A fresh client id (8..100 of [A-Za-z0-9:_-]) for a checkout that must happen once. */
export function newClientId(prefix: string): string {
  const random =
    typeof crypto !== 'undefined' && 'randomUUID' in crypto
      ? crypto.randomUUID().replace(/-/g, '')
      : `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
  return `${prefix}:${random}`.slice(0, 100);
}
