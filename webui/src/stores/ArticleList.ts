import { action, computed, makeObservable, observable, runInAction } from 'mobx';
import type { ArchiveReply, ArticleNode, ArticleTerm } from '../api/wire.gen';
import { RelayList } from './community/RelayList';
import type { RootStore } from './RootStore';

/** Which articles a list holds: one category's, one tag's, one member's (a profile's), or all (none). */
export interface ArticleFilter {
  category?: string;
  tag?: string;
  authorId?: string;
}

/** Articles asked for per page when a list does not say (content.archive's default). */
export const ARTICLES_PAGE_SIZE = 20;

/** Where a list a screen shows stands: its first page held, on its way, failed, or not asked for yet. */
export type ListStatus = 'idle' | 'loading' | 'ready' | 'error';

/** The status of `list`, whose first page `failed` or not. */
export function listStatus<D extends { databaseId: string }>(list: RelayList<D>, failed: boolean): ListStatus {
  if (list.isLoaded) return 'ready';
  if (list.isFetching) return 'loading';
  return failed ? 'error' : 'idle';
}

/**
 * A list of articles in the request's language, the newest first (content.archive): an archive
 * or tag page, or the home feed. It starts from the page data's first page when there is one
 * ({@link seedArchive}) and reads the next pages with "load more".
 */
export class ArticleList extends RelayList<ArticleNode> {
  /** The category or tag listed; null for all articles, or before a page named it. */
  term: ArticleTerm | null = null;
  /** The first page could not be read. */
  failed = false;

  constructor(
    root: RootStore,
    readonly filter: ArticleFilter,
    readonly pageSize: number = ARTICLES_PAGE_SIZE,
  ) {
    super(root, 'ArticleList', (after) => this.fetchArticles(after), 'newest');
    makeObservable(this, { term: observable, failed: observable, status: computed, seedArchive: action });
  }

  get status(): ListStatus {
    return listStatus(this, this.failed);
  }

  /** Takes a first page the server already sent (an archive page's content). */
  seedArchive(reply: ArchiveReply) {
    this.term = reply.term ?? null;
    this.failed = false;
    this.seed(reply.posts);
  }

  private async fetchArticles(after: string) {
    const reply = await this.root.client.request('content.archive', {
      ...this.filter,
      first: this.pageSize,
      ...(after ? { after } : {}),
    });
    runInAction(() => (this.failed = !reply && !after));
    return reply?.posts ?? null;
  }
}
