import { compareStructural, makeObservable, observable, reaction, runInAction, type IReactionDisposer } from 'mobx';
import { LiveChannels } from '../api/live';
import { RealtimeSocket, SITE_CHANNEL, socketURL, type SocketCredentials, type SocketStatus } from '../api/socket';
import type { Viewer } from '../models/Viewer';
import { whenIdle } from '../routing/prefetch';
import type { RootStore } from './RootStore';

/** The socket credentials of a viewer, or null for a guest or a viewer without a token. */
export function socketCredentials(viewer: Viewer | null): SocketCredentials | null {
  const token = viewer?.data.gqUserSocketToken;
  const userId = viewer?.data.databaseId;
  if (!token?.signature || !token.timestamp || !userId) return null;
  return { userId, signature: token.signature, timestamp: token.timestamp };
}

/** Whether the page is on screen and has the focus: a member looking at it gets no Web Push. */
export function pageFocused(doc: Pick<Document, 'visibilityState' | 'hasFocus'> = document): boolean {
  return doc.visibilityState === 'visible' && doc.hasFocus();
}

/** The live events of the site channel, each carrying the version it announces. */
type SiteEvent = 'layout' | 'settings';

/**
 * A live event of the site channel: a layout was published (or rolled back), or the site settings
 * were saved, as `version`; null for any other frame.
 */
export function siteEventOf(frame: unknown): { event: SiteEvent; version: number } | null {
  const { channel, event, data } = (frame ?? {}) as { channel?: unknown; event?: unknown; data?: { version?: unknown } };
  if (channel !== SITE_CHANNEL || (event !== 'layout' && event !== 'settings')) return null;
  const version = data?.version;
  return typeof version === 'number' && Number.isFinite(version) ? { event, version } : null;
}

/**
 * Owns the app's realtime channel: the socket is open while someone is logged in, replaced when
 * the member (or their token) changes, and closed on logout (SPEC §7). A guest gets a socket too,
 * opened when the browser is idle after the first paint, that only watches the site channel.
 * Every page watches the site channel: on a `layout` event the settings (header, footer) and the
 * pages are read again, on a `settings` event the settings. Stores listen to its events through `realtime.socket.on(...)`.
 */
export class RealtimeStore {
  readonly socket: RealtimeSocket;
  /** The live page channels over the socket (useLiveChannel). */
  readonly live: LiveChannels;
  /** The socket's status, observable for the screens. */
  status: SocketStatus = 'closed';

  private disposeViewer: IReactionDisposer | null = null;
  private started = false;
  private rejectedToken: string | null = null;
  private readonly onOnline = () => this.socket.retryNow();
  /** The focus this connection of the socket has on the server: a new connection starts unfocused. */
  private focusSent = false;
  private readonly onFocusChange = () => this.sendFocus();

  constructor(readonly root: RootStore) {
    this.socket = new RealtimeSocket({
      url: () => socketURL(window.location, root.locale.lang),
      onRejected: () => this.renewToken(),
    });
    this.live = new LiveChannels(this.socket);
    this.socket.on('status', (status) => {
      runInAction(() => (this.status = status));
      // Every new connection starts unfocused on the server: a focused page says so again once ready.
      if (status !== 'ready') this.focusSent = false;
      else this.sendFocus();
    });
    // The member's rights changed (VIP bought or ended, level up): the server already applies them
    // to this socket; the screens follow once the viewer is read again.
    this.socket.on('viewer', () => {
      void root.auth.reloadViewer();
      root.levelTips.invalidate();
    });
    this.socket.on('live', (frame) => {
      const site = siteEventOf(frame);
      if (site) this.siteChanged(site.event, site.version);
    });
    makeObservable(this, { status: observable });
  }

  get isReady() {
    return this.status === 'ready';
  }

  /** Follows the viewer: opens, replaces or closes the socket. */
  start() {
    if (this.disposeViewer) return;
    this.started = true;
    window.addEventListener('online', this.onOnline);
    document.addEventListener('visibilitychange', this.onFocusChange);
    window.addEventListener('focus', this.onFocusChange);
    window.addEventListener('blur', this.onFocusChange);
    this.socket.watch(SITE_CHANNEL);
    this.disposeViewer = reaction(
      () => socketCredentials(this.root.auth.viewer),
      (credentials) => {
        if (credentials) {
          this.socket.open(credentials);
          return;
        }
        this.socket.close();
        whenIdle(() => this.openGuest());
      },
      { fireImmediately: true, equals: compareStructural },
    );
  }

  stop() {
    this.started = false;
    window.removeEventListener('online', this.onOnline);
    document.removeEventListener('visibilitychange', this.onFocusChange);
    window.removeEventListener('focus', this.onFocusChange);
    window.removeEventListener('blur', this.onFocusChange);
    this.disposeViewer?.();
    this.disposeViewer = null;
    this.socket.close();
  }

  /**
   * Tells the server whether this page is focused (the websocket's focus frame), when it changed
   * since last told on this connection. A guest's socket sends nothing (their focus means nothing).
   */
  private sendFocus() {
    if (this.socket.isGuest || !this.socket.isReady) return;
    const focused = pageFocused();
    if (focused === this.focusSent) return;
    if (this.socket.send('focus', { focused })) this.focusSent = focused;
  }

  /** A guest's socket, unless a member signed in (or the store stopped) in the meantime. */
  private openGuest() {
    if (!this.started || socketCredentials(this.root.auth.viewer)) return;
    this.socket.openGuest();
  }

  /**
   * A layout was published: the header and footer, and the pages, follow it. The settings were
   * saved: every open page (a visitor's too) reads them again, so the locale popover, prices and
   * badges follow without a reload.
   */
  private siteChanged(event: SiteEvent, version: number) {
    switch (event) {
      case 'layout':
        void this.root.settings.reloadLayout(version);
        void this.root.pages.reloadLayout(version);
        return;
      case 'settings':
        void this.root.settings.reloadSettings(version);
        return;
      default:
        event satisfies never;
    }
  }

  /** The server refused the token (it expires after a day): fetch the viewer again, once per token. */
  private renewToken() {
    const token = socketCredentials(this.root.auth.viewer)?.timestamp ?? null;
    if (token === null || token === this.rejectedToken) return;
    this.rejectedToken = token;
    void this.root.auth.fetchViewer();
  }
}
