import { makeAutoObservable, reaction, runInAction } from 'mobx';
import type { GrowthData } from '../api/wallet';
import type { RootStore } from './RootStore';
import { registerStore } from './lazyStores';

/** How a member earns growth points (contract §3 Growth), in the order the tips list them. */
export const GROWTH_REASONS = ['signIn', 'chat', 'message', 'topic', 'answer', 'like'] as const;

/**
 * The viewer's growth (account.growth): points, level, the next level's threshold and today's
 * points per reason, and the daily sign-in (account.signIn).
 */
export class GrowthStore {
  growth: GrowthData | null = null;
  isFetching = false;
  isSigningIn = false;

  constructor(readonly root: RootStore) {
    makeAutoObservable(this, { root: false });
    root.realtime.socket.on('viewer', (event) => {
      if (event.reason === 'level' && this.growth) void this.fetch();
    });
    reaction(
      () => `${root.locale.lang}:${root.auth.viewer?.id ?? ''}`,
      () => {
        const had = this.growth !== null;
        this.growth = null;
        if (had) void this.fetch();
      },
    );
  }

  /** Progress to the next level in percent (0..100); 100 at the top level. */
  get percent(): number {
    const growth = this.growth;
    if (!growth) return 0;
    if (!growth.next) return 100;
    if (growth.next.minPoints <= 0) return 100;
    return Math.max(0, Math.min(100, Math.floor((growth.points * 100) / growth.next.minPoints)));
  }

  /** Points still needed for the next level, 0 at the top. */
  get pointsToNext(): number {
    const growth = this.growth;
    return growth?.next ? Math.max(0, growth.next.minPoints - growth.points) : 0;
  }

  async fetch() {
    if (!this.root.auth.isLoggedIn || this.isFetching) return;
    this.isFetching = true;
    const reply = await this.root.client.request('account.growth', {});
    runInAction(() => {
      this.isFetching = false;
      if (reply?.growth) this.growth = reply.growth;
    });
  }

  /** The daily sign-in: points once per UTC day, a toast either way. */
  async signIn(): Promise<boolean> {
    if (!this.root.auth.requireLogin() || this.isSigningIn) return false;
    this.isSigningIn = true;
    const reply = await this.root.client.request('account.signIn', {});
    runInAction(() => {
      this.isSigningIn = false;
      if (reply?.growth) this.growth = reply.growth;
    });
    if (!reply) return false;
    this.root.toasts.success(this.root.t('growth.signIn.done'));
    return true;
  }
}

registerStore('growth', (root) => new GrowthStore(root));
