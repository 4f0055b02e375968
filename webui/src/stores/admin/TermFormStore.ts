import { action, makeObservable, observable, runInAction } from 'mobx';
import { TERM_KINDS, type TermDraft, type TermKind } from '../../api/adminNodes';
import type { RootStore } from '../RootStore';
import { fieldOf, filled, perLang } from './NodeFormStore';
import { emptyPerLang, type PerLang } from './ProductFormStore';

/** The form's fields a server refusal can name. */
export type TermField = 'kind' | 'slug' | 'names';

const FIELDS: readonly TermField[] = ['kind', 'slug', 'names'];

/**
 * The category and tag form (article and shop terms): a stored term read whole (admin.term: every
 * language) or a new one, edited as typed and saved through admin.saveTerm. The kind is chosen
 * when the term is created and fixed after. A refusal that names a field is kept for that field;
 * other refusals show above the buttons.
 */
export class TermFormStore {
  /** The term edited; null for a new one. */
  id: string | null = null;
  kind: TermKind = 'category';
  slug = '';
  names: PerLang = emptyPerLang();
  isLoaded = false;
  isSaving = false;
  errors = observable.map<TermField | 'form', string>();

  constructor(private readonly root: RootStore) {
    makeObservable<TermFormStore, 'apply'>(this, {
      id: observable,
      kind: observable,
      slug: observable,
      names: observable,
      isLoaded: observable,
      isSaving: observable,
      setKind: action,
      setSlug: action,
      setName: action,
      apply: action,
    });
  }

  setKind(kind: TermKind) {
    if (!this.id) this.kind = kind;
  }

  setSlug(slug: string) {
    this.slug = slug;
  }

  setName(lang: keyof PerLang, text: string) {
    this.names[lang] = text;
  }

  /** Reads the term id (admin.term), or starts a new one. False when refused (a toast said why). */
  async load(id: string | null): Promise<boolean> {
    if (!id) {
      this.apply(null);
      return true;
    }
    const reply = await this.root.client.request('admin.term', { id });
    if (!reply) return false;
    this.apply(reply.term);
    return true;
  }

  private apply(term: TermDraft | null) {
    this.id = term?.id || null;
    if (term && (TERM_KINDS as readonly string[]).includes(term.kind)) this.kind = term.kind as TermKind;
    this.slug = term?.slug ?? '';
    this.names = perLang(term?.names);
    this.errors.clear();
    this.isLoaded = true;
  }

  /** admin.saveTerm's input: blank names left out. */
  input(): TermDraft {
    return { ...(this.id ? { id: this.id } : {}), kind: this.kind, slug: this.slug.trim(), names: filled(this.names) };
  }

  /**
   * Saves the term. On success the form holds what was stored (a new term gets its id), a toast
   * says so and the id is answered; on refusal the message goes to the field the server named
   * (or above the buttons) and null is answered.
   */
  async save(): Promise<string | null> {
    if (this.isSaving) return null;
    runInAction(() => {
      this.isSaving = true;
      this.errors.clear();
    });
    const result = await this.root.client.call('admin.saveTerm', this.input());
    if (!result.ok) {
      runInAction(() => {
        this.isSaving = false;
        this.errors.set(fieldOf(result.error, FIELDS) ?? 'form', result.error.messages.join(' '));
      });
      return null;
    }
    const stored = result.data.term;
    runInAction(() => {
      this.isSaving = false;
      this.apply(stored);
    });
    this.root.toasts.success(this.root.t('admin.term.saved'));
    return stored.id ?? null;
  }
}
