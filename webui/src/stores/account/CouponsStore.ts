import { action, computed, makeObservable, observable, override, reaction } from 'mobx';
import { couponStatus, type CouponEvent, type CouponTab, type CouponView } from '../../models/account';
import type { RootStore } from '../RootStore';
import { PagedStore, type Page, type PageDirection } from '../base/PagedStore';
import { registerStore } from '../lazyStores';

/** The tab a coupon belongs to: an invalid one shows with the expired ones. */
export function couponTab(coupon: CouponView, now = Date.now()): CouponTab {
  const status = couponStatus(coupon, now);
  return status === 'invalid' ? 'expired' : status;
}

/**
 * The member's coupons (account.coupons) of one tab (unused / used / expired), page by page, newest
 * first; the coupon info dialog (account.coupon), gifting (account.couponPush) and redeeming
 * (account.couponRedeem). The `coupon` session event brings a coupon gifted to the member live.
 */
export class CouponsStore extends PagedStore<CouponView, CouponView> {
  tab: CouponTab = 'unused';
  /** The code of the coupon whose info dialog is open. */
  openCode: string | null = null;
  /** A coupon read alone (the info dialog of a coupon not in the tab's list). */
  readonly single = observable.map<string, CouponView>();
  /** The coupons a gift or a redeem is on its way for. */
  readonly busy = observable.set<string>();
  /** Coupons received live since the page was last seen. */
  received = 0;

  constructor(root: RootStore) {
    super(root, 'CouponsStore');
    makeObservable(this, {
      tab: observable,
      openCode: observable,
      received: observable,
      ordered: computed,
      openCoupon: computed,
      receive: override,
      setTab: action,
      open: action,
      close: action,
      receiveEvent: action,
      seen: action,
    });
    // The `coupon` event comes through the RootStore, which builds this store for it.
    reaction(
      () => root.auth.viewer?.id ?? null,
      () => {
        this.reset();
        this.single.clear();
        this.openCode = null;
        this.received = 0;
      },
    );
  }

  protected idOf(data: CouponView) {
    return data.code;
  }

  protected create(data: CouponView) {
    return data;
  }

  protected update(coupon: CouponView, data: CouponView) {
    Object.assign(coupon, data);
  }

  /** Newest first. */
  get ordered(): CouponView[] {
    return [...this.data.values()].sort((a, b) => (b.createdAt ?? 0) - (a.createdAt ?? 0) || a.code.localeCompare(b.code));
  }

  /** Keeps a coupon of the tab shown only. */
  override receive(data: CouponView): void {
    if (couponTab(data) === this.tab) this.add(data);
    else this.remove(data.code);
  }

  get openCoupon(): CouponView | null {
    if (!this.openCode) return null;
    return this.data.get(this.openCode) ?? this.single.get(this.openCode) ?? null;
  }

  setTab(tab: CouponTab) {
    if (tab === this.tab) return;
    this.tab = tab;
    this.reset();
    void this.loadLatest();
  }

  /** Opens the info dialog of a coupon, reading it fresh (account.coupon). */
  open(code: string) {
    this.openCode = code;
    void this.refresh(code);
  }

  close() {
    this.openCode = null;
  }

  seen() {
    this.received = 0;
  }

  /** Reads one coupon again; null when it could not be read (a toast said why). */
  async refresh(code: string): Promise<CouponView | null> {
    const generation = this.generation;
    const result = await this.root.client.call('account.coupon', { couponCode: code });
    if (!result.ok) {
      // A coupon given away meanwhile is no longer the member's: say so only when the dialog needs it.
      if (this.openCode === code && !this.openCoupon) this.root.client.showError(result.error);
      return null;
    }
    this.inAction('refresh', () => {
      if (!this.isCurrent(generation)) return;
      this.single.set(code, result.data.coupon);
      if (this.data.has(code)) this.receive(result.data.coupon);
    });
    return result.data.coupon;
  }

  /** A coupon gifted to the member: it joins the unused tab (when shown), and a toast names it. */
  receiveEvent(event: CouponEvent) {
    const coupon = event?.coupon;
    if (!coupon?.code) return;
    this.single.set(coupon.code, coupon);
    if (this.isLoaded) this.receive(coupon);
    this.received += 1;
    this.root.toasts.info(this.root.t('coupon.received', { name: coupon.name || coupon.code }));
  }

  /**
   * Gives a coupon to another member (SPEC §6: only when it allows it and a recipient is chosen).
   * The coupon leaves the member's list; toast pushSuccess. True once given.
   */
  async push(code: string, toUserId: string): Promise<boolean> {
    if (!toUserId || this.busy.has(code)) return false;
    this.inAction('push', () => this.busy.add(code));
    const reply = await this.root.client.request('account.couponPush', { couponCode: code, toUserId });
    const ok = reply?.success === true;
    this.inAction('push', () => {
      this.busy.delete(code);
      if (!ok) return;
      this.remove(code);
      this.single.delete(code);
      if (this.openCode === code) this.openCode = null;
    });
    if (ok) this.root.toasts.success(this.root.t('coupon.pushSuccess'));
    return ok;
  }

  /** Redeems an exchange coupon into balance, credit or level; true once redeemed. */
  async redeem(code: string): Promise<boolean> {
    if (this.busy.has(code)) return false;
    this.inAction('redeem', () => this.busy.add(code));
    const reply = await this.root.client.request('account.couponRedeem', { couponCode: code });
    this.inAction('redeem', () => {
      this.busy.delete(code);
      if (!reply?.coupon) return;
      this.single.set(code, reply.coupon);
      this.receive(reply.coupon);
    });
    if (reply?.coupon) this.root.toasts.success(this.root.t('coupon.redeemSuccess'));
    return Boolean(reply?.coupon);
  }

  protected async fetchPage(_direction: PageDirection, after: string): Promise<Page<CouponView> | null> {
    const viewerId = this.root.auth.viewer?.id;
    if (!viewerId) return null;
    const tab = this.tab;
    const reply = await this.root.client.request('account.coupons', { status: tab, ...(after ? { after } : {}) });
    if (!reply || this.root.auth.viewer?.id !== viewerId || this.tab !== tab) return null;
    return {
      items: reply.coupons.edges.map((edge) => edge.node),
      newerCursor: reply.coupons.pageInfo.endCursor,
      hasNewer: reply.coupons.pageInfo.hasNextPage,
    };
  }
}

registerStore('coupons', (root) => new CouponsStore(root));
