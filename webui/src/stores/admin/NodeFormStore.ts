import { action, makeObservable, observable, runInAction } from 'mobx';
import type { ErrorReply } from '../../api/client';
import { JOIN_TYPES, type JoinType, type NodeChoices, type NodeDraft, type NodeKind, type NodeReply } from '../../api/adminNodes';
import type { RootStore } from '../RootStore';
import { emptyPerLang, type PerLang } from './ProductFormStore';
import { LANGUAGES } from '../../i18n/languages';

/** The form's fields a server refusal can name (its `field`, up to the first dot or bracket). */
export type NodeField =
  | 'kind'
  | 'slug'
  | 'names'
  | 'descriptions'
  | 'categoryId'
  | 'thumb'
  | 'nodeType'
  | 'joinType'
  | 'joinAsset'
  | 'joinAmount'
  | 'joinLevel'
  | 'position'
  | 'admins';

const FIELDS: readonly NodeField[] = ['kind', 'slug', 'names', 'descriptions', 'categoryId', 'thumb', 'nodeType', 'joinType', 'joinAsset', 'joinAmount', 'joinLevel', 'position', 'admins'];

/** The field of `fields` a refusal names (its `field` up to the first dot or bracket), if the form has it. */
export function fieldOf<F extends string>(error: ErrorReply, fields: readonly F[]): F | null {
  const head = (error.field ?? '').split(/[.[]/)[0] as F;
  return fields.includes(head) ? head : null;
}

/** The node form's field a refusal names, if the form has it. */
export function nodeFieldOf(error: ErrorReply): NodeField | null {
  return fieldOf(error, FIELDS);
}

/** Texts per language as the form edits them, blank where `values` has none. */
export function perLang(values: Record<string, string> | undefined): PerLang {
  const out = emptyPerLang();
  for (const lang of LANGUAGES) out[lang] = values?.[lang] ?? '';
  return out;
}

/** The texts that are not blank, trimmed. */
export function filled(values: PerLang): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values)
      .map(([lang, text]) => [lang, text.trim()] as const)
      .filter(([, text]) => text !== ''),
  );
}

/** Member ids typed in, separated by commas or spaces. */
export function idsOf(text: string): string[] {
  return text
    .split(/[\s,，]+/)
    .map((id) => id.trim())
    .filter(Boolean);
}

/**
 * The node and category form: a stored row read whole (admin.node: every language) or a new one
 * of a kind, edited as typed and saved through admin.saveNode. A refusal that names a field is
 * kept for that field; other refusals show above the buttons.
 */
export class NodeFormStore {
  /** The row edited; null for a new one. */
  id: string | null = null;
  kind: NodeKind = 'node';
  slug = '';
  names: PerLang = emptyPerLang();
  descriptions: PerLang = emptyPerLang();
  categoryId = '';
  thumb = '';
  nodeType = '';
  joinType: JoinType = 'free';
  joinAsset = '';
  /** The price in minor units of the asset, as typed. */
  joinAmount = '';
  joinLevel = '';
  position = '0';
  /** Member ids, separated by commas. */
  admins = '';
  choices: NodeChoices = { categories: [], levels: [], assets: [] };
  isLoaded = false;
  isSaving = false;
  errors = observable.map<NodeField | 'form', string>();

  constructor(private readonly root: RootStore) {
    makeObservable<NodeFormStore, 'apply'>(this, {
      id: observable,
      kind: observable,
      slug: observable,
      names: observable,
      descriptions: observable,
      categoryId: observable,
      thumb: observable,
      nodeType: observable,
      joinType: observable,
      joinAsset: observable,
      joinAmount: observable,
      joinLevel: observable,
      position: observable,
      admins: observable,
      choices: observable,
      isLoaded: observable,
      isSaving: observable,
      set: action,
      setName: action,
      setDescription: action,
      apply: action,
    });
  }

  set<K extends 'slug' | 'categoryId' | 'thumb' | 'nodeType' | 'joinType' | 'joinAsset' | 'joinAmount' | 'joinLevel' | 'position' | 'admins'>(
    key: K,
    value: NodeFormStore[K],
  ) {
    (this as NodeFormStore)[key] = value;
  }

  setName(lang: keyof PerLang, text: string) {
    this.names[lang] = text;
  }

  setDescription(lang: keyof PerLang, text: string) {
    this.descriptions[lang] = text;
  }

  /** Reads the row id (admin.node), or only the choices for a new row of kind. False when refused (a toast said why). */
  async load(id: string | null, kind: NodeKind): Promise<boolean> {
    const reply = await this.root.client.request('admin.node', id ? { id } : {});
    if (!reply) return false;
    this.apply(reply, kind);
    return true;
  }

  private apply(reply: NodeReply, kind: NodeKind) {
    const n: NodeDraft | null | undefined = reply.node;
    this.choices = reply.choices;
    this.id = n?.id || null;
    this.kind = n?.kind === 'category' || n?.kind === 'node' ? n.kind : kind;
    this.slug = n?.slug ?? '';
    this.names = perLang(n?.names);
    this.descriptions = perLang(n?.descriptions);
    this.categoryId = n?.categoryId ?? '';
    this.thumb = n?.thumb ?? '';
    this.nodeType = n?.nodeType ?? '';
    this.joinType = (JOIN_TYPES as readonly string[]).includes(n?.joinType ?? '') ? (n!.joinType as JoinType) : 'free';
    this.joinAsset = n?.joinAsset ?? '';
    this.joinAmount = n?.joinAmount ? String(n.joinAmount) : '';
    this.joinLevel = n?.joinLevel ?? '';
    this.position = String(n?.position ?? 0);
    this.admins = (n?.admins ?? []).join(', ');
    this.errors.clear();
    this.isLoaded = true;
  }

  /** admin.saveNode's input: blank texts left out, only the join fields the join type uses. */
  input(): NodeDraft {
    return {
      ...(this.id ? { id: this.id } : {}),
      kind: this.kind,
      ...(this.kind === 'node' && this.categoryId ? { categoryId: this.categoryId } : {}),
      slug: this.slug.trim(),
      names: filled(this.names),
      descriptions: filled(this.descriptions),
      thumb: this.thumb.trim(),
      nodeType: this.nodeType.trim(),
      joinType: this.joinType,
      joinAsset: this.joinType === 'money' ? this.joinAsset : '',
      joinAmount: this.joinType === 'money' ? Number(this.joinAmount) || 0 : 0,
      joinLevel: this.joinType === 'level' ? this.joinLevel : '',
      position: Number(this.position) || 0,
      admins: idsOf(this.admins),
    };
  }

  /**
   * Saves the row. On success the form holds what was stored (a new row gets its id), a toast
   * says so and the id is answered; on refusal the message goes to the field the server named
   * (or above the buttons) and null is answered.
   */
  async save(): Promise<string | null> {
    if (this.isSaving) return null;
    runInAction(() => {
      this.isSaving = true;
      this.errors.clear();
    });
    const result = await this.root.client.call('admin.saveNode', this.input());
    if (!result.ok) {
      runInAction(() => {
        this.isSaving = false;
        this.errors.set(nodeFieldOf(result.error) ?? 'form', result.error.messages.join(' '));
      });
      return null;
    }
    const stored = result.data.node;
    runInAction(() => {
      this.isSaving = false;
      this.apply({ node: stored, choices: this.choices }, this.kind);
    });
    this.root.toasts.success(this.root.t('admin.node.saved'));
    return stored.id ?? null;
  }
}
