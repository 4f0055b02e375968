import { action, computed, makeObservable, observable, reaction } from 'mobx';
import type { EntriesInput, EntriesReply, WalletEntryData } from '../api/wallet';
import { LEDGER_PAGE_SIZE, LedgerEntry } from '../models/LedgerEntry';
import { compareIds } from '../utils/order';
import type { RootStore } from './RootStore';
import { PagedStore, type Page, type PageDirection } from './base/PagedStore';
import { registerStore } from './lazyStores';

/**
 * A wallet ledger read newest first, older pages as the list reaches its end. Whose ledger, and
 * how a page of it is asked for, is the subclass's `fetchEntries`.
 */
export abstract class LedgerPages extends PagedStore<LedgerEntry, WalletEntryData> {
  constructor(root: RootStore, storeName: string) {
    super(root, storeName);
    makeObservable(this, { ordered: computed });
  }

  /** Reads the entries after `after` (empty: the newest page); null when there are none to show. */
  protected abstract fetchEntries(after: string): Promise<EntriesReply | null>;

  protected idOf(data: WalletEntryData) {
    return data.id;
  }

  protected create(data: WalletEntryData) {
    return new LedgerEntry(data);
  }

  protected update(entry: LedgerEntry, data: WalletEntryData) {
    entry.update(data);
  }

  /** Newest first (ids grow with time). */
  get ordered(): LedgerEntry[] {
    return [...this.data.values()].sort((a, b) => compareIds(b.id, a.id));
  }

  /** The next (older) page. */
  loadMore(): Promise<void> {
    return this.loadOlder();
  }

  protected async fetchPage(_direction: PageDirection, after: string): Promise<Page<WalletEntryData> | null> {
    const reply = await this.fetchEntries(after);
    if (!reply) return null;
    return { items: reply.entries, olderCursor: reply.pageInfo.endCursor, hasOlder: reply.pageInfo.hasNextPage };
  }
}

/** Which entries the history shows: one asset and one reason, or all ("" each). */
export interface LedgerFilter {
  asset: string;
  reason: string;
}

/**
 * The viewer's ledger history (wallet.entries), newest first: the newest page, older pages as the
 * list reaches its end, filtered by asset and reason; a `wallet` event brings the newest entries in.
 */
export class LedgerStore extends LedgerPages {
  filter: LedgerFilter = { asset: '', reason: '' };

  constructor(root: RootStore) {
    super(root, 'LedgerStore');
    makeObservable(this, { filter: observable, setFilter: action });
    root.realtime.socket.on('wallet', () => void this.loadNewest());
    reaction(
      () => root.auth.viewer?.id ?? null,
      () => this.reset(),
    );
  }

  /** Shows other entries: the list is read again from its newest page. */
  setFilter(filter: Partial<LedgerFilter>) {
    const next = { ...this.filter, ...filter };
    if (next.asset === this.filter.asset && next.reason === this.filter.reason) return;
    this.filter = next;
    this.reset();
    void this.loadLatest();
  }

  /** Puts the newest page's entries in front of those held (after a live change). */
  async loadNewest() {
    if (!this.isLoaded) return;
    const generation = this.generation;
    const page = await this.fetchPage('newer', '');
    if (!page) return;
    this.inAction('loadNewest', () => {
      if (!this.isCurrent(generation)) return;
      for (const item of page.items) this.receive(item);
    });
  }

  protected async fetchEntries(after: string): Promise<EntriesReply | null> {
    const viewerId = this.root.auth.viewer?.id;
    if (!viewerId) return null;
    const input: EntriesInput = { first: LEDGER_PAGE_SIZE };
    if (this.filter.asset) input.asset = this.filter.asset;
    if (this.filter.reason) input.reason = this.filter.reason;
    if (after) input.after = after;
    const reply = await this.root.client.request('wallet.entries', input);
    return this.root.auth.viewer?.id === viewerId ? reply : null;
  }
}

registerStore('ledger', (root) => new LedgerStore(root));
