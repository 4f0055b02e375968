import { PagedStore, type Page, type PageDirection } from './PagedStore';

/** A Relay page: the items of one page and where the next one starts (not every list names each edge's cursor). */
export interface Connection<D> {
  edges: { cursor?: string; node: D }[];
  pageInfo: { endCursor: string; hasNextPage: boolean };
}

/**
 * A list of plain rows read in Relay pages, each "load more" following the last endCursor; a row
 * read again is updated in place. A store whose query changes (a search, a filter) calls `reset`,
 * which drops the answers still on their way.
 */
export abstract class ConnectionStore<D extends object> extends PagedStore<D, D> {
  /** Reads the page after `after` (empty: the first page); null when there is none to show. */
  protected abstract fetchConnection(after: string): Promise<Connection<D> | null>;

  protected create(row: D) {
    return row;
  }

  protected update(held: D, row: D) {
    Object.assign(held, row);
  }

  /** The next page, when the list reaches its end. */
  loadMore(): Promise<void> {
    return this.loadNewer();
  }

  protected async fetchPage(_direction: PageDirection, after: string): Promise<Page<D> | null> {
    const reply = await this.fetchConnection(after);
    if (!reply) return null;
    return { items: reply.edges.map((edge) => edge.node), newerCursor: reply.pageInfo.endCursor, hasNewer: reply.pageInfo.hasNextPage };
  }
}
