/**
 * The shop's names and small rules (products, cart, checkout and orders: contract of issue 16). The
 * wire types themselves are generated from the server's registry (`wire.gen.ts`).
 */
import type { ShopMoney as Money, OrderView, Term as ProductTerm } from '../api/wire.gen';
import { fixDecimals } from '../utils/money';

export type {
  CartLine,
  CartView,
  CheckoutReply,
  ItemInput as CartItem,
  OrderView,
  PaymentSuccess,
  ProductArchiveReply as ArchiveReply,
  ProductReply,
  ProductView,
  ShopMoney as Money,
  Term as ProductTerm,
} from '../api/wire.gen';
export { newIdemKey as newClientId } from '../api/wallet';

/** The statuses of an order (OrderView.status). */
export type OrderStatus = 'pending' | 'paid' | 'shipped' | 'delivered' | 'completed' | 'refunded' | 'cancelled' | 'expired';

/** How an order is paid (shop.checkout's and shop.payOrder's payment, OrderView.payment). */
export type PaymentMethod = 'money' | 'credit' | 'qrcode';
export const PAYMENT_METHODS: PaymentMethod[] = ['money', 'credit', 'qrcode'];

/** The live `stock` event of the channel `product:<id>` (a live frame's data, which the registry leaves untyped). */
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

/** Orders a member may still pay or cancel. */
export const isPending = (order: Pick<OrderView, 'status'>) => order.status === 'pending';
/** Orders whose receipt a member may confirm. */
export const canConfirmReceipt = (order: Pick<OrderView, 'status'>) => order.status === 'shipped' || order.status === 'delivered';
