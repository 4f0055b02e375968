import { runInAction } from 'mobx';
import type { Item } from '../api/wire.gen';
import type { MediaType } from '../models/MediaItem';
import type { ViewerData } from '../models/Viewer';
import type { RootStore } from '../stores/RootStore';
import { json, type FetchCall } from './stores';

/** Media item `n` of a type (an image unless told), newer with a higher n. */
export function mediaItem(n: number, overrides: Partial<Item> = {}): Item {
  const id = String(300 + n);
  return {
    id,
    databaseId: id,
    title: `file ${n}`,
    caption: '',
    altText: '',
    mediaType: 'image',
    mimeType: 'image/png',
    sourceUrl: `/api/media/${id}/file-${n}.png`,
    mediaItemUrl: `/api/media/${id}/file-${n}.png`,
    fileName: `file-${n}.png`,
    fileSize: 1000 + n,
    width: 800,
    height: 600,
    progress: 100,
    createdAt: Date.UTC(2026, 10, 21) + n * 60_000,
    ...overrides,
  };
}

/** A page of media.getLibrary (items given newest first). */
export function libraryPage(items: Item[], hasNextPage = false) {
  return { mediaItems: { edges: items.map((node) => ({ cursor: node.id, node })), pageInfo: { endCursor: items.at(-1)?.id ?? '', hasNextPage } } };
}

type Right = { can: boolean; size: number; max?: number; count?: number };

/** A member with upload rights per type (images up to 5 MB unless told). */
export function mediaViewer(rights: Partial<Record<MediaType, Right>> = {}, id = '42'): ViewerData {
  return {
    id,
    databaseId: id,
    name: `Viewer ${id}`,
    gqSlug: `viewer${id}`,
    gqUserSocketToken: { signature: `sig-${id}`, timestamp: '1795279125' },
    gqRoles: {
      isAdmin: false,
      userCan: ['chat', 'directMessages'],
      media: {
        image: { can: true, size: 5, max: 0, count: 0 },
        video: { can: true, size: 50, max: 0, count: 0 },
        audio: { can: true, size: 20, max: 0, count: 0 },
        attachment: { can: true, size: 20, max: 0, count: 0 },
        ...rights,
      },
    },
  };
}

/** The accept lists the tests use (settings.file_mimes). */
export const FILE_MIMES = {
  image: { mime: ['image/png', 'image/jpeg'], ext: ['png', 'jpg', 'jpeg'] },
  video: { mime: ['video/mp4'], ext: ['mp4'] },
  audio: { mime: ['audio/mpeg'], ext: ['mp3'] },
  attachment: { mime: ['application/zip'], ext: ['zip'] },
};

/** Gives the root the test accept lists. */
export function withFileMimes(root: RootStore) {
  runInAction(() => {
    root.settings.settings = { ...root.settings.settings, file_mimes: FILE_MIMES, max_file_size: 100 };
  });
}

/** A file of `size` bytes. */
export function fileOf(size: number, name = 'photo.png', type = 'image/png'): File {
  return new File([new Uint8Array(size)], name, { type });
}

/** The fields of a POST /api/upload. */
export function chunkFields(call: FetchCall) {
  const form = call.init.body as FormData;
  const chunk = form.get('chunk') as Blob;
  return {
    index: Number(form.get('chunkIndex')),
    total: Number(form.get('totalChunks')),
    fileName: String(form.get('fileName')),
    fileSize: Number(form.get('fileSize')),
    uploadId: form.get('uploadId') as string | null,
    size: chunk.size,
  };
}

/**
 * A server of POST /api/upload and media.uploadStatus that keeps the chunks it got per upload and
 * finishes the file (the item `item`) once all are in. `fail(call)` may answer a chunk otherwise.
 */
export function uploadServer(item: (uploadId: string, fileName: string) => Item) {
  const uploads = new Map<string, { total: number; got: Set<number>; fileName: string }>();
  let next = 70;
  const replyOf = (uploadId: string) => {
    const upload = uploads.get(uploadId)!;
    const missing = Array.from({ length: upload.total }, (_, i) => i).filter((i) => !upload.got.has(i));
    return { fileId: uploadId, missing, fileUpload: missing.length ? null : item(uploadId, upload.fileName) };
  };
  return {
    uploads,
    chunk(call: FetchCall): Response {
      const fields = chunkFields(call);
      let uploadId = fields.uploadId ?? '';
      if (!uploadId) {
        uploadId = String((next += 1));
        uploads.set(uploadId, { total: fields.total, got: new Set(), fileName: fields.fileName });
      }
      uploads.get(uploadId)!.got.add(fields.index);
      return json(replyOf(uploadId));
    },
    status(data: Record<string, unknown>): Response {
      return json(replyOf(String(data.uploadId)));
    },
  };
}
