import { makeAutoObservable, reaction, runInAction } from 'mobx';
import { newIdemKey, type MembershipData, type TierData } from '../api/wallet';
import type { RootStore } from './RootStore';
import { registerStore } from './lazyStores';

/** A purchase waiting for the member's confirmation; its idempotency key is made once per confirmation. */
export interface PendingPurchase {
  tier: TierData;
  /** A currency code or "CREDIT". */
  currency: string;
  idemKey: string;
}

/**
 * The VIP tiers and the viewer's membership (wallet.memberships), and buying one
 * (wallet.buyMembership) behind a confirmation. The viewer is read again when the server says the
 * rights changed (the `viewer` event), and so is the membership shown here.
 */
export class MembershipsStore {
  tiers: TierData[] = [];
  current: MembershipData | null = null;
  isFetching = false;
  isLoaded = false;
  pending: PendingPurchase | null = null;
  isBuying = false;

  /** The language and viewer the tiers were read for. */
  private loadedFor = '';

  constructor(readonly root: RootStore) {
    makeAutoObservable<MembershipsStore, 'loadedFor'>(this, { root: false, loadedFor: false });
    root.realtime.socket.on('viewer', (event) => {
      if (event.reason === 'membership' && this.isLoaded) void this.fetch(true);
    });
    reaction(
      () => `${root.locale.lang}:${root.auth.viewer?.id ?? ''}`,
      () => {
        this.current = null;
        this.pending = null;
        if (this.isLoaded) void this.fetch(true);
      },
    );
  }

  /** The tier the viewer holds, when it is one of those listed. */
  get currentTier(): TierData | null {
    const key = this.current?.key;
    return (key && this.tiers.find((tier) => tier.key === key)) || null;
  }

  async fetch(force = false) {
    const key = `${this.root.locale.lang}:${this.root.auth.viewer?.id ?? ''}`;
    if (this.isFetching || (!force && this.isLoaded && this.loadedFor === key)) return;
    this.isFetching = true;
    const reply = await this.root.client.request('wallet.memberships', {});
    runInAction(() => {
      this.isFetching = false;
      if (!reply) return;
      this.tiers = reply.tiers ?? [];
      this.current = reply.current ?? null;
      this.isLoaded = true;
      this.loadedFor = key;
    });
  }

  /** Asks to confirm buying `tier` with `currency` (a guest gets the login box instead). */
  askToBuy(tier: TierData, currency: string) {
    if (!this.root.auth.requireLogin()) return;
    this.pending = { tier, currency, idemKey: newIdemKey('vip') };
  }

  cancel() {
    if (!this.isBuying) this.pending = null;
  }

  /**
   * Buys the pending tier. A failure (shown as a toast) keeps the confirmation open with the same
   * key, so pressing again can never buy twice.
   */
  async confirm(): Promise<boolean> {
    const pending = this.pending;
    if (!pending || this.isBuying) return false;
    this.isBuying = true;
    const reply = await this.root.client.request('wallet.buyMembership', {
      tier: pending.tier.key,
      currency: pending.currency,
      idemKey: pending.idemKey,
    });
    runInAction(() => {
      this.isBuying = false;
      if (!reply) return;
      this.root.wallet.apply(reply.wallet);
      this.current = reply.membership;
      this.pending = null;
    });
    if (!reply) return false;
    this.root.toasts.success(this.root.t('wallet.membership.bought', { name: pending.tier.name || pending.tier.key }));
    void this.root.auth.reloadViewer();
    return true;
  }
}

registerStore('memberships', (root) => new MembershipsStore(root));
