import { computed, makeObservable, observable } from 'mobx';
import { compareIds } from '../../utils/order';
import type { RootStore } from '../RootStore';
import type { Connection } from '../base/ConnectionStore';
import { PagedStore, type Page, type PageDirection } from '../base/PagedStore';

/** Reads the page after `after` (empty: the first page); null when the request failed. */
export type FetchConnection<D> = (after: string) => Promise<Connection<D> | null>;

/**
 * A list read in Relay pages from the first page on ("load more" follows the server's endCursor),
 * which a page's first data may seed without a request, and which live events add to and take
 * from. Items are ordered by id (they grow with time): newest first or oldest first.
 */
export class RelayList<D extends { databaseId: string }> extends PagedStore<D, D> {
  /** The last page asked for could not be read (a toast said why). */
  loadFailed = false;

  constructor(
    root: RootStore,
    storeName: string,
    private readonly fetchConnection: FetchConnection<D>,
    private readonly order: 'newest' | 'oldest',
  ) {
    super(root, storeName);
    makeObservable(this, { loadFailed: observable, items: computed });
  }

  protected idOf(item: D) {
    return item.databaseId;
  }

  protected create(item: D) {
    return item;
  }

  protected update(held: D, item: D) {
    Object.assign(held, item);
  }

  /** The items in the list's order. */
  get items(): D[] {
    const sign = this.order === 'newest' ? -1 : 1;
    return [...this.data.values()].sort((a, b) => sign * compareIds(a.databaseId, b.databaseId));
  }

  /** The server has a page after the ones read. */
  get hasMore(): boolean {
    return this.hasOlder;
  }

  /** Reads the next page. */
  loadMore(): Promise<void> {
    return this.loadOlder();
  }

  /** Takes a first page read elsewhere (the page's data) as the list's first page. */
  seed(page: Connection<D>) {
    this.inAction('seed', () => {
      this.reset();
      for (const edge of page.edges) this.receive(edge.node);
      this.olderCursor = page.pageInfo.endCursor;
      this.hasOlder = page.pageInfo.hasNextPage;
      this.isLoaded = true;
    });
  }

  /**
   * Reads the items after the newest held of an oldest-first list, when every page was read: a live
   * event told of one without carrying it. While pages are left, the item comes with them.
   */
  async catchUp(): Promise<void> {
    if (this.order !== 'oldest' || !this.isLoaded || this.hasOlder) return;
    const newest = [...this.data.keys()].sort(compareIds).at(-1) ?? '';
    const generation = this.generation;
    const page = await this.fetchConnection(newest);
    this.inAction('catchUp', () => {
      if (!page || !this.isCurrent(generation)) return;
      for (const edge of page.edges) this.receive(edge.node);
      if (page.pageInfo.hasNextPage) {
        this.olderCursor = page.pageInfo.endCursor;
        this.hasOlder = true;
      }
    });
  }

  protected async fetchPage(_direction: PageDirection, after: string): Promise<Page<D> | null> {
    const page = await this.fetchConnection(after);
    this.inAction('fetchPage', () => {
      this.loadFailed = page === null;
    });
    if (!page) return null;
    return { items: page.edges.map((edge) => edge.node), olderCursor: page.pageInfo.endCursor, hasOlder: page.pageInfo.hasNextPage };
  }
}
