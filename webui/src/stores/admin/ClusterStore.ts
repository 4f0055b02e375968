import { makeAutoObservable, runInAction } from 'mobx';
import type { ClusterNode } from '../../api/adminSettings';
import type { RootStore } from '../RootStore';

/** How often the cluster view asks every node again. */
export const CLUSTER_POLL_MS = 2000;

/**
 * The cluster view's state: every node's own view (admin.clusterStatus), asked again every
 * {@link CLUSTER_POLL_MS} while the view is open and the tab visible. A failed poll keeps the
 * last answer on screen with the error beside it.
 */
export class ClusterStore {
  nodes: ClusterNode[] = [];
  issues: string[] = [];
  agree = true;
  isLoaded = false;
  /** Why the last poll failed; null when it answered. */
  error: string | null = null;
  /** When the last answer arrived (epoch ms), 0 before any. */
  updatedAt = 0;

  private running = false;
  private inFlight = false;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(readonly root: RootStore) {
    makeAutoObservable(this, { root: false });
  }

  /** Starts polling; pauses while the tab is hidden and asks at once when it shows again. */
  start() {
    if (this.running) return;
    this.running = true;
    document.addEventListener('visibilitychange', this.onVisibility);
    void this.poll();
  }

  stop() {
    this.running = false;
    clearTimeout(this.timer);
    document.removeEventListener('visibilitychange', this.onVisibility);
  }

  private readonly onVisibility = () => {
    clearTimeout(this.timer);
    if (!document.hidden) void this.poll();
  };

  /** Asks the nodes once, then schedules the next poll. */
  async poll(): Promise<void> {
    if (!this.running || this.inFlight || document.hidden) return;
    this.inFlight = true;
    const result = await this.root.client.call('admin.clusterStatus');
    runInAction(() => {
      this.inFlight = false;
      if (result.ok) {
        this.nodes = result.data.nodes ?? [];
        this.issues = result.data.issues ?? [];
        this.agree = result.data.agree;
        this.error = null;
        this.updatedAt = Date.now();
      } else {
        this.error = result.error.messages.join(' ');
      }
      this.isLoaded = true;
    });
    this.schedule();
  }

  private schedule() {
    clearTimeout(this.timer);
    if (this.running && !document.hidden) this.timer = setTimeout(() => void this.poll(), CLUSTER_POLL_MS);
  }

  /** Grains of every kind across the nodes. */
  get grainKinds(): string[] {
    return [...new Set(this.nodes.flatMap((node) => Object.keys(node.grains ?? {})))].sort();
  }

  get totalWebsockets(): number {
    return this.nodes.reduce((sum, node) => sum + (node.websockets ?? 0), 0);
  }
}
