import { makeAutoObservable, runInAction } from 'mobx';
import { UploadError, uploadFile } from '../api/upload';
import type { Item } from '../api/wire.gen';
import {
  acceptList,
  accepts,
  mediaRight,
  mediaTypeOf,
  uploadRefusal,
  type MediaType,
} from '../models/MediaItem';
import type { RootStore } from './RootStore';
import { registerStore } from './lazyStores';

/** SPEC §4: idle, uploading, complete (the result is handed over after COMPLETE_DELAY_MS), error (progress reset). */
export type UploadState = 'idle' | 'uploading' | 'complete' | 'error';
export const COMPLETE_DELAY_MS = 100;

/** A file of the selection being uploaded. */
export interface UploadingFile {
  name: string;
  size: number;
  type: MediaType;
  /** 0 to 100. */
  percent: number;
}

export interface UploadRequest {
  /** The type the caller asked for: every file must be of it. Without one, each file's type is found from its name. */
  type?: MediaType;
}

/**
 * The viewer's uploads (SPEC §4): one selection at a time, each file in chunks (api/upload), the
 * overall percent the mean of the files'. A new selection while one uploads is refused with a
 * toast. Files are checked against the accept lists, the viewer's rights, the day's count and the
 * size limit before a byte is sent; a refusal of the server shows its messages joined.
 */
export class UploadStore {
  state: UploadState = 'idle';
  files: UploadingFile[] = [];

  constructor(readonly root: RootStore) {
    makeAutoObservable(this, { root: false });
  }

  get isUploading() {
    return this.state === 'uploading';
  }

  /** The mean of the files' percents, rounded. */
  get percent(): number {
    if (this.files.length === 0) return 0;
    return Math.round(this.files.reduce((sum, file) => sum + file.percent, 0) / this.files.length);
  }

  /**
   * Uploads a selection; resolves to the stored media items once all are in (after the complete
   * state has shown for COMPLETE_DELAY_MS), or null when the selection was refused or failed.
   */
  async upload(files: File[], request: UploadRequest = {}): Promise<Item[] | null> {
    const { t, toasts } = this.root;
    if (this.refuseWhileBusy()) return null;
    if (files.length === 0) return null;
    const typed: { file: File; type: MediaType }[] = [];
    for (const file of files) {
      const problem = this.problemOf(file, request.type);
      if (typeof problem === 'string') {
        toasts.error(problem);
        return null;
      }
      typed.push({ file, type: problem.type });
    }

    runInAction(() => {
      this.state = 'uploading';
      this.files = typed.map(({ file, type }) => ({ name: file.name, size: file.size, type, percent: 0 }));
    });
    const items: Item[] = [];
    try {
      for (const [index, { file }] of typed.entries()) {
        items.push(
          await uploadFile(file, {
            status: (uploadId) => this.root.client.call('media.uploadStatus', { uploadId }),
            beforeChunk: () => this.root.client.refreshIfExpired(),
            onProgress: (percent) => this.setPercent(index, percent),
            networkMessage: t('common.error.network'),
          }),
        );
        this.countUpload(typed[index]!.type);
      }
    } catch (error) {
      runInAction(() => {
        this.state = 'error';
        for (const file of this.files) file.percent = 0;
      });
      const messages = error instanceof UploadError ? error.messages : [];
      toasts.error(messages.length ? messages.join(' ') : t('common.editor.upload.failed'));
      return null;
    }
    runInAction(() => {
      this.state = 'complete';
      // The library shows what was just uploaded, wherever the upload started (a paste, the dialog).
      for (const item of items) this.root.peek('media')?.add(item);
    });
    await new Promise((resolve) => setTimeout(resolve, COMPLETE_DELAY_MS));
    runInAction(() => {
      this.state = 'idle';
      this.files = [];
    });
    return items;
  }

  /** While a selection uploads, another is refused with a toast (SPEC §8); true when refused. */
  refuseWhileBusy(): boolean {
    if (!this.isUploading) return false;
    this.root.toasts.warning(this.root.t('common.editor.upload.wait'));
    return true;
  }

  /** The file's media type, or why it may not be uploaded (translated). */
  private problemOf(file: File, asked: MediaType | undefined): { type: MediaType } | string {
    const { t, settings } = this.root;
    const type = asked ?? mediaTypeOf(settings.settings, file);
    if (!type || !accepts(acceptList(settings.settings, type), file)) return t('common.editor.upload.notAccepted', { name: file.name });
    const right = mediaRight(this.root.auth.viewer?.data.gqRoles, type);
    const refusal = uploadRefusal(right);
    if (refusal) return t(refusal.key, refusal.values);
    const limitMb = right.size > 0 ? right.size : Number(settings.settings?.max_file_size ?? 0);
    if (limitMb > 0 && file.size > limitMb * 1024 * 1024) return t('common.editor.upload.tooLarge', { size: limitMb });
    return { type };
  }

  private setPercent(index: number, percent: number) {
    const file = this.files[index];
    if (file && this.state === 'uploading') file.percent = percent;
  }

  /** The day's count of the type grows by one (the daily-limit notice reads it). */
  private countUpload(type: MediaType) {
    const viewer = this.root.auth.viewer;
    const roles = viewer?.data.gqRoles;
    const entry = roles?.media?.[type];
    if (!viewer || !roles || !entry) return;
    viewer.update({ gqRoles: { ...roles, media: { ...roles.media, [type]: { ...entry, count: Number(entry.count ?? 0) + 1 } } } });
  }
}

registerStore('uploads', (root) => new UploadStore(root));
