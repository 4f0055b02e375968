import { makeAutoObservable, runInAction } from 'mobx';
import { compareIds } from '../../utils/order';
import type { OrderStatus, OrderView } from '../../models/shop';
import type { RootStore } from '../RootStore';
import { registerStore } from '../lazyStores';

/** The filters of the orders page: every order, or one status. */
export type OrdersFilter = '' | OrderStatus;

/**
 * The member's orders (shop.orders), the newest first, page by page; kept live by the `order`
 * session event (and the stored `order` notification's event) and by the replies of pay, cancel
 * and confirm-receipt.
 */
export class OrdersStore {
  readonly byId = new Map<string, OrderView>();
  /** The ids the current filter's pages listed. */
  listed: string[] = [];
  filter: OrdersFilter = '';
  cursor = '';
  hasMore = false;
  isLoaded = false;
  isFetching = false;
  failed = false;
  /** Orders with a request on its way (cancel, confirm). */
  readonly busy = new Set<string>();

  private generation = 0;

  constructor(readonly root: RootStore) {
    makeAutoObservable<OrdersStore, 'generation'>(this, { root: false, generation: false });
  }

  /** The orders of the filter, the newest first. */
  get items(): OrderView[] {
    const ids = new Set(this.listed);
    for (const order of this.byId.values()) if (this.matches(order)) ids.add(order.id);
    return [...ids]
      .map((id) => this.byId.get(id))
      .filter((order): order is OrderView => order !== undefined && this.matches(order))
      .sort((a, b) => -compareIds(a.id, b.id));
  }

  private matches(order: OrderView): boolean {
    return this.filter === '' || order.status === this.filter;
  }

  setFilter(filter: OrdersFilter) {
    if (filter === this.filter && this.isLoaded) return;
    this.filter = filter;
    void this.loadFirst();
  }

  /** Reads the first page of the filter. */
  async loadFirst() {
    const generation = ++this.generation;
    this.isFetching = true;
    this.listed = [];
    this.isLoaded = false;
    this.failed = false;
    await this.load('', generation);
  }

  async loadMore() {
    if (!this.hasMore || this.isFetching) return;
    this.isFetching = true;
    await this.load(this.cursor, this.generation);
  }

  private async load(after: string, generation: number) {
    const result = await this.root.client.call('shop.orders', {
      ...(this.filter ? { status: this.filter } : {}),
      ...(after ? { after } : {}),
    });
    runInAction(() => {
      if (generation !== this.generation) return;
      this.isFetching = false;
      if (!result.ok) {
        if (!after) this.failed = true;
        this.root.client.showError(result.error);
        return;
      }
      const page = result.data.orders;
      for (const edge of page.edges) this.byId.set(edge.node.id, edge.node);
      this.listed = [...this.listed, ...page.edges.map((edge) => edge.node.id)];
      this.cursor = page.pageInfo.endCursor ?? '';
      this.hasMore = page.pageInfo.hasNextPage;
      this.isLoaded = true;
    });
  }

  /** An order the server sent (an event, a reply): replaced in place, or added at the top. */
  apply(order: OrderView) {
    if (!order?.id) return;
    this.byId.set(order.id, order);
  }

  /** Reads one order again (shop.order). */
  async refresh(orderId: string) {
    const result = await this.root.client.call('shop.order', { orderId });
    if (result.ok) this.apply(result.data.order);
  }

  /** Cancels a pending order (stock and coupon released). */
  cancel(order: OrderView) {
    return this.change(order, 'shop.cancelOrder');
  }

  /** Confirms a shipped or delivered order was received: completed. */
  confirmReceipt(order: OrderView) {
    return this.change(order, 'shop.confirmReceipt');
  }

  private async change(order: OrderView, action: 'shop.cancelOrder' | 'shop.confirmReceipt'): Promise<boolean> {
    if (this.busy.has(order.id)) return false;
    this.busy.add(order.id);
    const result = await this.root.client.call(action, { orderId: order.id });
    runInAction(() => this.busy.delete(order.id));
    if (!result.ok) {
      this.root.client.showError(result.error);
      return false;
    }
    this.apply(result.data.order);
    return true;
  }

  reset() {
    this.generation++;
    this.byId.clear();
    this.listed = [];
    this.cursor = '';
    this.hasMore = false;
    this.isLoaded = false;
    this.isFetching = false;
    this.failed = false;
  }
}

registerStore('orders', (root) => new OrdersStore(root));
