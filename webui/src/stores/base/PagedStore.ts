import { action, makeObservable, observable, override } from 'mobx';
import type { RootStore } from '../RootStore';
import { ModelStore } from './ModelStore';

/** Which page to read: the newest, the one before the oldest held, or the one after the newest held. */
export type PageDirection = 'latest' | 'older' | 'newer';

/** One page as a store's `fetchPage` hands it over. */
export interface Page<D> {
  items: D[];
  /** Where the page before this one starts; empty keeps the cursor held (a page that named none). */
  olderCursor?: string;
  hasOlder?: boolean;
  /** Where the page after this one starts; empty keeps the cursor held. */
  newerCursor?: string;
  hasNewer?: boolean;
  /** Applies the rest of the reply (counters, sequence numbers) in the same action as the items. */
  apply?: () => void;
}

/**
 * A collection read page by page: the newest page once, then older and newer pages from the cursors
 * the server gave, each direction one request at a time. A reverse list (newest at the bottom) keeps
 * its scroll position with `prepended`, the number of models older pages put before the first page.
 * A page answering after `reset` is dropped.
 */
export abstract class PagedStore<T, D> extends ModelStore<T, D> {
  hasOlder = false;
  hasNewer = false;
  prepended = 0;

  protected olderCursor = '';
  protected newerCursor = '';

  constructor(root: RootStore, storeName: string) {
    super(root, storeName);
    makeObservable<PagedStore<T, D>, 'olderCursor' | 'newerCursor' | 'resetPaging'>(this, {
      hasOlder: observable,
      hasNewer: observable,
      prepended: observable,
      olderCursor: observable,
      newerCursor: observable,
      reload: action,
      reset: override,
      resetPaging: action,
    });
  }

  /** Reads one page; null when there is none to show (the request failed, or the viewer changed meanwhile). */
  protected abstract fetchPage(direction: PageDirection, cursor: string): Promise<Page<D> | null>;

  /** Loads the newest page once; concurrent calls share the request. */
  loadLatest(): Promise<void> {
    if (this.isLoaded) return Promise.resolve();
    return this.shared('latest', () => this.loadPage('latest', ''));
  }

  /** Loads the page before the oldest model held. */
  loadOlder(): Promise<void> {
    if (!this.isLoaded || !this.hasOlder || !this.olderCursor) return Promise.resolve();
    const cursor = this.olderCursor;
    return this.shared('older', () => this.loadPage('older', cursor));
  }

  /** Loads the page after the newest model held. */
  loadNewer(): Promise<void> {
    if (!this.isLoaded || !this.hasNewer || !this.newerCursor) return Promise.resolve();
    const cursor = this.newerCursor;
    return this.shared('newer', () => this.loadPage('newer', cursor));
  }

  /** Reads the collection again from its newest page, when it had been read. */
  reload(): void {
    const wasLoaded = this.isLoaded;
    this.reset();
    if (wasLoaded) void this.loadLatest();
  }

  override reset(): void {
    super.reset();
    this.resetPaging();
  }

  /** Forgets the pages read (the models stay): the next loadLatest reads the newest page again. */
  protected resetPaging(): void {
    this.isFetching = false;
    this.isLoaded = false;
    this.hasOlder = false;
    this.hasNewer = false;
    this.prepended = 0;
    this.olderCursor = '';
    this.newerCursor = '';
    this.forgetRequests();
  }

  private async loadPage(direction: PageDirection, cursor: string) {
    const generation = this.generation;
    this.inAction('loadPage', () => {
      this.isFetching = true;
    });
    const page = await this.fetchPage(direction, cursor);
    this.inAction('loadPage', () => {
      if (!this.isCurrent(generation)) return;
      this.isFetching = false;
      if (!page) return;
      let added = 0;
      for (const item of page.items) {
        const id = this.idOf(item);
        const held = this.data.has(id);
        this.receive(item);
        if (!held && this.data.has(id)) added += 1;
      }
      if (direction === 'older') this.prepended += added;
      if (direction !== 'newer') {
        if (page.olderCursor || direction === 'latest') this.olderCursor = page.olderCursor ?? '';
        this.hasOlder = page.hasOlder ?? false;
      }
      if (direction !== 'older') {
        if (page.newerCursor || direction === 'latest') this.newerCursor = page.newerCursor ?? '';
        this.hasNewer = page.hasNewer ?? false;
      }
      this.isLoaded = true;
      page.apply?.();
    });
  }
}
