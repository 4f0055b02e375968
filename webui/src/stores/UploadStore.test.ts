import { reaction } from 'mobx';
import { CHUNK_SIZE } from '../models/MediaItem';
import { chunkFields, fileOf, mediaItem, mediaViewer, uploadServer, withFileMimes } from '../test/media';
import { apiResponder, createTestRoot, json, mockFetch, type FetchCall } from '../test/stores';
import { COMPLETE_DELAY_MS } from './UploadStore';

function setup(options: { chunk?: (call: FetchCall, server: ReturnType<typeof uploadServer>) => Response | Promise<Response>; viewer?: ReturnType<typeof mediaViewer> } = {}) {
  const server = uploadServer((id, fileName) => mediaItem(Number(id), { id, fileName }));
  const api = apiResponder({ 'media.uploadStatus': (data) => server.status(data) });
  const calls = mockFetch((call) => {
    if (call.url === '/api/upload') return options.chunk ? options.chunk(call, server) : server.chunk(call);
    return api(call);
  });
  const root = createTestRoot('en');
  root.auth.setViewer(options.viewer ?? mediaViewer());
  withFileMimes(root);
  return { root, calls, server };
}

const toastMessages = (root: ReturnType<typeof createTestRoot>) => root.toasts.toasts.map((toast) => `${toast.type}: ${toast.message}`);

describe('UploadStore', () => {
  it('goes idle → uploading → complete, and hands the items over 100 ms after completing', async () => {
    const { root } = setup();
    const states: { state: string; percent: number; at: number }[] = [];
    const stop = reaction(
      () => root.uploads.state,
      (state) => states.push({ state, percent: root.uploads.percent, at: Date.now() }),
    );
    const items = await root.uploads.upload([fileOf(10)]);
    const handedAt = Date.now();
    stop();
    expect(states.map(({ state }) => state)).toEqual(['uploading', 'complete', 'idle']);
    expect(states[1]!.percent).toBe(100);
    expect(handedAt - states[1]!.at).toBeGreaterThanOrEqual(COMPLETE_DELAY_MS - 5);
    expect(items?.map((item) => item.fileName)).toEqual(['photo.png']);
    expect(root.uploads.state).toBe('idle');
    expect(root.uploads.files).toEqual([]);
  });

  it('shows the overall percent as the mean of the files', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const { root } = setup({
      chunk: async (call, server) => {
        // The second file's second chunk waits.
        if (chunkFields(call).fileName === 'b.png' && chunkFields(call).index === 1) await held;
        return server.chunk(call);
      },
    });
    const done = root.uploads.upload([fileOf(CHUNK_SIZE / 2, 'a.png'), fileOf(2 * CHUNK_SIZE, 'b.png')]);
    await vi.waitFor(() => expect(root.uploads.files.map((file) => file.percent)).toEqual([100, 50]));
    expect(root.uploads.percent).toBe(75);
    release();
    await done;
  });

  it('refuses a second selection while one uploads, with a toast', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const { root, calls } = setup({ chunk: async (call, server) => (await held, server.chunk(call)) });
    const first = root.uploads.upload([fileOf(10, 'a.png')]);
    expect(root.uploads.isUploading).toBe(true);

    expect(await root.uploads.upload([fileOf(10, 'b.png')])).toBeNull();
    expect(toastMessages(root)).toEqual(['warning: Please wait until current upload finishes']);
    release();
    expect(await first).toHaveLength(1);
    expect(calls.filter((call) => call.url === '/api/upload').map((call) => chunkFields(call).fileName)).toEqual(['a.png']);
  });

  it('on a refusal resets the progress and shows the server messages joined', async () => {
    const { root } = setup({
      chunk: (call, server) =>
        chunkFields(call).index === 1 ? json({ statusCode: 400, messages: ['The image is damaged', 'or not an image'] }, 400) : server.chunk(call),
    });
    const result = await root.uploads.upload([fileOf(2 * CHUNK_SIZE)]);
    expect(result).toBeNull();
    expect(root.uploads.state).toBe('error');
    expect(root.uploads.percent).toBe(0);
    expect(root.uploads.files.every((file) => file.percent === 0)).toBe(true);
    expect(toastMessages(root)).toEqual(['error: The image is damaged or not an image']);
    // A new selection is taken after an error.
    expect(await root.uploads.upload([fileOf(10)])).toHaveLength(1);
  });

  it('checks the accept list, the rights, the day count and the size before sending', async () => {
    const { root, calls } = setup({ viewer: mediaViewer({ video: { can: false, size: 0 }, audio: { can: true, size: 20, max: 3, count: 3 } }) });
    const uploads = () => calls.filter((call) => call.url === '/api/upload');

    expect(await root.uploads.upload([fileOf(10, 'notes.txt', 'text/plain')])).toBeNull();
    expect(await root.uploads.upload([fileOf(10, 'clip.mp4', 'video/mp4')])).toBeNull();
    expect(await root.uploads.upload([fileOf(10, 'song.mp3', 'audio/mpeg')])).toBeNull();
    expect(await root.uploads.upload([fileOf(6 * CHUNK_SIZE)])).toBeNull();
    expect(await root.uploads.upload([fileOf(10, 'clip.mp4', 'video/mp4')], { type: 'image' })).toBeNull();

    expect(uploads()).toHaveLength(0);
    expect(toastMessages(root)).toEqual([
      'error: notes.txt cannot be uploaded here: this type of file is not accepted',
      'error: Your level does not allow uploading this type of file',
      'error: You have already uploaded 3 files of this type today, the maximum is 3',
      'error: Files need to be less than 5 MB',
      'error: clip.mp4 cannot be uploaded here: this type of file is not accepted',
    ]);
  });

  it('counts the upload against the day', async () => {
    const { root } = setup({ viewer: mediaViewer({ image: { can: true, size: 5, max: 10, count: 2 } }) });
    await root.uploads.upload([fileOf(10), fileOf(20, 'b.jpg', 'image/jpeg')]);
    expect(root.auth.viewer?.data.gqRoles?.media?.image?.count).toBe(4);
  });
});
