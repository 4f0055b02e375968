import { makeAutoObservable, runInAction } from 'mobx';
import { AUTH_EXPIRY_COOKIE, isUnavailable, retryDelayMs } from '../api/client';
import { Viewer, type ProfileData, type ViewerData } from '../models/Viewer';
import { getCookie, removeCookie } from '../platform/cookies';
import { readStorage, removeStorage, writeStorage } from '../platform/storage';
import type { RootStore } from './RootStore';

/** Session storage: the path to return to after a social login. */
export const SOCIAL_REDIRECT_KEY = 'socialRedirect';

/** Local flag: the more-information dialog is due (set by a sign-up, cleared by saving it). */
export const MORE_INFORMATION_KEY = 'moreInfomation';
/** setTimeout cannot wait longer than this (about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** The fields of the more-information dialog (updateUser). */
export type MoreInformation = Required<ProfileData> & { name: string; description: string };

/** The expiry of the access token (epoch ms) from its cookie, or 0 when there is none. */
export function sessionExpiry(): number {
  const seconds = Number(getCookie(AUTH_EXPIRY_COOKIE));
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 0;
}

/** The signed-in member (the viewer), or none for a guest, and the session's lifetime. */
export class AuthStore {
  viewer: Viewer | null = null;
  isFetching = false;
  isLoaded = false;
  /** The more-information dialog must be filled in (after a sign-up). */
  needsMoreInformation = readStorage(MORE_INFORMATION_KEY) === '1';
  /** The member opened the more-information dialog to edit their profile. */
  isEditingProfile = false;
  isSavingProfile = false;

  private inFlight: Promise<void> | null = null;
  private refreshTimer: ReturnType<typeof setTimeout> | undefined;
  /** A read of the viewer (or a refresh) the server could not answer, tried again when it fires. */
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  /** How many reads or refreshes in a row the server could not answer: the retries back off. */
  private unavailableAttempts = 0;

  constructor(readonly root: RootStore) {
    makeAutoObservable<AuthStore, 'inFlight' | 'refreshTimer' | 'retryTimer' | 'unavailableAttempts'>(this, {
      root: false,
      inFlight: false,
      refreshTimer: false,
      retryTimer: false,
      unavailableAttempts: false,
    });
  }

  get isLoggedIn() {
    return this.viewer !== null;
  }

  /** True while a login session may exist: its expiry cookie is set. */
  get hasSession() {
    return getCookie(AUTH_EXPIRY_COOKIE) !== null;
  }

  /** The more-information dialog is shown: due after a sign-up, or opened to edit the profile. */
  get showMoreInformation() {
    return this.isLoggedIn && (this.needsMoreInformation || this.isEditingProfile);
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

  /**
   * Reads the viewer. When the server cannot answer (5xx, the network) the member is not signed
   * out: the viewer held is kept and the read is tried again after the server's Retry-After,
   * backing off. Only an answer (a guest viewer, a refusal) replaces it.
   */
  private async load() {
    this.isFetching = true;
    const result = await this.root.client.call<{ viewer: ViewerData | null }>('auth.viewer');
    runInAction(() => {
      this.isFetching = false;
      this.isLoaded = true;
      if (result.ok) {
        this.unavailableAttempts = 0;
        this.setViewer(result.data.viewer ?? null);
      } else if (isUnavailable(result.error)) {
        this.retryWhenAvailable(result.error, () => void this.fetchViewer());
      } else {
        this.root.client.showError(result.error);
        this.setViewer(null);
      }
    });
    this.scheduleRefresh();
  }

  /** Runs `retry` after the wait a failure of the server's asks for, longer each time in a row. */
  private retryWhenAvailable(error: Parameters<typeof retryDelayMs>[0], retry: () => void) {
    clearTimeout(this.retryTimer);
    const delay = retryDelayMs(error, this.unavailableAttempts++);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      retry();
    }, delay);
  }

  /**
   * Reads the viewer again after the server said their rights changed (the `viewer` event: a VIP
   * bought or ended, a level up). A failed request keeps the viewer held.
   */
  async reloadViewer(): Promise<void> {
    if (!this.isLoggedIn) return;
    const result = await this.root.client.call<{ viewer: ViewerData | null }>('auth.viewer');
    if (!result.ok) return;
    runInAction(() => {
      const data = result.data.viewer;
      if (data && this.viewer && data.databaseId === this.viewer.data.databaseId) this.viewer.replace(data);
      else this.setViewer(data);
    });
  }

  setViewer(data: ViewerData | null) {
    this.viewer = data ? new Viewer(data) : null;
  }

  /**
   * A login, sign-up, social or automatic login succeeded: keep the viewer,
   * watch the token's expiry and reload the page data that depends on the viewer.
   */
  signedIn(user: ViewerData) {
    this.setViewer(user);
    this.isLoaded = true;
    this.scheduleRefresh();
    void this.root.pages.refresh();
  }

  /**
   * For actions only members may take (create, follow, join): true for a
   * member; a guest gets the login box instead, and nothing is sent.
   */
  requireLogin(): boolean {
    if (this.isLoggedIn) return true;
    this.root.openLogin();
    return false;
  }

  /** Logs in with a one-time token from the URL (?token=). */
  async autoLogin(token: string) {
    const reply = await this.root.client.request<{ gqAutoLogin?: { user?: ViewerData } }>('mutates.autoLogin', {
      token,
    });
    const user = reply?.gqAutoLogin?.user;
    if (user) this.signedIn(user);
  }

  /**
   * Finishes a social login on /authorize (auth.socialCallback) and answers the
   * path to return to: the server's, else the one remembered before leaving;
   * null when it failed (the error was shown).
   */
  async socialCallback(query: { code: string; state: string; type?: string }): Promise<string | null> {
    const reply = await this.root.client.request<{ socialLogin?: { user?: ViewerData; redirect?: string } }>(
      'auth.socialCallback',
      query.type ? query : { code: query.code, state: query.state },
    );
    const login = reply?.socialLogin;
    if (!login?.user) return null;
    this.signedIn(login.user);
    this.root.toasts.success(this.root.t('common.login.loginSuccess'));
    const remembered = readStorage(SOCIAL_REDIRECT_KEY, 'session');
    removeStorage(SOCIAL_REDIRECT_KEY, 'session');
    return login.redirect || remembered || '/';
  }

  /** Ends the session on the server, forgets the viewer and reloads the page's login data. */
  async logout() {
    const result = await this.root.client.post('/api/auth/logout', { refresh: false });
    if (!result.ok) this.root.client.showError(result.error);
    this.forget();
    await this.root.pages.refresh();
  }

  /**
   * The token could not be refreshed (the client showed why): log out, reload
   * the login data and ask to log in again.
   */
  sessionExpired() {
    // The server clears the cookies; a refresh that never reached it must not leave a stale expiry behind.
    removeCookie(AUTH_EXPIRY_COOKIE);
    this.forget();
    void this.root.pages.refresh();
    this.root.openLogin();
  }

  private forget() {
    this.cancelRefresh();
    this.cancelRetry();
    this.setViewer(null);
    this.isEditingProfile = false;
    this.root.client.authToken = null;
  }

  /** Refreshes the token when its expiry cookie's time is reached, then watches the new expiry. */
  scheduleRefresh() {
    this.cancelRefresh();
    const expiry = sessionExpiry();
    if (!expiry) return;
    const delay = Math.min(Math.max(expiry - Date.now(), 0), MAX_TIMER_MS);
    this.refreshTimer = setTimeout(() => void this.refreshWhenDue(), delay);
  }

  private async refreshWhenDue() {
    this.refreshTimer = undefined;
    const refreshed = await this.root.client.refreshIfExpired();
    const unavailable = this.root.client.refreshUnavailable;
    if (!refreshed && unavailable) {
      // The server could not answer: still signed in, try again when it asks.
      this.retryWhenAvailable(unavailable, () => void this.refreshWhenDue());
      return;
    }
    this.unavailableAttempts = 0;
    // Watch again only when the expiry moved forward (or was not reached yet):
    // a refresh that left the cookie in the past must not spin.
    if (refreshed && sessionExpiry() > Date.now()) this.scheduleRefresh();
  }

  cancelRefresh() {
    clearTimeout(this.refreshTimer);
    this.refreshTimer = undefined;
  }

  private cancelRetry() {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.unavailableAttempts = 0;
  }

  /** A sign-up asks for more information about the new member. */
  requestMoreInformation() {
    this.needsMoreInformation = true;
    writeStorage(MORE_INFORMATION_KEY, '1');
  }

  /** Opens the more-information dialog to edit the profile. */
  editProfile() {
    this.isEditingProfile = true;
  }

  /**
   * Closes the dialog when it may be closed: opened to edit the profile, or
   * completed once before (gqRoles.showClose). A new member must save it.
   */
  closeMoreInformation() {
    if (this.needsMoreInformation && !this.viewer?.canCloseMoreInformation) return;
    this.isEditingProfile = false;
    this.needsMoreInformation = false;
    removeStorage(MORE_INFORMATION_KEY);
  }

  /** Saves the more-information dialog (updateUser); on success the local completion flag is cleared. */
  async saveMoreInformation(fields: MoreInformation): Promise<boolean> {
    this.isSavingProfile = true;
    const reply = await this.root.client.request<{ updateUser?: { user?: Partial<ViewerData> } }>('updateUser', fields);
    const user = reply?.updateUser?.user;
    runInAction(() => {
      this.isSavingProfile = false;
      if (!user) return;
      const roles = { ...this.viewer?.data.gqRoles, hasInfomation: true, showClose: true };
      this.viewer?.update({ ...user, gqRoles: roles });
      this.needsMoreInformation = false;
      this.isEditingProfile = false;
      removeStorage(MORE_INFORMATION_KEY);
    });
    if (!user) return false;
    this.root.toasts.success(this.root.t('common.moreInfomation.success'));
    return true;
  }

  /**
   * Makes an image of the viewer's library their avatar (updateUser avatarMediaId): the server
   * crops it square, scales it to 256 px and keeps that as a new media item. Image rights needed.
   */
  async saveAvatar(mediaId: string): Promise<boolean> {
    this.isSavingProfile = true;
    const reply = await this.root.client.request('updateUser', { avatarMediaId: mediaId });
    const user = reply?.updateUser?.user;
    runInAction(() => {
      this.isSavingProfile = false;
      if (user?.avatar) this.viewer?.update({ avatar: user.avatar });
    });
    if (!user) return false;
    this.root.toasts.success(this.root.t('common.moreInfomation.avatarSaved'));
    return true;
  }

  stop() {
    this.cancelRefresh();
    this.cancelRetry();
  }
}
