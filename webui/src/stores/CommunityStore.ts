import { action, computed, makeObservable, observable, reaction } from 'mobx';
import type { ErrorReply } from '../api/client';
import type { NodeView } from '../api/wire.gen';
import type { Page, PageDirection } from './base/PagedStore';
import { RelayList } from './community/RelayList';
import type { RootStore } from './RootStore';

/** The nodes drawer and the /community grid read this many nodes at a time (SPEC §9). */
export const NODES_PAGE_SIZE = 20;

/** The error key of a balance too low to pay a node's price. */
export const INSUFFICIENT_KEY = 'wallet.error.insufficient';

/** A paid join waiting for the member's confirmation, and why the last try failed. */
export interface PendingJoin {
  nodeId: string;
  error: ErrorReply | null;
}

/**
 * The community's nodes (archive.nodesList, and every node a page or a reply brings), the pages of
 * the list in the server's order, and joining and leaving them (community.join / community.leave):
 * a guest is asked to log in, a paid node asks to confirm its price first, a node of type other is
 * joined only by invitation. The viewer's membership of each node changes with the viewer, so the
 * list is read again then.
 */
export class CommunityStore extends RelayList<NodeView> {
  /** The ids of the list's pages, in the server's order. */
  listed: string[] = [];
  pendingJoin: PendingJoin | null = null;
  /** The nodes being joined or left. */
  readonly busy = observable.set<string>();

  constructor(root: RootStore) {
    super(
      root,
      'CommunityStore',
      async (after) =>
        (await root.client.request('archive.nodesList', after ? { first: NODES_PAGE_SIZE, after } : { first: NODES_PAGE_SIZE }))?.communityCats ?? null,
      'oldest',
    );
    makeObservable(this, {
      listed: observable,
      pendingJoin: observable,
      list: computed,
      askToJoin: action,
      cancelJoin: action,
    });
    reaction(
      () => root.auth.viewer?.id ?? null,
      () => {
        this.pendingJoin = null;
        this.reload();
      },
    );
  }

  /** The nodes of the pages read, in the server's order. */
  get list(): NodeView[] {
    return this.listed.map((id) => this.data.get(id)).filter((node): node is NodeView => node !== undefined);
  }

  override reset(): void {
    super.reset();
    this.listed = [];
  }

  /** The held version of a node (kept up to date by joins), else the one given. */
  current(node: NodeView): NodeView {
    return this.data.get(node.databaseId) ?? node;
  }

  protected override async fetchPage(direction: PageDirection, after: string): Promise<Page<NodeView> | null> {
    const page = await super.fetchPage(direction, after);
    if (!page) return null;
    const ids = page.items.map((node) => node.databaseId);
    return {
      ...page,
      apply: () => {
        const known = new Set(this.listed);
        this.listed.push(...ids.filter((id) => !known.has(id)));
      },
    };
  }

  /**
   * Joins a node as its join rule says: free and level nodes at once (the server checks the level),
   * a paid one after the confirmation {@link confirmJoin}. A guest gets the login box. Answers the
   * node after the join, or null when nothing was joined (yet).
   */
  async askToJoin(node: NodeView): Promise<NodeView | null> {
    if (!this.root.auth.requireLogin()) return null;
    const rule = node.communityCatMetas.settings.joinRole.type;
    if (rule === 'other' || node.communityCatMetas.isJoin) return null;
    this.add(node);
    if (rule === 'money') {
      this.pendingJoin = { nodeId: node.databaseId, error: null };
      return null;
    }
    return this.join(node.databaseId);
  }

  cancelJoin() {
    if (this.pendingJoin && !this.busy.has(this.pendingJoin.nodeId)) this.pendingJoin = null;
  }

  /** Pays and joins the pending node; a balance too low keeps the confirmation open with its message. */
  async confirmJoin(): Promise<NodeView | null> {
    const pending = this.pendingJoin;
    if (!pending || this.busy.has(pending.nodeId)) return null;
    return this.join(pending.nodeId);
  }

  /** Leaves a node (nothing is refunded; joining a paid node again costs nothing). */
  async leave(nodeId: string): Promise<NodeView | null> {
    if (!this.root.auth.requireLogin() || this.busy.has(nodeId)) return null;
    this.inAction('leave', () => this.busy.add(nodeId));
    const reply = await this.root.client.request('community.leave', { nodeId });
    return this.inAction('leave', () => {
      this.busy.delete(nodeId);
      return reply ? this.add(reply.node) : null;
    });
  }

  private async join(nodeId: string): Promise<NodeView | null> {
    if (this.busy.has(nodeId)) return null;
    this.inAction('join', () => this.busy.add(nodeId));
    const result = await this.root.client.call('community.join', { nodeId });
    return this.inAction('join', () => {
      this.busy.delete(nodeId);
      if (result.ok) {
        if (this.pendingJoin?.nodeId === nodeId) this.pendingJoin = null;
        return this.add(result.data.node);
      }
      if (this.pendingJoin?.nodeId === nodeId && result.error.codes?.includes(INSUFFICIENT_KEY)) {
        this.pendingJoin = { nodeId, error: result.error };
      } else {
        this.root.client.showError(result.error);
      }
      return null;
    });
  }
}
