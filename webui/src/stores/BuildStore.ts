import { makeAutoObservable, runInAction } from 'mobx';
import { updateServiceWorker } from '../platform/serviceWorker';
import type { RootStore } from './RootStore';

export const BUILD_POLL_MS = 5 * 60 * 1000;

/** Watches builds/latest.json and offers a reload when a new build is deployed. */
export class BuildStore {
  latestId: string | null = null;
  dismissed = false;
  private timer: ReturnType<typeof setInterval> | undefined;
  private onVisible = () => {
    if (document.visibilityState === 'visible') void this.check();
  };

  constructor(
    readonly root: RootStore,
    readonly currentId: string,
  ) {
    makeAutoObservable(this, { root: false, currentId: false });
  }

  get hasNewBuild() {
    return Boolean(this.currentId && this.latestId && this.latestId !== this.currentId);
  }

  get showNotice() {
    return this.hasNewBuild && !this.dismissed;
  }

  start(intervalMs = BUILD_POLL_MS) {
    this.timer = setInterval(() => void this.check(), intervalMs);
    document.addEventListener('visibilitychange', this.onVisible);
  }

  stop() {
    clearInterval(this.timer);
    document.removeEventListener('visibilitychange', this.onVisible);
  }

  /** Reads the latest build id; a failure to read it is ignored (SPEC §8). */
  async check() {
    // Offline or deploying: nothing is shown, the next poll tries again.
    const result = await this.root.client.get<{ id?: string }>(`/builds/latest.json?t=${Date.now()}`, { cache: 'no-store' });
    const id = result.ok ? result.data.id : undefined;
    if (typeof id === 'string') {
      runInAction(() => {
        this.latestId = id;
      });
      // The service worker of the new build installs now, so the reload gets the new app, not the cached one.
      if (this.hasNewBuild) void updateServiceWorker();
    }
  }

  dismiss() {
    this.dismissed = true;
  }

  reload() {
    window.location.reload();
  }
}
