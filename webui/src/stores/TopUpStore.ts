import { makeAutoObservable, reaction, runInAction } from 'mobx';
import { QR_COUNTDOWN_SECONDS, type PaymentData, type QrData } from '../api/wallet';
import { Countdown } from '../models/Countdown';
import type { RootStore } from './RootStore';
import { registerStore } from './lazyStores';

/** The QR dialog's countdown (it is in api/wallet: the checkout, of the first load, reads it too). */
export { QR_COUNTDOWN_SECONDS };
/** How often the open dialog asks whether the payment was paid (the `wallet` event usually says first). */
export const PAYMENT_POLL_MS = 3000;

/**
 * A top-up (contract §4): wallet.topUp makes a payment and its QR data, the dialog shows the code
 * with its countdown, and the payment is watched (on each `wallet` event and by a poll of
 * wallet.payment) until it is paid, which closes the dialog with a success toast. A payment another
 * feature made through the provider (content.unlock's qrcode entry) is shown and watched the same
 * way (`present`), its own callback running once it is paid instead of the top-up's toast.
 */
export class TopUpStore {
  payment: PaymentData | null = null;
  qr: QrData | null = null;
  isCreating = false;
  isOpen = false;
  readonly countdown = new Countdown();

  private pollTimer: ReturnType<typeof setInterval> | undefined;
  private isChecking = false;
  /** What the payment held buys once paid, when it is not a top-up. */
  private onPaid: (() => void) | null = null;

  constructor(readonly root: RootStore) {
    makeAutoObservable<TopUpStore, 'pollTimer' | 'isChecking' | 'onPaid'>(this, {
      root: false,
      countdown: false,
      pollTimer: false,
      isChecking: false,
      onPaid: false,
    });
    root.realtime.socket.on('wallet', () => void this.check());
    reaction(
      () => root.auth.viewer?.id ?? null,
      () => this.reset(),
    );
  }

  /** The code can no longer be paid: the countdown ran out or the server says so. */
  get isExpired(): boolean {
    if (!this.payment || this.payment.status === 'paid') return false;
    return this.payment.status === 'expired' || !this.countdown.isRunning;
  }

  /** Creates a payment of `amount` (text with the currency's decimals) and opens its QR dialog. */
  async start(currency: string, amount: string): Promise<boolean> {
    if (this.isCreating) return false;
    this.isCreating = true;
    const reply = await this.root.client.request('wallet.topUp', { currency, amount, provider: 'sandbox' });
    runInAction(() => {
      this.isCreating = false;
      if (reply) this.present(reply.payment, reply.qr);
    });
    return reply !== null;
  }

  /**
   * Shows the QR dialog of a payment made through the provider and watches it; `onPaid` runs once it
   * is paid (a top-up, without one, says so with a toast).
   */
  present(payment: PaymentData, qr: QrData, onPaid?: () => void) {
    this.payment = payment;
    this.qr = qr;
    this.onPaid = onPaid ?? null;
    this.open();
  }

  /** Shows the dialog of the payment held; the countdown starts again from 300 s. */
  open() {
    if (!this.payment) return;
    this.isOpen = true;
    this.countdown.start(QR_COUNTDOWN_SECONDS);
    this.stopPolling();
    this.pollTimer = setInterval(() => void this.check(), PAYMENT_POLL_MS);
  }

  close() {
    this.isOpen = false;
    this.countdown.stop();
    this.stopPolling();
  }

  /** Asks whether the payment held is paid; a paid one closes the dialog with a toast. */
  async check() {
    const payment = this.payment;
    if (!payment || payment.status !== 'pending' || this.isChecking || !this.root.auth.isLoggedIn) return;
    if (this.isOpen && this.isExpired) {
      this.stopPolling();
      return;
    }
    this.isChecking = true;
    const result = await this.root.client.call('wallet.payment', { id: payment.id });
    runInAction(() => {
      this.isChecking = false;
      if (!result.ok || this.payment?.id !== payment.id) return;
      this.payment = result.data.payment;
      if (this.payment.status === 'paid') this.paid();
      else if (this.payment.status === 'expired') this.stopPolling();
    });
  }

  private paid() {
    const payment = this.payment;
    const wasOpen = this.isOpen;
    const onPaid = this.onPaid;
    this.onPaid = null;
    this.close();
    void this.root.wallet.fetch();
    if (onPaid) onPaid();
    else if (payment && wasOpen) {
      this.root.toasts.success(
        this.root.t('wallet.topUp.success', { amount: this.root.wallet.format(payment.currency, payment.amount) }),
      );
    }
  }

  private stopPolling() {
    clearInterval(this.pollTimer);
    this.pollTimer = undefined;
  }

  /** The viewer left: forget the payment. */
  reset() {
    this.close();
    this.payment = null;
    this.qr = null;
    this.onPaid = null;
  }
}

registerStore('topUp', (root) => new TopUpStore(root));
