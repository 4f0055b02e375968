import type { WebSocketLike } from '../api/socket';
import type { RealtimeEvents } from '../api/wire.gen';

/** A websocket that the test drives: it records what the client sends and plays the server. */
export class FakeSocket implements WebSocketLike {
  /** Every fake socket opened, oldest first. */
  static instances: FakeSocket[] = [];

  static get last(): FakeSocket {
    const socket = FakeSocket.instances[FakeSocket.instances.length - 1];
    if (!socket) throw new Error('no socket was opened');
    return socket;
  }

  static reset() {
    FakeSocket.instances = [];
  }

  readyState = 0;
  sent: { action: string; data: Record<string, unknown> }[] = [];
  closedWith: number | undefined;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }

  send(data: string) {
    if (this.readyState !== 1) throw new Error('send on a socket that is not open');
    this.sent.push(JSON.parse(data) as { action: string; data: Record<string, unknown> });
  }

  close(code?: number) {
    this.closedWith = code;
    this.readyState = 3;
  }

  /** The actions sent so far. */
  get actions(): string[] {
    return this.sent.map((frame) => frame.action);
  }

  /** The last frame sent with an action. */
  lastSent(action: string) {
    return this.sent.filter((frame) => frame.action === action).at(-1);
  }

  /** The server accepts the connection. */
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }

  /** The server sends an event. */
  receive<K extends keyof RealtimeEvents>(action: K, data: RealtimeEvents[K]) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify({ action, data }) }));
  }

  /** The server (or the network) drops the connection. */
  drop() {
    this.readyState = 3;
    this.onclose?.(new CloseEvent('close', { code: 1006 }));
  }

  /** Opens and answers connect: the socket is ready. */
  accept(userId = '42') {
    this.open();
    this.receive('connect', { userId });
  }
}
