/**
 * The realtime channel of the app: one websocket on /api/ws (SPEC §7, DESIGN "The contract with
 * the client"). Frames are JSON `{action, data}`. The socket authenticates with the viewer's
 * `gqUserSocketToken` (`connect`), reconnects with exponential backoff and jitter (never sooner than
 * a refused connect's `retryAfterMs` when the server could not sign it in), and re-joins
 * its rooms after every reconnect, each from the last sequence number its store holds
 * (`join_room` with `lastSeq`), so the server replays what was missed. Stores subscribe to the
 * server's events through a typed emitter ({@link RealtimeSocket.on}).
 *
 * A guest's socket ({@link RealtimeSocket.openGuest}) sends no `connect`: it is ready once open and
 * only watches the channels a guest may watch ({@link GUEST_CHANNELS}), with the same reconnects.
 */
import type { LiveEvent } from './live';
import type { Connect, RealtimeEvents, Refusal, SocketCommands } from './wire.gen';

/** The viewer's socket token: their databaseId and `gqUserSocketToken`. */
export type SocketCredentials = Omit<Connect, 'inboxSeq'>;

/** What a store may add to connect, resuming its own feed after a reconnect. */
export type ConnectExtras = Pick<Connect, 'inboxSeq'>;

/** The path of the websocket endpoint. */
export const SOCKET_PATH = '/api/ws';
/** The first reconnect waits about this long; each failed attempt doubles it. */
export const RECONNECT_BASE_MS = 500;
/** The longest wait between two reconnect attempts. */
export const RECONNECT_MAX_MS = 30_000;

/** The live channel of the site: its published layout (`layout`: header, footer, pages) and settings (`settings`). */
export const SITE_CHANNEL = 'site';
/** The live channels a guest's socket may watch; the others wait for a member's connect. */
export const GUEST_CHANNELS: ReadonlySet<string> = new Set([SITE_CHANNEL]);

/**
 * Where the socket is: `closed` (no viewer, or closed for good), `connecting` (opening the
 * websocket), `authenticating` (`connect` sent, waiting for its answer), `ready` (commands can be
 * sent), `waiting` (lost; a reconnect is scheduled).
 */
export type SocketStatus = 'closed' | 'connecting' | 'authenticating' | 'ready' | 'waiting';

/**
 * What {@link RealtimeSocket.on} can listen to: the server's events (generated), with `live` frames
 * typed by event name, and the socket's status.
 */
export type SocketEvents = Omit<RealtimeEvents, 'live'> & { live: LiveEvent; status: SocketStatus };

/** The part of the browser's WebSocket the client uses (tests pass a fake). */
export interface WebSocketLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface RealtimeSocketOptions {
  /** The websocket address at the time of a (re)connect. */
  url: () => string;
  /** Opens a websocket; the browser's by default. */
  createSocket?: (url: string) => WebSocketLike;
  /** Called when the server refuses the credentials (an expired token): fetch fresh ones and call open(). */
  onRejected?: () => void;
  /** A number in [0, 1) for the jitter; Math.random by default. */
  random?: () => number;
  baseDelayMs?: number;
  maxDelayMs?: number;
}

/** A room the socket keeps joined across reconnects, and where its store's events end. */
interface RoomSubscription {
  /** The last sequence number the store holds; undefined for live events only. */
  lastSeq: () => number | undefined;
}

const OPEN = 1;
const NORMAL_CLOSURE = 1000;
const BAD_SIGNATURE = 'chat.error.badSignature';

/** The websocket address for a page location: `wss` on https, with the language for server messages. */
export function socketURL(location: Pick<Location, 'protocol' | 'host'>, lang?: string): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  const query = lang ? `?lang=${encodeURIComponent(lang)}` : '';
  return `${scheme}://${location.host}${SOCKET_PATH}${query}`;
}

/**
 * The delay before reconnect attempt `attempt` (0 for the first): exponential up to `maxMs`, with
 * "equal jitter" (between half and all of it) so that clients dropped together do not come back
 * together.
 */
export function reconnectDelay(attempt: number, random: number, baseMs = RECONNECT_BASE_MS, maxMs = RECONNECT_MAX_MS): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.min(attempt, 30));
  return Math.round(ceiling / 2 + (random * ceiling) / 2);
}

function sameCredentials(a: SocketCredentials | null, b: SocketCredentials | null): boolean {
  return a?.userId === b?.userId && a?.signature === b?.signature && a?.timestamp === b?.timestamp;
}

type Listener<T> = (data: T) => void;

/** The app's one websocket client; see the module comment. */
export class RealtimeSocket {
  private readonly options: RealtimeSocketOptions;
  private readonly listeners = new Map<keyof SocketEvents, Set<Listener<never>>>();
  private readonly rooms = new Map<string, RoomSubscription>();
  /** The live channels watched, again after every reconnect (kept across logout: see watch). */
  private readonly watched = new Set<string>();
  private credentials: SocketCredentials | null = null;
  /** Connected (or connecting) as a guest: no credentials, watching only. */
  private guest = false;
  private ws: WebSocketLike | null = null;
  private attempt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private currentStatus: SocketStatus = 'closed';
  private connectExtras: () => ConnectExtras = () => ({});

  constructor(options: RealtimeSocketOptions) {
    this.options = options;
  }

  get status(): SocketStatus {
    return this.currentStatus;
  }

  /** True when commands can be sent. */
  get isReady(): boolean {
    return this.currentStatus === 'ready';
  }

  /** The member the socket is (or will be) authenticated as. */
  get userId(): string | null {
    return this.credentials?.userId ?? null;
  }

  /** True while the socket is a guest's (see {@link openGuest}). */
  get isGuest(): boolean {
    return this.guest;
  }

  /** Listens to a server event or to status changes; returns the function that stops listening. */
  on<K extends keyof SocketEvents>(event: K, listener: Listener<SocketEvents[K]>): () => void {
    let set = this.listeners.get(event);
    if (!set) {
      set = new Set();
      this.listeners.set(event, set);
    }
    set.add(listener as Listener<never>);
    return () => set.delete(listener as Listener<never>);
  }

  /**
   * Connects as the member of `credentials`. Opening again with the same credentials does nothing;
   * other credentials (another member, a fresh token) replace the connection, keeping the rooms.
   */
  open(credentials: SocketCredentials) {
    if (sameCredentials(this.credentials, credentials) && this.currentStatus !== 'closed') return;
    this.credentials = credentials;
    this.guest = false;
    this.attempt = 0;
    this.dropConnection();
    this.connect();
  }

  /**
   * Connects as a guest: no `connect` is sent, the socket is ready once open and watches only the
   * {@link GUEST_CHANNELS} among the channels wished. Does nothing while a member's socket or a
   * guest's is open; {@link open} replaces it when a member signs in.
   */
  openGuest() {
    if (this.currentStatus !== 'closed') return;
    this.credentials = null;
    this.guest = true;
    this.attempt = 0;
    this.dropConnection();
    this.connect();
  }

  /** Closes for good (logout): no reconnect, and the rooms are forgotten. */
  close() {
    this.credentials = null;
    this.guest = false;
    this.rooms.clear();
    this.dropConnection();
    this.setStatus('closed');
  }

  /** Adds fields to every connect (a store's own resume point, read at each connect). */
  setConnectExtras(extras: () => ConnectExtras) {
    this.connectExtras = extras;
  }

  /** Reconnects now if a reconnect is scheduled (the browser came back online). */
  retryNow() {
    if (this.currentStatus !== 'waiting') return;
    clearTimeout(this.retryTimer);
    this.connect();
  }

  /**
   * Joins a room now (when ready) and after every reconnect, resuming after `lastSeq()`. The room's
   * events arrive through {@link on}.
   */
  join(room: string, lastSeq: () => number | undefined = () => undefined) {
    this.rooms.set(room, { lastSeq });
    if (this.isReady) this.sendJoin(room);
  }

  /** Leaves a room and stops re-joining it. */
  leave(room: string) {
    if (!this.rooms.delete(room)) return;
    this.send('leave_room', { room });
  }

  /** Whether the socket keeps `room` joined. */
  isJoined(room: string): boolean {
    return this.rooms.has(room);
  }

  /**
   * Watches a live channel now (when ready) and after every reconnect; its frames arrive as `live`
   * events. The wish outlives a logout, so a page that stays on screen is live again once a member
   * signs in.
   */
  watch(channel: string) {
    if (this.watched.has(channel)) return;
    this.watched.add(channel);
    if (this.mayWatch(channel)) this.send('watch', { channel });
  }

  /** Stops watching a live channel. */
  unwatch(channel: string) {
    if (!this.watched.delete(channel)) return;
    if (this.mayWatch(channel)) this.send('unwatch', { channel });
  }

  /** Whether this connection may watch `channel`: a member any, a guest only the guest channels. */
  private mayWatch(channel: string): boolean {
    return !this.guest || GUEST_CHANNELS.has(channel);
  }

  /**
   * Sends a command; false when the socket is not ready, or is a guest's and the command is not
   * watching (the caller falls back or says so).
   */
  send<K extends keyof SocketCommands>(action: K, data: SocketCommands[K]): boolean {
    if (!this.isReady || !this.ws || this.ws.readyState !== OPEN) return false;
    if (this.guest && action !== 'watch' && action !== 'unwatch') return false;
    this.ws.send(JSON.stringify({ action, data }));
    return true;
  }

  private connect() {
    if (!this.credentials && !this.guest) return;
    const create = this.options.createSocket ?? ((url: string) => new WebSocket(url));
    let ws: WebSocketLike;
    try {
      ws = create(this.options.url());
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.ws = ws;
    this.setStatus('connecting');
    ws.onopen = () => {
      if (this.ws !== ws) return;
      if (this.guest) {
        this.authenticated();
        return;
      }
      if (!this.credentials) return;
      this.setStatus('authenticating');
      const data: SocketCommands['connect'] = { ...this.connectExtras(), ...this.credentials };
      ws.send(JSON.stringify({ action: 'connect', data }));
    };
    ws.onmessage = (event) => {
      if (this.ws === ws && typeof event.data === 'string') this.receive(event.data);
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.scheduleReconnect();
    };
    ws.onerror = () => {
      // A close event always follows; reconnecting is decided there.
    };
  }

  /** Forgets the current websocket without triggering a reconnect, and cancels any scheduled one. */
  private dropConnection() {
    clearTimeout(this.retryTimer);
    const ws = this.ws;
    this.ws = null;
    if (ws) {
      ws.onopen = ws.onmessage = ws.onclose = ws.onerror = null;
      ws.close(NORMAL_CLOSURE);
    }
  }

  /** Schedules a reconnect after the backoff's next delay, and not before `atLeastMs` (a server's retryAfterMs). */
  private scheduleReconnect(atLeastMs = 0) {
    if (!this.credentials && !this.guest) {
      this.setStatus('closed');
      return;
    }
    const backoff = reconnectDelay(
      this.attempt++,
      (this.options.random ?? Math.random)(),
      this.options.baseDelayMs,
      this.options.maxDelayMs,
    );
    const delay = Math.max(backoff, atLeastMs);
    this.setStatus('waiting');
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  private receive(raw: string) {
    let frame: { action?: unknown; data?: unknown };
    try {
      frame = JSON.parse(raw) as { action?: unknown; data?: unknown };
    } catch {
      return;
    }
    if (typeof frame !== 'object' || frame === null || typeof frame.action !== 'string') return;
    const action = frame.action as keyof RealtimeEvents;
    const data = (frame.data ?? {}) as never;
    switch (action) {
      case 'connect':
        this.authenticated();
        this.emit('connect', data);
        break;
      case 'error':
        this.refused(data);
        break;
      case 'chat_room':
        this.emit('chat_room', data);
        break;
      case 'delete_chat':
        this.emit('delete_chat', data);
        break;
      case 'join_success':
        this.emit('join_success', data);
        break;
      case 'leave_room':
        this.emit('leave_room', data);
        break;
      case 'show_room':
        this.emit('show_room', data);
        break;
      case 'chat_ack':
        this.emit('chat_ack', data);
        break;
      case 'private_message':
        this.emit('private_message', data);
        break;
      case 'delete_private_message':
        this.emit('delete_private_message', data);
        break;
      case 'notification':
        this.emit('notification', data);
        break;
      case 'unread':
        this.emit('unread', data);
        break;
      case 'inbox_synced':
        this.emit('inbox_synced', data);
        break;
      case 'inbox_reset':
        this.emit('inbox_reset', data);
        break;
      case 'wallet':
        this.emit('wallet', data);
        break;
      case 'viewer':
        this.emit('viewer', data);
        break;
      case 'report_queue':
        this.emit('report_queue', data);
        break;
      case 'live':
        this.emit('live', data);
        break;
      case 'watch':
        this.emit('watch', data);
        break;
      case 'unwatch':
        this.emit('unwatch', data);
        break;
      case 'coupon':
        this.emit('coupon', data);
        break;
      case 'ticket':
        this.emit('ticket', data);
        break;
      case 'order':
        this.emit('order', data);
        break;
      default:
        // An event this client does not know yet (a newer server): ignored.
        action satisfies never;
    }
  }

  private authenticated() {
    this.attempt = 0;
    this.setStatus('ready');
    for (const room of this.rooms.keys()) this.sendJoin(room);
    for (const channel of this.watched) if (this.mayWatch(channel)) this.send('watch', { channel });
  }

  private refused(error: Refusal) {
    if (error.action === 'connect' && error.code === BAD_SIGNATURE) {
      // The token expired or belongs to another member: retrying cannot help until it is renewed.
      this.dropConnection();
      this.setStatus('closed');
      this.options.onRejected?.();
    } else if (error.action === 'connect') {
      // The server could not sign the member in now (its database away): the token is still good,
      // so connect again with it, no sooner than the server asks.
      this.dropConnection();
      this.scheduleReconnect(error.retryAfterMs);
    }
    this.emit('error', error);
  }

  private sendJoin(room: string) {
    const credentials = this.credentials;
    const subscription = this.rooms.get(room);
    if (!credentials || !subscription) return;
    const lastSeq = subscription.lastSeq();
    this.send('join_room', {
      room,
      user: credentials.userId,
      signature: credentials.signature,
      timestamp: credentials.timestamp,
      ...(lastSeq === undefined ? {} : { lastSeq }),
    });
  }

  private setStatus(status: SocketStatus) {
    if (this.currentStatus === status) return;
    this.currentStatus = status;
    this.emit('status', status);
  }

  private emit<K extends keyof SocketEvents>(event: K, data: SocketEvents[K]) {
    for (const listener of this.listeners.get(event) ?? []) (listener as Listener<SocketEvents[K]>)(data);
  }
}
