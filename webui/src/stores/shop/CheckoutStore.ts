import { makeAutoObservable, reaction, runInAction } from 'mobx';
import { QR_COUNTDOWN_SECONDS, type PaymentData } from '../../api/wallet';
import type { CouponView } from '../../models/account';
import { newClientId, type CheckoutReply, type OrderView, type PaymentMethod, type PaymentSuccess } from '../../models/shop';
import type { RootStore } from '../RootStore';
import type { ShopStore } from './ShopStore';
import { registerStore } from '../lazyStores';
// The orders store is read with this one: its module registers it.
import './OrdersStore';

/** How often an order paid by QR is asked for while its dialog is open (the `order` event usually says first). */
export const ORDER_POLL_MS = 3000;

/** A coupon of the member's, as the checkout offers it. */
export type CouponChoice = Pick<CouponView, 'code' | 'name' | 'faceValue' | 'minSpend'>;

/**
 * The checkout (contract "Checkout and orders"): which cart lines, the address (when a line is
 * physical), a coupon, the payment method, and shop.checkout with a clientId kept across retries of
 * the same checkout. Money and credit answer the payment success at once; a QR payment opens the
 * payment QR dialog (TopUpStore's, countdown restarting on each opening) and the order is watched
 * (the `order` event, the stored notification's event, and a poll of shop.order) until it is paid.
 */
export class CheckoutStore {
  /** The variants chosen (null: every available line). */
  selected: string[] | null = null;
  addressId = '';
  payment: PaymentMethod = 'money';
  clientId = newClientId('checkout');
  isSubmitting = false;
  /** The last refusal, translated by the server. */
  error = '';
  /** The payment success dialog's data while it shows. */
  success: PaymentSuccess | null = null;
  /** The order being paid by QR. */
  pendingOrder: OrderView | null = null;
  coupons: CouponChoice[] = [];
  couponsLoaded = false;

  private pollTimer: ReturnType<typeof setInterval> | undefined;
  private isPolling = false;
  /** The orders whose success was shown (the event, the poll and the QR dialog may all tell). */
  private readonly shownFor = new Set<string>();

  constructor(
    readonly root: RootStore,
    readonly shop: ShopStore,
  ) {
    makeAutoObservable<CheckoutStore, 'pollTimer' | 'isPolling' | 'shownFor'>(this, {
      root: false,
      shop: false,
      pollTimer: false,
      isPolling: false,
      shownFor: false,
    });
    reaction(
      () => root.auth.viewer?.id ?? null,
      () => this.reset(),
    );
    reaction(
      () => root.peek('topUp')?.isOpen ?? false,
      (open) => {
        if (!open) this.stopPolling();
        else if (this.pendingOrder && root.peek('topUp')?.payment?.purpose === 'order') this.startPolling();
      },
    );
  }

  get cart() {
    return this.shop.cart;
  }

  /** The lines the order takes: the chosen available ones. */
  get chosenLines() {
    const lines = this.cart.lines.filter((line) => line.available);
    if (this.selected === null) return lines;
    return lines.filter((line) => this.selected!.includes(line.variantId));
  }

  /** Every line of the cart is chosen (the cart's totals are the order's). */
  get isWholeCart(): boolean {
    return this.chosenLines.length === this.cart.lines.length;
  }

  isChosen(variantId: string): boolean {
    return this.chosenLines.some((line) => line.variantId === variantId);
  }

  toggle(variantId: string) {
    const chosen = this.chosenLines.map((line) => line.variantId);
    this.selected = chosen.includes(variantId) ? chosen.filter((id) => id !== variantId) : [...chosen, variantId];
    this.error = '';
  }

  /** Only this variant (buy now). */
  chooseOnly(variantId: string) {
    this.selected = [variantId];
  }

  chooseAll() {
    this.selected = null;
  }

  setAddress(id: string) {
    this.addressId = id;
    this.error = '';
  }

  setPayment(method: PaymentMethod) {
    this.payment = method;
    this.error = '';
  }

  /** A physical line needs an address (the cart says so for the whole cart). */
  get needsAddress(): boolean {
    return Boolean(this.cart.view?.needsAddress);
  }

  /** What stops the submit, as an i18n key; "" when nothing does. */
  get blocker(): string {
    if (this.chosenLines.length === 0) return 'shop.checkout.noLines';
    if (this.needsAddress && !this.addressId) return 'shop.error.address';
    return '';
  }

  /** The member's unused coupons (account.coupons). */
  async loadCoupons() {
    const result = await this.root.client.call('account.coupons', { status: 'unused' });
    runInAction(() => {
      this.couponsLoaded = true;
      if (result.ok) this.coupons = result.data.coupons.edges.map((edge) => edge.node);
    });
  }

  /** Places the order (shop.checkout). */
  async submit(): Promise<boolean> {
    if (this.isSubmitting || !this.root.auth.requireLogin()) return false;
    const blocker = this.blocker;
    if (blocker) {
      this.error = this.root.t(blocker);
      return false;
    }
    this.isSubmitting = true;
    this.error = '';
    const all = this.isWholeCart;
    const couponCode = this.cart.couponCode.trim();
    const result = await this.root.client.call('shop.checkout', {
      clientId: this.clientId,
      ...(all ? {} : { variantIds: this.chosenLines.map((line) => line.variantId) }),
      ...(this.addressId ? { addressId: this.addressId } : {}),
      ...(couponCode ? { couponCode } : {}),
      payment: this.payment,
    });
    runInAction(() => (this.isSubmitting = false));
    if (!result.ok) {
      runInAction(() => {
        this.error = result.error.messages.join(' ');
        // A refusal made nothing: the next try is a new checkout. A server that could not answer may
        // have made the order: the retry sends the same clientId and gets it.
        if (result.error.statusCode > 0 && result.error.statusCode < 500) this.clientId = newClientId('checkout');
      });
      return false;
    }
    runInAction(() => {
      this.clientId = newClientId('checkout');
      this.selected = null;
    });
    this.shop.orders.apply(result.data.order);
    void this.cart.ordered();
    this.answered(result.data);
    return true;
  }

  /** Pays a pending order again (shop.payOrder): a QR payment is new each time, its countdown from 300 s. */
  async payOrder(order: OrderView, method: PaymentMethod): Promise<boolean> {
    if (this.isSubmitting) return false;
    this.isSubmitting = true;
    const result = await this.root.client.call('shop.payOrder', { orderId: order.id, payment: method });
    runInAction(() => (this.isSubmitting = false));
    if (!result.ok) {
      this.root.client.showError(result.error);
      return false;
    }
    this.shop.orders.apply(result.data.order);
    this.answered(result.data);
    return true;
  }

  /** What checkout or payOrder answered: the success, or the QR dialog of the order. */
  private answered(reply: CheckoutReply) {
    const { order, success, qr, paymentId } = reply;
    if (order.status !== 'pending') {
      this.paid(order, success);
      return;
    }
    if (!qr || !paymentId) return;
    this.pendingOrder = order;
    const now = Date.now();
    const payment: PaymentData = {
      id: paymentId,
      status: 'pending',
      purpose: 'order',
      currency: order.total.currency,
      amount: order.total.amount,
      createdAt: now,
      expiresAt: now + QR_COUNTDOWN_SECONDS * 1000,
      paidAt: 0,
    };
    this.root.withStore('topUp', (topUp) => topUp.present(payment, qr, () => void this.check(order.id)));
    this.startPolling();
  }

  /** An order changed (its event, a reply): a pending one paid closes the QR dialog with the success. */
  orderChanged(order: OrderView) {
    if (this.pendingOrder?.id !== order.id) return;
    if (order.status === 'pending') return;
    this.pendingOrder = null;
    if (order.status === 'paid' || order.status === 'shipped' || order.status === 'delivered' || order.status === 'completed') {
      void this.check(order.id);
    } else {
      this.stopPolling();
      this.root.peek('topUp')?.reset();
    }
  }

  /** Asks for the order being paid (shop.order); paid, it shows the success. */
  async check(orderId = this.pendingOrder?.id) {
    if (!orderId || this.isPolling) return;
    this.isPolling = true;
    const result = await this.root.client.call('shop.order', { orderId });
    this.isPolling = false;
    if (!result.ok) return;
    const { order, success } = result.data;
    this.shop.orders.apply(order);
    if (order.status === 'pending' || order.status === 'cancelled' || order.status === 'expired') {
      if (order.status !== 'pending' && this.pendingOrder?.id === order.id) {
        runInAction(() => (this.pendingOrder = null));
        this.stopPolling();
      }
      return;
    }
    this.paid(order, success);
  }


  /** The order is paid: close the QR dialog, show the success once. */
  private paid(order: OrderView, success?: PaymentSuccess) {
    this.stopPolling();
    if (this.pendingOrder?.id === order.id) this.pendingOrder = null;
    if (this.root.peek('topUp')?.payment?.purpose === 'order') this.root.peek('topUp')?.reset();
    if (this.shownFor.has(order.id)) return;
    this.shownFor.add(order.id);
    this.success = success ?? successOf(order, this.root.wallet.symbol(order.total.currency));
    void this.root.wallet.fetch();
  }

  closeSuccess() {
    this.success = null;
  }

  private startPolling() {
    this.stopPolling();
    this.pollTimer = setInterval(() => void this.check(), ORDER_POLL_MS);
  }

  private stopPolling() {
    clearInterval(this.pollTimer);
    this.pollTimer = undefined;
  }

  reset() {
    this.stopPolling();
    this.selected = null;
    this.addressId = '';
    this.coupons = [];
    this.couponsLoaded = false;
    this.error = '';
    this.success = null;
    this.pendingOrder = null;
    this.clientId = newClientId('checkout');
  }
}

/** The success dialog's data made from an order, when the server sent none. */
export function successOf(order: OrderView, symbol = ''): PaymentSuccess {
  const first = order.lines[0];
  return {
    data: { thumb: first?.thumb ?? '', title: first ? (order.lines.length > 1 ? `${first.title} +${order.lines.length - 1}` : first.title) : order.number },
    coupon: order.coupon,
    symbol,
    finalPrice: order.total.amount,
    payment: order.payment || 'money',
  };
}

registerStore('checkout', (root) => new CheckoutStore(root, root.shop));
