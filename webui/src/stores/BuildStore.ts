import { makeAutoObservable, runInAction } from 'mobx';
import { fetchJSON } from '../api/fetchJSON';
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
    try {
      const { ok, body } = await fetchJSON<{ id?: string }>(`/builds/latest.json?t=${Date.now()}`, {
        cache: 'no-store',
      });
      if (ok && typeof body?.id === 'string') {
        const id = body.id;
        runInAction(() => {
          this.latestId = id;
        });
      }
    } catch {
      // offline or deploying: try again at the next poll
    }
  }

  dismiss() {
    this.dismissed = true;
  }

  reload() {
    window.location.reload();
  }
}
