import { makeAutoObservable, runInAction } from 'mobx';
import type { ErrorReply, RequestResult } from '../../api/client';
import type { SaveDraftReply, VersionReply } from '../../api/wire.gen';
import { DEFAULT_CURRENCY, type Lang } from '../../i18n/languages';
import { DEVICES, type Block, type BlockType, type DeviceDoc, type DraftReply, type LayoutDoc, type PageDoc } from '../../models/builder';
import type { Device } from '../../models/settings';
import type { RootStore } from '../RootStore';
import { MAX_BLOCKS, clone, fieldTarget, newBlock, newBlockId, normalizeDoc, type FieldTarget } from './layout';
import { UndoHistory } from './UndoHistory';
import { VersionList } from './VersionList';

/** The builder's actions (app/builder). */
type BuilderAction =
  | 'builder.draft'
  | 'builder.saveDraft'
  | 'builder.discard'
  | 'builder.publish'
  | 'builder.versions'
  | 'builder.version'
  | 'builder.rollback';

export type BuilderPanel = 'page' | 'header' | 'footer';

/** A refusal shown in the builder, with where it points when the server named a field. */
export interface BuilderProblem {
  message: string;
  code: string;
  target: FieldTarget | null;
}

/**
 * The page builder (/builder): the draft layout document (builder.draft) edited in place, saved
 * with its revision (a save another tab got in first answers 409 builder.error.stale: the builder
 * says so and offers to reload), discarded, published with a note, and the version history with
 * its preview and rollback. Edits go through {@link edit}, which records undo steps and tells
 * whether the document differs from the last saved one.
 */
export class BuilderStore {
  doc: LayoutDoc | null = null;
  revision = 0;
  baseVersion = 0;
  publishedVersion = 0;
  updatedAt = 0;
  /** The saved draft differs from the published document. */
  draftDiffers = false;
  canHtml = false;

  isLoading = false;
  isSaving = false;
  isPublishing = false;
  loadError: ErrorReply | null = null;
  /** Another save came first: the document here is older than the draft's. */
  stale = false;
  problem: BuilderProblem | null = null;

  pageIndex = 0;
  device: Device = 'desktop';
  panel: BuilderPanel = 'page';
  selectedId: string | null = null;
  /** The block a server error pointed at, highlighted until the next edit. */
  flaggedId: string | null = null;
  lang: Lang;
  currency: string;

  readonly versions = new VersionList(this);
  /** An old version shown in the preview instead of the draft. */
  previewed: { version: number; doc: LayoutDoc } | null = null;

  private savedJson = '';
  readonly history = new UndoHistory();

  constructor(readonly root: RootStore) {
    this.lang = root.locale.lang;
    this.currency = DEFAULT_CURRENCY[this.lang];
    makeAutoObservable(this, { root: false, history: false, versions: false });
  }

  /** The document differs from the last one loaded or saved. */
  get dirty(): boolean {
    return this.doc !== null && JSON.stringify(this.doc) !== this.savedJson;
  }

  get canUndo() {
    return this.history.canUndo;
  }

  get canRedo() {
    return this.history.canRedo;
  }

  get page(): PageDoc | undefined {
    return this.doc?.pages[this.pageIndex];
  }

  /** The current page's blocks for the current device. */
  get blocks(): Block[] {
    return this.page?.blocks[this.device] ?? [];
  }

  get selected(): Block | undefined {
    return this.blocks.find((block) => block.id === this.selectedId);
  }

  get deviceDoc(): DeviceDoc | undefined {
    return this.doc?.pageSettings[this.device];
  }

  /** What the preview shows: an old version being looked at, else the draft. */
  get shownDoc(): LayoutDoc | null {
    return this.previewed?.doc ?? this.doc;
  }

  get shownBlocks(): Block[] {
    const page = this.shownDoc?.pages[this.pageIndex] ?? this.shownDoc?.pages[0];
    return page?.blocks[this.device] ?? [];
  }

  get isFull(): boolean {
    return this.blocks.length >= MAX_BLOCKS;
  }

  // Loading and saving.

  async load(): Promise<void> {
    this.isLoading = true;
    this.loadError = null;
    const result = await this.call<DraftReply>('builder.draft', {});
    runInAction(() => {
      this.isLoading = false;
      if (!result.ok) {
        this.loadError = result.error;
        return;
      }
      this.accept(result.data);
    });
  }

  /** Takes a draft as the server has it: the document, its revision, no undo history. */
  private accept(reply: DraftReply) {
    this.doc = normalizeDoc(reply.doc);
    this.savedJson = JSON.stringify(this.doc);
    this.revision = reply.revision;
    this.baseVersion = reply.baseVersion;
    this.publishedVersion = reply.publishedVersion;
    this.updatedAt = reply.updatedAt;
    this.draftDiffers = reply.dirty;
    this.canHtml = reply.canHtml;
    this.stale = false;
    this.problem = null;
    this.flaggedId = null;
    this.history.clear();
    if (this.pageIndex >= this.doc.pages.length) this.pageIndex = 0;
    if (!this.blocks.some((block) => block.id === this.selectedId)) this.selectedId = null;
  }

  /** Saves the draft when it changed; true when the draft on the server is this document. */
  async save(): Promise<boolean> {
    if (!this.doc || this.isSaving) return false;
    if (!this.dirty) return true;
    this.isSaving = true;
    const json = JSON.stringify(this.doc);
    const result = await this.call<SaveDraftReply>('builder.saveDraft', { doc: JSON.parse(json) as LayoutDoc, revision: this.revision });
    return runInAction(() => {
      this.isSaving = false;
      if (!result.ok) {
        this.fail(result.error);
        return false;
      }
      this.savedJson = json;
      this.revision = result.data.revision;
      this.updatedAt = result.data.updatedAt;
      this.draftDiffers = result.data.dirty;
      this.problem = null;
      this.flaggedId = null;
      return true;
    });
  }

  /** Throws the draft away: it becomes the published document again. */
  async discard(): Promise<boolean> {
    const result = await this.call<DraftReply>('builder.discard', { revision: this.revision });
    return runInAction(() => {
      if (!result.ok) {
        this.fail(result.error);
        return false;
      }
      this.accept(result.data);
      this.root.toasts.success(this.root.t('page.builder.toast.discarded'));
      return true;
    });
  }

  /** Saves what changed, then publishes the draft with a note. */
  async publish(note: string): Promise<boolean> {
    if (this.isPublishing) return false;
    this.isPublishing = true;
    const saved = await this.save();
    if (!saved) {
      runInAction(() => (this.isPublishing = false));
      return false;
    }
    const result = await this.call<VersionReply>('builder.publish', { revision: this.revision, note: note.trim() });
    return runInAction(() => {
      this.isPublishing = false;
      if (!result.ok) {
        this.fail(result.error);
        return false;
      }
      this.published(result.data.version);
      this.root.toasts.success(this.root.t('page.builder.toast.published', { version: result.data.version }));
      return true;
    });
  }

  private published(version: number) {
    this.publishedVersion = version;
    this.baseVersion = version;
    this.draftDiffers = false;
    this.problem = null;
    this.versions.reset();
  }

  /** Shows an old version in the preview (null: the draft again). */
  async preview(version: number | null): Promise<void> {
    if (version === null) {
      this.previewed = null;
      return;
    }
    const result = await this.call<{ version: number; doc: LayoutDoc }>('builder.version', { version });
    runInAction(() => {
      if (!result.ok) this.fail(result.error);
      else this.previewed = { version: result.data.version, doc: normalizeDoc(result.data.doc) };
    });
  }

  /** Publishes an old version again; the draft becomes it. */
  async rollback(version: number): Promise<boolean> {
    const result = await this.call<VersionReply>('builder.rollback', { version, expectVersion: this.publishedVersion });
    if (!result.ok) {
      runInAction(() => this.fail(result.error));
      return false;
    }
    runInAction(() => {
      this.previewed = null;
      this.published(result.data.version);
      this.root.toasts.success(this.root.t('page.builder.toast.rolledBack', { version, published: result.data.version }));
    });
    await this.load();
    await this.versions.load();
    return true;
  }

  /** Shows a refusal; a stale one asks to reload, one naming a field selects what it names. */
  fail(error: ErrorReply) {
    const code = error.codes?.[0] ?? '';
    const message = error.messages.join(' ') || this.root.t('common.error.internal');
    this.stale = code === 'builder.error.stale' || error.statusCode === 409;
    const target = fieldTarget(message);
    this.problem = { message, code, target };
    if (target) this.reveal(target);
  }

  /** Brings what a field path names into view: its page, device and block or panel. */
  reveal(target: FieldTarget) {
    if (!this.doc) return;
    if (target.kind === 'settings') {
      this.device = target.device;
      this.panel = target.part;
      return;
    }
    if (target.page < this.doc.pages.length) this.pageIndex = target.page;
    this.panel = 'page';
    if (target.kind === 'block') {
      this.device = target.device;
      const block = this.blocks[target.index];
      this.selectedId = block?.id ?? null;
      this.flaggedId = block?.id ?? null;
    }
  }

  dismissProblem() {
    this.problem = null;
  }

  /** Performs a builder action (typed here until the generated wire types carry them). */
  call<T>(action: BuilderAction, data: Record<string, unknown>): Promise<RequestResult<T>> {
    const call = this.root.client.call.bind(this.root.client) as (action: string, data?: unknown) => Promise<RequestResult<T>>;
    return call(action, data);
  }

  // View state.

  setDevice(device: Device) {
    this.device = device;
    if (!this.blocks.some((block) => block.id === this.selectedId)) this.selectedId = null;
  }

  setPanel(panel: BuilderPanel) {
    this.panel = panel;
  }

  setPage(index: number) {
    if (!this.doc || index < 0 || index >= this.doc.pages.length) return;
    this.pageIndex = index;
    this.selectedId = null;
    this.panel = 'page';
  }

  select(id: string | null) {
    this.selectedId = id;
    if (id) this.panel = 'page';
  }

  /** The language of the texts being edited and previewed, and the currency that goes with it. */
  setLang(lang: Lang) {
    this.lang = lang;
    this.currency = DEFAULT_CURRENCY[lang];
  }

  setCurrency(currency: string) {
    this.currency = currency;
  }

  // Editing: every change goes through edit.

  /**
   * Changes the document; one undo step per call, except that calls with the same key close
   * together (typing into one field) make one step together.
   */
  edit(change: (doc: LayoutDoc) => void, key = '') {
    if (!this.doc || this.previewed) return;
    this.history.record(JSON.stringify(this.doc), key);
    change(this.doc);
    this.flaggedId = null;
  }

  undo() {
    if (!this.doc) return;
    const previous = this.history.undo(JSON.stringify(this.doc));
    if (previous !== undefined) this.restore(previous);
  }

  redo() {
    if (!this.doc) return;
    const next = this.history.redo(JSON.stringify(this.doc));
    if (next !== undefined) this.restore(next);
  }

  private restore(json: string) {
    this.doc = JSON.parse(json) as LayoutDoc;
    if (this.pageIndex >= this.doc.pages.length) this.pageIndex = 0;
  }

  /** Changes the props of a block of the current device. */
  editBlock(id: string, change: (block: Block) => void, key = '') {
    this.edit(() => {
      const block = this.blocks.find((candidate) => candidate.id === id);
      if (block) change(block);
    }, key && `${this.pageIndex}.${this.device}.${id}.${key}`);
  }

  /** Changes the header and footer settings of the current device. */
  editDevice(change: (settings: DeviceDoc) => void, key = '') {
    this.edit((doc) => change(doc.pageSettings[this.device]), key && `${this.device}.${key}`);
  }

  addBlock(type: BlockType) {
    if (this.isFull || (type === 'html' && !this.canHtml)) return;
    const block = newBlock(type, this.lang, this.blocks.map((existing) => existing.id));
    const at = this.selected ? this.blocks.indexOf(this.selected) + 1 : this.blocks.length;
    this.edit(() => this.blocks.splice(at, 0, block));
    this.select(block.id);
  }

  duplicate(id: string) {
    const index = this.blocks.findIndex((block) => block.id === id);
    if (index < 0 || this.isFull) return;
    const copy = clone(this.blocks[index]!);
    copy.id = newBlockId(copy.type, this.blocks.map((block) => block.id));
    this.edit(() => this.blocks.splice(index + 1, 0, copy));
    this.select(copy.id);
  }

  remove(id: string) {
    const index = this.blocks.findIndex((block) => block.id === id);
    if (index < 0) return;
    this.edit(() => this.blocks.splice(index, 1));
    if (this.selectedId === id) this.selectedId = null;
  }

  toggleHidden(id: string) {
    this.editBlock(id, (block) => {
      if (block.hidden) delete block.hidden;
      else block.hidden = true;
    });
  }

  /** Moves the block at from to index to (drag and drop). */
  move(from: number, to: number) {
    const blocks = this.blocks;
    if (from === to || from < 0 || to < 0 || from >= blocks.length || to >= blocks.length) return;
    this.edit(() => {
      const [block] = blocks.splice(from, 1);
      blocks.splice(to, 0, block!);
    });
  }

  /** Moves a block one place up (-1) or down (+1). */
  moveBy(id: string, delta: -1 | 1) {
    const index = this.blocks.findIndex((block) => block.id === id);
    this.move(index, index + delta);
  }

  /** Gives the other devices a copy of this device's blocks of the current page. */
  copyToOtherDevices() {
    const page = this.page;
    if (!page) return;
    const source = this.device;
    this.edit(() => {
      for (const device of DEVICES) if (device !== source) page.blocks[device] = clone(page.blocks[source]);
    });
  }

  /** Adds a page (custom or docs) and opens it. */
  addPage(page: PageDoc) {
    this.edit((doc) => {
      doc.pages.push(page);
    });
    this.setPage(this.doc!.pages.length - 1);
  }

  /** Removes a custom or docs page (the home page stays). */
  removePage(index: number) {
    const page = this.doc?.pages[index];
    if (!page || page.kind === 'home') return;
    this.edit((doc) => {
      doc.pages.splice(index, 1);
    });
    this.setPage(Math.max(0, Math.min(this.pageIndex, this.doc!.pages.length - 1)));
  }

  /** Whether a page of kind already has name. */
  hasPage(kind: PageDoc['kind'], name: string): boolean {
    return this.doc?.pages.some((page) => page.kind === kind && page.name === name) ?? false;
  }
}
