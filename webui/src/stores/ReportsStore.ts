import { action, computed, makeObservable, observable, override, reaction } from 'mobx';
import type { ReportAction, ReportData, ReportQueueEvent, ReportStatus, ReportsInput } from '../api/reports';
import { REPORTS_PAGE_SIZE, Report } from '../models/Report';
import { byCreation } from '../utils/order';
import type { RootStore } from './RootStore';
import { PagedStore, type Page, type PageDirection } from './base/PagedStore';
import { registerStore } from './lazyStores';

/**
 * The admins' moderation queue (admin.reports): open reports oldest first, further pages as the
 * list reaches its end, or the resolved ones newest first. The `report_queue` event keeps it live:
 * a new report joins the open queue, a resolved one (by any admin) leaves it; a reconnect reads it again.
 */
export class ReportsStore extends PagedStore<Report, ReportData> {
  status: ReportStatus = 'open';
  /** The reports an action is on its way for. */
  readonly resolving = observable.set<string>();
  /** The viewer's socket connected before: the next connect is a reconnect. */
  private connected = false;

  constructor(root: RootStore) {
    super(root, 'ReportsStore');
    makeObservable(this, {
      status: observable,
      ordered: computed,
      isAdmin: computed,
      receive: override,
      setStatus: action,
      receiveEvent: action,
    });
    root.realtime.socket.on('report_queue', (event) => this.receiveEvent(event));
    // Built on first use: a socket already up connected before.
    this.connected = root.realtime.socket.isReady;
    // The queue's events are live only (no replay): after a reconnect, what was missed is read again.
    root.realtime.socket.on('connect', () => {
      if (this.connected && this.isLoaded) this.reload();
      this.connected = true;
    });
    reaction(
      () => (root.auth.viewer ? `${root.auth.viewer.id}:${this.isAdmin}` : null),
      () => {
        this.connected = false;
        this.reset();
      },
    );
  }

  /** Only admins have a queue. */
  get isAdmin(): boolean {
    return this.root.auth.viewer?.data.gqRoles?.isAdmin === true;
  }

  protected idOf(data: ReportData) {
    return data.id;
  }

  protected create(data: ReportData) {
    return new Report(data);
  }

  protected update(report: Report, data: ReportData) {
    report.update(data);
  }

  /** Open reports oldest first; resolved ones most recently resolved first. */
  get ordered(): Report[] {
    const reports = [...this.data.values()];
    if (this.status === 'open') return reports.sort(byCreation);
    return reports.sort((a, b) => (b.data.resolvedAt ?? 0) - (a.data.resolvedAt ?? 0) || byCreation(b, a));
  }

  /** Keeps a report of the list's status only. */
  override receive(data: ReportData): void {
    const status = data.status === 'resolved' ? 'resolved' : 'open';
    if (status === this.status) this.add(data);
    else this.remove(data.id);
  }

  /** A live change of the queue: a report filed, or resolved by an admin (this one or another). */
  receiveEvent(event: ReportQueueEvent) {
    const report = event?.report;
    if (!report?.id || !this.isLoaded) return;
    if (event.op === 'resolved') {
      if (this.status === 'open') this.remove(report.id);
      else this.add({ ...report, status: 'resolved' });
      return;
    }
    // A new report is the newest: it belongs after every page, so it waits for them when some are unread.
    if (event.op === 'added' && this.status === 'open' && !this.hasNewer) this.add(report);
  }

  /** Shows the open or the resolved reports, read again from the first page. */
  setStatus(status: ReportStatus) {
    if (status === this.status) return;
    this.status = status;
    this.reset();
    void this.loadLatest();
  }

  /**
   * Resolves a report (admin.resolveReport): dismiss, delete the content, warn or ban the author.
   * A toast says it is done; the report leaves the open queue. False when it failed (a toast said why).
   */
  async resolve(report: Report, resolution: ReportAction, note = ''): Promise<boolean> {
    if (this.resolving.has(report.id)) return false;
    this.inAction('resolve', () => this.resolving.add(report.id));
    const trimmed = note.trim();
    const reply = await this.root.client.request('admin.resolveReport', {
      id: report.id,
      action: resolution,
      ...(trimmed ? { note: trimmed } : {}),
    });
    this.inAction('resolve', () => {
      this.resolving.delete(report.id);
      if (!reply) return;
      const resolved = reply.report ?? { ...report.data, status: 'resolved', resolution };
      if (this.status === 'open') this.remove(report.id);
      else this.add(resolved);
    });
    if (reply) this.root.toasts.success(this.root.t(`page.account.reports.done.${resolution}`));
    return reply !== null;
  }

  protected async fetchPage(_direction: PageDirection, after: string): Promise<Page<ReportData> | null> {
    const viewerId = this.root.auth.viewer?.id;
    if (!viewerId || !this.isAdmin) return null;
    const status = this.status;
    const input: ReportsInput = { status, first: REPORTS_PAGE_SIZE, ...(after ? { after } : {}) };
    const reply = await this.root.client.request('admin.reports', input);
    if (!reply || this.root.auth.viewer?.id !== viewerId || this.status !== status) return null;
    return {
      items: reply.reports.edges.map((edge) => edge.node),
      newerCursor: reply.reports.pageInfo.endCursor,
      hasNewer: reply.reports.pageInfo.hasNextPage,
    };
  }
}

registerStore('reports', (root) => new ReportsStore(root));
