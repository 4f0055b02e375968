import { makeAutoObservable, observable, runInAction } from 'mobx';
import { productChannel, type ArchiveReply, type ProductTerm, type ProductView, type StockEvent } from '../../models/shop';
import type { RootStore } from '../RootStore';

/** Products asked for per page (shop.archive's default). */
export const PRODUCTS_PAGE_SIZE = 20;

export type ProductListStatus = 'idle' | 'loading' | 'ready' | 'error';

/** Which products a list holds: a category's, a tag's, or all. */
export interface ProductFilter {
  categoryId?: string;
  tagId?: string;
}

/** A grid of products read page by page (shop.archive), from the page data's first page when there is one. */
export class ProductList {
  items: ProductView[] = [];
  term: ProductTerm | null = null;
  cursor = '';
  hasMore = false;
  isLoaded = false;
  isFetching = false;
  failed = false;

  constructor(
    readonly store: ProductsStore,
    readonly filter: ProductFilter,
  ) {
    makeAutoObservable(this, { store: false, filter: false });
  }

  get status(): ProductListStatus {
    if (this.isLoaded) return 'ready';
    if (this.isFetching) return 'loading';
    return this.failed ? 'error' : 'idle';
  }

  /** Takes a first page the server already sent. */
  seed(reply: ArchiveReply) {
    this.items = reply.products.edges.map((edge) => this.store.take(edge.node));
    this.term = reply.term ?? null;
    this.cursor = reply.products.pageInfo.endCursor ?? '';
    this.hasMore = reply.products.pageInfo.hasNextPage;
    this.isLoaded = true;
    this.failed = false;
  }

  loadFirst() {
    return this.load('');
  }

  loadMore() {
    if (!this.hasMore) return Promise.resolve();
    return this.load(this.cursor);
  }

  private async load(after: string) {
    if (this.isFetching) return;
    this.isFetching = true;
    const result = await this.store.root.client.call('shop.archive', {
      ...this.filter,
      first: PRODUCTS_PAGE_SIZE,
      ...(after ? { after } : {}),
    });
    runInAction(() => {
      this.isFetching = false;
      if (!result.ok) {
        if (!after) this.failed = true;
        else this.store.root.client.showError(result.error);
        return;
      }
      const page = result.data.products;
      const nodes = page.edges.map((edge) => this.store.take(edge.node));
      if (after) {
        const held = new Set(this.items.map((p) => p.id));
        this.items = [...this.items, ...nodes.filter((p) => !held.has(p.id))];
      } else {
        this.items = nodes;
      }
      this.term = result.data.term ?? this.term;
      this.cursor = page.pageInfo.endCursor ?? '';
      this.hasMore = page.pageInfo.hasNextPage;
      this.isLoaded = true;
      this.failed = false;
    });
  }
}

/**
 * The products seen, by id (a product page and the grids share them), kept live while a page shows
 * one: its channel `product:<id>` sends `stock` after every change of stock.
 */
export class ProductsStore {
  readonly products = observable.map<string, ProductView>();
  /** Products being read, by id. */
  readonly loading = new Set<string>();
  /** Products the server said do not exist. */
  readonly missing = new Set<string>();
  private readonly lists = new Map<string, ProductList>();
  private readonly watchers = new Map<string, number>();

  constructor(readonly root: RootStore) {
    makeAutoObservable<ProductsStore, 'lists' | 'watchers'>(this, { root: false, lists: false, watchers: false, products: false });
    root.realtime.socket.on('live', (frame) => {
      const { channel, event, data } = frame as unknown as { channel: string; event: string; data: unknown };
      if (event === 'stock' && typeof channel === 'string' && channel.startsWith('product:') && data) this.applyStock(data as StockEvent);
    });
  }

  /** Keeps a product the server sent (replacing what was held); returns the held object. */
  take(product: ProductView): ProductView {
    const held = this.products.get(product.id);
    if (held) {
      Object.assign(held, product);
      return held;
    }
    this.products.set(product.id, observable(product));
    return this.products.get(product.id)!;
  }

  get(id: string): ProductView | undefined {
    return this.products.get(id);
  }

  /** Reads a product (shop.product); a 404 marks it missing. */
  async fetch(id: string): Promise<ProductView | null> {
    if (this.loading.has(id)) return this.products.get(id) ?? null;
    this.loading.add(id);
    const result = await this.root.client.call('shop.product', { databaseId: id });
    return runInAction(() => {
      this.loading.delete(id);
      if (!result.ok) {
        if (result.error.statusCode === 404) this.missing.add(id);
        else this.root.client.showError(result.error);
        return null;
      }
      this.missing.delete(id);
      return this.take(result.data.product);
    });
  }

  /** The list of a category or a tag (or of all products), one per filter. */
  list(filter: ProductFilter): ProductList {
    const key = `${filter.categoryId ?? ''}:${filter.tagId ?? ''}`;
    let list = this.lists.get(key);
    if (!list) {
      list = new ProductList(this, filter);
      this.lists.set(key, list);
    }
    return list;
  }

  /** Watches a product's stock while the returned function is not called. */
  watch(productId: string): () => void {
    const channel = productChannel(productId);
    const count = this.watchers.get(channel) ?? 0;
    this.watchers.set(channel, count + 1);
    if (count === 0) this.root.realtime.socket.watch(channel);
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const left = (this.watchers.get(channel) ?? 1) - 1;
      if (left > 0) this.watchers.set(channel, left);
      else {
        this.watchers.delete(channel);
        this.root.realtime.socket.unwatch(channel);
      }
    };
  }

  /** A `stock` event: the variants' stock, and the product's sum. */
  applyStock(event: StockEvent) {
    const product = this.products.get(String(event.productId));
    if (!product || !Array.isArray(event.variants)) return;
    for (const change of event.variants) {
      const variant = product.variants.find((v) => v.id === String(change.id));
      if (variant && Number.isFinite(change.stock)) variant.stock = Math.max(0, change.stock);
    }
    product.stock = product.variants.reduce((sum, v) => sum + v.stock, 0);
  }
}
