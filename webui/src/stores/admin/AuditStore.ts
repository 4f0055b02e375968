import { action, computed, makeObservable, observable } from 'mobx';
import { AUDIT_PAGE_SIZE, type AuditEntry, type AuditInput, type AuditOutcome } from '../../api/adminMembers';
import { compareIds } from '../../utils/order';
import type { RootStore } from '../RootStore';
import { ConnectionStore, type Connection } from '../base/ConnectionStore';

/** What the audit log shows: "" (or 0) leaves a filter out. */
export interface AuditFilters {
  /** Entries whose action or target starts with this text. */
  q: string;
  /** A member's databaseId: only their calls. */
  actorId: string;
  action: string;
  target: string;
  outcome: AuditOutcome | '';
  /** Epoch ms: entries at or after. */
  from: number;
  /** Epoch ms: entries at or before. */
  to: number;
}

export const NO_AUDIT_FILTERS: AuditFilters = { q: '', actorId: '', action: '', target: '', outcome: '', from: 0, to: 0 };

/**
 * The audit log (admin.audit), newest first, filtered; older pages as the list reaches its end.
 * `selected` is the entry whose detail is open.
 */
export class AuditStore extends ConnectionStore<AuditEntry> {
  filters: AuditFilters = NO_AUDIT_FILTERS;
  selectedId: string | null = null;

  constructor(root: RootStore, initial: Partial<AuditFilters> = {}) {
    super(root, 'AuditStore');
    this.filters = { ...NO_AUDIT_FILTERS, ...initial };
    makeObservable(this, {
      filters: observable,
      selectedId: observable,
      ordered: computed,
      selected: computed,
      setFilters: action,
      select: action,
    });
  }

  protected idOf(data: AuditEntry) {
    return data.id;
  }

  protected update(_entry: AuditEntry, _data: AuditEntry) {
    // An audit entry never changes once written.
  }

  /** Newest first (ids grow with time). */
  get ordered(): AuditEntry[] {
    return [...this.data.values()].sort((a, b) => b.at - a.at || compareIds(b.id, a.id));
  }

  get selected(): AuditEntry | null {
    return this.selectedId ? (this.data.get(this.selectedId) ?? null) : null;
  }

  /** Changes some filters: the log is read again from its newest entry. */
  setFilters(change: Partial<AuditFilters>) {
    const next = { ...this.filters, ...change };
    if ((Object.keys(next) as (keyof AuditFilters)[]).every((key) => next[key] === this.filters[key])) return;
    this.filters = next;
    this.reset();
    void this.loadLatest();
  }

  select(id: string | null) {
    this.selectedId = id;
  }

  protected async fetchConnection(after: string): Promise<Connection<AuditEntry> | null> {
    const filters = this.filters;
    const input: AuditInput = { first: AUDIT_PAGE_SIZE };
    if (filters.q) input.q = filters.q;
    if (filters.actorId) input.actorId = filters.actorId;
    if (filters.action) input.action = filters.action;
    if (filters.target) input.target = filters.target;
    if (filters.outcome) input.outcome = filters.outcome;
    if (filters.from) input.from = filters.from;
    if (filters.to) input.to = filters.to;
    if (after) input.after = after;
    const reply = await this.root.client.request('admin.audit', input);
    return this.filters === filters ? reply : null;
  }
}
