import { CHUNK_SIZE } from '../models/MediaItem';
import { chunkFields, mediaItem, uploadServer } from '../test/media';
import { json, mockFetch, type FetchCall } from '../test/stores';
import type { RequestResult } from './client';
import { UploadError, chunkCount, uploadFile } from './upload';
import type { UploadReply } from './wire.gen';

const noDelay = () => 0;

function file(size: number, name = 'clip.mp4') {
  return new File([new Uint8Array(size)], name, { type: 'video/mp4' });
}

/** The status callback from the fake server, as the request client would return it. */
function statusOf(server: ReturnType<typeof uploadServer>) {
  return async (uploadId: string): Promise<RequestResult<UploadReply>> => {
    const response = server.status({ uploadId });
    return { ok: true, data: (await response.json()) as UploadReply };
  };
}

describe('uploadFile', () => {
  it('counts chunks as the size in MiB rounded up, at least one', () => {
    expect(chunkCount(0)).toBe(1);
    expect(chunkCount(1)).toBe(1);
    expect(chunkCount(CHUNK_SIZE)).toBe(1);
    expect(chunkCount(CHUNK_SIZE + 1)).toBe(2);
    expect(chunkCount(5 * CHUNK_SIZE)).toBe(5);
  });

  it('sends 1 MiB chunks, the first alone, then the rest with the upload id; resolves to the item', async () => {
    const server = uploadServer((id) => mediaItem(1, { id }));
    const calls = mockFetch((call) => server.chunk(call));
    const progress: number[] = [];
    const size = 2 * CHUNK_SIZE + CHUNK_SIZE / 2;

    const item = await uploadFile(file(size), { status: statusOf(server), onProgress: (p) => progress.push(p), retryDelay: noDelay });

    expect(item.id).toBe('71');
    const chunks = calls.map(chunkFields);
    expect(chunks.map((c) => [c.index, c.size, c.total, c.fileSize, c.fileName])).toEqual([
      [0, CHUNK_SIZE, 3, size, 'clip.mp4'],
      [1, CHUNK_SIZE, 3, size, 'clip.mp4'],
      [2, CHUNK_SIZE / 2, 3, size, 'clip.mp4'],
    ]);
    expect(chunks[0].uploadId).toBeNull();
    expect(chunks.slice(1).every((c) => c.uploadId === '71')).toBe(true);
    expect(calls.every((call) => call.url === '/api/upload' && call.init.method === 'POST')).toBe(true);
    expect(progress.at(-1)).toBe(100);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('keeps at most 3 chunk requests in flight, and uses all 3', async () => {
    const server = uploadServer((id) => mediaItem(1, { id }));
    let inFlight = 0;
    let most = 0;
    const pending: (() => void)[] = [];
    mockFetch(async (call) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      if (chunkFields(call).index > 0) await new Promise<void>((resolve) => pending.push(resolve));
      inFlight -= 1;
      return server.chunk(call);
    });

    const done = uploadFile(file(8 * CHUNK_SIZE), { status: statusOf(server), retryDelay: noDelay });
    // Release the held chunks one by one: never more than three wait at once.
    for (let released = 0; released < 7; released += 1) {
      await vi.waitFor(() => expect(pending.length).toBeGreaterThan(0));
      expect(inFlight).toBeLessThanOrEqual(3);
      pending.shift()!();
    }
    await done;
    expect(most).toBe(3);
  });

  it('after a failed chunk asks media.uploadStatus and sends only the missing chunks', async () => {
    const server = uploadServer((id) => mediaItem(1, { id }));
    let failed = false;
    const calls = mockFetch((call) => {
      if (chunkFields(call).index === 2 && !failed) {
        failed = true;
        throw new TypeError('Failed to fetch');
      }
      return server.chunk(call);
    });
    const status = vi.fn(statusOf(server));

    const item = await uploadFile(file(5 * CHUNK_SIZE), { status, retryDelay: noDelay });

    expect(item.id).toBe('71');
    expect(status).toHaveBeenCalledWith('71');
    const sent = calls.map((call) => chunkFields(call).index);
    // 0, then 1-4 (2 fails), then only 2 again.
    expect(sent.filter((index) => index === 2)).toHaveLength(2);
    expect(sent.filter((index) => index !== 2).sort()).toEqual([0, 1, 3, 4]);
  });

  it('resumes from what the server says it lacks, even chunks it had acknowledged', async () => {
    const server = uploadServer((id) => mediaItem(1, { id }));
    let dropped = false;
    const calls = mockFetch((call) => {
      const reply = server.chunk(call);
      const { index } = chunkFields(call);
      if (index === 3 && !dropped) {
        // The node lost chunk 1 (and this reply) when it went away.
        dropped = true;
        server.uploads.get('71')!.got.delete(1);
        server.uploads.get('71')!.got.delete(3);
        return json({ statusCode: 503, messages: ['busy'] }, 503);
      }
      return reply;
    });

    await uploadFile(file(4 * CHUNK_SIZE), { status: statusOf(server), retryDelay: noDelay });

    const sent = calls.map((call) => chunkFields(call).index);
    expect(sent.slice(4).sort()).toEqual([1, 3]);
  });

  it('stops at once with the server messages when the file is refused', async () => {
    const calls = mockFetch(() => json({ statusCode: 400, messages: ['This type of file cannot be uploaded'] }, 400));
    const status = vi.fn();

    const failure = await uploadFile(file(10), { status, retryDelay: noDelay }).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(UploadError);
    expect((failure as UploadError).messages).toEqual(['This type of file cannot be uploaded']);
    expect(calls).toHaveLength(1);
    expect(status).not.toHaveBeenCalled();
  });

  it('gives up after its retries when the network stays away', async () => {
    const calls: FetchCall[] = mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const failure = await uploadFile(file(10), { status: vi.fn(), retries: 2, retryDelay: noDelay, networkMessage: 'offline' }).catch((error: unknown) => error);
    expect((failure as UploadError).messages).toEqual(['offline']);
    expect(calls).toHaveLength(3);
  });
});
