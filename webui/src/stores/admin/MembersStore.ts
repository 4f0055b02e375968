import { action, computed, makeObservable, observable } from 'mobx';
import { MEMBERS_PAGE_SIZE, type AdminMemberRow, type MemberFilter, type MembersInput } from '../../api/adminMembers';
import { compareIds } from '../../utils/order';
import type { RootStore } from '../RootStore';
import { ConnectionStore, type Connection } from '../base/ConnectionStore';

/**
 * The console's members list (admin.members), newest first: a search (an id, an email or phone, a
 * slug prefix or a part of a name) and a filter, further pages as the table reaches its end. A
 * change made in a member's panel updates their row in place.
 */
export class MembersStore extends ConnectionStore<AdminMemberRow> {
  query = '';
  filter: MemberFilter = 'all';

  constructor(root: RootStore) {
    super(root, 'MembersStore');
    makeObservable(this, { query: observable, filter: observable, ordered: computed, search: action, setFilter: action, updateRow: action });
  }

  protected idOf(data: AdminMemberRow) {
    return data.databaseId;
  }

  /** Newest first (ids grow with time, creation times may tie). */
  get ordered(): AdminMemberRow[] {
    return [...this.data.values()].sort((a, b) => b.createdAt - a.createdAt || compareIds(b.databaseId, a.databaseId));
  }

  /** Finds other members: the list is read again from its first page. */
  search(query: string) {
    if (query === this.query) return;
    this.query = query;
    this.reset();
    void this.loadLatest();
  }

  setFilter(filter: MemberFilter) {
    if (filter === this.filter) return;
    this.filter = filter;
    this.reset();
    void this.loadLatest();
  }

  /** A member changed in their panel: their row, when the list holds it, shows it at once. */
  updateRow(row: AdminMemberRow) {
    const held = this.data.get(row.databaseId);
    if (held) this.update(held, row);
  }

  protected async fetchConnection(after: string): Promise<Connection<AdminMemberRow> | null> {
    const { query, filter } = this;
    const input: MembersInput = { first: MEMBERS_PAGE_SIZE, ...(query ? { q: query } : {}), ...(filter !== 'all' ? { filter } : {}), ...(after ? { after } : {}) };
    const reply = await this.root.client.request('admin.members', input);
    return this.query === query && this.filter === filter ? reply : null;
  }
}
