import { makeAutoObservable, runInAction } from 'mobx';
import type { VersionsReply } from '../../api/wire.gen';
import type { VersionEntry } from '../../models/builder';
import type { BuilderStore } from './BuilderStore';

/** Versions builder.versions reads at a time. */
export const VERSIONS_PAGE = 20;

/** The published versions (builder.versions), newest first, read a page at a time for the history panel. */
export class VersionList {
  entries: VersionEntry[] = [];
  hasMore = false;
  isLoading = false;

  constructor(private readonly builder: BuilderStore) {
    makeAutoObservable<VersionList, 'builder'>(this, { builder: false });
  }

  /** Reads the newest page again, or with more the page after the last one read. */
  async load(more = false): Promise<void> {
    if (this.isLoading) return;
    this.isLoading = true;
    const before = more ? this.entries.at(-1)?.version : undefined;
    const result = await this.builder.call<VersionsReply>('builder.versions', {
      first: VERSIONS_PAGE,
      ...(before ? { before } : {}),
    });
    runInAction(() => {
      this.isLoading = false;
      if (!result.ok) {
        this.builder.fail(result.error);
        return;
      }
      this.entries = more ? [...this.entries, ...result.data.versions] : result.data.versions;
      this.hasMore = result.data.hasMore;
    });
  }

  /** Forgets what was read (a new version was published). */
  reset() {
    this.entries = [];
    this.hasMore = false;
  }
}
