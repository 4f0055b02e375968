import { reaction } from 'mobx';
import type { OrderView } from '../../models/shop';
import type { RootStore } from '../RootStore';
import { CartStore } from './CartStore';
import type { CheckoutStore } from './CheckoutStore';
import type { OrdersStore } from './OrdersStore';
import { ProductsStore } from './ProductsStore';

/**
 * The shop's stores (issue 16): products, the cart, the checkout and the member's orders. The
 * buyer's `order` session event, and the stored `order` notification pushed live beside it,
 * keep the orders and a QR payment in progress up to date.
 */
export class ShopStore {
  readonly products: ProductsStore;
  readonly cart: CartStore;

  constructor(readonly root: RootStore) {
    this.products = new ProductsStore(root);
    this.cart = new CartStore(root);
    const socket = root.realtime.socket;
    socket.on('order', (data) => {
      if (data?.order) this.orderChanged(data.order);
    });
    socket.on('notification', (event) => {
      const notification = event?.notification;
      if (notification?.type !== 'order') return;
      const orderId = orderIdOf(notification.content);
      // The orders store loads with the orders page: until then it holds nothing to update.
      const orders = root.peek('orders');
      if (orders && orderId) void orders.refresh(orderId);
      else if (orders?.isLoaded) void orders.loadFirst();
      const checkout = root.peek('checkout');
      if (checkout?.pendingOrder) void checkout.check();
    });
    reaction(
      () => root.auth.viewer?.id ?? null,
      () => root.peek('orders')?.reset(),
    );
  }

  /** The member's orders, built on first use with the orders page (stores/lazyStores.ts). */
  get orders(): OrdersStore {
    return this.root.store('orders');
  }

  /** The checkout, built on first use with the cart's screen (stores/lazyStores.ts). */
  get checkout(): CheckoutStore {
    return this.root.store('checkout');
  }

  /** An order of the viewer's changed. */
  orderChanged(order: OrderView) {
    this.root.peek('orders')?.apply(order);
    this.root.peek('checkout')?.orderChanged(order);
  }
}

/** The order a notification's content names (`orderId`, or an `/account/orders?order=` link), if any. */
export function orderIdOf(content: unknown): string {
  let value = content;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return '';
    }
  }
  if (typeof value !== 'object' || value === null) return '';
  const record = value as Record<string, unknown>;
  const id = record.orderId ?? record.id;
  if (typeof id === 'string' && /^[1-9][0-9]{0,18}$/.test(id)) return id;
  if (typeof id === 'number' && Number.isSafeInteger(id) && id > 0) return String(id);
  return '';
}
