import { action, computed, makeObservable, observable, override, reaction } from 'mobx';
import { newClientId, type TicketCategory, type TicketEvent, type TicketView } from '../../models/account';
import type { RootStore } from '../RootStore';
import { PagedStore, type Page, type PageDirection } from '../base/PagedStore';
import { TicketThread } from './TicketThread';
import { registerStore } from '../lazyStores';

export type TicketScope = 'mine' | 'all';

/** What the new-ticket form sends. */
export interface NewTicket {
  subject: string;
  category: TicketCategory;
  message: string;
  attachments: string[];
}

/**
 * The support tickets (ticket.list): the member's own, or for an admin every member's (scope
 * `all`), most recently updated first, page by page; each ticket's thread; the new-ticket form
 * (ticket.create). The `ticket` session event (a reply or a close, to the owner and every admin)
 * keeps the list, the open threads and the member's open-ticket count live.
 */
export class TicketsStore extends PagedStore<TicketView, TicketView> {
  scope: TicketScope = 'mine';
  creating = false;
  readonly threads = observable.map<string, TicketThread>({}, { deep: false });
  /** The member's own tickets as last known (from the viewer's gqTicket, then live): the open count. */
  readonly own = observable.map<string, TicketView>({}, { deep: false });

  constructor(root: RootStore) {
    super(root, 'TicketsStore');
    makeObservable(this, {
      scope: observable,
      creating: observable,
      ordered: computed,
      openCount: computed,
      isAdmin: computed,
      receive: override,
      setScope: action,
      receiveEvent: action,
      upsert: action,
      seedOwn: action,
    });
    // The `ticket` event comes through the RootStore, which builds this store for it.
    reaction(
      () => root.auth.viewer?.id ?? null,
      () => {
        this.reset();
        this.threads.clear();
        this.own.clear();
        this.scope = 'mine';
      },
    );
    reaction(
      () => root.auth.viewer?.data.gqTicket,
      (tickets) => this.seedOwn((tickets ?? []).map((ticket) => ({ ...ticket, id: String(ticket.id) }) as TicketView)),
      { fireImmediately: true },
    );
  }

  get isAdmin(): boolean {
    return this.root.auth.viewer?.data.gqRoles?.isAdmin === true;
  }

  /** The member's tickets that are not closed (the user menu's count). */
  get openCount(): number {
    let count = 0;
    for (const ticket of this.own.values()) if (ticket.status !== 'closed') count += 1;
    return count;
  }

  /** The viewer's gqTicket (their open tickets) as read. */
  seedOwn(tickets: TicketView[]) {
    this.own.clear();
    for (const ticket of tickets) if (ticket?.id) this.own.set(ticket.id, ticket);
  }

  protected idOf(data: TicketView) {
    return data.id;
  }

  protected create(data: TicketView) {
    return data;
  }

  protected update(ticket: TicketView, data: TicketView) {
    Object.assign(ticket, data);
  }

  /** Most recently updated first. */
  get ordered(): TicketView[] {
    return [...this.data.values()].sort((a, b) => (b.updatedAt ?? 0) - (a.updatedAt ?? 0) || b.id.localeCompare(a.id));
  }

  private isMine(ticket: TicketView): boolean {
    const viewer = this.root.auth.viewer;
    return Boolean(viewer && ticket.author && (ticket.author.id === viewer.data.databaseId || ticket.author.id === viewer.id));
  }

  /** Keeps a ticket of the scope shown only. */
  override receive(data: TicketView): void {
    if (this.scope === 'all' || this.isMine(data)) this.add(data);
  }

  /** A ticket the member changed (created, replied, closed), into the list, the count and its thread. */
  upsert(ticket: TicketView) {
    if (!ticket?.id) return;
    if (this.isMine(ticket)) this.own.set(ticket.id, ticket);
    if (this.isLoaded || this.data.has(ticket.id)) this.receive(ticket);
  }

  /** A live change of a ticket: its row, the count, and the thread when it is held. */
  receiveEvent(event: TicketEvent) {
    const ticket = event?.ticket;
    if (!ticket?.id) return;
    this.upsert(ticket);
    this.threads.get(ticket.id)?.receive(ticket, event.message);
    if (event.message?.staff && this.isMine(ticket) && event.message.author?.id !== this.root.auth.viewer?.data.databaseId) {
      this.root.toasts.info(this.root.t('ticket.staffReplied', { subject: ticket.subject }));
    }
  }

  /** Shows the member's own tickets or (admins) everyone's, read again from the first page. */
  setScope(scope: TicketScope) {
    if (scope === this.scope || (scope === 'all' && !this.isAdmin)) return;
    this.scope = scope;
    this.reset();
    void this.loadLatest();
  }

  /** The thread of a ticket, held while the viewer stays. */
  thread(id: string): TicketThread {
    let thread = this.threads.get(id);
    if (!thread) {
      thread = new TicketThread(this.root, id);
      this.inAction('thread', () => this.threads.set(id, thread as TicketThread));
    }
    return thread;
  }

  /** Opens a ticket (ticket.create); the ticket once opened, or null (a toast said why). */
  async createTicket(input: NewTicket, clientId: string = newClientId('ticket')): Promise<TicketView | null> {
    if (this.creating) return null;
    this.inAction('createTicket', () => (this.creating = true));
    const reply = await this.root.client.request('ticket.create', {
      subject: input.subject.trim(),
      category: input.category,
      message: input.message.trim(),
      ...(input.attachments.length > 0 ? { attachments: input.attachments } : {}),
      clientId,
    });
    this.inAction('createTicket', () => {
      this.creating = false;
      if (!reply) return;
      this.upsert(reply.ticket);
      const thread = this.thread(reply.ticket.id);
      thread.receive(reply.ticket, reply.message);
    });
    if (reply) this.root.toasts.success(this.root.t('ticket.created'));
    return reply?.ticket ?? null;
  }

  protected async fetchPage(_direction: PageDirection, after: string): Promise<Page<TicketView> | null> {
    const viewerId = this.root.auth.viewer?.id;
    if (!viewerId) return null;
    const scope = this.scope;
    const reply = await this.root.client.request('ticket.list', {
      ...(scope === 'all' ? { scope } : {}),
      ...(after ? { after } : {}),
    });
    if (!reply || this.root.auth.viewer?.id !== viewerId || this.scope !== scope) return null;
    return {
      items: reply.tickets.edges.map((edge) => edge.node),
      newerCursor: reply.tickets.pageInfo.endCursor,
      hasNewer: reply.tickets.pageInfo.hasNextPage,
    };
  }
}

registerStore('tickets', (root) => new TicketsStore(root));
