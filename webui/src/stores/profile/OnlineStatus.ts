import { action, makeObservable, observable } from 'mobx';
import type { RootStore } from '../RootStore';

/** How often an open profile asks again whether its member is online (the server looks at most every 15 s). */
export const ONLINE_POLL_MS = 30_000;

/**
 * Whether a member has a live connection (profile.online), for the profile's online dot: asked when
 * the profile opens and again every {@link ONLINE_POLL_MS} while it stays open and the tab is visible.
 */
export class OnlineStatus {
  /** null until the first answer. */
  online: boolean | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly root: RootStore,
    readonly userId: string,
  ) {
    makeObservable(this, { online: observable, set: action });
  }

  set(online: boolean) {
    this.online = online;
  }

  /** Asks once now, then on every period; returns the function that stops it. */
  start(): () => void {
    void this.refresh();
    this.timer = setInterval(() => {
      if (typeof document === 'undefined' || !document.hidden) void this.refresh();
    }, ONLINE_POLL_MS);
    return () => this.stop();
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  async refresh() {
    // The dot is a hint: a failed look shows nothing new and no error.
    const reply = await this.root.client.call('profile.online', { userId: this.userId });
    if (reply.ok) this.set(reply.data.online.online);
  }
}
