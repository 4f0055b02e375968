import { makeAutoObservable, runInAction } from 'mobx';
import type { RootStore } from './RootStore';

export const SEARCH_DEBOUNCE_MS = 1000;

/** A search result node (SPEC §3). */
export interface SearchResult {
  id: string;
  title: string;
  gqSlug: string;
  viewsCache?: number;
  likeCount?: number;
  commentCount?: number;
  featuredImage?: { node?: { sourceUrl?: string } } | null;
}

export type SearchStatus = 'idle' | 'searching' | 'done';

/** The search overlay's query and results (utils.search), debounced by a second. */
export class SearchStore {
  key = '';
  results: SearchResult[] = [];
  status: SearchStatus = 'idle';

  private timer: ReturnType<typeof setTimeout> | undefined;
  private generation = 0;

  constructor(readonly root: RootStore) {
    makeAutoObservable(this, { root: false });
  }

  get trimmedKey() {
    return this.key.trim();
  }

  setKey(key: string) {
    this.key = key;
    clearTimeout(this.timer);
    this.generation++;
    if (!this.trimmedKey) {
      this.results = [];
      this.status = 'idle';
      return;
    }
    this.status = 'searching';
    this.timer = setTimeout(() => void this.search(), SEARCH_DEBOUNCE_MS);
  }

  async search() {
    const generation = this.generation;
    const reply = await this.root.client.request<{ posts?: { edges?: { node: SearchResult }[] } }>('utils.search', {
      key: this.trimmedKey,
    });
    runInAction(() => {
      if (generation !== this.generation) return;
      this.results = reply?.posts?.edges?.map((edge) => edge.node) ?? [];
      this.status = 'done';
    });
  }

  reset() {
    clearTimeout(this.timer);
    this.generation++;
    this.key = '';
    this.results = [];
    this.status = 'idle';
  }
}
