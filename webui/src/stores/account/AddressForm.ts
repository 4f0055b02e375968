import { makeAutoObservable, runInAction } from 'mobx';
import {
  EMPTY_PLACE,
  PLACE_LEVELS,
  draftOf,
  validateAddress,
  type AddressDraft,
  type AddressErrors,
  type AddressType,
  type AddressView,
  type PickerItem,
  type PickerReply,
  type Place,
  type PlaceLevel,
} from '../../models/account';

/** What the form needs of the addresses store. */
export interface AddressFormBackend {
  picker(geonameId: number): Promise<PickerReply | null>;
  save(draft: AddressDraft): Promise<AddressView | null>;
}

/**
 * One opening of the address form: the draft, the place picker walking country → province → city →
 * district (utils.addressPicker; a place without children ends the walk), and the checks made
 * before anything is sent.
 */
export class AddressForm {
  draft: AddressDraft;
  /** The level the picker lists (0: countries … 3: districts). */
  level = 0;
  items: PickerItem[] = [];
  loadingPlaces = false;
  /** The SELECTED places were walked down to a place without children. */
  pickerDone: boolean;
  /** The member tried to save: the errors show from then on. */
  submitted = false;
  saving = false;
  /** The picker's list is open (a new address, or "change" on a saved one). */
  picking: boolean;

  private request = 0;

  constructor(
    private readonly backend: AddressFormBackend,
    address: AddressView | null,
    dialCode: string,
    isFirst: boolean,
  ) {
    this.draft = draftOf(address, dialCode, isFirst);
    // A saved SELECTED address was complete; a new one starts at the countries.
    this.pickerDone = address !== null;
    this.picking = address === null;
    makeAutoObservable<AddressForm, 'backend' | 'request'>(this, { backend: false, request: false });
  }

  get isEdit(): boolean {
    return Boolean(this.draft.addressId);
  }

  /** The places chosen so far, from the country down. */
  get chosen(): { level: PlaceLevel; place: Place }[] {
    const out: { level: PlaceLevel; place: Place }[] = [];
    for (const level of PLACE_LEVELS) {
      const place = this.draft[level];
      if (!place.geonameId) break;
      out.push({ level, place });
    }
    return out;
  }

  get errors(): AddressErrors {
    return validateAddress(this.draft, this.pickerDone);
  }

  /** The errors to show: none before the first try to save. */
  get shownErrors(): AddressErrors {
    return this.submitted ? this.errors : {};
  }

  get isValid(): boolean {
    return Object.keys(this.errors).length === 0;
  }

  set<K extends 'name' | 'phone' | 'address' | 'postcode' | 'dialCode' | 'default'>(field: K, value: AddressDraft[K]) {
    this.draft[field] = value;
  }

  /** A MANUAL part typed by the member (geonameId 0). */
  setManual(level: PlaceLevel, name: string) {
    this.draft[level] = { geonameId: 0, name };
  }

  /**
   * SELECTED picks every place; MANUAL picks the country and types the rest. The country picked
   * stays; the places below it start again.
   */
  setType(type: AddressType) {
    if (type === this.draft.type) return;
    this.draft.type = type;
    for (const level of PLACE_LEVELS.slice(1)) this.draft[level] = { ...EMPTY_PLACE };
    this.pickerDone = false;
    this.request += 1;
    this.items = [];
    this.loadingPlaces = false;
    const hasCountry = this.draft.country.geonameId > 0;
    if (type === 'MANUAL') {
      this.picking = !hasCountry;
      if (!hasCountry) void this.open(0);
    } else {
      this.picking = true;
      void this.open(hasCountry ? 1 : 0);
    }
  }

  /** Starts the picker: the countries, or the level after the places already chosen. */
  start(): Promise<void> {
    if (!this.picking) return Promise.resolve();
    return this.open(0);
  }

  /** Walks back to a level: the places from it down are cleared, its choices listed again. */
  reopen(level: number): Promise<void> {
    this.picking = true;
    return this.open(level);
  }

  /** The deepest level the picker walks: the country only for MANUAL. */
  private get lastLevel(): number {
    return this.draft.type === 'MANUAL' ? 0 : PLACE_LEVELS.length - 1;
  }

  /** Lists the choices of a level (its parent being the place chosen above it), clearing it and what is below. */
  private async open(level: number) {
    const clear = this.draft.type === 'MANUAL' ? PLACE_LEVELS.slice(level, 1) : PLACE_LEVELS.slice(level);
    for (const name of clear) this.draft[name] = { ...EMPTY_PLACE };
    // Listing the districts: the city is picked, and the district is optional.
    this.pickerDone = this.draft.type === 'SELECTED' && level >= PLACE_LEVELS.length - 1;
    this.level = level;
    const parent = level === 0 ? 0 : this.draft[PLACE_LEVELS[level - 1]].geonameId;
    await this.load(parent, level);
  }

  private async load(parent: number, level: number) {
    const request = ++this.request;
    this.loadingPlaces = true;
    this.items = [];
    const reply = await this.backend.picker(parent);
    runInAction(() => {
      if (request !== this.request) return;
      this.loadingPlaces = false;
      this.items = reply?.items ?? [];
      this.level = typeof reply?.level === 'number' ? Math.min(Math.max(reply.level, level), 3) : level;
      // A place listed without children below it (no divisions in the data) ends the walk.
      if (reply && this.items.length === 0 && level > 0) {
        this.pickerDone = true;
        this.picking = false;
      }
    });
  }

  /**
   * Picks a place of the current level: deeper when it has children, else the walk is done. Once
   * the city is picked the address is complete: its district, when the data has some, is optional.
   */
  async choose(item: PickerItem): Promise<void> {
    const level = this.level;
    const name = PLACE_LEVELS[level];
    this.draft[name] = { geonameId: item.geonameId, name: item.name };
    if (this.draft.type === 'SELECTED') for (const below of PLACE_LEVELS.slice(level + 1)) this.draft[below] = { ...EMPTY_PLACE };
    if (item.hasChildren && level < this.lastLevel) {
      this.pickerDone = level + 1 >= PLACE_LEVELS.length - 1;
      this.level = level + 1;
      await this.load(item.geonameId, level + 1);
      return;
    }
    this.request += 1;
    this.items = [];
    this.loadingPlaces = false;
    this.pickerDone = true;
    this.picking = false;
  }

  /** Checks the form, then saves it; the address saved, or null (errors shown, or a toast said why). */
  async submit(): Promise<AddressView | null> {
    this.submitted = true;
    if (!this.isValid || this.saving) return null;
    this.saving = true;
    const draft = { ...this.draft, addressString: this.addressString };
    const saved = await this.backend.save(draft);
    runInAction(() => {
      this.saving = false;
    });
    return saved;
  }

  /** The one-line form the server keeps beside the parts. */
  get addressString(): string {
    const places = PLACE_LEVELS.map((level) => this.draft[level].name.trim()).filter(Boolean);
    return [...places, this.draft.address.trim()].filter(Boolean).join(' ');
  }
}
