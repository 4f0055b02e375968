import { action, computed, makeAutoObservable, makeObservable, observable, override, reaction } from 'mobx';
import type { Item } from '../api/wire.gen';
import {
  DEFAULT_SELECTION_LIMIT,
  LIBRARY_PAGE_SIZE,
  MediaItem,
  mediaRight,
  uploadRefusal,
  type MediaItemData,
  type MediaType,
} from '../models/MediaItem';
import type { RootStore } from './RootStore';
import { PagedStore, type Page, type PageDirection } from './base/PagedStore';
import { registerStore } from './lazyStores';
// The uploads store is read with this one: its module registers it.
import './UploadStore';

/** The tabs of the media library dialog (SPEC §2). */
export const LIBRARY_TABS = ['embed', 'iframe', 'external', 'upload', 'library'] as const;
export type LibraryTab = (typeof LIBRARY_TABS)[number];

/** The tabs a media type offers: embed and iframe for video only, external for video, audio and attachments. */
export function tabsFor(type: MediaType): LibraryTab[] {
  switch (type) {
    case 'video':
      return ['embed', 'iframe', 'external', 'upload', 'library'];
    case 'audio':
    case 'attachment':
      return ['external', 'upload', 'library'];
    case 'image':
      return ['upload', 'library'];
    default:
      return type satisfies never;
  }
}

/** What the dialog hands back to the caller. */
export type MediaInsert =
  | { kind: 'media'; items: MediaItemData[] }
  | { kind: 'embed'; url: string; html: string; provider: string; title?: string; width?: number; height?: number }
  | { kind: 'iframe'; src: string; width?: number; height?: number }
  | { kind: 'external'; type: MediaType; url: string; title: string; fileSize?: string; unzipPassword?: string; extractionCode?: string };

export interface LibraryOptions {
  type: MediaType;
  /** Items that may be picked at once; default 10. With 1, a new pick replaces the old one. */
  limit?: number;
  /** Offer only these of the type's tabs (a private message takes files of the library only). */
  tabs?: LibraryTab[];
}

/** The reply of utils.getEmbed (typed here until the generated types carry it). */
export interface EmbedReply {
  embed: { html: string; provider: string; title?: string; width?: number; height?: number };
}

/** One opening of the dialog: the type asked for, the tab shown, the items picked (in picking order). */
export class LibraryRequest {
  tab: LibraryTab;
  selected: string[] = [];

  constructor(
    readonly type: MediaType,
    readonly limit: number,
    readonly tabs: LibraryTab[],
    readonly resolve: (result: MediaInsert | null) => void,
  ) {
    this.tab = tabs.includes('library') ? 'library' : tabs[0]!;
    makeAutoObservable(this, { resolve: false });
  }

  setTab(tab: LibraryTab) {
    if (this.tabs.includes(tab)) this.tab = tab;
  }

  isSelected(id: string) {
    return this.selected.includes(id);
  }

  /**
   * Picks or unpicks an item (SPEC §4): at limit 1 a new pick replaces the old one; otherwise a
   * pick beyond the limit is refused (false).
   */
  toggle(id: string): boolean {
    if (this.isSelected(id)) {
      this.selected = this.selected.filter((held) => held !== id);
      return true;
    }
    if (this.limit === 1) {
      this.selected = [id];
      return true;
    }
    if (this.selected.length >= this.limit) return false;
    this.selected = [...this.selected, id];
    return true;
  }

  /** Picks what was just uploaded, as far as the limit allows (the newest win at limit 1). */
  selectUploaded(ids: string[]) {
    if (this.limit === 1) {
      if (ids.length) this.selected = [ids.at(-1)!];
      return;
    }
    const room = Math.max(0, this.limit - this.selected.length);
    this.selected = [...this.selected, ...ids.filter((id) => !this.isSelected(id)).slice(0, room)];
  }

  forget(ids: string[]) {
    this.selected = this.selected.filter((id) => !ids.includes(id));
  }
}

/**
 * The viewer's media library (media.getLibrary, newest first, one media type at a time) and the
 * media library dialog: `open` shows it and resolves with what was inserted, or null when it was
 * closed. It cannot close while an upload runs (SPEC §4).
 */
export class MediaStore extends PagedStore<MediaItem, MediaItemData> {
  request: LibraryRequest | null = null;
  /** The media type the pages held are of. */
  type: MediaType = 'image';
  isDeleting = false;

  constructor(root: RootStore) {
    super(root, 'MediaStore');
    makeObservable(this, {
      request: observable,
      type: observable,
      isDeleting: observable,
      ordered: computed,
      open: action,
      close: action,
      insert: action,
      setType: action,
      addUploaded: action,
      reset: override,
    });
    reaction(
      () => root.auth.viewer?.id ?? null,
      () => {
        this.request?.resolve(null);
        this.reset();
      },
    );
  }

  protected idOf(data: MediaItemData) {
    return data.id;
  }

  protected create(data: MediaItemData) {
    return new MediaItem(data);
  }

  protected update(item: MediaItem, data: MediaItemData) {
    item.update(data);
  }

  /** The items of the current type, newest first. */
  get ordered(): MediaItem[] {
    return [...this.data.values()]
      .filter((item) => item.type === this.type)
      .sort((a, b) => b.data.createdAt - a.data.createdAt || Number(b.id) - Number(a.id));
  }

  /** Why the viewer may not upload `type` now, translated; null when they may (SPEC §6). */
  uploadNotice(type: MediaType): string | null {
    const refusal = uploadRefusal(mediaRight(this.root.auth.viewer?.data.gqRoles, type));
    return refusal ? this.root.t(refusal.key, refusal.values) : null;
  }

  /** Opens the dialog for a media type; resolves with what was inserted, or null when it was closed. */
  open(options: LibraryOptions): Promise<MediaInsert | null> {
    if (!this.root.auth.requireLogin()) return Promise.resolve(null);
    this.request?.resolve(null);
    const offered = tabsFor(options.type);
    const tabs = options.tabs ? offered.filter((tab) => options.tabs!.includes(tab)) : offered;
    return new Promise((resolve) => {
      this.request = new LibraryRequest(options.type, Math.max(1, options.limit ?? DEFAULT_SELECTION_LIMIT), tabs.length ? tabs : offered, resolve);
      this.setType(options.type);
    });
  }

  /** Opens the dialog on the upload and library tabs only; resolves with the items picked (none when closed). */
  async pick(options: Omit<LibraryOptions, 'tabs'>): Promise<MediaItemData[]> {
    const result = await this.open({ ...options, tabs: ['upload', 'library'] });
    return result?.kind === 'media' ? result.items : [];
  }

  /** Closes the dialog without inserting; refused with a warning while an upload runs. */
  close(): boolean {
    if (this.root.uploads.isUploading) {
      this.root.toasts.warning(this.root.t('common.editor.library.disabledClose'));
      return false;
    }
    const request = this.request;
    this.request = null;
    request?.resolve(null);
    return true;
  }

  /** Hands `result` to the caller and closes the dialog. */
  insert(result: MediaInsert) {
    const request = this.request;
    if (!request || this.root.uploads.isUploading) return;
    this.request = null;
    request.resolve(result);
  }

  /** Inserts the picked items of the library tab. */
  insertSelected() {
    const request = this.request;
    if (!request) return;
    const items = request.selected.map((id) => this.data.get(id)?.data).filter((data): data is MediaItemData => Boolean(data));
    if (items.length === 0) {
      this.root.toasts.error(this.root.t('common.editor.library.insertFail'));
      return;
    }
    this.insert({ kind: 'media', items });
  }

  /** Shows the library of another media type: its pages are read afresh. */
  setType(type: MediaType) {
    if (type === this.type && this.isLoaded) return;
    this.type = type;
    this.resetPaging();
  }

  /** Uploads a selection from the upload tab; the new items join the library, picked, and the library tab shows. */
  async uploadFiles(files: File[]) {
    const request = this.request;
    const items = await this.root.uploads.upload(files, { type: request?.type ?? this.type });
    if (!items) return;
    this.addUploaded(items);
  }

  /** Picks what the dialog just uploaded (the upload store has added it to the library). */
  addUploaded(items: Item[]) {
    for (const item of items) this.add(item);
    const request = this.request;
    if (!request) return;
    request.selectUploaded(items.filter((item) => item.mediaType === request.type).map((item) => item.id));
    request.setTab('library');
  }

  /** Looks up the embed code of a URL (utils.getEmbed); null after a failure, which a toast reports. */
  async embed(url: string): Promise<EmbedReply['embed'] | null> {
    const result = await this.root.client.call<EmbedReply>('utils.getEmbed', { url });
    if (result.ok && result.data.embed?.html) return result.data.embed;
    this.root.toasts.error(this.root.t('common.editor.library.insertFail'));
    if (!result.ok) this.root.client.showError(result.error);
    return null;
  }

  /** Deletes items (mutates.deleteMedias) after the viewer confirmed; a toast says it is done. */
  async delete(ids: string[]): Promise<boolean> {
    if (ids.length === 0 || this.isDeleting) return false;
    this.inAction('delete', () => {
      this.isDeleting = true;
    });
    const reply = await this.root.client.request('mutates.deleteMedias', { ids });
    this.inAction('delete', () => {
      this.isDeleting = false;
      if (!reply?.gqDeleteMedias.success) return;
      const deleted = reply.gqDeleteMedias.ids?.length ? reply.gqDeleteMedias.ids : ids;
      for (const id of deleted) this.remove(id);
      this.request?.forget(deleted);
    });
    if (!reply?.gqDeleteMedias.success) return false;
    this.root.toasts.success(this.root.t('common.editor.library.deleted'));
    return true;
  }

  override reset() {
    super.reset();
    this.request = null;
    this.isDeleting = false;
  }

  protected async fetchPage(_direction: PageDirection, after: string): Promise<Page<MediaItemData> | null> {
    const viewerId = this.root.auth.viewer?.id;
    if (!viewerId) return null;
    const type = this.type;
    const reply = await this.root.client.request('media.getLibrary', { mimeTypeIN: [type], first: LIBRARY_PAGE_SIZE, ...(after ? { after } : {}) });
    if (!reply || this.root.auth.viewer?.id !== viewerId || this.type !== type) return null;
    return { items: reply.mediaItems.edges.map((edge) => edge.node), olderCursor: reply.mediaItems.pageInfo.endCursor, hasOlder: reply.mediaItems.pageInfo.hasNextPage };
  }
}

registerStore('media', (root) => new MediaStore(root));
