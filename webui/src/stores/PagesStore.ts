import { makeAutoObservable, runInAction } from 'mobx';
import type { ErrorReply } from '../api/client';
import type { PageKind, PageView } from '../routing/resolve';
import type { RootStore } from './RootStore';

/** The page record of auth.pageData. */
export interface PageRecord {
  lang: string;
  kind: PageKind;
  view: PageView;
  slug: string;
  id: string;
  variant: string;
  name: string;
  title: string;
  layout: string;
}

export interface PageModule {
  [key: string]: unknown;
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

export type PageState =
  | { status: 'loading' }
  | { status: 'ready'; page: PageRecord; modules: PageModule[]; profile?: MemberProfile; content?: unknown }
  | { status: 'error'; error: ErrorReply };

interface PageDataReply {
  page: PageRecord;
  modules?: PageModule[];
  guaqi?: { loginData?: { module?: PageModule[] } };
  profile?: MemberProfile;
  /** What the page shows (an article, an archive page, a topic...), as the route's kind answers it. */
  content?: unknown;
}

/** Page data by path (auth.pageData), the login modules merged into the page's modules. */
export class PagesStore {
  byPath = new Map<string, PageState>();
  private inFlight = new Map<string, Promise<void>>();

  constructor(readonly root: RootStore) {
    makeAutoObservable(this, { root: false });
  }

  get(path: string): PageState | undefined {
    return this.byPath.get(path);
  }

  /** Loads a page once; concurrent calls for a path share the request. */
  load(path: string, force = false): Promise<void> {
    if (!force && this.byPath.get(path)?.status === 'ready') return Promise.resolve();
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

  private async fetchPage(path: string) {
    const result = await this.root.client.call<PageDataReply>('auth.pageData', { path, loginData: true });
    runInAction(() => {
      if (!result.ok) {
        this.byPath.set(path, { status: 'error', error: result.error });
        return;
      }
      const { page, modules = [], guaqi, profile, content } = result.data;
      const loginModules = guaqi?.loginData?.module ?? [];
      this.byPath.set(path, { status: 'ready', page, modules: [...modules, ...loginModules], profile, content });
    });
  }
}
