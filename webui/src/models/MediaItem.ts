import { makeAutoObservable } from 'mobx';
import type { Item } from '../api/wire.gen';
import type { Settings } from './settings';
import type { ViewerRoles } from './Viewer';

/** A media item as the server sends it (media.getLibrary, the upload reply). */
export type MediaItemData = Item;

/** The four kinds of upload, each with its own accept list and rights (SPEC §3, §6). */
export const MEDIA_TYPES = ['image', 'video', 'audio', 'attachment'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

/** SPEC §9: upload chunks of 1 MiB, 3 requests at a time. */
export const CHUNK_SIZE = 1 << 20;
export const CHUNK_CONCURRENCY = 3;
/** SPEC §9: the library hands back at most this many items unless the caller asks otherwise. */
export const DEFAULT_SELECTION_LIMIT = 10;
/** SPEC §5, §9: pasted images are at most this wide and tall. */
export const MAX_IMAGE_PX = 2000;
/** The library grid reads this many items a page. */
export const LIBRARY_PAGE_SIZE = 30;

/** A file in the viewer's media library (SPEC §3). */
export class MediaItem {
  data: MediaItemData;

  constructor(data: MediaItemData) {
    this.data = data;
    makeAutoObservable(this);
  }

  get id() {
    return this.data.id;
  }

  get type(): MediaType {
    return asMediaType(this.data.mediaType) ?? 'attachment';
  }

  get isImage() {
    return this.type === 'image';
  }

  get title() {
    return this.data.title || this.data.fileName;
  }

  get sourceUrl() {
    return this.data.sourceUrl;
  }

  update(data: MediaItemData) {
    this.data = data;
  }
}

export function asMediaType(value: string | undefined): MediaType | null {
  return (MEDIA_TYPES as readonly string[]).includes(value ?? '') ? (value as MediaType) : null;
}

/** One media type's accept list from settings.file_mimes (extensions without the dot). */
export interface AcceptList {
  mime: string[];
  ext: string[];
}

export function acceptList(settings: Settings | null, type: MediaType): AcceptList {
  const entry = settings?.file_mimes?.[type];
  return { mime: entry?.mime ?? [], ext: (entry?.ext ?? []).map((ext) => ext.replace(/^\./, '').toLowerCase()) };
}

/** The `accept` attribute of a file input for a type: its MIME types and extensions. */
export function acceptAttribute(list: AcceptList): string {
  return [...list.mime, ...list.ext.map((ext) => `.${ext}`)].join(',');
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** Whether a file belongs to an accept list, by its extension (as the server judges the first chunk) or else its MIME type. */
export function accepts(list: AcceptList, file: { name: string; type: string }): boolean {
  const ext = extensionOf(file.name);
  if (ext && list.ext.length) return list.ext.includes(ext);
  return Boolean(file.type) && list.mime.includes(file.type);
}

/** The media type a file is uploaded as: the first whose accept list takes it. */
export function mediaTypeOf(settings: Settings | null, file: { name: string; type: string }): MediaType | null {
  return MEDIA_TYPES.find((type) => accepts(acceptList(settings, type), file)) ?? null;
}

/** What the viewer may do with one media type (gqRoles.media.<type>). */
export interface MediaRight {
  can: boolean;
  /** Largest file in MB; 0 when the role names none. */
  size: number;
  /** Uploads a day; 0 means unlimited. */
  max: number;
  /** Uploaded today. */
  count: number;
}

export function mediaRight(roles: ViewerRoles | undefined, type: MediaType): MediaRight {
  const entry = roles?.media?.[type];
  return { can: entry?.can === true, size: Number(entry?.size ?? 0), max: Number(entry?.max ?? 0), count: Number(entry?.count ?? 0) };
}

/**
 * Why the viewer may not upload a type now, as an i18n key with its values (SPEC §6): the day's
 * count is reached, or the role gives no right at all; null when uploading is allowed.
 */
export function uploadRefusal(right: MediaRight): { key: string; values: Record<string, unknown> } | null {
  if (right.max > 0 && right.count >= right.max) return { key: 'common.editor.library.dailyLimit', values: { count: right.count, max: right.max } };
  if (!right.can) return { key: 'common.editor.library.noRight', values: {} };
  return null;
}

/**
 * Why a pasted image may not be sent (SPEC §5), as an i18n key with its values: the role gives no
 * image right (or the day's count is reached), it is larger than the role's MB, or wider or taller
 * than MAX_IMAGE_PX (`size` null: not measured). Null when it may.
 */
export function pastedImageProblem(
  right: MediaRight,
  bytes: number,
  size: { width: number; height: number } | null,
): { key: string; values: Record<string, unknown> } | null {
  if (!right.can) return { key: 'common.editor.paste.noRight', values: {} };
  const refusal = uploadRefusal(right);
  if (refusal) return refusal;
  if (right.size > 0 && bytes > right.size * 1024 * 1024) return { key: 'common.editor.paste.tooLarge', values: { size: right.size } };
  if (size && (size.width > MAX_IMAGE_PX || size.height > MAX_IMAGE_PX)) return { key: 'common.editor.paste.tooBig', values: { max: MAX_IMAGE_PX } };
  return null;
}
