import { makeAutoObservable, runInAction } from 'mobx';
import { newClientId, type TicketMessage, type TicketView } from '../../models/account';
import type { RootStore } from '../RootStore';

/**
 * One ticket's conversation (ticket.thread): its messages oldest first, further pages after the last
 * read, a reply (ticket.reply) and closing it (ticket.close). The `ticket` session event appends
 * the messages written elsewhere (staff, another tab) live.
 */
export class TicketThread {
  ticket: TicketView | null = null;
  messages: TicketMessage[] = [];
  isLoaded = false;
  isFetching = false;
  hasMore = false;
  sending = false;
  closing = false;
  /** The thread could not be read (not found, not the member's). */
  failed = false;

  private cursor = '';

  constructor(
    readonly root: RootStore,
    readonly id: string,
  ) {
    makeAutoObservable<TicketThread, 'cursor'>(this, { root: false, id: false, cursor: false });
  }

  get isClosed(): boolean {
    return this.ticket?.status === 'closed';
  }

  /** Reads the first page once. */
  async load(): Promise<void> {
    if (this.isLoaded || this.isFetching) return;
    await this.fetch('');
  }

  /** Reads the page after the last message read. */
  async loadMore(): Promise<void> {
    if (!this.hasMore || this.isFetching) return;
    await this.fetch(this.cursor);
  }

  private async fetch(after: string) {
    this.isFetching = true;
    const reply = await this.root.client.request('ticket.thread', {
      ticketId: this.id,
      ...(after ? { after } : {}),
    });
    runInAction(() => {
      this.isFetching = false;
      if (!reply) {
        if (!this.isLoaded) this.failed = true;
        return;
      }
      this.ticket = reply.ticket;
      for (const edge of reply.messages.edges) this.append(edge.node);
      this.cursor = reply.messages.pageInfo.endCursor || this.cursor;
      this.hasMore = reply.messages.pageInfo.hasNextPage;
      this.isLoaded = true;
      this.failed = false;
    });
    // Reading the thread marks it read: the list's row follows.
    if (reply) this.root.tickets.upsert(reply.ticket);
  }

  /** Keeps a message once, in time order. */
  append(message: TicketMessage) {
    if (!message?.id || this.messages.some((held) => held.id === message.id)) return;
    const at = this.messages.findIndex((held) => held.createdAt > message.createdAt);
    if (at < 0) this.messages.push(message);
    else this.messages.splice(at, 0, message);
  }

  /** A live change of the ticket: its new state, and the message written, if any. */
  receive(ticket: TicketView, message?: TicketMessage) {
    this.ticket = ticket;
    // A message past the pages still unread comes with them.
    if (message && !this.hasMore) this.append(message);
  }

  /** Sends a reply; true once sent. */
  async reply(content: string, attachments: string[] = []): Promise<boolean> {
    const text = content.trim();
    if (!text || this.sending || this.isClosed) return false;
    this.sending = true;
    const reply = await this.root.client.request('ticket.reply', {
      ticketId: this.id,
      content: text,
      ...(attachments.length > 0 ? { attachments } : {}),
      clientId: newClientId('ticket-reply'),
    });
    runInAction(() => {
      this.sending = false;
      if (!reply) return;
      this.ticket = reply.ticket;
      this.append(reply.message);
    });
    if (reply) this.root.tickets.upsert(reply.ticket);
    return reply !== null;
  }

  /** Closes the ticket; true once closed. */
  async close(): Promise<boolean> {
    if (this.closing || this.isClosed) return false;
    this.closing = true;
    const reply = await this.root.client.request('ticket.close', { ticketId: this.id });
    runInAction(() => {
      this.closing = false;
      if (reply) this.ticket = reply.ticket;
    });
    if (reply) {
      this.root.tickets.upsert(reply.ticket);
      this.root.toasts.success(this.root.t('ticket.closedToast'));
    }
    return reply !== null;
  }
}
