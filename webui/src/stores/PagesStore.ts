import { makeAutoObservable, runInAction } from 'mobx';
import { isUnavailable, type ErrorReply, type RequestResult } from '../api/client';
import type { Blocks } from '../models/builder';
import type { PageKind, PageView } from '../routing/resolve';
import type { RootStore } from './RootStore';
import { LAYOUT_RETRIES, LAYOUT_RETRY_MS, pause } from './SettingsStore';

/** The page record of auth.pageData (kind docs for /docs and /docs/{slug}). */
export interface PageRecord {
  lang: string;
  kind: PageKind | 'docs';
  view: PageView;
  slug: string;
  id: string;
  variant: string;
  name: string;
  title: string;
  layout: string;
}

/** The member a profile page shows, as auth.pageData returns it. */
export interface MemberProfile {
  id: string;
  databaseId: string;
  name: string;
  gqSlug: string;
  avatar: { url: string };
  description: string;
  createdAt: number;
  /** The member's growth level key (settings' level.lv). */
  gqLevel?: string;
  /** The member's VIP tier key (settings' level.vip), while it lasts. */
  gqVIP?: string;
}

/** A loaded page: its record, its builder blocks per device, and what it shows. */
export interface ReadyPage {
  status: 'ready';
  page: PageRecord;
  /** The page builder's blocks per device; absent when the page has none. */
  blocks?: Blocks;
  /** The published layout version the blocks come from (0 before any). */
  layoutVersion: number;
  profile?: MemberProfile;
  content?: unknown;
}

export type PageState = { status: 'loading' } | ReadyPage | { status: 'error'; error: ErrorReply };

interface PageDataReply {
  page: PageRecord;
  blocks?: Blocks;
  layoutVersion?: number;
  profile?: MemberProfile;
  /** What the page shows (an article, an archive page, a topic...), as the route's kind answers it. */
  content?: unknown;
}

/** The `{ nav }` content of a docs page: every docs page in order, titled in the request's language. */
export interface DocsContent {
  nav: { slug: string; title: string }[];
}

/** Page data by path (auth.pageData). */
export class PagesStore {
  byPath = new Map<string, PageState>();
  private inFlight = new Map<string, Promise<void>>();
  /** Pages loaded before a layout was published and not shown since: read again when next opened. */
  private stale = new Set<string>();

  constructor(readonly root: RootStore) {
    makeAutoObservable(this, { root: false });
  }

  get(path: string): PageState | undefined {
    return this.byPath.get(path);
  }

  /** Loads a page once; concurrent calls for a path share the request. */
  load(path: string, force = false): Promise<void> {
    if (!force && !this.stale.has(path) && this.byPath.get(path)?.status === 'ready') return Promise.resolve();
    this.stale.delete(path);
    const pending = this.inFlight.get(path);
    if (pending) return pending;
    if (!this.byPath.has(path)) this.byPath.set(path, { status: 'loading' });
    const request = this.fetchPage(path).finally(() => this.inFlight.delete(path));
    this.inFlight.set(path, request);
    return request;
  }

  /** Reloads every loaded page (after login or logout changes the login data). */
  async refresh() {
    await Promise.all(Array.from(this.byPath.keys(), (path) => this.load(path, true)));
  }

  /**
   * A layout was published as `version` (a live event): the page on screen is read again now, and
   * again after {@link LAYOUT_RETRY_MS} while its reply is of an older layout; the other loaded
   * pages are read again when next opened. A reload that fails for want of the server keeps the
   * page shown; one that answers 404 (a page the layout removed) shows the 404, and a 404 on
   * screen is asked once more (a page the layout added).
   */
  async reloadLayout(version: number): Promise<void> {
    const current = this.root.ui.path;
    for (const [path, state] of this.byPath) {
      if (path !== current && state.status === 'ready' && state.layoutVersion < version) this.stale.add(path);
    }
    const state = this.byPath.get(current);
    if (state?.status === 'error' && state.error.statusCode === 404) {
      // A page the new layout may have added: asked once more.
      await this.load(current, true);
      return;
    }
    if (state?.status !== 'ready') return;
    for (let attempt = 0; attempt <= LAYOUT_RETRIES; attempt++) {
      if (attempt > 0) await pause(LAYOUT_RETRY_MS);
      const shown = this.byPath.get(current);
      if (shown?.status !== 'ready' || shown.layoutVersion >= version) return;
      const result = await this.root.client.call<PageDataReply>('auth.pageData', { path: current });
      if (!result.ok && isUnavailable(result.error)) continue;
      runInAction(() => this.take(current, result));
    }
  }

  private async fetchPage(path: string) {
    const result = await this.root.client.call<PageDataReply>('auth.pageData', { path });
    runInAction(() => this.take(path, result));
  }

  private take(path: string, result: RequestResult<PageDataReply>) {
    if (!result.ok) {
      this.byPath.set(path, { status: 'error', error: result.error });
      return;
    }
    const { page, blocks, layoutVersion = 0, profile, content } = result.data;
    this.byPath.set(path, { status: 'ready', page, blocks, layoutVersion, profile, content });
  }
}
