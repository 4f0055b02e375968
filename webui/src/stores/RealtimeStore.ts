import { compareStructural, makeObservable, observable, reaction, runInAction, type IReactionDisposer } from 'mobx';
import { LiveChannels } from '../api/live';
import { RealtimeSocket, socketURL, type SocketCredentials, type SocketStatus } from '../api/socket';
import type { Viewer } from '../models/Viewer';
import type { RootStore } from './RootStore';

/** The socket credentials of a viewer, or null for a guest or a viewer without a token. */
export function socketCredentials(viewer: Viewer | null): SocketCredentials | null {
  const token = viewer?.data.gqUserSocketToken;
  const userId = viewer?.data.databaseId;
  if (!token?.signature || !token.timestamp || !userId) return null;
  return { userId, signature: token.signature, timestamp: token.timestamp };
}

/**
 * Owns the app's realtime channel: the socket is open while someone is logged in, replaced when
 * the member (or their token) changes, and closed on logout (SPEC §7). Stores listen to its
 * events through `realtime.socket.on(...)`.
 */
export class RealtimeStore {
  readonly socket: RealtimeSocket;
  /** The live page channels over the socket (useLiveChannel). */
  readonly live: LiveChannels;
  /** The socket's status, observable for the screens. */
  status: SocketStatus = 'closed';

  private disposeViewer: IReactionDisposer | null = null;
  private rejectedToken: string | null = null;
  private readonly onOnline = () => this.socket.retryNow();

  constructor(readonly root: RootStore) {
    this.socket = new RealtimeSocket({
      url: () => socketURL(window.location, root.locale.lang),
      onRejected: () => this.renewToken(),
    });
    this.live = new LiveChannels(this.socket);
    this.socket.on('status', (status) => runInAction(() => (this.status = status)));
    // The member's rights changed (VIP bought or ended, level up): the server already applies them
    // to this socket; the screens follow once the viewer is read again.
    this.socket.on('viewer', () => {
      void root.auth.reloadViewer();
      root.levelTips.invalidate();
    });
    makeObservable(this, { status: observable });
  }

  get isReady() {
    return this.status === 'ready';
  }

  /** Follows the viewer: opens, replaces or closes the socket. */
  start() {
    if (this.disposeViewer) return;
    window.addEventListener('online', this.onOnline);
    this.disposeViewer = reaction(
      () => socketCredentials(this.root.auth.viewer),
      (credentials) => (credentials ? this.socket.open(credentials) : this.socket.close()),
      { fireImmediately: true, equals: compareStructural },
    );
  }

  stop() {
    window.removeEventListener('online', this.onOnline);
    this.disposeViewer?.();
    this.disposeViewer = null;
    this.socket.close();
  }

  /** The server refused the token (it expires after a day): fetch the viewer again, once per token. */
  private renewToken() {
    const token = socketCredentials(this.root.auth.viewer)?.timestamp ?? null;
    if (token === null || token === this.rejectedToken) return;
    this.rejectedToken = token;
    void this.root.auth.fetchViewer();
  }
}
