import { reaction } from 'mobx';
import type { OrderView } from '../../models/shop';
import type { RootStore } from '../RootStore';
import { CartStore } from './CartStore';
import { CheckoutStore } from './CheckoutStore';
import { OrdersStore } from './OrdersStore';
import { ProductsStore } from './ProductsStore';

/**
 * The shop's stores (issue 16): products, the cart, the checkout and the member's orders. The
 * buyer's `order` session event, and the stored `order` notification pushed live beside it,
 * keep the orders and a QR payment in progress up to date.
 */
export class ShopStore {
  readonly products: ProductsStore;
  readonly cart: CartStore;
  readonly orders: OrdersStore;
  readonly checkout: CheckoutStore;

  constructor(readonly root: RootStore) {
    this.products = new ProductsStore(root);
    this.cart = new CartStore(root);
    this.orders = new OrdersStore(root);
    this.checkout = new CheckoutStore(root, this);
    const socket = root.realtime.socket;
    socket.on('order', (data) => {
      if (data?.order) this.orderChanged(data.order);
    });
    socket.on('notification', (event) => {
      const notification = event?.notification;
      if (notification?.type !== 'order') return;
      const orderId = orderIdOf(notification.content);
      if (orderId) void this.orders.refresh(orderId);
      else if (this.orders.isLoaded) void this.orders.loadFirst();
      if (this.checkout.pendingOrder) void this.checkout.check();
    });
    reaction(
      () => root.auth.viewer?.id ?? null,
      () => this.orders.reset(),
    );
  }

  /** An order of the viewer's changed. */
  orderChanged(order: OrderView) {
    this.orders.apply(order);
    this.checkout.orderChanged(order);
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
