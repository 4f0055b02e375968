import { makeAutoObservable, runInAction } from 'mobx';
import type { Post, Summary } from '../api/wire.gen';
import type { Lang } from '../i18n/languages';
import { profilePath, toLang } from '../utils/links';
import type { RootStore } from './RootStore';

/** The overlay searches this long after the last keystroke (SPEC §9). */
export const SEARCH_DEBOUNCE_MS = 1000;
/** The server refuses longer keys (app/search MaxKeyRunes). */
export const SEARCH_KEY_MAX = 100;
/** Results per page, and members shown. */
export const SEARCH_PAGE = 10;
export const SEARCH_MEMBERS = 5;

/** A search result node (SPEC §3): an article, a topic or an answer. */
export type SearchResult = Post;
/** A member found by name or slug. */
export type SearchMember = Summary;

export type SearchStatus = 'idle' | 'searching' | 'done' | 'failed';

/** One row the keyboard moves through: a result or a member, with the page it opens. */
export interface SearchItem {
  id: string;
  path: string;
  /** The language to open it in; the reader's when undefined. */
  lang?: Lang;
}

/**
 * The search overlay's key, results and members (utils.search and search.user), searched a second
 * after the last keystroke; the keyboard's highlighted row.
 */
export class SearchStore {
  key = '';
  results: SearchResult[] = [];
  members: SearchMember[] = [];
  status: SearchStatus = 'idle';
  hasNextPage = false;
  isLoadingMore = false;
  /** The highlighted row of {@link items}, -1 for none. */
  activeIndex = -1;

  private endCursor = '';
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** Bumped by every new key, so that a late reply of an older key is dropped. */
  private generation = 0;

  constructor(readonly root: RootStore) {
    makeAutoObservable(this, { root: false });
  }

  get trimmedKey() {
    return this.key.trim();
  }

  get isEmpty() {
    return this.status === 'done' && this.results.length === 0 && this.members.length === 0;
  }

  /** The rows in the order shown: results, then members. */
  get items(): SearchItem[] {
    return [
      ...this.results.map((r) => ({ id: `post-${r.kind}-${r.id}`, path: r.uri, lang: r.lang ? toLang(r.lang) : undefined })),
      ...this.members.map((m) => ({ id: `member-${m.id}`, path: profilePath(m) })),
    ];
  }

  get activeItem(): SearchItem | undefined {
    return this.items[this.activeIndex];
  }

  setKey(key: string) {
    this.key = key;
    clearTimeout(this.timer);
    this.generation++;
    this.activeIndex = -1;
    if (!this.trimmedKey) {
      this.clearResults();
      this.status = 'idle';
      return;
    }
    this.status = 'searching';
    this.timer = setTimeout(() => void this.search(), SEARCH_DEBOUNCE_MS);
  }

  /** Searches the key now, without waiting for the debounce (Enter). */
  searchNow() {
    if (!this.trimmedKey) return;
    clearTimeout(this.timer);
    this.generation++;
    this.status = 'searching';
    void this.search();
  }

  async search() {
    const generation = this.generation;
    const key = this.trimmedKey;
    const { client } = this.root;
    const [posts, users] = await Promise.all([
      client.request('utils.search', { key, first: SEARCH_PAGE }),
      client.call('search.user', { key, first: SEARCH_MEMBERS }),
    ]);
    runInAction(() => {
      if (generation !== this.generation) return;
      if (!posts) {
        this.clearResults();
        this.status = 'failed';
        return;
      }
      this.results = posts.posts.edges.map((edge) => edge.node);
      this.hasNextPage = posts.posts.pageInfo.hasNextPage;
      this.endCursor = posts.posts.pageInfo.endCursor;
      // The members are a side section: its failure (the same refusal as the posts') shows nothing.
      this.members = users.ok ? users.data.users.nodes : [];
      this.status = 'done';
    });
  }

  async loadMore() {
    if (!this.hasNextPage || this.isLoadingMore) return;
    const generation = this.generation;
    this.isLoadingMore = true;
    const reply = await this.root.client.request('utils.search', {
      key: this.trimmedKey,
      first: SEARCH_PAGE,
      after: this.endCursor,
    });
    runInAction(() => {
      this.isLoadingMore = false;
      if (generation !== this.generation || !reply) return;
      const known = new Set(this.results.map((r) => `${r.kind}-${r.id}`));
      this.results.push(...reply.posts.edges.map((e) => e.node).filter((n) => !known.has(`${n.kind}-${n.id}`)));
      this.hasNextPage = reply.posts.pageInfo.hasNextPage;
      this.endCursor = reply.posts.pageInfo.endCursor;
    });
  }

  /** Moves the highlight by delta rows, wrapping around; from none, down starts at the first, up at the last. */
  moveActive(delta: number) {
    const count = this.items.length;
    if (count === 0) {
      this.activeIndex = -1;
      return;
    }
    const from = this.activeIndex < 0 ? (delta > 0 ? -1 : count) : this.activeIndex;
    this.activeIndex = (((from + delta) % count) + count) % count;
  }

  setActive(index: number) {
    this.activeIndex = index;
  }

  reset() {
    clearTimeout(this.timer);
    this.generation++;
    this.key = '';
    this.clearResults();
    this.status = 'idle';
  }

  private clearResults() {
    this.results = [];
    this.members = [];
    this.hasNextPage = false;
    this.endCursor = '';
    this.activeIndex = -1;
  }
}
