import { makeAutoObservable, runInAction } from 'mobx';
import type { NodeView } from '../../api/wire.gen';
import { MONEY_DECIMALS } from '../../stores/WalletStore';
import type { Draft, DraftGate, DraftKind } from '../../stores/DraftsStore';
import type { RootStore } from '../../stores/RootStore';
import { localizePath } from '../../utils/links';
import { topicPath } from '../Community/paths';
import type { EditSource } from './editing';
import {
  MAX_VOTE_OPTIONS,
  articleEditInput,
  articleInput,
  fieldOfCode,
  firstError,
  gateRoles,
  topicEditInput,
  topicInput,
  validateDraft,
  type FormErrors,
  type FormField,
} from './submission';
import '../../stores/DraftsStore'; // builds root's store on first use (stores/lazyStores.ts)
import '../../stores/UploadStore'; // builds root's store on first use (stores/lazyStores.ts)

/** Whether the viewer may post in a node: a free one, one they joined, one they run, or any as a site admin. */
export function mayPostIn(node: NodeView, viewer: { databaseId: string; isAdmin: boolean } | null): boolean {
  if (!viewer) return false;
  const meta = node.communityCatMetas;
  return (
    viewer.isAdmin ||
    meta.isJoin ||
    meta.settings.joinRole.type === 'free' ||
    meta.admin.some((admin) => admin.databaseId === viewer.databaseId)
  );
}

/** The minor-unit digits of a site currency (2 when the settings do not say). */
export function currencyDecimals(root: RootStore, currency: string): number {
  const entry = root.settings.currencyEntry(currency) as { decimals?: unknown } | undefined;
  return typeof entry?.decimals === 'number' ? entry.decimals : MONEY_DECIMALS;
}

/**
 * The create page's form: the draft being written (saved to the drafts store, debounced, as it
 * changes), the errors shown beside the fields, and the submit: SPEC §5's checks first, then
 * mutates.createTopic (or mutates.saveArticle for an article), the server's refusals shown as
 * toasts and beside their field. A published draft is deleted.
 *
 * With `editing`, the form holds an existing article or topic instead: it is not kept as a draft
 * (`hasChanges` tells the page to warn before leaving), its kind, node, bounty and vote stay, and
 * the submit saves it through the same action with its id.
 */
export class CreateForm {
  draft: Draft;
  errors: FormErrors = {};
  isSubmitting = false;
  /** Editing: something was changed since the item was loaded or saved. */
  hasChanges = false;

  constructor(
    readonly root: RootStore,
    draft: Draft,
    readonly editing: EditSource | null = null,
  ) {
    this.draft = draft;
    makeAutoObservable(this, { root: false, editing: false });
  }

  get isArticle() {
    return this.draft.kind === 'article';
  }

  /** The viewer may write articles (mutates.saveArticle is for administrators). */
  get canWriteArticles(): boolean {
    return this.root.auth.viewer?.data.gqRoles?.isAdmin === true;
  }

  /** The node chosen, when the list holds it. */
  get node(): NodeView | undefined {
    return this.root.community.list.find((node) => node.databaseId === this.draft.nodeId);
  }

  get nodePostable(): boolean {
    const node = this.node;
    return node ? mayPostIn(node, this.poster) : true;
  }

  /** Who would post: the viewer's id and whether they administer the site (null for a guest). */
  get poster() {
    const viewer = this.root.auth.viewer;
    return viewer ? { databaseId: viewer.data.databaseId, isAdmin: viewer.data.gqRoles?.isAdmin === true } : null;
  }

  /** Starts over on another draft (a restored one, or a blank one). */
  replace(draft: Draft) {
    this.draft = draft;
    this.errors = {};
  }

  private changed(...fields: FormField[]) {
    for (const field of fields) delete this.errors[field];
    if (this.editing) this.hasChanges = true;
    else this.root.drafts.scheduleSave(this.draft);
  }

  setKind(kind: DraftKind) {
    if (this.editing || (kind === 'article' && !this.canWriteArticles)) return;
    this.draft.kind = kind;
    this.errors = {};
    this.root.drafts.scheduleSave(this.draft);
  }

  setTitle(title: string) {
    this.draft.title = title;
    this.changed('title');
  }

  setContent(html: string) {
    if (html === this.draft.content) return;
    this.draft.content = html;
    this.changed('content');
  }

  setNode(nodeId: string) {
    this.draft.nodeId = nodeId;
    this.changed('node');
  }

  setGate(gate: Partial<DraftGate>) {
    const next = { ...this.draft.gate, ...gate };
    // A new entry type starts from its own defaults: a price is not a level key.
    if (gate.type && gate.type !== this.draft.gate.type) {
      next.value = gate.value ?? '';
      next.currency = gate.type === 'money' ? (gate.currency ?? this.defaultCurrency) : '';
    }
    this.draft.gate = next;
    this.changed('gate');
  }

  setBounty(bounty: Partial<Draft['bounty']>) {
    const next = { ...this.draft.bounty, ...bounty };
    if (bounty.type && bounty.type !== this.draft.bounty.type) next.value = '';
    if (next.type === 'money' && !next.currency) next.currency = this.defaultCurrency;
    this.draft.bounty = next;
    this.changed(bounty.deadline !== undefined ? 'bountyDeadline' : 'bountyValue');
  }

  setVoteDeadline(deadline: number | null) {
    this.draft.vote.deadline = deadline;
    this.changed('voteDeadline');
  }

  setOption(index: number, text: string) {
    this.draft.vote.options[index] = text;
    this.changed('voteOptions');
  }

  get canAddOption() {
    return this.draft.vote.options.length < MAX_VOTE_OPTIONS;
  }

  addOption() {
    if (!this.canAddOption) return;
    this.draft.vote.options.push('');
    this.changed('voteOptions');
  }

  /** Removes an option; one always stays to type in. */
  removeOption(index: number) {
    if (this.draft.vote.options.length <= 1) return;
    this.draft.vote.options.splice(index, 1);
    this.changed('voteOptions');
  }

  setArticle(fields: Partial<Draft['article']>) {
    Object.assign(this.draft.article, fields);
    this.changed(...(fields.category !== undefined ? (['category'] as const) : []), ...(fields.tags !== undefined ? (['tags'] as const) : []));
  }

  /** The visitor's currency when the site has it, else the site's first. */
  get defaultCurrency(): string {
    const codes = this.root.settings.currencies.map((entry) => entry.code);
    const current = this.root.locale.currency;
    return codes.includes(current) ? current : (codes[0] ?? current);
  }

  /** The minor-unit digits of a site currency (2 when the settings do not say). */
  decimalsOf = (currency: string): number => currencyDecimals(this.root, currency);

  /** Runs the checks; the errors show beside their fields and the first one as a toast. True when it may be sent. */
  check(now = Date.now()): boolean {
    this.errors = validateDraft(this.draft, { now, nodePostable: this.nodePostable, editing: this.editing !== null });
    const first = firstError(this.errors);
    if (first) this.root.toasts.error(this.root.t(first[1].key, first[1].values));
    return first === null;
  }

  /**
   * Sends the draft; resolves to the path of what was published (the topic's page in the reader's
   * language, the article's in its own),
   * or null when a check or the server refused it. A guest gets the login box.
   */
  async submit(): Promise<string | null> {
    if (this.isSubmitting || !this.root.auth.requireLogin()) return null;
    if (this.root.uploads.refuseWhileBusy()) return null;
    if (!this.check()) return null;
    this.isSubmitting = true;
    const draft = this.draft;
    if (this.editing) {
      const path = await this.saveEdit(draft, this.editing);
      runInAction(() => {
        this.isSubmitting = false;
        if (path) this.hasChanges = false;
      });
      return path;
    }
    const path = this.isArticle ? await this.saveArticle(draft) : await this.createTopic(draft);
    runInAction(() => {
      this.isSubmitting = false;
      if (path) this.root.drafts.remove(draft.id);
    });
    return path;
  }

  /** The roles to save: the item's own while the gate shown is the one it was filled with (the form holds one entry). */
  private editedRoles(source: EditSource) {
    const gate = this.draft.gate;
    const unchanged = gate.type === source.gate.type && gate.value === source.gate.value && gate.currency === source.gate.currency;
    return unchanged ? source.roles : gateRoles(gate, this.decimalsOf);
  }

  /** Saves the item edited with its id; its page is read again so that it shows what was saved. */
  private async saveEdit(draft: Draft, source: EditSource): Promise<string | null> {
    const roles = this.editedRoles(source);
    let path: string;
    if (source.target.kind === 'article') {
      const result = await this.root.client.call('mutates.saveArticle', articleEditInput(draft, source.target.id, source.slug, roles));
      if (!result.ok) return this.refused(result.error);
      path = result.data.gqSaveArticle.article.uri;
    } else {
      const result = await this.root.client.call('mutates.createTopic', topicEditInput(draft, source.target.id, roles));
      if (!result.ok) return this.refused(result.error);
      path = localizePath(topicPath(result.data.topic), this.root.locale.lang);
    }
    this.root.toasts.success(this.root.t('page.create.edit.saved'));
    void this.root.pages.load(path, true);
    return path;
  }

  private async createTopic(draft: Draft): Promise<string | null> {
    const result = await this.root.client.call('mutates.createTopic', topicInput(draft, this.decimalsOf));
    if (!result.ok) return this.refused(result.error);
    const { topic } = result.data;
    this.root.toasts.success(this.root.t('page.create.published'));
    return localizePath(topicPath(topic), this.root.locale.lang);
  }

  private async saveArticle(draft: Draft): Promise<string | null> {
    const result = await this.root.client.call('mutates.saveArticle', articleInput(draft, this.decimalsOf));
    if (!result.ok) return this.refused(result.error);
    this.root.toasts.success(this.root.t('page.create.published'));
    return result.data.gqSaveArticle.article.uri;
  }

  /** Shows the server's messages as toasts, and each beside the field it belongs to. */
  private refused(error: { messages: string[]; codes?: string[] }): null {
    this.root.client.showError({ statusCode: 400, ...error });
    runInAction(() => {
      (error.codes ?? []).forEach((code, index) => {
        const field = fieldOfCode(code, this.draft.kind);
        if (field) this.errors[field] = { key: code, message: error.messages[index] };
      });
    });
    return null;
  }
}

