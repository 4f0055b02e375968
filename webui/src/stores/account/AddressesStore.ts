import { makeAutoObservable, reaction, runInAction } from 'mobx';
import { draftOf, saveInputOf, type AddressDraft, type AddressView, type PickerReply } from '../../models/account';
import type { RootStore } from '../RootStore';
import { registerStore } from '../lazyStores';

/** The most addresses a member keeps (the server refuses more). */
export const ADDRESSES_MAX = 20;

/**
 * The member's delivery addresses (account.addresses): read once per viewer, saved through
 * mutates.saveAddress (toast 'address saved' / 'address modified'), deleted through
 * mutates.deleteAddress; and the place picker's levels (utils.addressPicker), cached per language.
 */
export class AddressesStore {
  list: AddressView[] = [];
  isLoaded = false;
  isFetching = false;
  saving = false;
  /** The address a delete or a set-default is on its way for. */
  busyId: string | null = null;

  private loading: Promise<void> | null = null;
  private generation = 0;
  private readonly picks = new Map<string, Promise<PickerReply | null>>();

  constructor(readonly root: RootStore) {
    makeAutoObservable<AddressesStore, 'loading' | 'generation' | 'picks'>(this, {
      root: false,
      loading: false,
      generation: false,
      picks: false,
    });
    reaction(
      () => root.auth.viewer?.id ?? null,
      () => this.reset(),
    );
  }

  /** The default address first, then in the member's order. */
  get sorted(): AddressView[] {
    return [...this.list].sort((a, b) => Number(b.default) - Number(a.default) || a.index - b.index || a.id.localeCompare(b.id));
  }

  get defaultAddress(): AddressView | undefined {
    return this.list.find((address) => address.default) ?? this.list[0];
  }

  get isFull(): boolean {
    return this.list.length >= ADDRESSES_MAX;
  }

  get(id: string | undefined): AddressView | undefined {
    return id ? this.list.find((address) => address.id === id) : undefined;
  }

  reset() {
    this.list = [];
    this.isLoaded = false;
    this.isFetching = false;
    this.busyId = null;
    this.loading = null;
    this.generation += 1;
  }

  /** Reads the addresses once (again with force); concurrent calls share the request. */
  fetch(force = false): Promise<void> {
    if (!this.root.auth.viewer) return Promise.resolve();
    if (this.isLoaded && !force) return Promise.resolve();
    if (this.loading && !force) return this.loading;
    const generation = this.generation;
    this.isFetching = true;
    const loading = this.root.client.request('account.addresses').then((reply) =>
      runInAction(() => {
        if (generation !== this.generation) return;
        this.isFetching = false;
        this.loading = null;
        if (!reply) return;
        this.list = reply.addresses ?? [];
        this.isLoaded = true;
      }),
    );
    this.loading = loading;
    return loading;
  }

  /** Keeps an address the server answered: a new default unsets the others. */
  private keep(address: AddressView) {
    const others = this.list.filter((held) => held.id !== address.id);
    this.list = [...(address.default ? others.map((held) => (held.default ? { ...held, default: false } : held)) : others), address];
  }

  /** Saves a new or edited address; the toast says which. The address saved, or null (a toast said why). */
  async save(draft: AddressDraft): Promise<AddressView | null> {
    if (this.saving) return null;
    this.saving = true;
    const reply = await this.root.client.request('mutates.saveAddress', saveInputOf(draft));
    const saved = reply?.gqAddressCreate?.address ?? null;
    runInAction(() => {
      this.saving = false;
      if (saved) this.keep(saved);
    });
    if (saved) {
      const created = reply?.gqAddressCreate.created ?? !draft.addressId;
      this.root.toasts.success(this.root.t(created ? 'address.saved' : 'address.modified'));
    }
    return saved;
  }

  /** Deletes an address; true once gone. */
  async remove(id: string): Promise<boolean> {
    if (this.busyId) return false;
    this.busyId = id;
    const reply = await this.root.client.request('mutates.deleteAddress', { addressId: id });
    const ok = reply?.success === true;
    runInAction(() => {
      this.busyId = null;
      if (ok) this.list = this.list.filter((address) => address.id !== id);
    });
    if (ok) {
      this.root.toasts.success(this.root.t('address.deleted'));
      // The server makes another one the default when the default went.
      if (!this.list.some((address) => address.default) && this.list.length > 0) void this.fetch(true);
    }
    return ok;
  }

  /** Makes an address the default one (saving it with default on). */
  async setDefault(address: AddressView): Promise<boolean> {
    if (this.busyId || address.default) return false;
    this.busyId = address.id;
    const reply = await this.root.client.request('mutates.saveAddress', saveInputOf({ ...draftOf(address, address.dialCode, false), default: true }));
    const saved = reply?.gqAddressCreate?.address ?? null;
    runInAction(() => {
      this.busyId = null;
      if (saved) this.keep(saved);
    });
    if (saved) this.root.toasts.success(this.root.t('address.modified'));
    return saved !== null;
  }

  /** The places under geonameId (0: the countries) in the current language; shared and cached. */
  picker(geonameId: number): Promise<PickerReply | null> {
    const lang = this.root.locale.lang;
    const key = `${lang}:${geonameId}`;
    let held = this.picks.get(key);
    if (!held) {
      held = this.root.client.request('utils.addressPicker', { geonameId: String(geonameId), lang }).then((reply) => {
        if (!reply) this.picks.delete(key);
        return reply;
      });
      this.picks.set(key, held);
    }
    return held;
  }
}

registerStore('addresses', (root) => new AddressesStore(root));
