import { action, computed, makeObservable, observable, runInAction } from 'mobx';
import type { ErrorReply } from '../../api/client';
import {
  DIGITAL_TYPES,
  PRODUCT_KINDS,
  type AdminProductReply,
  type DigitalType,
  type ProductChoices,
  type ProductKind,
  type SaveProductInput,
  type VariantDraft,
  type VariantInput,
} from '../../api/adminProduct';
import { LANGUAGES, type Lang } from '../../i18n/languages';
import type { RootStore } from '../RootStore';

export type PerLang = Record<Lang, string>;

/** One variant as the form edits it: texts as typed, checked by the server. */
export interface VariantFields {
  /** The stored variant's databaseId; absent for a new one. */
  id?: string;
  names: PerLang;
  /** Price text per currency code; an empty text is no price in that currency. */
  prices: Record<string, string>;
  stock: string;
}

/** The form's fields a server refusal can name (its `field`, up to the first dot or bracket). */
export type ProductField =
  | 'slug'
  | 'titles'
  | 'descriptions'
  | 'images'
  | 'kind'
  | 'categoryId'
  | 'tags'
  | 'variants'
  | 'prices'
  | 'stock'
  | 'digital'
  | 'vipOnly'
  | 'minLevel'
  | 'vipDiscounts';

const FIELDS: readonly ProductField[] = ['slug', 'titles', 'descriptions', 'images', 'kind', 'categoryId', 'tags', 'variants', 'prices', 'stock', 'digital', 'vipOnly', 'minLevel', 'vipDiscounts'];

/** The form field a refusal names, if the form has it. */
export function fieldOf(error: ErrorReply): ProductField | null {
  const head = (error.field ?? '').split(/[.[]/)[0] as ProductField;
  return FIELDS.includes(head) ? head : null;
}

export function emptyPerLang(): PerLang {
  return { 'zh-hans': '', en: '', es: '' };
}

function perLang(values: Record<string, string> | undefined): PerLang {
  const out = emptyPerLang();
  for (const lang of LANGUAGES) out[lang] = values?.[lang] ?? '';
  return out;
}

/** The texts that are not blank, trimmed when asked. */
function filled(values: PerLang, trim = true): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values)
      .map(([lang, text]) => [lang, trim ? text.trim() : text] as const)
      .filter(([, text]) => text.trim() !== ''),
  );
}

/** Tag names typed in, separated by commas. */
export function tagsOf(text: string): string[] {
  return text
    .split(/[,，]/)
    .map((tag) => tag.trim())
    .filter(Boolean);
}

/** Codes typed in, one a line. */
export function codesOf(text: string): string[] {
  return text
    .split('\n')
    .map((code) => code.trim())
    .filter(Boolean);
}

export function variantFields(variant?: VariantDraft): VariantFields {
  return {
    ...(variant?.id ? { id: variant.id } : {}),
    names: perLang(variant?.names),
    prices: { ...(variant?.prices ?? {}) },
    stock: String(variant?.stock ?? 0),
  };
}

/**
 * The product form: a stored product read whole (admin.product: every language, every variant's
 * prices per currency as text) or a new one, edited as typed and saved through
 * mutates.saveProduct. A refusal that names a field is kept for that field; other refusals show
 * above the buttons. Loading and saving unchanged sends back exactly what was read.
 */
export class ProductFormStore {
  /** The product edited; null for a new one. */
  id: string | null = null;
  slug = '';
  kind: ProductKind = 'physical';
  categoryId = '';
  tags = '';
  images: string[] = [];
  titles: PerLang = emptyPerLang();
  descriptions: PerLang = emptyPerLang();
  variants: VariantFields[] = [variantFields()];
  digitalType: DigitalType = 'download';
  digitalUrl = '';
  /** Codes to add to a code product, one a line. */
  newCodes = '';
  /** A code product's codes not yet delivered (the codes themselves are never read). */
  freeCodes = 0;
  vipOnly: string[] = [];
  minLevel = '';
  /** Percent off per VIP tier, as typed. */
  vipDiscounts: Record<string, string> = {};
  choices: ProductChoices = { categories: [], vipTiers: [], levels: [], currencies: [] };
  isLoaded = false;
  isSaving = false;
  /** The refusal of the last save, at the field it names, or `form` when it names none the form has. */
  errors = observable.map<ProductField | 'form', string>();
  /** Bumped on each load, so rich-text editors that are not controlled start again. */
  revision = 0;

  constructor(private readonly root: RootStore) {
    makeObservable<ProductFormStore, 'apply'>(this, {
      id: observable,
      slug: observable,
      kind: observable,
      categoryId: observable,
      tags: observable,
      images: observable,
      titles: observable,
      descriptions: observable,
      variants: observable,
      digitalType: observable,
      digitalUrl: observable,
      newCodes: observable,
      freeCodes: observable,
      vipOnly: observable,
      minLevel: observable,
      vipDiscounts: observable,
      choices: observable,
      isLoaded: observable,
      isSaving: observable,
      revision: observable,
      hasVariants: computed,
      set: action,
      setTitle: action,
      setDescription: action,
      addImage: action,
      removeImage: action,
      moveImage: action,
      addVariant: action,
      removeVariant: action,
      setVariant: action,
      setPrice: action,
      toggleVipOnly: action,
      setDiscount: action,
      apply: action,
    });
  }

  /** Whether the product has named variants rather than one price and stock. */
  get hasVariants(): boolean {
    return this.variants.length > 1 || this.variants.some((v) => Object.values(v.names).some((n) => n.trim() !== ''));
  }

  set<K extends 'slug' | 'kind' | 'categoryId' | 'tags' | 'digitalType' | 'digitalUrl' | 'newCodes' | 'minLevel'>(key: K, value: ProductFormStore[K]) {
    (this as ProductFormStore)[key] = value;
  }

  setTitle(lang: Lang, text: string) {
    this.titles[lang] = text;
  }

  setDescription(lang: Lang, html: string) {
    this.descriptions[lang] = html;
  }

  addImage(url: string) {
    const trimmed = url.trim();
    if (trimmed && !this.images.includes(trimmed)) this.images.push(trimmed);
  }

  removeImage(index: number) {
    this.images.splice(index, 1);
  }

  /** Moves an image one place earlier (the first is the thumb). */
  moveImage(index: number) {
    if (index <= 0 || index >= this.images.length) return;
    const [image] = this.images.splice(index, 1);
    this.images.splice(index - 1, 0, image!);
  }

  addVariant() {
    this.variants.push(variantFields());
  }

  removeVariant(index: number) {
    if (this.variants.length > 1) this.variants.splice(index, 1);
  }

  setVariant(index: number, patch: { name?: [Lang, string]; stock?: string }) {
    const variant = this.variants[index];
    if (!variant) return;
    if (patch.name) variant.names[patch.name[0]] = patch.name[1];
    if (patch.stock !== undefined) variant.stock = patch.stock;
  }

  setPrice(index: number, currency: string, text: string) {
    const variant = this.variants[index];
    if (variant) variant.prices[currency] = text;
  }

  toggleVipOnly(tier: string) {
    this.vipOnly = this.vipOnly.includes(tier) ? this.vipOnly.filter((t) => t !== tier) : [...this.vipOnly, tier];
  }

  setDiscount(tier: string, percent: string) {
    this.vipDiscounts[tier] = percent;
  }

  /** Reads the product id (admin.product), or only the pickers' choices for a new product. False when refused (a toast said why). */
  async load(id: string | null): Promise<boolean> {
    const reply = await this.root.client.request('admin.product', id ? { id } : {});
    if (!reply) return false;
    this.apply(reply);
    return true;
  }

  private apply(reply: AdminProductReply) {
    const p = reply.product;
    this.choices = reply.choices;
    this.id = p?.id ?? null;
    this.slug = p?.slug ?? '';
    this.kind = (PRODUCT_KINDS as readonly string[]).includes(p?.kind ?? '') ? (p!.kind as ProductKind) : 'physical';
    this.categoryId = p?.categoryId ?? '';
    this.tags = (p?.tags ?? []).join(', ');
    this.images = [...(p?.images ?? [])];
    this.titles = perLang(p?.titles);
    this.descriptions = perLang(p?.descriptions);
    this.variants = p?.variants?.length ? p.variants.map((v) => variantFields(v)) : [variantFields()];
    const digitalType = p?.digital?.type ?? 'download';
    this.digitalType = (DIGITAL_TYPES as readonly string[]).includes(digitalType) ? (digitalType as DigitalType) : 'download';
    this.digitalUrl = p?.digital?.url ?? '';
    this.newCodes = '';
    this.freeCodes = reply.freeCodes;
    this.vipOnly = [...(p?.vipOnly ?? [])];
    this.minLevel = p?.minLevel ?? '';
    this.vipDiscounts = Object.fromEntries(Object.entries(p?.vipDiscounts ?? {}).map(([tier, pct]) => [tier, String(pct)]));
    this.errors.clear();
    this.isLoaded = true;
    this.revision += 1;
  }

  /** mutates.saveProduct's input of the form: blank texts and prices left out, numbers as typed (the server checks them). */
  input(): SaveProductInput {
    const variants: VariantInput[] = this.variants.map((v) => ({
      ...(v.id ? { id: v.id } : {}),
      names: filled(v.names),
      prices: Object.fromEntries(
        Object.entries(v.prices)
          .map(([code, text]) => [code, text.trim()] as const)
          .filter(([, text]) => text !== ''),
      ),
      stock: Number(v.stock) || 0,
    }));
    const discounts = Object.entries(this.vipDiscounts).filter(([, text]) => text.trim() !== '');
    const codes = codesOf(this.newCodes);
    return {
      ...(this.id ? { id: this.id } : {}),
      slug: this.slug.trim(),
      titles: filled(this.titles),
      descriptions: filled(this.descriptions, false),
      images: [...this.images],
      kind: this.kind,
      ...(this.categoryId ? { categoryId: this.categoryId } : {}),
      tags: tagsOf(this.tags),
      variants,
      ...(this.kind === 'digital'
        ? {
            digital:
              this.digitalType === 'download'
                ? { type: 'download', url: this.digitalUrl.trim() }
                : { type: 'code', ...(codes.length ? { codes } : {}) },
          }
        : {}),
      vipOnly: [...this.vipOnly],
      minLevel: this.minLevel,
      vipDiscounts: Object.fromEntries(discounts.map(([tier, text]) => [tier, Number(text)])),
    };
  }

  /**
   * Saves the product. On success the form holds what was stored (a new product gets its id), a
   * toast says so and the product's id is answered; on refusal the message goes to the field the
   * server named (or above the buttons) and null is answered.
   */
  async save(): Promise<string | null> {
    if (this.isSaving) return null;
    runInAction(() => {
      this.isSaving = true;
      this.errors.clear();
    });
    const result = await this.root.client.call('mutates.saveProduct', this.input());
    if (!result.ok) {
      runInAction(() => {
        this.isSaving = false;
        this.errors.set(fieldOf(result.error) ?? 'form', result.error.messages.join(' '));
      });
      return null;
    }
    const id = result.data.product.id;
    const reloaded = await this.root.client.call('admin.product', { id });
    runInAction(() => {
      this.isSaving = false;
      if (reloaded.ok) this.apply(reloaded.data);
      else this.id = id;
    });
    this.root.toasts.success(this.root.t('admin.product.saved'));
    return id;
  }
}
