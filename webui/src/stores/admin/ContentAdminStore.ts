import { action, computed, makeObservable, observable } from 'mobx';
import {
  BULK_KINDS,
  BULK_MAX,
  type AdminContentRow,
  type BulkOp,
  type BulkResult,
  type ContentInput,
  type ContentKind,
  type ContentStatus,
  type CouponCreateInput,
} from '../../api/adminContent';
import type { TermKind } from '../../api/adminNodes';
import type { RootStore } from '../RootStore';
import { ConnectionStore, type Connection } from '../base/ConnectionStore';

/** Rows read per page of admin.content. */
export const CONTENT_PAGE_SIZE = 50;

/** Splits ids into the batches admin.contentBulk takes. */
export function batches<T>(items: readonly T[], size = BULK_MAX): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * The content screen's list (admin.content): one kind at a time, searched and filtered by status,
 * newest first, further pages as the table reaches its end. Rows are picked for bulk delete or
 * restore (admin.contentBulk); a row the server refused keeps its message until the next try.
 */
export class ContentAdminStore extends ConnectionStore<AdminContentRow> {
  kind: ContentKind = 'article';
  status: ContentStatus = 'live';
  query = '';
  /** On the terms tab, the one kind of term shown; null for every kind. */
  termKind: TermKind | null = null;
  /** The rows picked for a bulk operation. */
  readonly selected = observable.set<string>();
  /** Why the last bulk operation left a row as it was, by row id. */
  readonly failures = observable.map<string, string>();
  /** The bulk operation on its way, if any. */
  running: BulkOp | null = null;
  isCreatingCoupons = false;

  constructor(root: RootStore) {
    super(root, 'ContentAdminStore');
    makeObservable(this, {
      kind: observable,
      status: observable,
      query: observable,
      termKind: observable,
      running: observable,
      isCreatingCoupons: observable,
      rows: computed,
      selectedRows: computed,
      canBulk: computed,
      setKind: action,
      setStatus: action,
      setQuery: action,
      setTermKind: action,
      toggle: action,
      selectAll: action,
      clearSelection: action,
    });
  }

  protected idOf(row: AdminContentRow) {
    return row.id;
  }

  /** The rows in the server's order: newest first. */
  get rows(): AdminContentRow[] {
    return [...this.data.values()];
  }

  /** Whether the kind shown can be deleted and restored here. */
  get canBulk(): boolean {
    return BULK_KINDS.includes(this.kind);
  }

  get selectedRows(): AdminContentRow[] {
    return this.rows.filter((row) => this.selected.has(row.id));
  }

  setKind(kind: ContentKind) {
    if (kind === this.kind) return;
    this.kind = kind;
    // The kinds never deleted here have only live rows.
    if (!this.canBulk) this.status = 'live';
    this.restart();
  }

  setStatus(status: ContentStatus) {
    if (status === this.status) return;
    this.status = status;
    this.restart();
  }

  /** Searches anew (the search box debounces its calls). */
  setQuery(query: string) {
    const trimmed = query.trim();
    if (trimmed === this.query) return;
    this.query = trimmed;
    this.restart();
  }

  setTermKind(termKind: TermKind | null) {
    if (termKind === this.termKind) return;
    this.termKind = termKind;
    if (this.kind === 'term') this.restart();
  }

  toggle(id: string) {
    if (!this.selected.delete(id)) this.selected.add(id);
  }

  /** Picks every row held (true) or none (false). */
  selectAll(all: boolean) {
    if (!all) this.selected.clear();
    else for (const id of this.data.keys()) this.selected.add(id);
  }

  clearSelection() {
    this.selected.clear();
  }

  /** Forgets the rows, the picks and the failures, and reads the first page of the new list. */
  private restart() {
    this.selected.clear();
    this.failures.clear();
    this.reset();
    void this.loadLatest();
  }

  /**
   * Deletes or restores the picked rows, a batch of at most 100 at a time. Rows done leave a list
   * that no longer shows them (live or deleted) or change state in place; rows refused stay picked
   * with the server's message. A toast sums it up. Resolves to the number of rows done.
   */
  async bulk(op: BulkOp): Promise<number> {
    if (this.running || this.selected.size === 0 || !this.canBulk) return 0;
    const kind = this.kind;
    const generation = this.generation;
    const ids = [...this.selected];
    this.inAction('bulk', () => {
      this.running = op;
      this.failures.clear();
    });
    let done = 0;
    let failed = 0;
    for (const batch of batches(ids)) {
      const reply = await this.root.client.request('admin.contentBulk', { kind, ids: batch, op });
      if (!reply) break;
      done += reply.done.length;
      failed += reply.failed.length;
      if (!this.isCurrent(generation)) continue;
      this.inAction('bulk', () => this.applyBulk(op, reply));
    }
    this.inAction('bulk', () => {
      this.running = null;
    });
    if (done) this.root.toasts.success(this.root.t(`admin.content.bulk.done.${op}`, { count: done }));
    if (failed) this.root.toasts.error(this.root.t('admin.content.bulk.failed', { count: failed }));
    return done;
  }

  private applyBulk(op: BulkOp, reply: BulkResult) {
    const now = Date.now();
    for (const id of reply.done) {
      this.selected.delete(id);
      const row = this.data.get(id);
      if (!row) continue;
      const leaves = (op === 'delete' && this.status === 'live') || (op === 'restore' && this.status === 'deleted');
      if (leaves) this.data.delete(id);
      else row.deletedAt = op === 'delete' ? now : 0;
    }
    for (const { id, message } of reply.failed) this.failures.set(id, message);
  }

  /** Makes coupons (admin.createCoupons); the coupons list is read again. Null when refused (a toast said why). */
  async createCoupons(input: CouponCreateInput): Promise<string[] | null> {
    if (this.isCreatingCoupons) return null;
    this.inAction('createCoupons', () => {
      this.isCreatingCoupons = true;
    });
    const reply = await this.root.client.request('admin.createCoupons', input);
    this.inAction('createCoupons', () => {
      this.isCreatingCoupons = false;
    });
    if (!reply) return null;
    this.root.toasts.success(this.root.t('admin.content.coupons.created', { count: reply.codes.length }));
    if (this.kind === 'coupon') this.inAction('createCoupons', () => this.restart());
    return reply.codes;
  }

  protected fetchConnection(after: string): Promise<Connection<AdminContentRow> | null> {
    const input: ContentInput = {
      kind: this.kind,
      status: this.status,
      first: CONTENT_PAGE_SIZE,
      ...(this.query ? { q: this.query } : {}),
      ...(this.kind === 'term' && this.termKind ? { termKind: this.termKind } : {}),
      ...(after ? { after } : {}),
    };
    return this.root.client.request('admin.content', input);
  }
}
