import { CHUNK_CONCURRENCY, CHUNK_SIZE } from '../models/MediaItem';
import { isErrorReply, type ErrorReply, type RequestResult } from './client';
import type { Item, UploadReply } from './wire.gen';

/** Where a chunk goes (README "Uploads"). */
export const UPLOAD_ENDPOINT = '/api/upload';
/** Resumes after lost chunks before the upload is given up. */
export const UPLOAD_RETRIES = 4;
/** Statuses after which the same chunk may succeed: the node was lost, busy or restarting. */
const RETRYABLE_STATUS = new Set([0, 408, 425, 429, 500, 502, 503, 504]);

/** An upload that failed: the server's translated messages, and whether sending again may help. */
export class UploadError extends Error {
  constructor(
    readonly messages: string[],
    readonly status: number,
    readonly codes: string[] = [],
  ) {
    super(messages.join(' '));
    this.name = 'UploadError';
  }

  get retryable(): boolean {
    return RETRYABLE_STATUS.has(this.status);
  }
}

export interface UploadFileOptions {
  /** media.uploadStatus through the request client: which chunks the upload still needs. */
  status: (uploadId: string) => Promise<RequestResult<UploadReply>>;
  /** Called before every chunk (a token refresh when it is due). */
  beforeChunk?: () => Promise<unknown>;
  /** Percent of the file's bytes the server has acknowledged, 0 to 100. */
  onProgress?: (percent: number) => void;
  /** The message of a failure without words of the server's (the network was lost). */
  networkMessage?: string;
  endpoint?: string;
  chunkSize?: number;
  concurrency?: number;
  retries?: number;
  /** How long to wait before resume `attempt` (1, 2, …). */
  retryDelay?: (attempt: number) => number;
}

/** The number of chunks of a file: its size in chunks rounded up, at least one (an empty file is one empty chunk). */
export function chunkCount(size: number, chunkSize = CHUNK_SIZE): number {
  return Math.max(1, Math.ceil(size / chunkSize));
}

const defaultDelay = (attempt: number) => Math.min(4000, 500 * 2 ** (attempt - 1));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Uploads one file in chunks (POST /api/upload): the first chunk alone (its reply names the
 * upload), then the others `concurrency` at a time. When chunks are lost (the network dropped,
 * a node went away) it asks `media.uploadStatus` which ones the server still needs and sends only
 * those, up to `retries` times. Resolves to the stored media item; rejects with an UploadError
 * carrying the server's messages when the file is refused.
 */
export async function uploadFile(file: File, options: UploadFileOptions): Promise<Item> {
  const chunkSize = options.chunkSize ?? CHUNK_SIZE;
  const concurrency = options.concurrency ?? CHUNK_CONCURRENCY;
  const retries = options.retries ?? UPLOAD_RETRIES;
  const retryDelay = options.retryDelay ?? defaultDelay;
  const total = chunkCount(file.size, chunkSize);
  const bytesOf = (index: number) => Math.max(0, Math.min(chunkSize, file.size - index * chunkSize));
  const network = () => new UploadError([options.networkMessage ?? 'Network error'], 0);

  let uploadId = '';
  let item: Item | null = null;
  const acknowledged = new Set<number>();
  let needed: number[] = Array.from({ length: total }, (_, index) => index);

  const report = () => {
    if (!options.onProgress) return;
    if (file.size === 0) return options.onProgress(acknowledged.size >= total ? 100 : 0);
    let bytes = 0;
    for (const index of acknowledged) bytes += bytesOf(index);
    options.onProgress(Math.min(100, Math.round((bytes / file.size) * 100)));
  };

  const take = (reply: UploadReply, index?: number) => {
    if (reply.fileUpload) item = reply.fileUpload;
    if (index !== undefined) acknowledged.add(index);
    report();
  };

  const send = async (index: number): Promise<UploadReply> => {
    await options.beforeChunk?.();
    const form = new FormData();
    form.append('chunk', file.slice(index * chunkSize, index * chunkSize + bytesOf(index)), file.name);
    form.append('chunkIndex', String(index));
    form.append('totalChunks', String(total));
    form.append('fileName', file.name);
    form.append('fileSize', String(file.size));
    if (uploadId) form.append('uploadId', uploadId);
    let response: Response;
    try {
      response = await fetch(options.endpoint ?? UPLOAD_ENDPOINT, {
        method: 'POST',
        body: form,
        credentials: 'same-origin',
        headers: { accept: 'application/json' },
      });
    } catch {
      throw network();
    }
    const body: unknown = await response.json().catch(() => null);
    if (isErrorReply(body)) throw asUploadError(body);
    if (!response.ok || !body || typeof (body as UploadReply).fileId !== 'string') throw new UploadError(options.networkMessage ? [options.networkMessage] : [], response.ok ? 0 : response.status);
    return body as UploadReply;
  };

  /** Sends `indexes` with at most `concurrency` requests at once; the first failure stops new ones and is thrown once the others settle. */
  const sendAll = async (indexes: number[]) => {
    const queue = [...indexes];
    let failure: unknown = null;
    const worker = async () => {
      while (queue.length && failure === null) {
        const index = queue.shift()!;
        try {
          take(await send(index), index);
        } catch (error) {
          failure ??= error;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, worker));
    if (failure !== null) throw failure;
  };

  /** Asks the server what it still needs (after lost chunks, or when the last reply did not carry the item). */
  const resume = async () => {
    const result = await options.status(uploadId);
    if (!result.ok) throw asUploadError(result.error);
    const missing = new Set(result.data.missing);
    acknowledged.clear();
    for (let index = 0; index < total; index += 1) if (!missing.has(index)) acknowledged.add(index);
    take(result.data);
    needed = [...missing];
  };

  report();
  for (let failures = 0; ; ) {
    try {
      if (!uploadId) {
        const first = await send(0);
        uploadId = first.fileId;
        take(first, 0);
        needed = first.missing.length || first.fileUpload ? first.missing : needed.filter((index) => index !== 0);
      } else if (failures > 0) {
        await resume();
      }
      if (item) return item;
      await sendAll(needed.filter((index) => !acknowledged.has(index)));
      if (item) return item;
      await resume();
      if (item) return item;
      // Chunks were acknowledged yet the server still needs some, or holds them all without the item: another pass.
      throw network();
    } catch (error) {
      const failure = error instanceof UploadError ? error : network();
      if (!failure.retryable || failures >= retries) throw failure;
      failures += 1;
      await sleep(retryDelay(failures));
    }
  }
}

function asUploadError(error: ErrorReply): UploadError {
  return new UploadError(error.messages, error.statusCode, error.codes ?? []);
}
