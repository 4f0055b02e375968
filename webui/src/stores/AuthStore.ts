import { makeAutoObservable, runInAction } from 'mobx';
import { AUTH_EXPIRY_COOKIE } from '../api/client';
import { Viewer, type ViewerData } from '../models/Viewer';
import { getCookie } from '../platform/cookies';
import type { RootStore } from './RootStore';

/** The signed-in member (the viewer), or none for a guest. */
export class AuthStore {
  viewer: Viewer | null = null;
  isFetching = false;
  isLoaded = false;

  private inFlight: Promise<void> | null = null;

  constructor(readonly root: RootStore) {
    makeAutoObservable(this, { root: false });
  }

  get isLoggedIn() {
    return this.viewer !== null;
  }

  /** True while a login session may exist: its expiry cookie is set. */
  get hasSession() {
    return getCookie(AUTH_EXPIRY_COOKIE) !== null;
  }

  /** Fetches the viewer, only when a session cookie says there may be one (SPEC §4). */
  fetchViewer(): Promise<void> {
    if (!this.hasSession) {
      this.isLoaded = true;
      return Promise.resolve();
    }
    this.inFlight ??= this.load().finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  private async load() {
    this.isFetching = true;
    const reply = await this.root.client.request<{ viewer: ViewerData | null }>('auth.viewer');
    runInAction(() => {
      this.setViewer(reply?.viewer ?? null);
      this.isFetching = false;
      this.isLoaded = true;
    });
  }

  setViewer(data: ViewerData | null) {
    this.viewer = data ? new Viewer(data) : null;
  }

  /** Logs in with a one-time token from the URL (?token=). */
  async autoLogin(token: string) {
    const reply = await this.root.client.request<{ gqAutoLogin?: { user?: ViewerData } }>('mutates.autoLogin', {
      token,
    });
    const user = reply?.gqAutoLogin?.user;
    if (user) {
      runInAction(() => this.setViewer(user));
      await this.fetchViewer();
    }
  }

  /** Ends the session on the server, forgets the viewer and reloads the page's login data. */
  async logout() {
    try {
      await fetch('/api/auth/logout', { credentials: 'same-origin' });
    } catch (error) {
      this.root.toasts.error(error instanceof Error ? error.message : this.root.t('common.error.network'));
    }
    runInAction(() => this.setViewer(null));
    this.root.client.authToken = null;
    await this.root.pages.refresh();
  }

  /** The session could not be refreshed: forget the viewer and ask to log in again. */
  sessionExpired() {
    this.setViewer(null);
    void this.root.pages.refresh();
    this.root.ui.open('login');
  }
}
