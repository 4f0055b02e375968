import { makeAutoObservable, reaction, runInAction } from 'mobx';
import { isUnavailable } from '../../api/client';
import type { CartItem, CartView } from '../../models/shop';
import { readStorage, removeStorage, writeStorage } from '../../platform/storage';
import type { RootStore } from '../RootStore';

/** Where a guest's cart is kept (localStorage), with the version of its shape. */
export const LOCAL_CART_KEY = 'souk.cart';
export const LOCAL_CART_VERSION = 1;
/** The most lines cart.quote takes (and a local cart keeps). */
export const MAX_CART_LINES = 50;

interface StoredCart {
  v: number;
  items: CartItem[];
}

/** Reads the guest's cart; another version or a damaged value is an empty cart. */
export function readLocalCart(): CartItem[] {
  const raw = readStorage(LOCAL_CART_KEY);
  if (!raw) return [];
  try {
    const stored = JSON.parse(raw) as StoredCart;
    if (stored?.v !== LOCAL_CART_VERSION || !Array.isArray(stored.items)) return [];
    return stored.items
      .filter((item) => typeof item?.variantId === 'string' && /^[1-9][0-9]{0,18}$/.test(item.variantId))
      .map((item) => ({ variantId: item.variantId, quantity: Math.max(1, Math.floor(Number(item.quantity) || 1)) }))
      .slice(0, MAX_CART_LINES);
  } catch {
    return [];
  }
}

export function writeLocalCart(items: CartItem[]) {
  if (items.length === 0) removeStorage(LOCAL_CART_KEY);
  else writeStorage(LOCAL_CART_KEY, JSON.stringify({ v: LOCAL_CART_VERSION, items } satisfies StoredCart));
}

/**
 * The shopping cart (contract "Cart"). A guest's cart lives in localStorage and is priced by
 * cart.quote; a member's is on the server (cart.get / cart.set). When a guest signs in, the local
 * cart is merged into theirs (cart.merge) and cleared. Totals follow the currency of the locale
 * popover: a change prices the cart again.
 */
export class CartStore {
  /** The guest's lines (empty for a member once merged). */
  local: CartItem[] = readLocalCart();
  /** The cart priced by the server: the member's, or the quote of the local one. */
  view: CartView | null = null;
  /** The cart was asked for at least once (the cart page or a member's sign-in). */
  isLoaded = false;
  isFetching = false;
  /** Variants whose quantity is being changed. */
  readonly busy = new Set<string>();
  /** The code typed in the coupon field (applied at checkout; the cart shows its discount). */
  couponCode = '';
  /** The last merge of the local cart failed: it is kept to try again. */
  mergeFailed = false;

  private generation = 0;

  constructor(readonly root: RootStore) {
    makeAutoObservable<CartStore, 'generation'>(this, { root: false, busy: true, generation: false });
    reaction(
      () => root.auth.viewer?.id ?? null,
      (id) => void this.viewerChanged(id),
    );
    reaction(
      () => root.locale.currency,
      () => {
        if (this.isLoaded) void this.refresh();
      },
    );
    if (typeof window !== 'undefined') {
      window.addEventListener('storage', (event) => {
        if (event.key === LOCAL_CART_KEY && !this.isMember) runInAction(() => (this.local = readLocalCart()));
      });
    }
  }

  get isMember(): boolean {
    return this.root.auth.isLoggedIn;
  }

  /** The count of the badges: the server's for a member, the local quantities for a guest. */
  get count(): number {
    if (this.isMember) return this.view?.count ?? 0;
    return this.local.reduce((sum, item) => sum + item.quantity, 0);
  }

  get lines() {
    return this.view?.lines ?? [];
  }

  get isEmpty(): boolean {
    return this.isMember ? this.lines.length === 0 : this.local.length === 0;
  }

  /** The quantity of a variant in the cart. */
  quantityOf(variantId: string): number {
    if (this.isMember) return this.lines.find((line) => line.variantId === variantId)?.quantity ?? 0;
    return this.local.find((item) => item.variantId === variantId)?.quantity ?? 0;
  }

  /** Reads the cart once (the cart page). */
  ensureLoaded() {
    if (this.isFetching) return;
    if (this.isMember && this.local.length > 0) void this.merge();
    else if (!this.isLoaded) void this.refresh();
  }

  /** Reads a member's cart once for the count badges (a guest's count is local). */
  ensureCount() {
    if (this.isMember && !this.isLoaded && !this.isFetching) void this.refresh();
  }

  /** Prices the cart again: cart.get for a member, cart.quote of the local lines for a guest. */
  async refresh(): Promise<void> {
    const generation = ++this.generation;
    const coupon = this.couponCode.trim() ? { couponCode: this.couponCode.trim() } : {};
    if (!this.isMember && this.local.length === 0) {
      this.view = null;
      this.isLoaded = true;
      return;
    }
    this.isFetching = true;
    const result = this.isMember
      ? await this.root.client.call('cart.get', coupon)
      : await this.root.client.call('cart.quote', { items: this.local, ...coupon });
    runInAction(() => {
      if (generation !== this.generation) return;
      this.isFetching = false;
      this.isLoaded = true;
      if (result.ok) this.view = result.data.cart;
    });
  }

  /** Adds `quantity` of a variant (at most `stock` in all); true when the cart took it. */
  async add(variantId: string, quantity: number, stock?: number): Promise<boolean> {
    const held = this.quantityOf(variantId);
    let next = held + Math.max(1, Math.floor(quantity));
    if (stock !== undefined) next = Math.min(next, stock);
    if (next <= held) {
      this.root.toasts.error(this.root.t('shop.error.stock'));
      return false;
    }
    return this.setQuantity(variantId, next);
  }

  /** Sets the quantity of a variant (0 removes it); true when the cart took it. */
  async setQuantity(variantId: string, quantity: number): Promise<boolean> {
    const q = Math.max(0, Math.floor(quantity));
    if (!this.isMember) {
      const items = this.local.filter((item) => item.variantId !== variantId);
      const index = this.local.findIndex((item) => item.variantId === variantId);
      if (q > 0) {
        if (index < 0 && items.length >= MAX_CART_LINES) {
          this.root.toasts.error(this.root.t('shop.error.cartFull'));
          return false;
        }
        items.splice(index < 0 ? items.length : index, 0, { variantId, quantity: q });
      }
      this.local = items;
      writeLocalCart(items);
      if (this.isLoaded || this.view) await this.refresh();
      return true;
    }
    if (this.busy.has(variantId)) return false;
    this.busy.add(variantId);
    const generation = ++this.generation;
    const result = await this.root.client.call('cart.set', { variantId, quantity: q });
    runInAction(() => {
      this.busy.delete(variantId);
      if (!result.ok) return;
      if (generation === this.generation) {
        this.view = result.data.cart;
        this.isLoaded = true;
      }
    });
    if (!result.ok) {
      this.root.client.showError(result.error);
      return false;
    }
    // A coupon typed in the field is priced by cart.get, not by cart.set.
    if (this.couponCode.trim()) await this.refresh();
    return true;
  }

  remove(variantId: string) {
    return this.setQuantity(variantId, 0);
  }

  setCouponCode(code: string) {
    this.couponCode = code;
  }

  /** Prices the cart with the coupon field's code. */
  applyCoupon() {
    return this.refresh();
  }

  /** The lines an order took (or the whole cart): read the cart again. */
  async ordered() {
    this.couponCode = '';
    await this.refresh();
  }

  private async viewerChanged(id: string | null) {
    this.generation++;
    this.view = null;
    this.isLoaded = false;
    this.isFetching = false;
    if (id === null) {
      this.local = readLocalCart();
      return;
    }
    // The member's cart is read when something shows it (the badge, the cart page): see ensureCount.
    if (this.local.length > 0) await this.merge();
  }

  /** Merges the guest's local cart into the member's (cart.merge); the local cart is cleared once taken. */
  async merge(): Promise<boolean> {
    const items = this.local;
    const generation = ++this.generation;
    this.isFetching = true;
    const result = await this.root.client.call('cart.merge', { items });
    runInAction(() => {
      this.isFetching = false;
      if (!result.ok) {
        // A refusal would refuse again: the lines are dropped; a server that could not answer is asked again later.
        this.mergeFailed = isUnavailable(result.error);
        if (!this.mergeFailed) this.clearLocal();
        return;
      }
      this.mergeFailed = false;
      this.clearLocal();
      if (generation === this.generation) {
        this.view = result.data.cart;
        this.isLoaded = true;
      }
    });
    if (!result.ok && !this.mergeFailed) {
      this.root.client.showError(result.error);
      await this.refresh();
    }
    return result.ok;
  }

  private clearLocal() {
    this.local = [];
    writeLocalCart([]);
  }
}
